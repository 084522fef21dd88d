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
        id: Int64, homeTeamImage: String? = nil, awayTeamImage: String? = nil, homeTeamName: String = "N/A",
        awayTeamName: String = "N/A", utcDate: String? = nil, matchday: Int? = nil, winner: MatchWinner? = nil,
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
    /// The favourites, in their order, updated where a result became known.
    public var favorites: [FavoriteMatch]
    /// IDs of the updated favourites, in their order.
    public var updatedIds: [Int64]

    /// Whether anything changed.
    public var changed: Bool { !updatedIds.isEmpty }

    /// A favourite whose `winner` is nil takes `winner`, `fullTimeScoreHome` and
    /// `fullTimeScoreAway` from the first fresh match with the same ID, when that match's winner
    /// is known. Nothing else changes.
    public init(favorites: [FavoriteMatch], matches: [FootballMatch]) {
        var decided: [Int64: FootballMatch] = [:]
        for match in matches where decided[match.id] == nil {
            decided[match.id] = match
        }
        var updatedIds: [Int64] = []
        self.favorites = favorites.map { favorite in
            guard favorite.winner == nil, let fresh = decided[favorite.id], let winner = fresh.score.winner else { return favorite }
            var updated = favorite
            updated.winner = winner
            updated.fullTimeScoreHome = fresh.score.fullTimeHome
            updated.fullTimeScoreAway = fresh.score.fullTimeAway
            updatedIds.append(favorite.id)
            return updated
        }
        self.updatedIds = updatedIds
    }
}
