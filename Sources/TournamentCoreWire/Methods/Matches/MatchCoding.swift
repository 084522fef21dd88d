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

    /// A v4 match: `id` required; everything the API may leave null may be null or absent;
    /// members the core does not use (area, season, odds, referees...) are ignored.
    static func match(_ document: JSONDocument, _ node: Int) throws(WireError) -> FootballMatch {
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
        var competition = FootballMatch.Competition()
        if let competitionNode = fields.value(.competition) {
            let competitionFields = try ObjectFields<CompetitionField>(document, competitionNode)
            competition = .init(name: try competitionFields.string(.name), code: try competitionFields.string(.code))
        }
        return FootballMatch(
            id: try document.int64(at: fields.required(.id)),
            utcDate: try fields.string(.utcDate),
            matchday: try fields.int(.matchday, in: countRange),
            status: try fields.string(.status),
            homeTeam: try team(fields, .homeTeam),
            awayTeam: try team(fields, .awayTeam),
            score: score,
            competition: competition)
    }

    @inline(__always)  // takes the fields in place (see ObjectFields)
    private static func team<Field>(_ fields: ObjectFields<Field>, _ field: Field) throws(WireError) -> FootballMatch.Team {
        guard let node = fields.value(field) else { return FootballMatch.Team() }
        let team = try ObjectFields<TeamField>(fields.document, node)
        return FootballMatch.Team(name: try team.string(.name), crest: try team.string(.crest))
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

    /// An array of v4 matches (absent or null: none).
    @inline(__always)  // takes the fields in place (see ObjectFields)
    static func matches<Field>(_ fields: ObjectFields<Field>, _ field: Field) throws(WireError) -> [FootballMatch] {
        guard let node = fields.value(field) else { return [] }
        return try fields.document.map(array: node) { element throws(WireError) in try match(fields.document, element) }
    }

    /// A stored favourite record, and its members the contract does not know.
    static func record(_ document: JSONDocument, _ node: Int) throws(WireError) -> (FavoriteMatch, UnknownMembers) {
        let fields = try ObjectFields<RecordField>(document, node)
        let record = FavoriteMatch(
            id: try document.int64(at: fields.required(.id)),
            homeTeamImage: try fields.string(.homeTeamImage),
            awayTeamImage: try fields.string(.awayTeamImage),
            homeTeamName: try fields.string(.homeTeamName) ?? "N/A",
            awayTeamName: try fields.string(.awayTeamName) ?? "N/A",
            utcDate: try fields.string(.utcDate),
            matchday: try fields.int(.matchday, in: countRange),
            winner: try winner(fields, .winner),
            fullTimeScoreHome: try fields.int(.fullTimeScoreHome, in: countRange),
            fullTimeScoreAway: try fields.int(.fullTimeScoreAway, in: countRange),
            competitionCode: try fields.string(.competitionCode),
            competitionName: try fields.string(.competitionName))
        return (record, fields.unknownMembers)
    }

    /// An array of favourite records (absent or null: none).
    @inline(__always)  // takes the fields in place (see ObjectFields)
    static func records<Field>(_ fields: ObjectFields<Field>, _ field: Field) throws(WireError) -> [(FavoriteMatch, UnknownMembers)] {
        guard let node = fields.value(field) else { return [] }
        return try fields.document.map(array: node) { element throws(WireError) in try record(fields.document, element) }
    }

    /// Writes a favourite record: all twelve keys, in the contract's order, `null` for what is
    /// unknown; then the record's other members as they were given.
    static func write(_ record: FavoriteMatch, unknown: UnknownMembers = .none, from document: JSONDocument? = nil, into writer: inout JSONWriter) {
        func optional(_ key: StaticString, _ value: String?) {
            writer.key(key)
            if let value { writer.string(text: value) } else { writer.null() }
        }
        writer.beginObject()
        writer.field("id", record.id)
        optional("homeTeamImage", record.homeTeamImage)
        optional("awayTeamImage", record.awayTeamImage)
        writer.field("homeTeamName", text: record.homeTeamName)
        writer.field("awayTeamName", text: record.awayTeamName)
        optional("utcDate", record.utcDate)
        writer.field("matchday", record.matchday)
        optional("winner", record.winner?.rawValue)
        writer.field("fullTimeScoreHome", record.fullTimeScoreHome)
        writer.field("fullTimeScoreAway", record.fullTimeScoreAway)
        optional("competitionCode", record.competitionCode)
        optional("competitionName", record.competitionName)
        if let document {
            writer.write(unknown, from: document)
        }
        writer.endObject()
    }
}
