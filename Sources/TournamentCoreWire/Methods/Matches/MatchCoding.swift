import TournamentCore
import TournamentCoreJSON

/// JSON of football-data.org v4 matches and of favourite records.
enum MatchCoding {
    private typealias MatchField = Members.Match

    private typealias TeamField = Members.Team

    private typealias ScoreField = Members.MatchScore

    private typealias SidesField = Members.FullTimeScore

    private typealias CompetitionField = Members.Competition

    typealias RecordField = Members.FavoriteRecordInput

    /// Matchdays and goals are the API's 32-bit integers, never negative.
    static let countRange: ClosedRange<Int64> = 0...Int64(Int32.max)

    /// A v4 match, its texts left in the document: `id` required; everything the API may leave
    /// null may be null or absent; members the core does not use (area, season, odds,
    /// referees...) are ignored.
    static func row(_ document: JSONDocument, _ node: Int) throws(WireError) -> MatchRow {
        let fields = try ObjectFields<MatchField>(document, node)
        var score = FootballMatch.Score()
        if let scoreNode = fields.value(.score) {
            let scoreFields = try ObjectFields<ScoreField>(document, scoreNode)
            score.winner = try winner(scoreFields, .winner)
            if let fullTime = scoreFields.value(.fullTime) {
                let sides = try ObjectFields<SidesField>(document, fullTime)
                score.fullTimeHome = try sides.int(.home, in: countRange)
                score.fullTimeAway = try sides.int(.away, in: countRange)
            }
        }
        var competitionName: Int?
        var competitionCode: Int?
        if let competitionNode = fields.value(.competition) {
            let competitionFields = try ObjectFields<CompetitionField>(document, competitionNode)
            competitionName = try competitionFields.stringNode(.name)
            competitionCode = try competitionFields.stringNode(.code)
        }
        let id = try document.int64(at: fields.required(.id))
        let utcDate = try fields.stringNode(.utcDate)
        let matchday = try fields.int(.matchday, in: countRange)
        let status = try fields.stringNode(.status)
        let home = try team(fields, .homeTeam)
        let away = try team(fields, .awayTeam)
        return MatchRow(
            id: id, utcDate: utcDate, matchday: matchday, status: status, homeName: home.name, homeCrest: home.crest,
            awayName: away.name, awayCrest: away.crest, score: score, competitionName: competitionName,
            competitionCode: competitionCode)
    }

    /// A team's name and crest nodes (nil: absent or null).
    @inline(__always)  // takes the fields in place (see ObjectFields)
    private static func team<Field>(_ fields: ObjectFields<Field>, _ field: Field) throws(WireError) -> (name: Int?, crest: Int?) {
        guard let node = fields.value(field) else { return (nil, nil) }
        let team = try ObjectFields<TeamField>(fields.document, node)
        return (try team.stringNode(.name), try team.stringNode(.crest))
    }

    /// `HOME_TEAM`, `AWAY_TEAM`, `DRAW`, or null/absent.
    @inline(__always)  // takes the fields in place (see ObjectFields)
    static func winner<Field>(_ fields: ObjectFields<Field>, _ field: Field) throws(WireError) -> MatchWinner? {
        guard let node = fields.value(field) else { return nil }
        let text = try fields.document.string(at: node)
        guard let winner = MatchWinner(rawValue: text) else {
            throw .invalid("Expected \"HOME_TEAM\", \"AWAY_TEAM\", \"DRAW\" or null, found \(fields.document.quote(node)).", at: node)
        }
        return winner
    }

    /// An array of v4 matches (absent or null: none), read as ``row(_:_:)`` reads one.
    @inline(__always)  // takes the fields in place (see ObjectFields)
    static func matchRows<Field>(_ fields: ObjectFields<Field>, _ field: Field) throws(WireError) -> [MatchRow] {
        guard let node = fields.value(field) else { return [] }
        return try fields.document.map(array: node) { element throws(WireError) in try row(fields.document, element) }
    }

    /// A stored favourite record, its texts left in the document, and its members the contract
    /// does not know.
    static func recordRow(_ document: JSONDocument, _ node: Int) throws(WireError) -> (row: MatchRow, unknown: UnknownMembers) {
        let fields = try ObjectFields<RecordField>(document, node)
        let id = try document.int64(at: fields.required(.id))
        let homeCrest = try fields.stringNode(.homeTeamImage)
        let awayCrest = try fields.stringNode(.awayTeamImage)
        let homeName = try fields.stringNode(.homeTeamName)
        let awayName = try fields.stringNode(.awayTeamName)
        let utcDate = try fields.stringNode(.utcDate)
        let matchday = try fields.int(.matchday, in: countRange)
        let winner = try winner(fields, .winner)
        let home = try fields.int(.fullTimeScoreHome, in: countRange)
        let away = try fields.int(.fullTimeScoreAway, in: countRange)
        let competitionCode = try fields.stringNode(.competitionCode)
        let competitionName = try fields.stringNode(.competitionName)
        let row = MatchRow(
            id: id, utcDate: utcDate, matchday: matchday, status: nil, homeName: homeName, homeCrest: homeCrest,
            awayName: awayName, awayCrest: awayCrest, score: FootballMatch.Score(winner: winner, fullTimeHome: home, fullTimeAway: away),
            competitionName: competitionName, competitionCode: competitionCode)
        return (row, fields.unknownMembers)
    }

    /// An array of favourite records (absent or null: none), with their unknown members.
    @inline(__always)  // takes the fields in place (see ObjectFields)
    static func records<Field>(_ fields: ObjectFields<Field>, _ field: Field) throws(WireError) -> [(row: MatchRow, unknown: UnknownMembers)] {
        guard let node = fields.value(field) else { return [] }
        return try fields.document.map(array: node) { element throws(WireError) in try recordRow(fields.document, element) }
    }

    /// An array of favourite records read as ``records(_:_:)`` reads it, without their unknown
    /// members.
    @inline(__always)  // takes the fields in place (see ObjectFields)
    static func recordRows<Field>(_ fields: ObjectFields<Field>, _ field: Field) throws(WireError) -> [MatchRow] {
        guard let node = fields.value(field) else { return [] }
        return try fields.document.map(array: node) { element throws(WireError) in try recordRow(fields.document, element).row }
    }

    /// Writes a favourite record from a row — a record's, or a v4 match's for its new record
    /// (``FavoriteMatch/init(match:)``): all twelve keys, in the contract's order, `null` for what
    /// is unknown, team names ``FootballMatch/Team/unknownName`` when unknown; what `update`
    /// names taken from `fresh` (``FavoriteMatch/updated(_:from:)``); then the record's unknown
    /// members as they were given.
    static func writeRecord(
        _ row: MatchRow, taking update: FavoriteUpdate = [], from fresh: MatchRow? = nil, unknown: UnknownMembers = .none,
        in document: JSONDocument, into writer: inout JSONWriter
    ) {
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
        writer.write(unknown, from: document)
        writer.endObject()
    }
}
