@_spi(Wire) import TournamentCore
import TournamentCoreJSON

/// A v4 match or a favourite record as its generated decoder read it: its values, and its
/// texts as the reader holds them (a document's string nodes, or the bytes under a cursor; nil:
/// absent or null). `matches.sections` and the favourite records' writer
/// (``MatchCoding/writeRecord(_:taking:from:unknown:by:into:)``) write the texts from the
/// request as they are, so no `String` is made of them and the allocations of a call do not grow
/// with the number of matches.
struct MatchRow<Text> {
    var id: Int64
    var utcDate: Text?
    var matchday: Int?
    /// Nil for a record, which has no status.
    var status: Text?
    var homeName: Text?
    var homeCrest: Text?
    var awayName: Text?
    var awayCrest: Text?
    var score: FootballMatch.Score
    var competitionName: Text?
    var competitionCode: Text?

    /// What reconciling a favourite compares of the row (``FavoriteUpdate``).
    var updateFacts: FavoriteUpdate.Facts {
        FavoriteUpdate.Facts(id: id, winner: score.winner, matchday: matchday)
    }

    /// What the fixtures screen arranges the match by: what ``FootballMatch/facts(isFavorite:)``
    /// gives for the match, read from the bytes `reader` holds.
    func facts<Reader: RequestReader>(by reader: Reader, isFavorite: Bool) -> MatchFacts where Reader.Text == Text {
        let kickoff = utcDate.flatMap { text in reader.withBytes(of: text, UTCDate.milliseconds(fromUTF8:)) }
        let calledOff = status.flatMap { text in reader.withBytes(of: text, FootballMatch.calledOffText(statusUTF8:)) }
        return MatchFacts(
            id: id, kickoff: kickoff, result: score.result, calledOffText: calledOff, isFavorite: isFavorite)
    }
}

extension MatchRow {
    /// The row of a v4 match: its team names and crests, result and competition taken out of
    /// their objects.
    init(_ match: Requests.Match<Text>) {
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
    init(_ record: Requests.FavoriteRecordInput<Text>) {
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

extension RequestReader {
    /// The bytes of an optional text, lent to `body`; nil when there is no text.
    func withBytes<Result>(of text: Text?, _ body: (UnsafeBufferPointer<UInt8>?) -> Result) -> Result {
        guard let text else { return body(nil) }
        return withBytes(of: text) { body($0) }
    }
}

extension JSONWriter {
    /// `"key":"text"` of a text `reader` holds; when `text` is nil, `"key":"fallback"`, or
    /// nothing without one.
    mutating func field<Reader: RequestReader>(_ key: StaticString, textOf text: Reader.Text?, by reader: Reader, orElse fallback: String? = nil) {
        if let text {
            reader.writeField(key, text: text, into: &self)
        } else if let fallback {
            field(key, text: fallback)
        }
    }

    /// `"key":"text"` of a text `reader` holds; `"key":null` when `text` is nil.
    mutating func field<Reader: RequestReader>(_ key: StaticString, textOrNullOf text: Reader.Text?, by reader: Reader) {
        if let text {
            reader.writeField(key, text: text, into: &self)
        } else {
            self.key(key)
            null()
        }
    }
}
