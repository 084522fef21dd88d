import TournamentCore
import TournamentCoreJSON

/// `scoring.leaderboard`: ranking with World Archery's tie-breaks (``Leaderboard``), each
/// entry's arrows summed as they are read (``LeaderboardEntries``).
enum ScoringLeaderboardMethod: CursorReadingWireMethod {
    static func respond(to request: Int, in document: JSONDocument, into writer: inout JSONWriter) throws(WireError) {
        var reader = DocumentReader(document, at: request)
        var entries = LeaderboardEntries<Int>()
        _ = try Requests.ScoringLeaderboardRequest<Int>.read(&reader, entries: &entries)
        write(entries, reader, into: &writer)
    }

    /// The same request read by a cursor, with the same decoder (a refusal is the document
    /// path's error).
    static func respond(reading request: JSONCursor, into writer: inout JSONWriter) -> Bool {
        var reader = CursorReader(request)
        var entries = LeaderboardEntries<CursorText>()
        guard (try? Requests.ScoringLeaderboardRequest<CursorText>.read(&reader, entries: &entries)) != nil,
              reader.finish()
        else { return false }
        write(entries, reader, into: &writer)
        return true
    }

    /// Writes the entries in rank order (``Leaderboard/ranking(of:)``), their texts as the
    /// request has them.
    private static func write<Reader: RequestReader>(_ entries: LeaderboardEntries<Reader.Text>, _ reader: Reader, into writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("entries")
        writer.beginArray()
        for place in Leaderboard.ranking(of: entries.totals) {
            let names = entries.names[place.position]
            let totals = entries.totals[place.position]
            writer.beginObject()
            writer.field("rank", place.rank)
            reader.withBytes(of: names.participantId) { writer.field("participantId", utf8: $0) }
            if let name = names.displayName { reader.withBytes(of: name) { writer.field("displayName", utf8: $0) } }
            writer.field("score", totals.score)
            writer.field("tens", totals.tens)
            writer.field("xs", totals.xs)
            writer.field("arrowCount", totals.arrowCount)
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
    }
}
