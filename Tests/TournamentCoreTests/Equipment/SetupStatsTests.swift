import Testing
import TournamentCore

@Suite("SetupStats and DriftStats")
struct SetupStatsTests {
    @Test("the contract's example")
    func specExample() throws {
        let rounds = [Round(id: "r1", date: 1_732_000_000_000, arrows: [arrow(10, x: true, at: (0.02, -0.01)), arrow(9), arrow(0)])]
        let filter = RoundFilter.range(.thirtyDays, now: referenceNow)
        let stats = try SetupStats(setupId: 7, rounds: rounds, filter: filter)
        #expect(stats == SetupStats(
            setupId: 7, totalArrows: 3, totalScore: 19, averageScore: 6.333333333333333, accuracy: 33.333333333333336,
            consistency: 66.66666666666667, xCount: 1, tenCount: 1, roundCount: 1))
        #expect(DriftStats(setupId: 7, rounds: rounds, filter: filter) == DriftStats(
            setupId: 7, xDriftAverage: 0.02, yDriftAverage: -0.01, xSpread: 0, ySpread: 0, arrowCount: 1))
    }

    @Test("no rounds, or rounds without arrows: every figure 0, no drift")
    func empty() throws {
        for rounds in [[], [Round(date: referenceNow, arrows: [])]] {
            let stats = try SetupStats(setupId: 1, rounds: rounds, filter: .range(.allTime, now: referenceNow))
            #expect(stats == SetupStats(setupId: 1))
            #expect(!stats.averageScore.isNaN && !stats.accuracy.isNaN && !stats.consistency.isNaN)
            #expect(DriftStats(setupId: 1, rounds: rounds, filter: .range(.allTime, now: referenceNow)) == nil)
        }
    }

    @Test("a single arrow")
    func singleArrow() throws {
        let stats = try SetupStats(setupId: 1, rounds: [Round(date: referenceNow, arrows: [arrow(9)])], filter: .range(.allTime, now: referenceNow))
        #expect(stats.averageScore == 9)
        #expect(stats.accuracy == 0)
        #expect(stats.consistency == 100)
        #expect(stats.roundCount == 1)
    }

    @Test("all misses")
    func allMisses() throws {
        let stats = try SetupStats(setupId: 1, rounds: [Round(date: referenceNow, arrows: [arrow(0), arrow(0), arrow(0)])], filter: .range(.allTime, now: referenceNow))
        #expect(stats == SetupStats(setupId: 1, totalArrows: 3, roundCount: 1))
    }

    @Test("10s include Xs; 9s and better count toward consistency")
    func tensAndXs() throws {
        let arrows = [arrow(10, x: true), arrow(10), arrow(9), arrow(8)]
        let stats = try SetupStats(setupId: 1, rounds: [Round(date: referenceNow, arrows: arrows)], filter: .range(.allTime, now: referenceNow))
        #expect(stats.tenCount == 2)
        #expect(stats.xCount == 1)
        #expect(stats.accuracy == 50)
        #expect(stats.consistency == 75)
        #expect(stats.averageScore == 9.25)
    }

    @Test("a round exactly on the range's start counts; one millisecond earlier does not", arguments: AnalyticsTimeRange.allCases)
    func boundary(range: AnalyticsTimeRange) throws {
        let start = range.startTimestamp(now: referenceNow) ?? 0
        let rounds = [
            Round(date: start, arrows: [arrow(10)]),
            Round(date: start - 1, arrows: [arrow(1)]),
            Round(date: referenceNow, arrows: [arrow(5)]),
        ]
        let stats = try SetupStats(setupId: 1, rounds: rounds, filter: .range(range, now: referenceNow))
        #expect(stats.roundCount == (range == .allTime ? 3 : 2))
        #expect(stats.totalScore == (range == .allTime ? 16 : 15))
    }

    @Test("startDate filters like a range start, inclusive")
    func since() throws {
        let rounds = [Round(date: 100, arrows: [arrow(10)]), Round(date: 99, arrows: [arrow(1)])]
        #expect(try SetupStats(setupId: 1, rounds: rounds, filter: .since(100)).totalScore == 10)
        #expect(try SetupStats(setupId: 1, rounds: rounds, filter: .since(0)).totalScore == 11)
    }

    @Test("drift: means and population standard deviations over arrows with both coordinates")
    func drift() {
        let arrows = [arrow(9, at: (1, 2)), arrow(8, at: (3, 6)), arrow(7), arrow(10, at: (-1, -2))]
        let drift = DriftStats(setupId: 3, rounds: [Round(date: referenceNow, arrows: arrows)], filter: .range(.allTime, now: referenceNow))
        #expect(drift?.arrowCount == 3)
        #expect(drift?.xDriftAverage == 1)
        #expect(drift?.yDriftAverage == 2)
        // deviations x: 0, 2, -2 → variance 8/3; y: 0, 4, -4 → 32/3
        #expect(drift?.xSpread == (8.0 / 3).squareRoot())
        #expect(drift?.ySpread == (32.0 / 3).squareRoot())
    }

    @Test("drift ignores rounds outside the range and arrows with one coordinate")
    func driftFiltering() throws {
        let rounds = [
            Round(date: 0, arrows: [arrow(9, at: (5, 5))]),
            Round(date: referenceNow, arrows: [try Arrow(score: 9, x: 1), arrow(9, at: (0.5, -0.5))]),
        ]
        let drift = DriftStats(setupId: 3, rounds: rounds, filter: .range(.sevenDays, now: referenceNow))
        #expect(drift == DriftStats(setupId: 3, xDriftAverage: 0.5, yDriftAverage: -0.5, arrowCount: 1))
    }

    @Test("extreme coordinates keep every figure finite")
    func extremeCoordinates() {
        let arrows = (0..<1000).map { arrow(0, at: $0 % 2 == 0 ? (1000, -1000) : (-1000, 1000)) }
        let drift = DriftStats(setupId: 1, rounds: [Round(date: referenceNow, arrows: arrows)], filter: .range(.allTime, now: referenceNow))
        #expect(drift?.xSpread == 1000)
        #expect(drift?.xDriftAverage == 0)
    }
}

@Suite("AnalyticsTimeRange")
struct AnalyticsTimeRangeTests {
    @Test("labels, days and start timestamps")
    func table() {
        #expect(AnalyticsTimeRange.allCases.map(\.label) == ["7 Days", "30 Days", "90 Days", "1 Year", "All Time"])
        #expect(AnalyticsTimeRange.allCases.map(\.days) == [7, 30, 90, 365, nil])
        #expect(AnalyticsTimeRange.thirtyDays.startTimestamp(now: referenceNow) == 1_730_408_000_000)
        #expect(AnalyticsTimeRange.allTime.startTimestamp(now: referenceNow) == nil)
        #expect(AnalyticsTimeRange.default == .thirtyDays)
    }

    @Test("start timestamps clamp instead of overflowing")
    func clamping() {
        #expect(AnalyticsTimeRange.oneYear.startTimestamp(now: .min) == .min)
        #expect(AnalyticsTimeRange.sevenDays.startTimestamp(now: 0) == -7 * day)
    }
}
