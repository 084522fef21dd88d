@_spi(Wire) import TournamentCore
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

    /// Writes the entries in rank order (``Leaderboard/order(of:)``), each with its rank
    /// (``Leaderboard/Ranks``) and its texts as the request has them, in one run of members.
    private static func write<Reader: RequestReader>(_ entries: LeaderboardEntries<Reader.Text>, _ reader: Reader, into writer: inout JSONWriter) {
        let order = Leaderboard.order(of: entries.totals)
        var ranks = Leaderboard.Ranks()
        // A record's keys and punctuation take 83 bytes; its numbers and texts mostly 40 more.
        writer.memberRun(expectedBytes: 16 + order.count * 128) { run in
            run.beginObject()
            run.beginArray(key: "entries")
            for position in order {
                let names = entries.names[position]
                let totals = entries.totals[position]
                run.beginObject()
                run.field("rank", ranks.next(totals))
                reader.writeField("participantId", text: names.participantId, into: &run)
                if let name = names.displayName {
                    reader.writeField("displayName", text: name, into: &run)
                }
                run.field("score", totals.score)
                run.field("tens", totals.tens)
                run.field("xs", totals.xs)
                run.field("arrowCount", totals.arrowCount)
                run.endObject()
            }
            run.endArray()
            run.endObject()
        }
    }
}
