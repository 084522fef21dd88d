import TournamentCoreJSON

/// A ``RequestReader`` over a parsed document: reads any request, and refuses a wrong one with
/// the contract's error at its path. Texts are string nodes.
struct DocumentReader: RequestReader {
    typealias Text = Int
    typealias Failure = WireError
    typealias ObjectHints = JSONKeyTable.KeysByPosition

    let document: JSONDocument
    /// The node the reader stands at.
    private(set) var node: Int

    /// A reader at `node` of `document`.
    init(_ document: JSONDocument, at node: Int) {
        self.document = document
        self.node = node
    }

    @inline(always)
    mutating func takeNull() -> Bool {
        document.kind(node) == .null
    }

    /// Visits the present members in the fields' check order; a required member that is absent
    /// is refused at its place in that order. The reader then stands at the object again.
    @inline(always)
    mutating func readObject<Field: RequestFields>(_: Field.Type, _ visit: (inout Self, Field) throws(WireError) -> Void) throws(WireError) {
        try visitInCheckOrder(try ObjectFields<Field>(document, node), visit)
    }

    /// ``readObject(_:_:)`` with the keys sorted by the array's hints (``ArrayObjects``).
    @inline(always)
    mutating func readObject<Field: RequestFields>(_: Field.Type, hints: inout JSONKeyTable.KeysByPosition, _ visit: (inout Self, Field) throws(WireError) -> Void) throws(WireError) {
        try visitInCheckOrder(try ObjectFields<Field>(document, node, hints: &hints), visit)
    }

    @inline(always)
    private mutating func visitInCheckOrder<Field: RequestFields>(_ fields: ObjectFields<Field>, _ visit: (inout Self, Field) throws(WireError) -> Void) throws(WireError) {
        let object = node
        try Field.forEachInCheckOrder { (field: Field) throws(WireError) in
            if let value = fields.raw(field) {
                node = value
                try visit(&self, field)
            } else if Field.requiredSlots & 1 << UInt64(field.slot) != 0 {
                throw ObjectFields<Field>.missing(field, in: object)
            }
        }
        node = object
    }

    var elementCount: Int? {
        document.kind(node) == .array ? document.count(node) : nil
    }

    /// Visits the elements in order; the reader then stands at the array again.
    @inline(always)
    mutating func readArray(_ visit: (inout Self) throws(WireError) -> Void) throws(WireError) {
        let array = node
        for element in try document.array(array) {
            node = element
            try visit(&self)
        }
        node = array
    }

    @inline(always)
    mutating func text() throws(WireError) -> Int {
        try document.requireString(at: node)
        return node
    }

    @inline(always)
    mutating func nonEmptyText() throws(WireError) -> Int {
        try document.requireNonEmptyString(at: node)
        return node
    }

    /// The string here, refused at it with the message `problem` gives.
    @inline(always)
    mutating func text(refusing problem: (UnsafeBufferPointer<UInt8>) -> String?) throws(WireError) -> Int {
        if let reason = try document.withStringBytes(at: node, problem) { throw .invalid(reason, at: node) }
        return node
    }

    @inline(always)
    mutating func bool() throws(WireError) -> Bool {
        try document.bool(at: node)
    }

    @inline(always)
    mutating func int64(in range: ClosedRange<Int64>) throws(WireError) -> Int64 {
        try document.int64(at: node, in: range)
    }

    @inline(always)
    mutating func double(in range: ClosedRange<Double>) throws(WireError) -> Double {
        try document.double(at: node, in: range)
    }

    /// The error of `field` missing from the object the reader stands at.
    func missing<Field: RequestFields>(_ field: Field) -> WireError {
        ObjectFields<Field>.missing(field, in: node)
    }

    @inline(always)
    func withBytes<Result>(of text: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        document.withStringBytes(text, body)
    }

    @inline(always)
    func string(_ text: Int) -> String {
        document.string(text)
    }

    @inline(always)
    func bytesEqual(_ lhs: Int, _ rhs: Int) -> Bool {
        document.stringsEqual(lhs, rhs)
    }
}
