@_spi(Wire) import TournamentCore
import TournamentCoreJSON

/// A v4 match or a favourite record as its generated decoder read it from a document: its
/// values, and its texts as the string nodes that hold them (nil: absent or null).
/// `matches.sections` and the favourite records' writer
/// (``MatchCoding/writeRecord(_:taking:from:unknown:by:into:)``) write the texts from the
/// request as they are, so no `String` is made of them and the allocations of a call do not grow
/// with the number of matches.
struct MatchRow {
    var id: Int64
    var utcDate: Int?
    var matchday: Int?
    /// Nil for a record, which has no status.
    var status: Int?
    var homeName: Int?
    var homeCrest: Int?
    var awayName: Int?
    var awayCrest: Int?
    var score: FootballMatch.Score
    var competitionName: Int?
    var competitionCode: Int?

    /// What reconciling a favourite compares of the row (``FavoriteUpdate``).
    var updateFacts: FavoriteUpdate.Facts {
        FavoriteUpdate.Facts(id: id, winner: score.winner, matchday: matchday)
    }

    /// What the fixtures screen arranges the match by: what ``FootballMatch/facts(isFavorite:)``
    /// gives for the match, read from the bytes.
    func facts(in document: JSONDocument, isFavorite: Bool) -> MatchFacts {
        let kickoff = utcDate.flatMap { node in document.withStringBytes(node, UTCDate.milliseconds(fromUTF8:)) }
        let calledOff = status.flatMap { node in document.withStringBytes(node, FootballMatch.calledOffText(statusUTF8:)) }
        return MatchFacts(
            id: id, kickoff: kickoff, result: score.result, calledOffText: calledOff, isFavorite: isFavorite)
    }
}

extension MatchRow {
    /// The row of a v4 match: its team names and crests, result and competition taken out of
    /// their objects.
    init(_ match: Requests.Match<Int>) {
        // Matchdays and goals are the API's 32-bit integers, never negative (the schema's range).
        self.init(
            id: match.id, utcDate: match.utcDate, matchday: match.matchday.map { Int(truncatingIfNeeded: $0) },
            status: match.status, homeName: match.homeTeam?.name, homeCrest: match.homeTeam?.crest,
            awayName: match.awayTeam?.name, awayCrest: match.awayTeam?.crest,
            score: FootballMatch.Score(
                winner: match.score?.winner.map(MatchWinner.init),
                fullTimeHome: match.score?.fullTime?.home.map { Int(truncatingIfNeeded: $0) },
                fullTimeAway: match.score?.fullTime?.away.map { Int(truncatingIfNeeded: $0) }),
            competitionName: match.competition?.name, competitionCode: match.competition?.code)
    }

    /// The row of a stored favourite record (no status).
    init(_ record: Requests.FavoriteRecordInput<Int>) {
        self.init(
            id: record.id, utcDate: record.utcDate, matchday: record.matchday.map { Int(truncatingIfNeeded: $0) },
            status: nil, homeName: record.homeTeamName, homeCrest: record.homeTeamImage,
            awayName: record.awayTeamName, awayCrest: record.awayTeamImage,
            score: FootballMatch.Score(
                winner: record.winner.map(MatchWinner.init),
                fullTimeHome: record.fullTimeScoreHome.map { Int(truncatingIfNeeded: $0) },
                fullTimeAway: record.fullTimeScoreAway.map { Int(truncatingIfNeeded: $0) }),
            competitionName: record.competitionName, competitionCode: record.competitionCode)
    }
}

extension MatchWinner {
    /// The winner a request names.
    init(_ winner: Requests.MatchWinner) {
        self = switch winner {
        case .homeTeam: .homeTeam
        case .awayTeam: .awayTeam
        case .draw: .draw
        }
    }
}

extension JSONDocument {
    /// The bytes of an optional string node, escapes decoded, lent to `body`; nil when there is
    /// no node.
    func withStringBytes<Result>(of node: Int?, _ body: (UnsafeBufferPointer<UInt8>?) -> Result) -> Result {
        guard let node else { return body(nil) }
        return withStringBytes(node) { body($0) }
    }
}

extension JSONWriter {
    /// `"key":"text"` of a string node of `document`; when `node` is nil, `"key":"fallback"`, or
    /// nothing without one.
    mutating func field(_ key: StaticString, textOf node: Int?, in document: JSONDocument, orElse fallback: String? = nil) {
        if let node {
            document.withStringBytes(node) { field(key, utf8: $0) }
        } else if let fallback {
            field(key, text: fallback)
        }
    }

    /// `"key":"text"` of a string node of `document`; `"key":null` when `node` is nil.
    mutating func field(_ key: StaticString, textOrNullOf node: Int?, in document: JSONDocument) {
        if let node {
            document.withStringBytes(node) { field(key, utf8: $0) }
        } else {
            self.key(key)
            null()
        }
    }
}
