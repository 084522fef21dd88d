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
        _ row: MatchRow<Int>, taking update: FavoriteUpdate = [], from fresh: MatchRow<Int>? = nil, unknown: Range<Int> = 0..<0,
        by reader: DocumentReader, into writer: inout JSONWriter
    ) {
        let fresh = fresh ?? row
        let score = update.contains(.result) ? fresh.score : row.score
        writer.beginObject()
        writer.field("id", row.id)
        writer.field("homeTeamImage", textOrNullOf: row.homeCrest, by: reader)
        writer.field("awayTeamImage", textOrNullOf: row.awayCrest, by: reader)
        writer.field("homeTeamName", textOf: row.homeName, by: reader, orElse: FootballMatch.Team.unknownName)
        writer.field("awayTeamName", textOf: row.awayName, by: reader, orElse: FootballMatch.Team.unknownName)
        writer.field("utcDate", textOrNullOf: update.contains(.kickoff) ? fresh.utcDate : row.utcDate, by: reader)
        writer.field("matchday", update.contains(.matchday) ? fresh.matchday : row.matchday)
        if let winner = score.winner { writer.field("winner", text: winner.rawValue) } else { writer.key("winner"); writer.null() }
        writer.field("fullTimeScoreHome", score.fullTimeHome)
        writer.field("fullTimeScoreAway", score.fullTimeAway)
        writer.field("competitionCode", textOrNullOf: row.competitionCode, by: reader)
        writer.field("competitionName", textOrNullOf: row.competitionName, by: reader)
        reader.writeUnknownMembers(unknown, into: &writer)
        writer.endObject()
    }
}
