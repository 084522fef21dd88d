/// Why a guest cannot be added, with the messages the apps show.
public enum GuestError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Nobody is signed in.
    case notAuthenticated
    /// The signed-in participant already added `limit` guests.
    case maxGuestsPerUserReached(limit: Int)
    /// The tournament already holds `limit` guests.
    case maxTotalGuestsReached(limit: Int)
    /// The tournament is not loaded or not in progress.
    case tournamentNotInProgress
    /// The guest's name is not acceptable.
    case invalidGuestName(GuestNameProblem)

    /// The error code of the C interface: `NOT_AUTHENTICATED`, `MAX_GUESTS_PER_USER_REACHED`,
    /// `MAX_TOTAL_GUESTS_REACHED`, `TOURNAMENT_NOT_IN_PROGRESS`, `INVALID_GUEST_NAME`.
    public var code: String {
        switch self {
        case .notAuthenticated: "NOT_AUTHENTICATED"
        case .maxGuestsPerUserReached: "MAX_GUESTS_PER_USER_REACHED"
        case .maxTotalGuestsReached: "MAX_TOTAL_GUESTS_REACHED"
        case .tournamentNotInProgress: "TOURNAMENT_NOT_IN_PROGRESS"
        case .invalidGuestName: "INVALID_GUEST_NAME"
        }
    }

    /// The message shown to the user, limits interpolated.
    public var message: String {
        switch self {
        case .notAuthenticated:
            "You must be signed in to add a guest."
        case .maxGuestsPerUserReached(let limit):
            "You can only add \(limit) guest(s) per participant."
        case .maxTotalGuestsReached(let limit):
            "This tournament has reached the maximum of \(limit) total guests."
        case .tournamentNotInProgress:
            "Guests can only be added to tournaments in progress."
        case .invalidGuestName(let problem):
            problem.message
        }
    }

    public var description: String { "\(code): \(message)" }
}

/// What is wrong with a guest's name.
public enum GuestNameProblem: Sendable, Hashable {
    /// Nothing is left after trimming white space and newlines.
    case empty
    /// More than ``GuestName/maxCharacters`` user-perceived characters.
    case tooLong
    /// A control or line-breaking character.
    case invalidCharacters

    /// The message shown to the user.
    public var message: String {
        switch self {
        case .empty: "Please enter a guest name."
        case .tooLong: "Name must be \(GuestName.maxCharacters) characters or fewer"
        case .invalidCharacters: "Name contains invalid characters."
        }
    }
}
