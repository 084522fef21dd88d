@_spi(Wire) import TournamentCore
import TournamentCoreJSON

/// A v4 match or a favourite record as read from a document: its values, and its texts as the
/// string nodes that hold them (nil: absent or null). A `String` is made of a text only when a
/// method needs one (``match(in:)``); `matches.sections` and the favourite records' writer
/// (``MatchCoding/writeRecord(_:taking:from:unknown:in:into:)``) write them from the request as
/// they are, so their allocations do not grow with the number of matches.
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

    /// The match, its texts made `String`s.
    func match(in document: JSONDocument) -> FootballMatch {
        FootballMatch(
            id: id, utcDate: utcDate.map { document.string($0) }, matchday: matchday, status: status.map { document.string($0) },
            homeTeam: FootballMatch.Team(name: homeName.map { document.string($0) }, crest: homeCrest.map { document.string($0) }),
            awayTeam: FootballMatch.Team(name: awayName.map { document.string($0) }, crest: awayCrest.map { document.string($0) }),
            score: score,
            competition: FootballMatch.Competition(name: competitionName.map { document.string($0) }, code: competitionCode.map { document.string($0) }))
    }

    /// What reconciling a favourite compares of the row (``FavoriteUpdate``).
    var updateFacts: FavoriteUpdate.Facts {
        FavoriteUpdate.Facts(id: id, winner: score.winner, matchday: matchday)
    }

    /// What the fixtures screen arranges the match by: what ``FootballMatch/facts(isFavorite:)``
    /// gives for ``match(in:)``, read from the bytes.
    func facts(in document: JSONDocument, isFavorite: Bool) -> MatchFacts {
        let kickoff = utcDate.flatMap { node in document.withStringBytes(node, UTCDate.milliseconds(fromUTF8:)) }
        let calledOff = status.flatMap { node in document.withStringBytes(node, FootballMatch.calledOffText(statusUTF8:)) }
        return MatchFacts(
            id: id, kickoff: kickoff, result: score.result, calledOffText: calledOff, isFavorite: isFavorite)
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
