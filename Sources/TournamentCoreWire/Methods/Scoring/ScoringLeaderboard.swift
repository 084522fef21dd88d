import TournamentCore
import TournamentCoreJSON

/// `scoring.leaderboard`: ranking with World Archery's tie-breaks (``Leaderboard``).
enum ScoringLeaderboardMethod: WireMethod {
    private typealias Field = Members.ScoringLeaderboardRequest

    private typealias EntryField = Members.LeaderboardEntryInput

    /// Totals are `Int64` on every platform (a 32-bit `Int` cannot hold the contract's range).
    static let countRange: ClosedRange<Int64> = 0...Int64.max

    static func respond(to request: Int, in document: JSONDocument, into writer: inout JSONWriter) throws(WireError) {
        let fields = try ObjectFields<Field>(document, request)
        let participants = try document.map(array: fields.required(.entries)) { element throws(WireError) in
            try participant(document, element)
        }
        writer.beginObject()
        writer.key("entries")
        writer.beginArray()
        for entry in Leaderboard.rank(participants) {
            writer.beginObject()
            writer.field("rank", entry.rank)
            writer.field("participantId", text: entry.participantId)
            if let name = entry.displayName { writer.field("displayName", text: name) }
            writer.field("score", entry.totals.score)
            writer.field("tens", entry.totals.tens)
            writer.field("xs", entry.totals.xs)
            writer.field("arrowCount", entry.totals.arrowCount)
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
    }

    /// An entry with `arrows`, or with totals (`score` required; `tens`, `xs`, `arrowCount`
    /// default 0; integers ≥ 0; `xs` at most `tens`).
    private static func participant(_ document: JSONDocument, _ node: Int) throws(WireError) -> LeaderboardParticipant {
        let fields = try ObjectFields<EntryField>(document, node)
        let participantId = try fields.requiredNonEmptyString(.participantId)
        let displayName = try fields.string(.displayName)
        if let arrows = fields.value(.arrows) {
            if let total = fields.raw(.score) ?? fields.raw(.tens) ?? fields.raw(.xs) ?? fields.raw(.arrowCount) {
                throw .invalid("Give either arrows or totals, not both.", at: total)
            }
            let arrows = try ArrowCoding.arrows(document, arrows)
            do throws(EquipmentError) {
                let totals = try ScoreTotals(arrows: arrows)
                return LeaderboardParticipant(participantId: participantId, displayName: displayName, totals: totals)
            } catch {
                throw error.wireError
            }
        }
        guard let scoreNode = fields.raw(.score) else {
            throw WireError(.invalidRequest, "Give either \"arrows\" or \"score\".", location: .missingMember(object: node, key: "score"))
        }
        let score = try document.int64(at: scoreNode, in: countRange)
        let tens = try fields.int64(.tens, in: countRange) ?? 0
        let xs = try fields.int64(.xs, in: countRange) ?? 0
        if xs > tens, let xsNode = fields.raw(.xs) {
            throw .invalid("xs cannot exceed tens: every X is a 10.", at: xsNode)
        }
        let totals = ScoreTotals(
            score: score,
            tens: tens,
            xs: xs,
            arrowCount: try fields.int64(.arrowCount, in: countRange) ?? 0)
        return LeaderboardParticipant(participantId: participantId, displayName: displayName, totals: totals)
    }
}
