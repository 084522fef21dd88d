/// ``TournamentFilter``'s rules applied one tournament at a time, in input order: what
/// ``TournamentFilter/apply(to:)`` does, for a caller that holds tournaments in another form
/// (the wire layer reads a request's documents without making their strings).
///
/// ```swift
/// var selection = TournamentSelection(filter)
/// for tournament in tournaments {
///     selection.add(isPublic: tournament.isPublic, status: tournament.status) { $0.isFound(in: tournament.name) || $0.isFound(in: tournament.location) }
/// }
/// ```
public struct TournamentSelection: Sendable {
    /// The tab listed.
    public let tab: TournamentTab
    @usableFromInline let publicOnly: Bool
    @usableFromInline let search: TournamentSearch?
    @usableFromInline let limit: Int
    /// Tab badge counts so far, taken after `publicOnly` and the query, before the tab and `limit`.
    public private(set) var counts = TournamentTabCounts(active: 0, completed: 0, all: 0)
    /// Positions (in the order added, from 0) of the tournaments listed so far, at most `limit`;
    /// empty when the selection does not record them (``add(isPublic:status:isFound:)`` answers
    /// whether each is listed).
    public private(set) var indices: [Int] = []
    @usableFromInline let recordsIndices: Bool
    /// How many are listed so far.
    @usableFromInline var listed = 0
    @usableFromInline var matchesTab = 0
    @usableFromInline var position = 0

    /// Begins applying `filter`, recording the positions listed (``indices``) unless
    /// `recordingIndices` is false.
    public init(_ filter: TournamentFilter, recordingIndices: Bool = true) {
        self.init(
            tab: filter.tab, publicOnly: filter.publicOnly, search: filter.query.flatMap(TournamentSearch.init(query:)),
            limit: filter.limit, recordingIndices: recordingIndices)
    }

    /// Begins applying a filter whose query is already a search (nil: none, or a blank query),
    /// its other fields those of ``TournamentFilter``.
    public init(tab: TournamentTab, publicOnly: Bool, search: TournamentSearch?, limit: Int?, recordingIndices: Bool = true) {
        self.tab = tab
        self.publicOnly = publicOnly
        self.search = search
        self.limit = max(0, limit ?? Int.max)
        recordsIndices = recordingIndices
    }

    /// True when no tournament added so far matches the tab (whatever the `limit`).
    public var isEmpty: Bool { matchesTab == 0 }

    /// The tab labels with the counts so far (``TournamentListing/labels``).
    public var labels: TournamentTabLabels { TournamentTabLabels(counts) }

    /// The empty-state placeholder, or `nil` when the tab has tournaments
    /// (``TournamentListing/emptyState``).
    public var emptyState: TournamentEmptyState? { isEmpty ? TournamentEmptyState(tab) : nil }

    /// Adds the next tournament: whether it is public, its status, and whether its name or
    /// location contains the search (`isFound`, asked only when the filter has a query that the
    /// tournament's publicity has not already ruled out). Returns whether it is listed.
    @inlinable @discardableResult
    public mutating func add(isPublic: Bool, status: TournamentStatus, isFound: (TournamentSearch) -> Bool) -> Bool {
        let index = position
        position += 1
        if publicOnly && !isPublic { return false }
        if let search, !isFound(search) { return false }
        return count(index, status: status)
    }

    /// Counts a tournament that passed `publicOnly` and the search.
    @usableFromInline mutating func count(_ index: Int, status: TournamentStatus) -> Bool {
        counts.all += 1
        if TournamentTab.active.includes(status) { counts.active += 1 }
        if TournamentTab.completed.includes(status) { counts.completed += 1 }
        guard tab.includes(status) else { return false }
        matchesTab += 1
        guard listed < limit else { return false }
        listed += 1
        if recordsIndices { indices.append(index) }
        return true
    }

    /// The listing of `tournaments`, the values added in the same order (at least as many as
    /// were added: the listed positions index it). Of a selection made with
    /// `recordingIndices: false`, which knows no positions, it lists none (its counts stand).
    public func listing(of tournaments: [Tournament]) -> TournamentListing {
        TournamentListing(tab: tab, indices: indices, tournaments: indices.map { tournaments[$0] }, counts: counts, isEmpty: isEmpty)
    }
}
