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

    /// Each favourite is compared with the first fresh match with the same ID:
    /// - when its `winner` is nil and the match's winner is known, it takes `winner`,
    ///   `fullTimeScoreHome` and `fullTimeScoreAway`;
    /// - when the match was rescheduled — its `utcDate` is known and is another instant (or,
    ///   where either text is not a date-time, another text), or its `matchday` is known and
    ///   another — it takes the match's `utcDate` and `matchday` (those known), so it moves to
    ///   its new section.
    ///
    /// Nothing else changes; a fresh match that leaves a field unknown (null) changes nothing
    /// of it.
    public init(favorites: [FavoriteMatch], matches: [FootballMatch]) {
        var fresh: [Int64: FootballMatch] = [:]
        for match in matches where fresh[match.id] == nil {
            fresh[match.id] = match
        }
        var updatedIds: [Int64] = []
        self.favorites = favorites.map { favorite in
            guard let match = fresh[favorite.id] else { return favorite }
            var updated = favorite
            var changed = false
            if favorite.winner == nil, let winner = match.score.winner {
                updated.winner = winner
                updated.fullTimeScoreHome = match.score.fullTimeHome
                updated.fullTimeScoreAway = match.score.fullTimeAway
                changed = true
            }
            if let utcDate = match.utcDate, !Self.isSameKickoff(favorite.utcDate, utcDate) {
                updated.utcDate = utcDate
                changed = true
            }
            if let matchday = match.matchday, matchday != favorite.matchday {
                updated.matchday = matchday
                changed = true
            }
            guard changed else { return favorite }
            updatedIds.append(favorite.id)
            return updated
        }
        self.updatedIds = updatedIds
    }
}

extension FavoriteReconciliation {
    /// Whether a stored kick-off and a fresh one are the same: the same instant when both are
    /// date-times (`…T19:00:00Z` and `…T20:00:00+01:00` are), the same text otherwise.
    static func isSameKickoff(_ stored: String?, _ fresh: String) -> Bool {
        guard let stored else { return false }
        if let a = UTCDate.milliseconds(from: stored), let b = UTCDate.milliseconds(from: fresh) { return a == b }
        return stored.hasSameUTF8Bytes(as: fresh)
    }
}
