/// The known keys of one kind of request object, as an enum whose raw values are the keys.
///
/// ```swift
/// enum Field: String, RequestFields {
///     case id, name, isPublic = "public"
///     static let table = FieldTable<Self>()
/// }
/// ```
protocol RequestFields: RawRepresentable<String>, CaseIterable, Equatable, Sendable where AllCases == [Self] {
    /// The keys' bytes, built once per type.
    static var table: FieldTable<Self> { get }
}

/// The UTF-8 keys of a ``RequestFields`` type, in declaration order, laid out for fast matching.
/// A class, so that reading the table (on every field access) copies one reference, not four arrays.
final class FieldTable<Field: RequestFields>: Sendable {
    let fields: [Field]
    /// All keys' bytes, one after the other.
    private let bytes: [UInt8]
    /// Where each key starts in `bytes`, and its length.
    private let starts: [Int]
    private let lengths: [Int]

    init() {
        fields = Field.allCases
        var bytes: [UInt8] = []
        var starts: [Int] = []
        var lengths: [Int] = []
        for field in fields {
            starts.append(bytes.count)
            lengths.append(field.rawValue.utf8.count)
            bytes.append(contentsOf: field.rawValue.utf8)
        }
        self.bytes = bytes
        self.starts = starts
        self.lengths = lengths
    }

    /// Whether a case's one-byte representation is its position (true for every enum of plain
    /// cases; checked once, so the fast path below never guesses).
    private let tagIsOrdinal: Bool = {
        guard MemoryLayout<Field>.size == 1 else { return false }
        return Field.allCases.enumerated().allSatisfy { position, field in
            withUnsafeBytes(of: field) { Int($0[0]) } == position
        }
    }()

    /// The position of `field` among the cases.
    @inline(__always)
    func ordinal(of field: Field) -> Int {
        if tagIsOrdinal { return withUnsafeBytes(of: field) { Int($0[0]) } }
        // Every case is in `allCases`, so the search always succeeds.
        return fields.firstIndex(of: field) ?? 0
    }

    /// The position of the field named by the string node `key`, or nil for an unknown key.
    func ordinal(ofKey key: Int, in document: JSONDocument) -> Int? {
        if document.nodes[key].flags & JSONNode.escaped != 0 {
            // Rare: compare the decoded key.
            let decoded = JSONBytes.unescaped(document.slice(key))
            return decoded.withUnsafeBufferPointer { ordinal(ofBytes: $0) }
        }
        return ordinal(ofBytes: document.slice(key))
    }

    private func ordinal(ofBytes key: UnsafeBufferPointer<UInt8>) -> Int? {
        bytes.withUnsafeBufferPointer { table in
            for ordinal in 0..<lengths.count where lengths[ordinal] == key.count {
                if memoryEquals(table.baseAddress.map { $0 + starts[ordinal] }, key.baseAddress, key.count) {
                    return ordinal
                }
            }
            return nil
        }
    }
}
