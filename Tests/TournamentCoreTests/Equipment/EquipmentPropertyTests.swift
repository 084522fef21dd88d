import PropertyBased
import Testing
@_spi(Wire) import TournamentCore

/// Valid arrows: any score, X only on some 10s, coordinates on about half of them.
let arrowGenerator = zip(Gen.int(in: 0...10), Gen.bool, Gen.double(in: -2...2), Gen.double(in: -2...2), Gen.bool)
    .map { score, x, dx, dy, located in
        arrow(score, x: x && score == 10, at: located ? (dx, dy) : nil)
    }

@Suite("Equipment properties")
struct EquipmentPropertyTests {
    @Test("rounds tallied arrow by arrow give the stats and drift of the same rounds, bit for bit, under every filter")
    func talliesAgreeWithRounds() async {
        let roundGenerator = zip(arrowGenerator.array(of: 0...30), Gen.int(in: 0...60))
            .map { arrows, daysAgo in Round(date: referenceNow - Int64(daysAgo) * day, arrows: arrows) }
        await propertyCheck(count: 300, input: roundGenerator.array(of: 0...6)) { rounds in
            var tallies = RoundTallies()
            for round in rounds {
                for arrow in round.arrows { try tallies.add(arrow) }
                tallies.endRound(date: round.date)
            }
            let filters: [RoundFilter] = AnalyticsTimeRange.allCases.map { .range($0, now: referenceNow) } + [.since(referenceNow - 10 * day)]
            for filter in filters {
                #expect(try tallies.stats(setupId: 3, filter: filter) == SetupStats(setupId: 3, rounds: rounds, filter: filter))
                #expect(tallies.drift(setupId: 3, filter: filter) == DriftStats(setupId: 3, rounds: rounds, filter: filter))
            }
        }
    }

    @Test("an arrow tallied by its fields (NaN for a coordinate not recorded) is tallied as the Arrow of those fields, and refused where Arrow refuses them")
    func talliedByFieldsAsArrows() throws {
        let scores = [Int.min, -1, 0, 5, 9, 10, 11, Int.max]
        let coordinates: [Double?] = [nil, 0, -0.0, 0.5, -1000, 1000, 1000.0000000001, -1000.0000000001, .infinity, -.infinity, 1e308, 5e-324]
        let now = referenceNow
        for score in scores {
            for isX in [false, true] {
                for x in coordinates {
                    for y in coordinates {
                        var byFields = RoundTallies()
                        var byArrow = RoundTallies()
                        let added = byFields.add(score: score, isX: isX, x: x ?? .nan, y: y ?? .nan)
                        let arrow = try? Arrow(score: score, isX: isX, x: x, y: y)
                        #expect(added == (arrow != nil), "\(score) \(isX) \(String(describing: x)) \(String(describing: y))")
                        if let arrow { try byArrow.add(arrow) }
                        byFields.endRound(date: now)
                        byArrow.endRound(date: now)
                        let filter = RoundFilter.range(.allTime, now: now)
                        #expect(try byFields.stats(setupId: 1, filter: filter) == byArrow.stats(setupId: 1, filter: filter))
                        #expect(byFields.drift(setupId: 1, filter: filter) == byArrow.drift(setupId: 1, filter: filter))
                    }
                }
            }
        }
    }

    @Test("the stats of the union of two arrow sets agree with the stats of the parts")
    func unionAgreesWithParts() async {
        await propertyCheck(count: 200, input: arrowGenerator.array(of: 0...40), arrowGenerator.array(of: 0...40)) { first, second in
            let filter = RoundFilter.range(.allTime, now: referenceNow)
            let a = try SetupStats(setupId: 1, rounds: [Round(date: referenceNow, arrows: first)], filter: filter)
            let b = try SetupStats(setupId: 1, rounds: [Round(date: referenceNow, arrows: second)], filter: filter)
            let union = try SetupStats(setupId: 1, rounds: [Round(date: referenceNow, arrows: first), Round(date: referenceNow, arrows: second)], filter: filter)
            #expect(union.totalArrows == a.totalArrows + b.totalArrows)
            #expect(union.totalScore == a.totalScore + b.totalScore)
            #expect(union.tenCount == a.tenCount + b.tenCount)
            #expect(union.xCount == a.xCount + b.xCount)
            #expect(union.roundCount == a.roundCount + b.roundCount)
            // Averages are the parts' averages weighted by their arrow counts.
            if union.totalArrows > 0 {
                let weighted = (a.averageScore * Double(a.totalArrows) + b.averageScore * Double(b.totalArrows)) / Double(union.totalArrows)
                #expect(abs(union.averageScore - weighted) < 1e-9)
                let accuracy = (a.accuracy * Double(a.totalArrows) + b.accuracy * Double(b.totalArrows)) / Double(union.totalArrows)
                #expect(abs(union.accuracy - accuracy) < 1e-9)
            }
            let driftA = DriftStats(setupId: 1, rounds: [Round(date: referenceNow, arrows: first)], filter: filter)
            let driftB = DriftStats(setupId: 1, rounds: [Round(date: referenceNow, arrows: second)], filter: filter)
            let driftUnion = DriftStats(setupId: 1, rounds: [Round(date: referenceNow, arrows: first + second)], filter: filter)
            let counted = (driftA?.arrowCount ?? 0) + (driftB?.arrowCount ?? 0)
            #expect((driftUnion?.arrowCount ?? 0) == counted)
            if let driftUnion {
                let meanX = ((driftA?.xDriftAverage ?? 0) * Double(driftA?.arrowCount ?? 0) + (driftB?.xDriftAverage ?? 0) * Double(driftB?.arrowCount ?? 0)) / Double(counted)
                #expect(abs(driftUnion.xDriftAverage - meanX) < 1e-9)
            }
        }
    }

    @Test("figures stay in their ranges and are never NaN")
    func figuresInRange() async {
        await propertyCheck(count: 200, input: arrowGenerator.array(of: 0...60)) { arrows in
            let stats = try SetupStats(setupId: 1, rounds: [Round(date: referenceNow, arrows: arrows)], filter: .range(.allTime, now: referenceNow))
            #expect((0...10).contains(stats.averageScore))
            #expect((0...100).contains(stats.accuracy))
            #expect((0...100).contains(stats.consistency))
            #expect(stats.accuracy <= stats.consistency)
            #expect(stats.xCount <= stats.tenCount)
        }
    }
}
