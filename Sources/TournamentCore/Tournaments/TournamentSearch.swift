/// The search of the tournament list: a query folded once, matched against names and places
/// case- and diacritic-insensitively (``TournamentFilter/query``).
public struct TournamentSearch: Sendable, Hashable {
    private let needle: FoldedText
    private let failure: [Int]

    /// The search for `query`, or nil when the query is blank (it keeps every tournament).
    /// Leading and trailing white space is ignored.
    public init?(query: String) {
        let needle = FoldedText(searchQuery: query)
        guard !needle.isEmpty else { return nil }
        self.needle = needle
        failure = needle.failureTable
    }

    /// The search for a query given as valid UTF-8 bytes, as ``init(query:)`` makes it from
    /// their text (for callers that hold bytes, such as a JSON reader: no `String` is made for
    /// ASCII).
    @_spi(Wire) public init?(queryUTF8 query: UnsafeBufferPointer<UInt8>) {
        let needle = FoldedText(searchQueryUTF8: query)
        guard !needle.isEmpty else { return nil }
        self.needle = needle
        failure = needle.failureTable
    }

    /// Whether `text` contains the query, both folded.
    public func isFound(in text: String) -> Bool {
        FoldedText.text(text, contains: needle, failure: failure)
    }

    /// Whether the valid UTF-8 `text` contains the query, both folded: ASCII text is searched
    /// where it lies, other text is folded first.
    @_spi(Wire) public func isFound(inUTF8 text: UnsafeBufferPointer<UInt8>) -> Bool {
        FoldedText.text(utf8: text, contains: needle, failure: failure)
    }
}
