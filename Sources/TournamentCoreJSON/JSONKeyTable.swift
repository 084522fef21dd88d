/// A fixed set of member keys, laid out for matching a document's key in one probe: what a
/// decoder asks of every member of every object it reads ("which of my fields is this?").
///
/// A perfect hash is searched for once, when the table is built: a multiplier such that every
/// key lands in its own bucket of a small power-of-two table. Looking a key up is then one hash
/// of its bytes, one bucket, and one comparison with the key stored there. A key of up to eight
/// bytes (most keys) is read as one word, which is both the hash's input and what is compared:
/// a plain key (no escapes) has no zero byte, so its word tells its length too. Should no
/// multiplier separate the keys, or should a key be empty or need escaping, lookups compare with
/// every key instead: correct, only slower.
///
/// A class, so that handing the table around copies one reference. Its memory is written in
/// `init` only, hence `@unchecked Sendable`.
public final class JSONKeyTable: @unchecked Sendable {
    /// All keys' bytes, one after the other.
    @usableFromInline let keyBytes: UnsafeMutablePointer<UInt8>
    /// Where each key starts in `keyBytes`, and its length.
    @usableFromInline let starts: [Int]
    @usableFromInline let lengths: [Int]
    /// The key in each bucket of the perfect hash (2^(64 − shift) of them); when none was found,
    /// two buckets that match nothing.
    @usableFromInline let buckets: UnsafeMutablePointer<Bucket>
    /// Whether a perfect hash was found: lookups take one probe (otherwise they scan).
    public let isPerfect: Bool
    /// How an object that writes the table's keys in the table's order, without white space,
    /// begins its members: `"key":` at position 0, `,"key":` at position k, as the hints of a
    /// set (``JSONCursor/MemberPrefixes``; none where a key is not plain ASCII, which the cursor
    /// declines, or the text is longer than a hint holds; no skipped value).
    /// ``JSONCursor/nextMember(in:at:)`` tries them first, for objects that have no hints of
    /// their own (read once per request), and an array's hints start as a copy of them
    /// (``JSONCursor/MemberPrefixes/init(expecting:)``), as cheap as zeroing them: written in the
    /// order the table lists the keys, those members are read as an array's later objects' are.
    @usableFromInline let expectedMembers: UnsafeMutablePointer<JSONCursor.MemberPrefixes>
    /// The hints of ``expectedMembers``, read in place by address: threads share the table, and
    /// a `mutating` read would be an exclusive access to them.
    @usableFromInline let expectedHints: UnsafePointer<JSONCursor.MemberPrefixes.Hint>
    @usableFromInline let multiplier: UInt64
    /// 64 − log2(bucket count), below 64 (at least two buckets): shifts use `&>>`.
    @usableFromInline let shift: UInt64

    /// The number of keys.
    @inlinable public var count: Int { lengths.count }

    /// A table of `keys`; a key's index is its position there.
    public convenience init(keys: [String]) {
        self.init(keys: keys, searchingPerfectHash: true)
    }

