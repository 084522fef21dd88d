@_spi(Wire) import TournamentCore
import TournamentCoreJSON

/// A v4 match or a favourite record as read from a document: its values, and its texts as the
/// string nodes that hold them (nil: absent or null). `matches.sections` and the favourite records'
/// writer (``MatchCoding/writeRecord(_:taking:from:unknown:in:into:)``) write the texts from the
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
