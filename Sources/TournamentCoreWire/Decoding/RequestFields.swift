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

/// The UTF-8 keys of a ``RequestFields`` type, in declaration order.
struct FieldTable<Field: RequestFields>: Sendable {
    let fields: [Field]
    let keys: [[UInt8]]

    init() {
        fields = Field.allCases
        keys = fields.map { Array($0.rawValue.utf8) }
    }

    /// The position of `field` among the cases.
    func ordinal(of field: Field) -> Int {
        // Every case is in `allCases`, so the search always succeeds.
        fields.firstIndex(of: field) ?? 0
    }

    /// The position of the field named by the string node `key`, or nil for an unknown key.
    func ordinal(ofKey key: Int, in document: JSONDocument) -> Int? {
        for (ordinal, name) in keys.enumerated() {
            let equal = name.withUnsafeBufferPointer { document.stringEquals(key, $0) }
            if equal { return ordinal }
        }
        return nil
    }
}
