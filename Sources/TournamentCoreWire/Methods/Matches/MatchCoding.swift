import TournamentCore
import TournamentCoreJSON

/// The favourite records' writer, from the rows of what the generated decoders read
/// (``MatchRow``).
enum MatchCoding {
    /// Writes a favourite record from a row — a record's, or a v4 match's for its new record
    /// (``FavoriteMatch/init(match:)``): all twelve keys, in the contract's order, `null` for what
    /// is unknown, team names ``FootballMatch/Team/unknownName`` when unknown; what `update`
    /// names taken from `fresh` (``FavoriteMatch/updated(_:from:)``); then the record's unknown
    /// members as they were given (kept by `reader`).
    static func writeRecord(
        _ row: MatchRow, taking update: FavoriteUpdate = [], from fresh: MatchRow? = nil, unknown: Range<Int> = 0..<0,
        by reader: DocumentReader, into writer: inout JSONWriter
    ) {
        let document = reader.document
        let fresh = fresh ?? row
        let score = update.contains(.result) ? fresh.score : row.score
        writer.beginObject()
        writer.field("id", row.id)
        writer.field("homeTeamImage", textOrNullOf: row.homeCrest, in: document)
        writer.field("awayTeamImage", textOrNullOf: row.awayCrest, in: document)
        writer.field("homeTeamName", textOf: row.homeName, in: document, orElse: FootballMatch.Team.unknownName)
        writer.field("awayTeamName", textOf: row.awayName, in: document, orElse: FootballMatch.Team.unknownName)
        writer.field("utcDate", textOrNullOf: update.contains(.kickoff) ? fresh.utcDate : row.utcDate, in: document)
        writer.field("matchday", update.contains(.matchday) ? fresh.matchday : row.matchday)
        if let winner = score.winner { writer.field("winner", text: winner.rawValue) } else { writer.key("winner"); writer.null() }
        writer.field("fullTimeScoreHome", score.fullTimeHome)
        writer.field("fullTimeScoreAway", score.fullTimeAway)
        writer.field("competitionCode", textOrNullOf: row.competitionCode, in: document)
        writer.field("competitionName", textOrNullOf: row.competitionName, in: document)
        reader.writeUnknownMembers(unknown, into: &writer)
        writer.endObject()
    }
}
