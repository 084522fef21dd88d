@_spi(_Unicode) import Swift

/// Text folded for case- and diacritic-insensitive search, as UTF-8 bytes.
///
/// Folding decomposes to NFD, drops nonspacing marks (the diacritics: `é` → `e`), and maps each
/// scalar through its full uppercase and then lowercase mapping, which folds the cases Unicode's
/// simple lowercase misses (`ß` and `SS` both become `ss`). Matching is on the folded UTF-8
/// bytes; UTF-8 being self-synchronizing, a byte match is a match of whole scalars.
struct FoldedText: Sendable, Hashable {
    private(set) var bytes: [UInt8]

    /// Folds `text`; with `keepingDiacritics`, nonspacing marks are kept (case-insensitive only).
    init(_ text: String, keepingDiacritics: Bool = false) {
        self = Self.fold(text, keepingDiacritics: keepingDiacritics).folded
    }

    /// The two keys a name sorts by: folded (ignoring case and diacritics), then folded keeping
    /// its diacritics (ignoring case only). An ASCII name has no diacritics: its two keys are
    /// one folding, shared.
    static func sortKeys(of text: String) -> (ignoringDiacritics: FoldedText, keepingDiacritics: FoldedText) {
        let (folded, isASCII) = fold(text, keepingDiacritics: false)
        return (folded, isASCII ? folded : FoldedText(text, keepingDiacritics: true))
    }

