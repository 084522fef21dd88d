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
        var selection = TournamentSelection(self)
        // Fields read in place (indexing the array), not through a copy of each tournament.
        for index in tournaments.indices {
            selection.add(isPublic: tournaments[index].isPublic, status: tournaments[index].status) { search in
                search.isFound(in: tournaments[index].name) || search.isFound(in: tournaments[index].location)
            }
        }
        return selection.listing(of: tournaments)
    }
}
