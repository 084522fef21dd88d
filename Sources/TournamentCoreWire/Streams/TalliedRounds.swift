@_spi(Wire) import TournamentCore

/// Rounds streamed into one ``RoundTallies`` as they are read (`x-stream` in the schema): each
/// round's arrows, then the round's date. No arrow and no round is kept.
struct TalliedRounds<Text>: Requests.RoundStream {
    /// The arrows of the round being read, and the tallies of the rounds read.
    var arrows = TalliedArrows<Text>()

    /// The tallies of the rounds read.
    var tallies: RoundTallies { arrows.tallies }

    /// Makes room for `count` rounds' tallies, at the first round.
    mutating func reserveCapacity(_ count: Int) {
        arrows.tallies.reserveCapacity(rounds: count)
    }

    /// Ends the round whose arrows were added last.
    @inline(__always)
    mutating func add(_ round: Requests.Round<Text>) {
        arrows.tallies.endRound(date: round.date)
    }
}

/// The arrows of the round being read, added to ``RoundTallies`` under ``Arrow``'s rules.
struct TalliedArrows<Text>: RequestAccumulator {
    var tallies = RoundTallies()

    /// Makes room for `count` impacts at a round's first arrow (`count` estimates every arrow
    /// left: ``RequestReader/elementCapacity(afterFirstElementOf:)``), once: the calls after an
    /// impact is kept change nothing.
    mutating func reserveCapacity(_ count: Int) {
        tallies.reserveCapacity(impacts: count)
    }

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
