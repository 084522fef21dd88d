import TournamentCoreJSON

/// What a generated request decoder (`Requests`, RequestValues.swift) reads a request with: a
/// ``DocumentReader`` over a parsed ``JSONDocument`` (every request; its failures are the
/// contract's errors) or a ``CursorReader`` over the request's text as it is read (the fast
/// path; its one failure is ``Declined``, after which the document reader answers).
///
/// A reader stands at one value at a time. ``readObject(_:_:)`` visits an object's known
/// members with the reader at each one's value, ``readArray(_:)`` each element (``readObjects(_:)``
/// each object of an array of objects); the scalar reads
/// read the value the reader stands at. The order a decoder sees members in is the reader's:
/// the document reader visits them in the object's declared check order
/// (``RequestFields/forEachInCheckOrder(_:)``), so the first error the contract reports is the
/// first in that order; the cursor reader visits them as they come, which is fine for a reader
/// that only accepts requests without errors.
///
/// Null is absence for an optional member: a decoder calls ``takeNull()`` first and reads the
/// value only when it is not `null`.
protocol RequestReader {
    /// A string as the reader holds it: the document's node, or the bytes under the cursor.
    associatedtype Text
    /// What a failed read throws.
    associatedtype Failure: Error
    /// What the reader learns from the objects of one array, all of one field set, to read the
    /// next one faster: they mostly repeat their keys in the same order.
    associatedtype ObjectHints: ArrayObjectHints

    /// Whether the value here is `null` (then read).
    mutating func takeNull() throws(Failure) -> Bool

    /// Reads the object here, calling `visit` with the reader at each known member's value (the
    /// last of repeated keys; unknown members are not visited). Fails when the value is not an
    /// object, or lacks a member of ``RequestFields/requiredSlots``.
    ///
    /// Returns where the reader keeps the object's unknown members, for
    /// ``writeUnknownMembers(_:into:)``: kept only when the fields keep them
    /// (``RequestFields/keepsUnknownMembers``) and the reader was made to keep them; empty
    /// otherwise.
    @discardableResult
    mutating func readObject<Field: RequestFields>(_ type: Field.Type, _ visit: (inout Self, Field) throws(Failure) -> Void) throws(Failure) -> Range<Int>

    /// ``readObject(_:_:)`` for an object of an array read with ``readObjects(_:)``, all of
    /// whose objects are read with `hints`.
    @discardableResult
    mutating func readObject<Field: RequestFields>(_ type: Field.Type, hints: inout ObjectHints, _ visit: (inout Self, Field) throws(Failure) -> Void) throws(Failure) -> Range<Int>

    /// Writes the unknown members kept at `members` (what ``readObject(_:_:)`` returned) as the
    /// request had them, after the known ones: repeated keys merged (first place, last value).
    func writeUnknownMembers(_ members: Range<Int>, into writer: inout JSONWriter)

    /// A mark of the array here, taken before reading it, for
    /// ``elementCapacity(afterFirstElementOf:)``.
    var arrayMark: Int { get }

    /// How many elements to make room for, once the first element of the array marked `mark`
    /// (``arrayMark``) has been read: a generated decoder reserves that many then, so its
    /// storage is allocated a bounded number of times whatever the array's length. A document
    /// knows the array's count. A cursor cannot count an array before reading it, and
    /// estimates: one, plus the bytes left in the request over the bytes the first element
    /// took (with the bracket and white space before it), plus a quarter of that. For an array
    /// nested in another's elements (a round's arrows) that is about the elements of its kind
    /// left in the whole request, which is what an accumulator keeping all of them needs. An
    /// estimate too large, for an array that something else follows, costs memory and nothing
    /// else: at most 1.25 times the rest of the request's bytes over the first element's, times
    /// the element's size. One too small costs the array's usual doublings from there, as many
    /// for a long request as for a short one of elements alike.
    func elementCapacity(afterFirstElementOf mark: Int) -> Int

    /// Reads the array here, calling `visit` with the reader at each element in order. Fails
    /// when the value is not an array.
    mutating func readArray(_ visit: (inout Self) throws(Failure) -> Void) throws(Failure)

    /// ``readArray(_:)`` for an array of objects: `visit` reads each element with
    /// ``readObject(_:hints:_:)`` before anything else (a cursor reader enters the next object
    /// with the comma before it, `,{`, in one comparison).
    mutating func readObjects(_ visit: (inout Self) throws(Failure) -> Void) throws(Failure)

    /// ``readObjects(_:)``, where, when `skipping`, an element that `visit` refuses (for anything
    /// but memory) is recorded in `skipped` and left out, and reading goes on. Only a document
    /// reader skips: a cursor reader declines whatever is refused, as always.
    mutating func readObjects(skippingInvalid skipping: Bool, into skipped: inout [SkippedElement], _ visit: (inout Self) throws(Failure) -> Void) throws(Failure)

    /// The string here.
    mutating func text() throws(Failure) -> Text

    /// The string here, which must not be empty.
    mutating func nonEmptyText() throws(Failure) -> Text

    /// The string here, which `problem` (a check of its bytes that a schema's `pattern` or
    /// `maxLength` states) finds nothing wrong with: it names the problem otherwise.
    mutating func text(refusing problem: (UnsafeBufferPointer<UInt8>) -> String?) throws(Failure) -> Text

