/// The tournament list's filter: which tab, public ones only, a search text, a page size.
///
/// ```swift
/// let listing = TournamentFilter(tab: .active, query: "lyon").apply(to: tournaments)
/// print(listing.labels.active)   // "Active (1)"
/// ```
public struct TournamentFilter: Sendable, Hashable {
    /// The tab to list.
    public var tab: TournamentTab
    /// Keep only tournaments whose `isPublic` is true.
    public var publicOnly: Bool
    /// Keep only tournaments whose name or location contains this text, ignoring case and
    /// diacritics (`"lyon"` finds `"LYÖN"`). Leading and trailing white space is ignored;
    /// `nil` or a blank query keeps everything.
    public var query: String?
    /// List at most this many tournaments (counts are not limited); `nil` for no limit.
    public var limit: Int?

    /// Creates a filter; the defaults list every active tournament.
    public init(tab: TournamentTab = .active, publicOnly: Bool = false, query: String? = nil, limit: Int? = nil) {
        self.tab = tab
        self.publicOnly = publicOnly
        self.query = query
        self.limit = limit
    }

    /// Applies the filter, keeping input order.
    ///
    /// Counts are taken after `publicOnly` and `query`, before the tab and `limit`.
    public func apply(to tournaments: [Tournament]) -> TournamentListing {
        let needle = query.map(FoldedText.init(searchQuery:)).flatMap { $0.isEmpty ? nil : $0 }
        let failure = needle?.failureTable ?? []
        var counts = TournamentTabCounts(active: 0, completed: 0, all: 0)
        var indices: [Int] = []
        var matchesTab = 0
        let limit = max(0, self.limit ?? Int.max)
        // Fields read in place (indexing the array), not through a copy of each tournament.
        for index in tournaments.indices {
            if publicOnly && !tournaments[index].isPublic { continue }
            if let needle,
               !FoldedText.text(tournaments[index].name, contains: needle, failure: failure),
               !FoldedText.text(tournaments[index].location, contains: needle, failure: failure) {
                continue
            }
            let status = tournaments[index].status
            counts.all += 1
            if TournamentTab.active.includes(status) { counts.active += 1 }
            if TournamentTab.completed.includes(status) { counts.completed += 1 }
            guard tab.includes(status) else { continue }
            matchesTab += 1
            if indices.count < limit { indices.append(index) }
        }
        return TournamentListing(
            tab: tab,
            indices: indices,
            tournaments: indices.map { tournaments[$0] },
            counts: counts,
            isEmpty: matchesTab == 0
        )
    }
}
