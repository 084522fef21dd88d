@_spi(Wire) import TournamentCore

/// Rounds streamed into one ``RoundTallies`` as they are read (`x-stream` in the schema): each
/// round's arrows, then the round's date. No arrow and no round is kept.
struct TalliedRounds<Text>: Requests.RoundStream {
    /// The arrows of the round being read, and the tallies of the rounds read.
    var arrows = TalliedArrows<Text>()

    /// The tallies of the rounds read.
    var tallies: RoundTallies { arrows.tallies }

    /// Ends the round whose arrows were added last.
    @inline(__always)
    mutating func add(_ round: Requests.Round<Text>) {
        arrows.tallies.endRound(date: round.date)
    }
}

/// The arrows of the round being read, added to ``RoundTallies`` under ``Arrow``'s rules.
struct TalliedArrows<Text>: RequestAccumulator {
    var tallies = RoundTallies()

    /// Adds an arrow, refused where ``Arrow`` refuses one (an X that is not a 10), or when a
    /// count of its round overflows. Added by its fields, with no `Arrow` in between: the
    /// loop over every arrow of a request is short of registers.
    @inline(__always)
    mutating func add(_ arrow: Requests.Arrow<Text>) throws(RequestRefusal) {
        // The schema bounds the score (0...10, so it fits an Int).
        let score = Int(truncatingIfNeeded: arrow.score)
        guard _fastPath(tallies.add(score: score, isX: arrow.isX ?? false, x: arrow.x ?? .nan, y: arrow.y ?? .nan)) else {
            throw Self.refusal(score: arrow.score, isX: arrow.isX, x: arrow.x, y: arrow.y)
        }
    }

    /// Why an arrow was not added: what ``Arrow`` refuses in it, else its round's overflow.
    /// (Given the members, which stay in registers: given the arrow, the loop over every arrow
    /// would store each one in memory for this call that almost never comes.)
    @inline(never)
    private static func refusal(score: Int64, isX: Bool?, x: Double?, y: Double?) -> RequestRefusal {
        do throws(RequestRefusal) {
            _ = try Arrow(checking: Requests.Arrow<Text>(score: score, isX: isX, x: x, y: y))
        } catch {
            return error
        }
        return RequestRefusal(message: EquipmentError.overflow.wireError.message, member: nil)
    }
}

extension Arrow {
    /// The arrow read, refused where ``Arrow`` refuses one (an X that is not a 10), at the
    /// member the refusal is about.
    @inline(__always)
    init<Text>(checking arrow: Requests.Arrow<Text>) throws(RequestRefusal) {
        do throws(ArrowError) {
            // The schema bounds the score (0...10, so it fits an Int) and the coordinates.
            try self.init(score: Int(truncatingIfNeeded: arrow.score), isX: arrow.isX ?? false, x: arrow.x, y: arrow.y)
        } catch {
            throw Self.refusal(error)
        }
    }

    @inline(never)
    private static func refusal(_ error: ArrowError) -> RequestRefusal {
        let member = switch error {
        case .scoreOutOfRange: "score"
        case .xWithoutTen: "isX"
        case .coordinateOutOfRange(let axis): axis == .x ? "x" : "y"
        }
        return RequestRefusal(message: error.description, member: member)
    }
}

extension RoundFilter {
    /// The rounds a request covers: those since `startDate` when given, else those of
    /// `timeRange` (default `thirtyDays`) ending at `now` (default: the clock). (The request's
    /// decoder refuses both `timeRange` and `startDate`: `x-exclusive`.)
    init(timeRange: Requests.TimeRange?, startDate: Int64?, now: Int64?) {
        if let startDate {
            self = .since(startDate)
            return
        }
        let range: AnalyticsTimeRange =
            switch timeRange {
            case .sevenDays: .sevenDays
            case nil, .thirtyDays: .thirtyDays
            case .ninetyDays: .ninetyDays
            case .oneYear: .oneYear
            case .allTime: .allTime
            }
        self = .range(range, now: now ?? Timestamps.now())
    }
}
