/// A football match as the football-data.org v4 API describes it, reduced to what the fixtures
/// screen needs. Every field the API may leave null is optional.
public struct FootballMatch: Sendable, Hashable, Identifiable {
    public var id: Int64
    /// Kick-off, ISO 8601 / RFC 3339 in UTC (`2024-08-16T19:00:00Z`); nil when unknown.
    public var utcDate: String?
    public var matchday: Int?
    /// `SCHEDULED`, `TIMED`, `IN_PLAY`, `PAUSED`, `FINISHED`, `SUSPENDED`, `POSTPONED`,
    /// `CANCELLED`, `AWARDED`, or any status a later API version adds.
    public var status: String?
    public var homeTeam: Team
    public var awayTeam: Team
    public var score: Score
    public var competition: Competition

    public init(
        id: Int64, utcDate: String? = nil, matchday: Int? = nil, status: String? = nil,
        homeTeam: Team = Team(), awayTeam: Team = Team(), score: Score = Score(), competition: Competition = Competition()
    ) {
        self.id = id
        self.utcDate = utcDate
        self.matchday = matchday
        self.status = status
        self.homeTeam = homeTeam
        self.awayTeam = awayTeam
        self.score = score
        self.competition = competition
    }

    /// A team of a match.
    public struct Team: Sendable, Hashable {
        public var name: String?
        /// URL of the team's crest.
        public var crest: String?

        public init(name: String? = nil, crest: String? = nil) {
            self.name = name
            self.crest = crest
        }

        /// The name shown for a team whose name is unknown (absent or null).
        public static var unknownName: String { "N/A" }

        /// The name shown: ``unknownName`` when unknown.
        public var displayName: String { name ?? Self.unknownName }
    }

    /// The result.
    public struct Score: Sendable, Hashable {
        /// Nil until the match is decided.
        public var winner: MatchWinner?
        /// Full-time goals of each side, when known.
        public var fullTimeHome: Int?
        public var fullTimeAway: Int?

        public init(winner: MatchWinner? = nil, fullTimeHome: Int? = nil, fullTimeAway: Int? = nil) {
            self.winner = winner
            self.fullTimeHome = fullTimeHome
            self.fullTimeAway = fullTimeAway
        }

        /// The full-time score of a decided match (an unknown side is 0); nil until the winner
        /// is known.
        public var result: (home: Int, away: Int)? {
            winner == nil ? nil : (fullTimeHome ?? 0, fullTimeAway ?? 0)
        }
    }

    /// The competition.
    public struct Competition: Sendable, Hashable {
        public var name: String?
        /// Such as `PL`.
        public var code: String?

        public init(name: String? = nil, code: String? = nil) {
            self.name = name
            self.code = code
        }
    }

    /// Whether the match has been played: its winner is known.
    public var isPlayed: Bool { score.winner != nil }

    /// `Postponed`, `Suspended` or `Cancelled` when the API's `status` is `POSTPONED`,
    /// `SUSPENDED` or `CANCELLED` (as the API writes them): its kick-off will not happen as
    /// scheduled. Nil for any other status.
    public var calledOffText: String? {
        status?.withUTF8Bytes(Self.calledOffText(statusUTF8:))
    }

    /// ``calledOffText`` of a status given as UTF-8 bytes (compared byte for byte: no other
    /// spelling of the three words is canonically equivalent to them).
    @_spi(Wire) public static func calledOffText(statusUTF8 status: UnsafeBufferPointer<UInt8>) -> String? {
        func spells(_ word: StaticString) -> Bool {
            word.utf8CodeUnitCount == status.count && status.elementsEqual(UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount))
        }
        return spells("POSTPONED") ? "Postponed" : spells("SUSPENDED") ? "Suspended" : spells("CANCELLED") ? "Cancelled" : nil
    }

    /// What the fixtures screen arranges the match by (``MatchArrangement``).
    public func facts(isFavorite: Bool) -> MatchFacts {
        MatchFacts(
            id: id, kickoff: utcDate.flatMap(UTCDate.milliseconds(from:)),
            result: score.result,
            calledOffText: calledOffText, isFavorite: isFavorite)
    }
}

/// The winner of a match.
public enum MatchWinner: String, Sendable, Hashable, CaseIterable {
    case homeTeam = "HOME_TEAM"
    case awayTeam = "AWAY_TEAM"
    case draw = "DRAW"
}
