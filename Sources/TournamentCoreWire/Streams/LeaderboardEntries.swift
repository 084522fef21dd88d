@_spi(Wire) import TournamentCore

/// A leaderboard request's entries as they are read (`x-stream` in the schema): each entry's
/// totals, from its arrows (summed as they come, none kept) or as given, and its texts as the
/// reader holds them (written from the request, never made `String`s).
struct LeaderboardEntries<Text>: Requests.LeaderboardEntryInputStream {
    /// The arrows of the entry being read.
    var arrows = TotaledArrows<Text>()
    /// The entries' texts, in request order.
    private(set) var names: [(participantId: Text, displayName: Text?)] = []
    /// The entries' totals, in request order.
    private(set) var totals: [ScoreTotals] = []

    /// Adds an entry whose arrows were added last: their totals, or the totals it gives
    /// (`score` required then; `tens`, `xs` and `arrowCount` 0 when absent; `xs` at most `tens`).
    /// (The decoder refuses arrows given with totals.)
    mutating func add(_ entry: Requests.LeaderboardEntryInput<Text>) throws(RequestRefusal) {
        let totals: ScoreTotals
        if entry.arrowsGiven {
            totals = arrows.totals
            arrows = TotaledArrows()
        } else {
            guard let score = entry.score else {
                throw RequestRefusal(message: "Give either \"arrows\" or \"score\".", member: "score")
            }
            let tens = entry.tens ?? 0
            let xs = entry.xs ?? 0
            guard xs <= tens else { throw RequestRefusal(message: "xs cannot exceed tens: every X is a 10.", member: "xs") }
            totals = ScoreTotals(score: score, tens: tens, xs: xs, arrowCount: entry.arrowCount ?? 0)
        }
        names.append((entry.participantId, entry.displayName))
        self.totals.append(totals)
    }

    mutating func reserveCapacity(_ count: Int) {
        names.reserveCapacity(names.count + count)
        totals.reserveCapacity(totals.count + count)
    }
}

/// An entry's arrows summed as they are read (``ScoreTotals``), refused where ``Arrow``
/// refuses one (an X that is not a 10), or when a total overflows.
struct TotaledArrows<Text>: RequestAccumulator {
    private(set) var totals = ScoreTotals(score: 0)

    mutating func add(_ arrow: Requests.Arrow<Text>) throws(RequestRefusal) {
        let arrow = try Arrow(checking: arrow)
        do throws(EquipmentError) {
            try totals.add(arrow)
        } catch {
            throw RequestRefusal(message: error.wireError.message, member: nil)
        }
    }
}