    /// The value of a string enumeration here (`enum` in its schema).
    mutating func choice<Choice: RequestChoice>(_ type: Choice.Type) throws(Failure) -> Choice

    /// The value of a string enumeration or the integer here (`anyOf` of the two in its schema);
    /// `expected` lists both for the error.
    mutating func choiceOrInteger<Choice: RequestChoice>(_ type: Choice.Type, expected: StaticString) throws(Failure) -> ChoiceOrInteger<Choice>

    /// The `true` or `false` here.
    mutating func bool() throws(Failure) -> Bool

    /// The integer here, within `range`.
    mutating func int64(in range: ClosedRange<Int64>) throws(Failure) -> Int64

    /// The number here, within `range`.
    mutating func double(in range: ClosedRange<Double>) throws(Failure) -> Double

    /// The failure of a required member that is absent (a decoder's answer to a value the reader
    /// already refused, for the value's type: ``readObject(_:_:)`` checks required members).
    func missing<Field: RequestFields>(_ field: Field) -> Failure

    /// The failure of the member the reader stands at, given with another that it excludes
    /// (`x-exclusive` in its object's schema): `message` says which two.
    func conflict(_ message: StaticString) -> Failure

    /// The failure of the element the reader stands at, which an accumulator refused.
    func refusal(_ refusal: RequestRefusal) -> Failure

    /// The UTF-8 bytes of `text`, lent to `body`.
    func withBytes<Result>(of text: Text, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result

    /// Whether two texts have the same bytes.
    func bytesEqual(_ lhs: Text, _ rhs: Text) -> Bool

    /// The text as a `String`.
    func string(_ text: Text) -> String

    /// Appends `text` to `run` as the inside of a JSON string: as the request writes it when it
    /// has no escape (copied), else decoded and escaped (``MemberRun/appendToString(node:in:)``).
    func appendText(_ text: Text, to run: inout MemberRun)

    /// Writes `"key":"text"` through the writer or a run of members: as the request writes the
    /// text when it has no escape (copied), else decoded and escaped.
    func writeField<Writer: JSONStringMemberWriter & ~Copyable>(_ key: StaticString, text: Text, into writer: inout Writer)
}

/// What a streamed array (`x-stream` in its schema) is read into: each element is added as it is
/// read, instead of an array of them being built. The caller of the decoder makes it and passes
/// it in; the rules' own tallies conform (through the wire layer, which knows the element's
/// generated type).
protocol RequestAccumulator<Element> {
    /// The element type, a generated request struct (`Requests`) or a value.
    associatedtype Element

    /// Adds the next element; a refusal (a rule across the element's members) is the request's
    /// error at the element.
    mutating func add(_ element: Element) throws(RequestRefusal)

    /// Makes room for `count` elements, an array's
    /// ``RequestReader/elementCapacity(afterFirstElementOf:)``: called once per array, after
    /// its first element is read and before it is added. An accumulator that keeps nothing per
    /// element ignores it (the default); one fed by an array nested in another's elements is
    /// called once per enclosing element, and should reserve only the first time.
    mutating func reserveCapacity(_ count: Int)
}

extension RequestAccumulator {
    @inline(__always)
    mutating func reserveCapacity(_: Int) {}
}

extension RequestReader {
    /// Adds `element`, read at the reader's place, to `accumulator`; what it refuses is the
    /// reader's failure there (``refusal(_:)``).
    @inline(__always)
    func add<Accumulator: RequestAccumulator>(_ element: Accumulator.Element, to accumulator: inout Accumulator) throws(Failure) {
        do throws(RequestRefusal) {
            try accumulator.add(element)
        } catch {
            throw refusal(error)
        }
    }
}

/// What an accumulator refuses an element for: a rule of the domain that the schema does not
/// state (an X that is not a 10), at one of the element's members or at the element.
struct RequestRefusal: Error {
    /// What is wrong, as the error's message.
    let message: String
    /// The member of the element it is about (its key); nil for the element itself.
    let member: String?
}

/// What a reader keeps from the objects of one array (``RequestReader/ObjectHints``), as the
/// array starts: what an object of `table`'s fields written in the table's order would teach
/// (the cursor's ``JSONCursor/MemberPrefixes/init(expecting:)``; a document keeps nothing,
/// ``NoObjectHints``).
protocol ArrayObjectHints {
    init(expecting table: JSONKeyTable)
}

extension JSONCursor.MemberPrefixes: ArrayObjectHints {}

/// The hints of a reader that keeps none (``DocumentReader``).
struct NoObjectHints: ArrayObjectHints {
    init(expecting _: JSONKeyTable) {}
}

/// A string enumeration of a request (`enum` in its schema), generated (`Requests`).
protocol RequestChoice {
    /// The value spelled `name` (the string's bytes, unescaped); nil for any other.
    static func named(_ name: UnsafeBufferPointer<UInt8>) -> Self?

    /// The values as an error lists them (`"a" or "b"`; past four, `one of "a", "b", ...`).
    static var expected: StaticString { get }
}

/// The value of a member that is a string enumeration's or an integer (`anyOf` of the two in
/// its schema).
enum ChoiceOrInteger<Choice: RequestChoice> {
    case choice(Choice)
    /// An integer, however written (`8`, `8.0`, `80e-1`); nil when beyond `Int64`.
    case integer(Int64?)
}
