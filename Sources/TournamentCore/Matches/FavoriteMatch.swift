/// A favourite match as the app stores it (a flat record, so that it can be shown without the
/// API).
public struct FavoriteMatch: Sendable, Hashable, Identifiable {
    public var id: Int64
    /// Crest URLs.
    public var homeTeamImage: String?
    public var awayTeamImage: String?
    /// Names, `N/A` when the API had none.
    public var homeTeamName: String
    public var awayTeamName: String
    public var utcDate: String?
    public var matchday: Int?
    /// Nil until the match is decided; ``FavoriteReconciliation`` fills it in later.
    public var winner: MatchWinner?
    public var fullTimeScoreHome: Int?
    public var fullTimeScoreAway: Int?
    public var competitionCode: String?
    public var competitionName: String?

    public init(
        id: Int64, homeTeamImage: String? = nil, awayTeamImage: String? = nil, homeTeamName: String = FootballMatch.Team.unknownName,
        awayTeamName: String = FootballMatch.Team.unknownName, utcDate: String? = nil, matchday: Int? = nil, winner: MatchWinner? = nil,
        fullTimeScoreHome: Int? = nil, fullTimeScoreAway: Int? = nil, competitionCode: String? = nil, competitionName: String? = nil
    ) {
        self.id = id
        self.homeTeamImage = homeTeamImage
        self.awayTeamImage = awayTeamImage
        self.homeTeamName = homeTeamName
        self.awayTeamName = awayTeamName
        self.utcDate = utcDate
        self.matchday = matchday
        self.winner = winner
        self.fullTimeScoreHome = fullTimeScoreHome
        self.fullTimeScoreAway = fullTimeScoreAway
        self.competitionCode = competitionCode
        self.competitionName = competitionName
    }

    /// The record of `match` (team names fall back to `N/A`).
    public init(match: FootballMatch) {
        self.init(
            id: match.id, homeTeamImage: match.homeTeam.crest, awayTeamImage: match.awayTeam.crest,
            homeTeamName: match.homeTeam.displayName, awayTeamName: match.awayTeam.displayName, utcDate: match.utcDate,
            matchday: match.matchday, winner: match.score.winner, fullTimeScoreHome: match.score.fullTimeHome,
            fullTimeScoreAway: match.score.fullTimeAway, competitionCode: match.competition.code,
            competitionName: match.competition.name)
    }

    /// The match this record describes.
    public var match: FootballMatch {
        FootballMatch(
            id: id, utcDate: utcDate, matchday: matchday,
            homeTeam: .init(name: homeTeamName, crest: homeTeamImage), awayTeam: .init(name: awayTeamName, crest: awayTeamImage),
            score: .init(winner: winner, fullTimeHome: fullTimeScoreHome, fullTimeAway: fullTimeScoreAway),
            competition: .init(name: competitionName, code: competitionCode))
    }
}

/// Stored favourites brought up to date with fresh API data.
public struct FavoriteReconciliation: Sendable, Hashable {
    /// The favourites, in their order, updated where a result became known or the match was
    /// rescheduled.
    public var favorites: [FavoriteMatch]
    /// IDs of the updated favourites, in their order.
    public var updatedIds: [Int64]

    /// Whether anything changed.
    public var changed: Bool { !updatedIds.isEmpty }

    /// Each favourite is compared with the first fresh match with the same ID and takes what
    /// ``FavoriteUpdate`` says: the result once the match is decided, the kick-off and the
    /// matchday once it is rescheduled. Nothing else changes; a fresh match that leaves a field
    /// unknown (null) changes nothing of it.
    public init(favorites: [FavoriteMatch], matches: [FootballMatch]) {
        var reconciled: [FavoriteMatch] = []
        reconciled.reserveCapacity(favorites.count)
        var updatedIds: [Int64] = []
        Self.reconcile(
            favorites, with: matches,
            favorite: { FavoriteUpdate.Facts(id: $0.id, winner: $0.winner, matchday: $0.matchday) },
            match: { FavoriteUpdate.Facts(id: $0.id, winner: $0.score.winner, matchday: $0.matchday) },
            kickoffMoved: { favorite, match in
                favorite.utcDate.withUTF8Bytes { stored in match.utcDate.withUTF8Bytes { Self.isKickoffMoved(stored: stored, fresh: $0) } }
            }
        ) { favorite, match, update in
            guard let match, !update.isEmpty else {
                reconciled.append(favorite)
                return
            }
            reconciled.append(favorite.updated(update, from: match))
            updatedIds.append(favorite.id)
        }
        self.favorites = reconciled
        self.updatedIds = updatedIds
    }
}