    /// `text` folded, and whether it is ASCII (then its folding is its lowercase, whatever
    /// `keepingDiacritics` says).
    private static func fold(_ text: String, keepingDiacritics: Bool) -> (folded: FoldedText, isASCII: Bool) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var isASCII = true
        for byte in text.utf8 {
            if byte >= 0x80 {
                isASCII = false
                break
            }
            bytes.append(lowercasedASCII(byte))
        }
        if isASCII { return (FoldedText(folded: bytes), true) }
        bytes.removeAll(keepingCapacity: true)
        for scalar in text._nfd where keepingDiacritics || scalar.properties.generalCategory != .nonspacingMark {
            if scalar.isASCII {
                bytes.append(lowercasedASCII(UInt8(truncatingIfNeeded: scalar.value)))
                continue
            }
            for upper in scalar.properties.uppercaseMapping.unicodeScalars {
                bytes.append(contentsOf: upper.properties.lowercaseMapping.utf8)
            }
        }
        return (FoldedText(folded: bytes), false)
    }

    /// A search query: folded like any text, leading and trailing white space removed.
    init(searchQuery: String) {
        self.init(searchQuery.trimmingWhitespace())
    }

    /// A search query given as valid UTF-8, folded as ``init(searchQuery:)`` folds its text:
    /// ASCII (where white space is ASCII's) trimmed and folded where it lies, other text through
    /// a `String`.
    init(searchQueryUTF8 text: UnsafeBufferPointer<UInt8>) {
        guard !text.contains(where: { $0 >= 0x80 }) else {
            self.init(searchQuery: String(decoding: text, as: UTF8.self))
            return
        }
        var start = 0
        var end = text.count
        while start < end, text[start].isASCIIWhitespace { start += 1 }
        while start < end, text[end - 1].isASCIIWhitespace { end -= 1 }
        self.init(folded: [UInt8](unsafeUninitializedCapacity: end - start) { folded, count in
            for index in start..<end {
                folded[index - start] = Self.lowercasedASCII(text[index])
            }
            count = end - start
        })
    }

    /// Text already folded.
    private init(folded: [UInt8]) {
        bytes = folded
    }

    var isEmpty: Bool { bytes.isEmpty }

    /// Whether `needle` occurs in `text` once folded (``text(utf8:contains:failure:)`` on its UTF-8).
    static func text(_ text: String, contains needle: FoldedText, failure: [Int]) -> Bool {
        var text = text
        return text.withUTF8 { Self.text(utf8: $0, contains: needle, failure: failure) }
    }

    /// Whether `needle` occurs in the valid UTF-8 `text` once folded, folding on the fly (no
    /// allocation) when `text` is ASCII, which names and places usually are; other text is
    /// folded whole first.
    static func text(utf8 text: UnsafeBufferPointer<UInt8>, contains needle: FoldedText, failure: [Int]) -> Bool {
        search(needle.bytes, failure: failure, in: text, foldingASCII: true)
            ?? FoldedText(String(decoding: text, as: UTF8.self)).contains(needle)
    }

    /// The Knuth–Morris–Pratt failure table of this text as a pattern; empty when every entry
    /// is 0 (no prefix of the text recurs in it, as in most words), which the search reads as
    /// zeros, so that most searches allocate no table.
    var failureTable: [Int] {
        guard bytes.count > 1, bytes.dropFirst().contains(bytes[0]) else { return [] }
        var table = [Int](repeating: 0, count: bytes.count)
        var length = 0
        var index = 1
        while index < bytes.count {
            if bytes[index] == bytes[length] {
                length += 1
                table[index] = length
                index += 1
            } else if length > 0 {
                length = table[length - 1]
            } else {
                index += 1
            }
        }
        return table
    }

    /// Knuth–Morris–Pratt over folded bytes. With `foldingASCII`, the haystack is raw text
    /// lowercased on the fly, and the answer is nil when a non-ASCII byte comes before a match
    /// (the text must then be folded whole); a match found earlier stands, as folding leaves
    /// the ASCII bytes before it as they are.
    private static func search(_ pattern: [UInt8], failure: [Int], in haystack: UnsafeBufferPointer<UInt8>, foldingASCII: Bool) -> Bool? {
        if pattern.isEmpty { return true }
        // The failure table is the pattern's own (same length, or empty: all zeros); `matched`
        // stays below the pattern's length, and a failure entry below its index, so every read
        // is in range.
        guard failure.isEmpty || failure.count == pattern.count else { return nil }
        return pattern.withUnsafeBufferPointer { pattern in
            failure.withUnsafeBufferPointer { failure -> Bool? in
                guard let base = haystack.baseAddress else { return false }
                var matched = 0
                var index = 0
                while index < haystack.count {
                    // Nothing matched yet: ASCII bytes that do not fold to the pattern's first
                    // byte can neither start a match nor make the text non-ASCII; skipped up to
                    // the first byte of the next eight that might.
                    if foldingASCII && matched == 0 && haystack.count &- index >= 8 {
                        let skip = skippable(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self), first: pattern[0])
                        index &+= skip
                        if skip == 8 { continue }
                    }
                    var byte = base[index]
                    index &+= 1
                    if foldingASCII {
                        guard byte < 0x80 else { return nil }
                        byte = lowercasedASCII(byte)
                    }
                    while matched > 0 && pattern[matched] != byte { matched = failure.isEmpty ? 0 : failure[matched - 1] }
                    if pattern[matched] == byte { matched += 1 }
                    if matched == pattern.count { return true }
                }
                return false
            }
        }
    }

    /// How many of the eight bytes of `word` (as loaded from memory) come before the first
    /// that is non-ASCII or whose ASCII lowercase is `first` (8: none is).
    @inline(__always)
    private static func skippable(_ raw: UInt64, first: UInt8) -> Int {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high = ones &* 0x80
        let word = UInt64(littleEndian: raw)
        let nonASCII = word & high
        // In the ASCII bytes (those below the first non-ASCII one are all that count), no sum
        // below carries into the next byte: a byte is upper case when adding 0x3F reaches 0x80
        // (it is at least "A") and adding 0x25 does not (at most "Z"); that bit 0x80 moved to
        // 0x20 lowercases it.
        let ascii = word & ~high
        let upper = (ascii &+ ones &* 0x3F) & ~(ascii &+ ones &* 0x25) & high
        let difference = (ascii | upper >> 2) ^ (ones &* UInt64(first))
        // The lowest zero byte of `difference` is the first byte equal to `first` (bytes above
        // a zero byte may show as zero too, which the lowest one does not depend on).
        let equal = (difference &- ones) & ~difference & high
        return (nonASCII | equal).trailingZeroBitCount >> 3
    }

    /// Whether `needle` occurs in this text (an empty needle occurs everywhere).
    ///
    /// Knuth–Morris–Pratt: linear in both lengths, so a hostile query cannot make a search
    /// quadratic.
    func contains(_ needle: FoldedText) -> Bool {
        needle.bytes.count <= bytes.count
            && bytes.withUnsafeBufferPointer { Self.search(needle.bytes, failure: needle.failureTable, in: $0, foldingASCII: false) } == true
    }

    private static func lowercasedASCII(_ byte: UInt8) -> UInt8 {
        (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
    }
}
