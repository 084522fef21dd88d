import TournamentCoreJSON

/// A ``RequestReader`` over a parsed document: reads any request, and refuses a wrong one with
/// the contract's error at its path. Texts are string nodes.
struct DocumentReader: RequestReader {
    typealias Text = Int
    typealias Failure = WireError
    typealias ObjectHints = NoObjectHints

    let document: JSONDocument
    /// The node the reader stands at.
    private(set) var node: Int
    /// Whether objects whose fields keep unknown members have them kept.
    private let keepsUnknownMembers: Bool
    /// The unknown members kept, one entry per object that has some.
    private var unknownMembers: [UnknownMembers] = []

    /// A reader at `node` of `document`, which keeps unknown members when `keepsUnknownMembers`
    /// (``RequestReader/readObject(_:_:)``).
    init(_ document: JSONDocument, at node: Int, keepsUnknownMembers: Bool = false) {
        self.document = document
        self.node = node
        self.keepsUnknownMembers = keepsUnknownMembers
    }

    @inline(always)
    mutating func takeNull() -> Bool {
        document.kind(node) == .null
    }

    /// Visits the present members in the fields' check order; a required member that is absent
    /// is refused at its place in that order. The reader then stands at the object again.
    @inline(always)
    @discardableResult
    mutating func readObject<Field: RequestFields>(_: Field.Type, _ visit: (inout Self, Field) throws(WireError) -> Void) throws(WireError) -> Range<Int> {
        try visitInCheckOrder(try ObjectFields<Field>(document, node), visit)
    }

    /// ``readObject(_:_:)``: a document reader keeps no hints; each key is looked up in the
    /// table, one probe per member.
    @inline(always)
    @discardableResult
    mutating func readObject<Field: RequestFields>(
        _ type: Field.Type, hints _: inout NoObjectHints, _ visit: (inout Self, Field) throws(WireError) -> Void
    ) throws(WireError) -> Range<Int> {
        try readObject(type, visit)
    }

    @inline(always)
    private mutating func visitInCheckOrder<Field: RequestFields>(
        _ fields: ObjectFields<Field>, _ visit: (inout Self, Field) throws(WireError) -> Void
    ) throws(WireError) -> Range<Int> {
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
        let first = unknownMembers.count
        if Field.keepsUnknownMembers && keepsUnknownMembers && fields.unknownCount > 0 {
            unknownMembers.append(fields.unknownMembers)
        }
        return first..<unknownMembers.count
    }

    func writeUnknownMembers(_ members: Range<Int>, into writer: inout JSONWriter) {
        for members in unknownMembers[members] {
            writer.write(members, from: document)
        }
    }

    /// The array's count (0 for any other value, which reading then refuses).
    var arrayMark: Int {
        document.kind(node) == .array ? document.count(node) : 0
    }

    /// The count that `mark` is: a document knows it.
    func elementCapacity(afterFirstElementOf mark: Int) -> Int {
        mark
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

    /// ``readArray(_:)``: an element that is not an object is `visit`'s `readObject` to refuse.
    @inline(always)
    mutating func readObjects(_ visit: (inout Self) throws(WireError) -> Void) throws(WireError) {
        try readArray(visit)
    }

    /// Visits the elements in order, those that `visit` refuses recorded and left out when
    /// `skipping`; the reader then stands at the array again.
    @inline(always)
    mutating func readObjects(skippingInvalid skipping: Bool, into skipped: inout [SkippedElement], _ visit: (inout Self) throws(WireError) -> Void) throws(WireError) {
        guard skipping else { return try readArray(visit) }
        let array = node
        for (index, element) in try document.array(array).enumerated() {
            node = element
            let kept = unknownMembers.count
            do throws(WireError) {
                try visit(&self)
            } catch {
                if error.isOutOfMemory { throw error }
                unknownMembers.removeSubrange(kept...)  // what the element's objects kept
                skipped.append(SkippedElement(index: index, node: element, error: error))
            }
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

    mutating func choice<Choice: RequestChoice>(_: Choice.Type) throws(WireError) -> Choice {
        if document.kind(node) == .string, let value = document.withStringBytes(node, Choice.named) { return value }
        throw unexpected(Choice.expected)
    }

    mutating func choiceOrInteger<Choice: RequestChoice>(_: Choice.Type, expected: StaticString) throws(WireError) -> ChoiceOrInteger<Choice> {
        switch document.kind(node) {
        case .string:
            if let value = document.withStringBytes(node, Choice.named) { return .choice(value) }
        case .number where document.isInteger(node):
            return .integer(document.int64(node))
        default:
            break
        }
        throw unexpected(expected)
    }

    /// The error of a value that is not one of those `expected` lists.
    @inline(never)
    private func unexpected(_ expected: StaticString) -> WireError {
        .invalid("Expected \(Self.string(expected)), found \(document.quote(node)).", at: node)
    }

    /// The refusal at the member it names (its path even when absent), else at the element.
    func refusal(_ refusal: RequestRefusal) -> WireError {
        guard let member = refusal.member else { return .invalid(refusal.message, at: node) }
        return WireError(.invalidRequest, refusal.message, location: .missingMember(object: node, key: member))
    }

    func conflict(_ message: StaticString) -> WireError {
        .invalid(Self.string(message), at: node)
    }

    private static func string(_ text: StaticString) -> String {
        String(decoding: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount), as: UTF8.self)
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

    @inline(always)
    func appendText(_ text: Int, to run: inout MemberRun) {
        run.appendToString(node: text, in: document)
    }

    @inline(always)
    func writeField<Writer: JSONStringMemberWriter & ~Copyable>(_ key: StaticString, text: Int, into writer: inout Writer) {
        if let content = document.plainStringBytes(text) {
            writer.field(key, stringContent: content)
        } else {
            document.withStringBytes(text) { writer.field(key, utf8: $0) }
        }
    }
}

/// An element of an array that a request asked to skip when invalid
/// (``RequestReader/readObjects(skippingInvalid:into:_:)``): where it was and why it was left out.
struct SkippedElement {
    /// Its place in the array.
    let index: Int
    /// Its node.
    let node: Int
    /// What is wrong with it.
    let error: WireError
}
