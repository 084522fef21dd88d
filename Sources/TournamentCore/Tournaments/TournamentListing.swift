/// What the tournament list screen shows for one tab: the result of ``TournamentFilter/apply(to:)``.
public struct TournamentListing: Sendable, Hashable {
    /// The tab this listing is for.
    public var tab: TournamentTab
    /// Positions in the input of the listed tournaments, in input order, at most `limit` of them.
    public var indices: [Int]
    /// The listed tournaments (the input elements at ``indices``).
    public var tournaments: [Tournament]
    /// Tab badge counts, taken after `publicOnly` and `query`, before the tab and `limit`.
    public var counts: TournamentTabCounts
    /// True when no tournament matches the tab (whatever the `limit`).
    public var isEmpty: Bool

    /// Creates a listing; ``TournamentFilter/apply(to:)`` builds the real ones.
    public init(tab: TournamentTab, indices: [Int], tournaments: [Tournament], counts: TournamentTabCounts, isEmpty: Bool) {
        self.tab = tab
        self.indices = indices
        self.tournaments = tournaments
        self.counts = counts
        self.isEmpty = isEmpty
    }

    /// The tab labels with their counts, `Active (N)` and `Completed (N)`.
    public var labels: TournamentTabLabels { TournamentTabLabels(counts) }

    /// The empty-state placeholder to show, or `nil` when the tab has tournaments.
    public var emptyState: TournamentEmptyState? { isEmpty ? TournamentEmptyState(tab) : nil }
}

/// How many tournaments each tab holds.
public struct TournamentTabCounts: Sendable, Hashable {
    /// Open and in-progress tournaments.
    public var active: Int
    /// Completed tournaments.
    public var completed: Int
    /// All tournaments, cancelled ones included.
    public var all: Int

    /// Creates counts.
    public init(active: Int, completed: Int, all: Int) {
        self.active = active
        self.completed = completed
        self.all = all
    }
}

/// The labels of the segmented control.
public struct TournamentTabLabels: Sendable, Hashable {
    /// `Active (N)`.
    public var active: String
    /// `Completed (N)`.
    public var completed: String

    /// The labels for these counts.
    public init(_ counts: TournamentTabCounts) {
        active = Self.label("Active (", counts.active)
        completed = Self.label("Completed (", counts.completed)
    }

    /// `name (count)`.
    private static func label(_ name: StaticString, _ count: Int) -> String {
        var text = ShortText()
        text.append(name)
        text.append(count)
        text.append(UInt8(ascii: ")"))
        return text.string
    }
}

/// The placeholder a tab shows when it has no tournaments.
public struct TournamentEmptyState: Sendable, Hashable {
    /// An SF Symbols name (`target`, `checkmark.circle`).
    public var icon: String
    /// The headline.
    public var title: String
    /// The line under it.
    public var message: String

    /// The placeholder of `tab`.
    public init(_ tab: TournamentTab) {
        switch tab {
        case .active:
            icon = "target"
            title = "No Active Tournaments"
            message = "Check back later for upcoming tournaments"
        case .completed:
            icon = "checkmark.circle"
            title = "No Completed Tournaments"
            message = "Completed tournaments will appear here"
        case .all:
            icon = "target"
            title = "No Tournaments"
            message = "Check back later for upcoming tournaments"
        }
    }
}
