/// The known keys of one kind of request object, as an enum whose raw values are the keys.
///
/// ```swift
/// enum Field: String, RequestFields {
///     case id, name, isPublic = "public"
///     static let table = FieldTable<Self>()
/// }
/// ```
protocol RequestFields: RawRepresentable<String>, CaseIterable, Equatable, Sendable where AllCases == [Self] {
    /// The vector whose lanes keep the value nodes of an object's fields (``FieldSlots``): at
    /// least one lane per field (a test checks every field set), eight unless a type says
    /// otherwise — fewer lanes, less work per member.
    associatedtype Slots: FieldLanes = SIMD8<Int32>
    /// The keys' bytes, built once per type.
    static var table: FieldTable<Self> { get }
    /// Whether objects of these fields keep their other members to write them back
    /// (``ObjectFields/unknownMembers``); false unless a type says so.
    static var keepsUnknownMembers: Bool { get }
}

extension RequestFields {
    static var keepsUnknownMembers: Bool { false }

    /// The field's slot in ``FieldSlots``: its enum tag, read without touching the table.
    ///
    /// An enum without payloads stores its case as a tag of at most one byte (none when it has a
    /// single case), numbered in declaration order; that is what every `RequestFields` type is.
    /// Any other conforming type falls back to its position in `allCases`.
    @inline(__always)
    var slot: Int {
        switch MemoryLayout<Self>.size {
        case 0: return 0
        case 1: return withUnsafeBytes(of: self) { Int($0[0]) }
        default: return Self.allCases.firstIndex(of: self) ?? 0
        }
    }
}

/// A word that no ``FieldTable/shortWord(ofKey:in:)`` is: a zero first byte under a non-zero
/// one, which no key's word has (a key has no zero byte) and no word read for an empty key
/// either (0, or a quote first).
var noShortKeyWord: UInt64 { 0x0100 }

/// The UTF-8 keys of a ``RequestFields`` type, laid out for matching a request key in one probe.
///
/// A perfect hash is searched for once, when the table is built: a multiplier such that
/// every key lands in its own bucket of a small power-of-two table. Looking a key up is then
/// one hash of its bytes, one bucket, and one comparison with the key stored there. Should no
/// multiplier separate the keys (none of the contract's key sets needs that), lookup falls back
/// to comparing with every key, which is correct, only slower.
///
/// A class, so that reading the table copies one reference, not its arrays. The keys' bytes and
/// the buckets are memory the table owns and never changes after `init` (hence
/// `@unchecked Sendable`): a probe is plain pointer arithmetic, which inlines where an object's
/// members are sorted.
final class FieldTable<Field: RequestFields>: @unchecked Sendable {
    /// All keys' bytes, one after the other.
    private let keyBytes: UnsafeMutablePointer<UInt8>
    /// Where each key (in `fields` order) starts in `keyBytes`, its length, and its field's slot.
    private let starts: [Int]
    private let lengths: [Int]
    private let slots: [Int]
    /// The number of slots a ``FieldSlots`` needs: one past the largest slot.
    let slotCount: Int
    /// The key in each bucket of the perfect hash (2^(64 − shift) of them); when none was found,
    /// two buckets that match nothing. The keys' bytes they point at are in `keyBytes`.
    private let buckets: UnsafeMutablePointer<Bucket>
    /// Whether a perfect hash was found: lookups take one probe (otherwise they scan).
    let isPerfect: Bool
    private let multiplier: UInt64
    /// 64 − log2(bucket count), below 64 (at least two buckets): shifts use `&>>`, without the
    /// check for shifting by 64 or more.
    private let shift: UInt64