    /// `searchingPerfectHash: false` (for tests) keeps the scanning lookup.
    init(keys: [String], searchingPerfectHash: Bool) {
        let keys = keys.map { Array($0.utf8) }
        var bytes: [UInt8] = []
        var starts: [Int] = []
        for key in keys {
            starts.append(bytes.count)
            bytes.append(contentsOf: key)
        }
        let lengths = keys.map { $0.count }
        let keyBytes = UnsafeMutablePointer<UInt8>.allocate(capacity: max(bytes.count, 1))
        bytes.withUnsafeBytes { if let source = $0.baseAddress { UnsafeMutableRawPointer(keyBytes).copyMemory(from: source, byteCount: $0.count) } }
        self.keyBytes = keyBytes
        self.starts = starts
        self.lengths = lengths
        // A key read from a document (unescaped: never a quote, a backslash or a control byte)
        // is matched by its word alone, which needs every key of the table to be such a key too.
        let escaped = keys.map { $0.withUnsafeBufferPointer(ByteScanning.needsEscaping) }
        let plainKeys = zip(keys, escaped).allSatisfy { key, escaped in !key.isEmpty && !escaped }
        // An expected text only for a key the cursor reads as plain text (ASCII, nothing to
        // escape): it declines any other, and a hint must not accept what it declines.
        let expectable = zip(keys, escaped).map { key, escaped in !escaped && key.allSatisfy { $0 < 0x80 } }
        var expected = JSONCursor.MemberPrefixes()
        for (position, key) in keys.prefix(JSONCursor.MemberPrefixes.count).enumerated() where expectable[position] {
            expected.setHint(Self.expectedMember(key, at: position), at: position)
        }
        let hintsOffset = withUnsafeMutablePointer(to: &expected) { set in
            withUnsafeMutablePointer(to: &set.pointee.hints) { UnsafeRawPointer($0) - UnsafeRawPointer(set) }
        }
        expectedMembers = UnsafeMutablePointer.allocate(capacity: 1)
        expectedMembers.initialize(to: expected)
        expectedHints = UnsafeRawPointer(expectedMembers).advanced(by: hintsOffset).assumingMemoryBound(to: JSONCursor.MemberPrefixes.Hint.self)
        if searchingPerfectHash, plainKeys, let found = Self.perfectHash(keys) {
            let buckets = UnsafeMutablePointer<Bucket>.allocate(capacity: found.buckets.count)
            for (index, position) in found.buckets.enumerated() {
                let key = Int(position)
                (buckets + index).initialize(to: position < 0
                    ? Bucket.empty(keyBytes)
                    : Bucket(
                        key: keyBytes + starts[key],
                        shortWord: lengths[key] <= 8
                            ? Self.word(UnsafeBufferPointer(start: keyBytes + starts[key], count: lengths[key]))
                            : JSONDocument.noShortKeyWord,
                        length: Int32(lengths[key]), index: Int32(key)))
            }
            self.buckets = buckets
            isPerfect = true
            multiplier = found.multiplier
            shift = found.shift
        } else {
            buckets = UnsafeMutablePointer<Bucket>.allocate(capacity: 2)
            buckets.initialize(repeating: Bucket.empty(keyBytes), count: 2)
            isPerfect = false
            multiplier = 0
            shift = 63
        }
    }

    deinit {
        buckets.deallocate()
        keyBytes.deallocate()
        expectedMembers.deallocate()
    }

    /// The hint of the key at `position` written in order without white space (see
    /// ``expectedMembers``), for a plain ASCII key; no hint for a text too long.
    private static func expectedMember(_ key: [UInt8], at position: Int) -> JSONCursor.MemberPrefixes.Hint {
        let text = Array((position == 0 ? "\"" : ",\"").utf8) + key + Array("\":".utf8)
        let window = JSONCursor.MemberPrefixes.window
        guard text.count <= window else { return .init() }
        return (text + [UInt8](repeating: 0, count: window - text.count)).withUnsafeBufferPointer { run in
            guard let start = run.baseAddress else { return .init() }
            return .init(run: start, length: text.count, keyOffset: text.count - key.count - 2, keyLength: key.count, index: position)
        }
    }

    /// The hint of an object written in the table's order at `position` (``expectedMembers``;
    /// one of length 0 past the table's keys), nil past the hinted positions.
    @inline(__always)
    @inlinable func expectedMember(at position: Int) -> JSONCursor.MemberPrefixes.Hint? {
        position < JSONCursor.MemberPrefixes.count ? expectedHints[position] : nil
    }

    /// The index of the key node `key` of `document` in the table, or nil for another key.
    @inline(always)
    @inlinable public func index(ofKey key: Int, in document: JSONDocument) -> Int? {
        guard let word = document.shortKeyWord(key) else { return index(ofLongOrEscapedKey: key, in: document) }
        return index(ofShortWord: word, length: document.stringByteCount(key))
    }

    /// The index of the key whose ``JSONDocument/shortKeyWord(_:)`` is `word` and whose length
    /// is `length`, or nil.
    @inline(__always)
    @inlinable public func index(ofShortWord word: UInt64, length: Int) -> Int? {
        let bucket = buckets[Int(truncatingIfNeeded: Self.hash(word: word, length: length, multiplier) &>> shift)]
        if _fastPath(bucket.shortWord == word) { return Int(bucket.index) }
        return isPerfect ? nil : scanningIndex(ofShortWord: word, length: length)
    }

    /// A key longer than eight bytes, or written with escapes (compared decoded).
    @inline(__always)
    @inlinable func index(ofLongOrEscapedKey key: Int, in document: JSONDocument) -> Int? {
        if _slowPath(document.isEscaped(key)) { return index(ofEscapedKey: key, in: document) }
        return index(of: document.stringSlice(key))
    }

    @usableFromInline @inline(never)
    func index(ofEscapedKey key: Int, in document: JSONDocument) -> Int? {
        StringEscapes.unescaped(document.stringSlice(key)).withUnsafeBufferPointer { index(of: $0) }
    }