/// What a stored favourite takes from the first fresh match with its ID.
public struct FavoriteUpdate: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8

    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// `winner`, `fullTimeScoreHome` and `fullTimeScoreAway`: the favourite had no winner and
    /// the match has one.
    public static let result = FavoriteUpdate(rawValue: 1 << 0)
    /// `utcDate`: the match's kick-off is known and another instant (or, where either text is
    /// not a date-time, another text).
    public static let kickoff = FavoriteUpdate(rawValue: 1 << 1)
    /// `matchday`: the match's matchday is known and another.
    public static let matchday = FavoriteUpdate(rawValue: 1 << 2)

    /// What a favourite or a fresh match says of the fields the update compares, and its ID,
    /// which finds a favourite's match.
    public struct Facts: Sendable, Hashable {
        public var id: Int64
        public var winner: MatchWinner?
        public var matchday: Int?

        public init(id: Int64, winner: MatchWinner?, matchday: Int?) {
            self.id = id
            self.winner = winner
            self.matchday = matchday
        }
    }

    /// What a favourite described by `stored` takes from a fresh match described by `fresh`;
    /// `kickoffMoved`: whether the match's kick-off moves the stored one
    /// (``FavoriteReconciliation/isKickoffMoved(stored:fresh:)``).
    public init(stored: Facts, fresh: Facts, kickoffMoved: Bool) {
        self = []
        if stored.winner == nil, fresh.winner != nil { insert(.result) }
        if kickoffMoved { insert(.kickoff) }
        if let matchday = fresh.matchday, matchday != stored.matchday { insert(.matchday) }
    }
}

extension FavoriteMatch {
    /// The favourite with what `update` takes from `match`.
    public func updated(_ update: FavoriteUpdate, from match: FootballMatch) -> FavoriteMatch {
        var updated = self
        if update.contains(.result) {
            updated.winner = match.score.winner
            updated.fullTimeScoreHome = match.score.fullTimeHome
            updated.fullTimeScoreAway = match.score.fullTimeAway
        }
        if update.contains(.kickoff) { updated.utcDate = match.utcDate }
        if update.contains(.matchday) { updated.matchday = match.matchday }
        return updated
    }
}

extension FavoriteReconciliation {
    /// The rule of ``init(favorites:matches:)`` over favourites and matches of any form (the
    /// wire layer's keep their texts in the request): `body` gets each favourite in order, the
    /// first of `matches` with its ID (nil: none) and what the favourite takes from it.
    ///
    /// A few matches are scanned for the ID; more are indexed by it first.
    @_spi(Wire) public static func reconcile<Favorite, Match>(
        _ favorites: [Favorite], with matches: [Match],
        favorite favoriteFacts: (Favorite) -> FavoriteUpdate.Facts, match matchFacts: (Match) -> FavoriteUpdate.Facts,
        kickoffMoved: (_ favorite: Favorite, _ match: Match) -> Bool,
        body: (_ favorite: Favorite, _ match: Match?, _ update: FavoriteUpdate) -> Void
    ) {
        let scanLimit = 8
        var firstIndex: [Int64: Int] = [:]
        if matches.count > scanLimit {
            firstIndex.reserveCapacity(matches.count)
            for (index, match) in matches.enumerated() {
                let id = matchFacts(match).id
                if firstIndex[id] == nil { firstIndex[id] = index }
            }
        }
        for favorite in favorites {
            let stored = favoriteFacts(favorite)
            let found = matches.count > scanLimit ? firstIndex[stored.id] : matches.firstIndex { matchFacts($0).id == stored.id }
            guard let found else {
                body(favorite, nil, [])
                continue
            }
            let match = matches[found]
            body(favorite, match, FavoriteUpdate(stored: stored, fresh: matchFacts(match), kickoffMoved: kickoffMoved(favorite, match)))
        }
    }

    /// Whether a fresh kick-off moves a stored one: when the fresh one is known and the stored
    /// one is not, or is another instant (`…T19:00:00Z` and `…T20:00:00+01:00` are one), or,
    /// where either text is not a date-time, another text. Both are UTF-8 bytes, nil when
    /// unknown.
    @_spi(Wire) public static func isKickoffMoved(stored: UnsafeBufferPointer<UInt8>?, fresh: UnsafeBufferPointer<UInt8>?) -> Bool {
        guard let fresh else { return false }
        guard let stored else { return true }
        if let a = UTCDate.milliseconds(fromUTF8: stored), let b = UTCDate.milliseconds(fromUTF8: fresh) { return a != b }
        return !stored.elementsEqual(fresh)
    }
}

extension Optional<String> {
    /// The text's UTF-8 bytes lent to `body`, nil when there is none.
    fileprivate func withUTF8Bytes<Result>(_ body: (UnsafeBufferPointer<UInt8>?) -> Result) -> Result {
        guard let text = self else { return body(nil) }
        return text.withUTF8Bytes { body($0) }
    }
}