    /// Builds the table; `searchingPerfectHash: false` (for tests) keeps the fallback lookup.
    init(searchingPerfectHash: Bool = true) {
        let fields = Field.allCases
        var bytes: [UInt8] = []
        var starts: [Int] = []
        var lengths: [Int] = []
        for field in fields {
            starts.append(bytes.count)
            lengths.append(field.rawValue.utf8.count)
            bytes.append(contentsOf: field.rawValue.utf8)
        }
        let keyBytes = UnsafeMutablePointer<UInt8>.allocate(capacity: max(bytes.count, 1))
        keyBytes.initialize(from: bytes, count: bytes.count)
        self.keyBytes = keyBytes
        self.starts = starts
        self.lengths = lengths
        let slots = fields.map(\.slot)
        self.slots = slots
        slotCount = (slots.max() ?? -1) + 1
        let keys = fields.map { Array($0.rawValue.utf8) }
        // A key read from a request (unescaped: never a quote, a backslash or a control byte)
        // is matched by its word alone, which needs every field's key to be such a key too.
        let plainKeys = keys.allSatisfy { key in !key.isEmpty && !key.contains { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C } }
        if searchingPerfectHash, plainKeys, let found = Self.perfectHash(keys) {
            let buckets = UnsafeMutablePointer<Bucket>.allocate(capacity: found.buckets.count)
            for (index, position) in found.buckets.enumerated() {
                let key = Int(position)
                (buckets + index).initialize(to: position < 0
                    ? Bucket(key: keyBytes, shortWord: noShortKeyWord, length: -1, slot: 0)
                    : Bucket(
                        key: keyBytes + starts[key],
                        shortWord: lengths[key] <= 8
                            ? Self.word(UnsafeBufferPointer(start: keyBytes + starts[key], count: lengths[key]))
                            : noShortKeyWord,
                        length: Int32(lengths[key]), slot: Int32(slots[key])))
            }
            self.buckets = buckets
            isPerfect = true
            multiplier = found.multiplier
            shift = found.shift
        } else {
            buckets = UnsafeMutablePointer<Bucket>.allocate(capacity: 2)
            buckets.initialize(repeating: Bucket(key: keyBytes, shortWord: noShortKeyWord, length: -1, slot: 0), count: 2)
            isPerfect = false
            multiplier = 0
            shift = 63
        }
    }

    deinit {
        buckets.deallocate()
        keyBytes.deallocate()
    }

    /// The slot of the field named by the string node `key`, or nil for an unknown key.
    ///
    /// A key of up to eight bytes (most keys) is read as one word, which is its hash's input and
    /// is compared with the word its bucket keeps: no byte-by-byte comparison, not even of the
    /// length — the word of a key read from a request has no zero byte below its length, so it
    /// tells the lengths apart too.
    @inline(__always)
    func slot(ofKey key: Int, in document: JSONDocument) -> Int? {
        guard let word = Self.shortWord(ofKey: key, in: document) else { return slot(ofLongOrEscapedKey: key, in: document) }
        return slot(ofShortWord: word, key: key, in: document)
    }

    /// The word of the string node `key` when it is plain (no escapes) and at most eight bytes
    /// long: its bytes, little-endian, zeros above them. Nil for other keys.
    ///
    /// The word tells keys apart by itself, their lengths included: a plain key has no zero
    /// byte. (An empty key keeps all eight bytes from its closing quote on, which no other key's
    /// word starts with.)
    @inline(__always)
    static func shortWord(ofKey key: Int, in document: JSONDocument) -> UInt64? {
        let node = document.nodes[key]
        let length = Int(node.value)
        guard _fastPath(node.flags & JSONNode.escaped == 0 && length <= 8) else { return nil }
        let offset = Int(node.offset)
        let start = document.text + offset
        if _fastPath(document.textCount &- offset >= 8) {
            // The eight bytes from the key's start, the ones past its end masked off.
            let loaded = UInt64(littleEndian: UnsafeRawPointer(start).loadUnaligned(as: UInt64.self))
            return loaded & (UInt64.max &>> UInt64(truncatingIfNeeded: (8 &- length) &* 8))
        }
        // Near the end of the text (a key shorter than eight bytes then): no byte past it read.
        return length == 0 ? 0 : JSONBytes.partialWord(start, count: length)
    }