    /// The index of the key whose UTF-8 bytes are `key`, or nil.
    @inline(__always)
    @inlinable public func index(of key: UnsafeBufferPointer<UInt8>) -> Int? {
        guard isPerfect else { return scanningIndex(of: key) }
        let bucket = buckets[Int(truncatingIfNeeded: Self.hash(key, multiplier) &>> shift)]
        guard bucket.length == key.count, memoryEquals(bucket.key, key.baseAddress, key.count) else { return nil }
        return Int(bucket.index)
    }

    /// The index of the key whose short word is `word` (its bytes), comparing with every key.
    @usableFromInline @inline(never)
    func scanningIndex(ofShortWord word: UInt64, length: Int) -> Int? {
        withUnsafeBytes(of: word.littleEndian) { bytes in
            scanningIndex(of: UnsafeBufferPointer(rebasing: bytes.bindMemory(to: UInt8.self).prefix(length)))
        }
    }

    /// The index of the key `key`, comparing with every key.
    @usableFromInline @inline(never)
    func scanningIndex(of key: UnsafeBufferPointer<UInt8>) -> Int? {
        for position in 0..<lengths.count where lengths[position] == key.count {
            if memoryEquals(keyBytes + starts[position], key.baseAddress, key.count) {
                return position
            }
        }
        return nil
    }

    /// A bucket of the perfect hash: its key's bytes (length -1: no key), the key as a
    /// little-endian word when it has at most eight bytes (zeros above them; otherwise
    /// ``JSONDocument/noShortKeyWord``), and the key's index.
    @usableFromInline struct Bucket {
        @usableFromInline var key: UnsafePointer<UInt8>
        @usableFromInline var shortWord: UInt64
        @usableFromInline var length: Int32
        @usableFromInline var index: Int32

        static func empty(_ bytes: UnsafePointer<UInt8>) -> Bucket {
            Bucket(key: bytes, shortWord: JSONDocument.noShortKeyWord, length: -1, index: 0)
        }
    }

    /// A hash of the key's bytes whose top bits are the bucket: the key folded into one word
    /// (``word(_:)``) with its length, times the table's multiplier. One multiplication: the
    /// bucket is on the critical path of every member of every object. Keys that fold to the
    /// same word cannot be separated; the table then scans.
    @inline(__always)
    @inlinable static func hash(_ key: UnsafeBufferPointer<UInt8>, _ multiplier: UInt64) -> UInt64 {
        hash(word: word(key), length: key.count, multiplier)
    }

    @inline(__always)
    @inlinable static func hash(word: UInt64, length: Int, _ multiplier: UInt64) -> UInt64 {
        (word ^ UInt64(truncatingIfNeeded: length) << 59) &* multiplier
    }

    /// A key folded into one word: up to eight bytes, the bytes themselves (little-endian,
    /// zeros above them: the key itself); longer, its first and last word, overlapping when it
    /// is shorter than two words, rotated words in between.
    @inline(__always)
    @inlinable static func word(_ key: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let count = key.count
        guard let base = key.baseAddress, count > 0 else { return 0 }
        let raw = UnsafeRawPointer(base)
        if count < 8 { return ByteScanning.partialWord(base, count: count) }
        var word = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
        if count == 8 { return word }
        var offset = 8
        while count - offset > 8 {
            word = (word << 23 | word >> 41) ^ UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset += 8
        }
        return (word << 23 | word >> 41) ^ UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
    }

    /// A table of 2^k buckets (2^k ≥ 2 × keys, up to 16 ×) and an odd multiplier that give
    /// every key its own bucket; nil if none of the candidates does. Deterministic: the same keys
    /// always get the same table.
    @inlinable static func perfectHash(_ keys: [[UInt8]]) -> (buckets: [Int16], multiplier: UInt64, shift: UInt64)? {
        guard !keys.isEmpty, keys.count < Int(Int16.max) / 16 else { return nil }
        var bits = 1
        while 1 << bits < keys.count * 2 { bits += 1 }
        var candidate: UInt64 = 0x2545_F491_4F6C_DD1D
        for extraBits in 0..<4 {
            let size = 1 << (bits + extraBits)
            let shift = UInt64(64 - bits - extraBits)
            for _ in 0..<512 {
                // The next candidate of a 64-bit LCG (Knuth's MMIX constants), made odd.
                candidate = candidate &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let multiplier = candidate | 1
                var buckets = [Int16](repeating: -1, count: size)
                var separated = true
                for (position, key) in keys.enumerated() {
                    let bucket = key.withUnsafeBufferPointer { Int(truncatingIfNeeded: hash($0, multiplier) >> shift) }
                    if buckets[bucket] >= 0 {
                        separated = false
                        break
                    }
                    buckets[bucket] = Int16(position)
                }
                if separated { return (buckets, multiplier, shift) }
            }
        }
        return nil
    }
}
