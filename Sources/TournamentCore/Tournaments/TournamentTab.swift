/// The tabs of the tournament list.
public enum TournamentTab: String, Sendable, Hashable, CaseIterable {
    /// Open and in-progress tournaments.
    case active
    /// Completed tournaments.
    case completed
    /// Every tournament, cancelled ones included.
    case all

    /// The tab of the apps' segmented control index: 0 is Active, 1 is Completed,
    /// any other index is All.
    public init(index: Int) {
        switch index {
        case 0: self = .active
        case 1: self = .completed
        default: self = .all
        }
    }

    /// Whether a tournament in `status` is listed under this tab.
    ///
    /// Cancelled tournaments are listed under ``all`` only.
    public func includes(_ status: TournamentStatus) -> Bool {
        switch self {
        case .active: status == .open || status == .inProgress
        case .completed: status == .completed
        case .all: true
        }
    }
}