    /// The slot of the field of the key node `key`, whose ``shortWord(ofKey:in:)`` is `word`.
    @inline(__always)
    func slot(ofShortWord word: UInt64, key: Int, in document: JSONDocument) -> Int? {
        let length = Int(document.nodes[key].value)
        let bucket = buckets[Int(truncatingIfNeeded: Self.hash(word: word, length: length, multiplier) &>> shift)]
        if _fastPath(bucket.shortWord == word) { return Int(bucket.slot) }
        return isPerfect ? nil : scanningSlot(ofBytes: document.slice(key))
    }

    /// The slot of a key longer than eight bytes, or written with escapes (compared decoded).
    @inline(__always)
    private func slot(ofLongOrEscapedKey key: Int, in document: JSONDocument) -> Int? {
        if _slowPath(document.nodes[key].flags & JSONNode.escaped != 0) { return slot(ofEscapedKey: key, in: document) }
        return slot(ofBytes: document.slice(key))
    }

    /// Rare: a key written with escapes is compared decoded.
    @inline(never)
    private func slot(ofEscapedKey key: Int, in document: JSONDocument) -> Int? {
        JSONBytes.unescaped(document.slice(key)).withUnsafeBufferPointer { slot(ofBytes: $0) }
    }

    /// The slot of the field whose key is `key`, or nil. The probe is inlined into the loop
    /// that sorts an object's members; the fallback scan is not.
    @inline(__always)
    func slot(ofBytes key: UnsafeBufferPointer<UInt8>) -> Int? {
        guard isPerfect else { return scanningSlot(ofBytes: key) }
        let bucket = buckets[Int(truncatingIfNeeded: Self.hash(key, multiplier) &>> shift)]
        guard bucket.length == key.count, memoryEquals(bucket.key, key.baseAddress, key.count) else { return nil }
        return Int(bucket.slot)
    }

    /// The slot of the field whose key is `key`, comparing with every key.
    @inline(never)
    private func scanningSlot(ofBytes key: UnsafeBufferPointer<UInt8>) -> Int? {
        for position in 0..<lengths.count where lengths[position] == key.count {
            if memoryEquals(keyBytes + starts[position], key.baseAddress, key.count) {
                return slots[position]
            }
        }
        return nil
    }

    /// A bucket of the perfect hash: its key's bytes (length -1: no key), the key as a
    /// little-endian word when it has at most eight bytes (zeros above them; otherwise
    /// ``noShortKeyWord``), and the key's field's slot.
    private struct Bucket {
        var key: UnsafePointer<UInt8>
        var shortWord: UInt64
        var length: Int32
        var slot: Int32
    }

    /// A hash of the key's bytes whose top bits are the bucket: the key folded into one word
    /// (``word(_:)``) with its length, times the table's multiplier. One multiplication: the
    /// bucket is on the critical path of every member of every object. Keys that fold to the
    /// same word cannot be separated; the table then falls back to comparing (correct, only
    /// slower; the contract's key sets all fold apart, which a test checks).
    @inline(__always)
    static func hash(_ key: UnsafeBufferPointer<UInt8>, _ multiplier: UInt64) -> UInt64 {
        hash(word: word(key), length: key.count, multiplier)
    }

    @inline(__always)
    static func hash(word: UInt64, length: Int, _ multiplier: UInt64) -> UInt64 {
        (word ^ UInt64(truncatingIfNeeded: length) << 59) &* multiplier
    }

    /// A key folded into one word: up to eight bytes, the bytes themselves (little-endian,
    /// zeros above them: the key itself); longer, its first and last word, overlapping when it
    /// is shorter than two words, rotated words in between.
    @inline(__always)
    static func word(_ key: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let count = key.count
        guard let base = key.baseAddress, count > 0 else { return 0 }
        let raw = UnsafeRawPointer(base)
        if count < 8 { return JSONBytes.partialWord(base, count: count) }
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
    static func perfectHash(_ keys: [[UInt8]]) -> (buckets: [Int16], multiplier: UInt64, shift: UInt64)? {
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
