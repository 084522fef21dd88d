import TournamentCoreJSON

/// One method of the contract as the wire layer serves it: read the request, apply the domain
/// rules, write the result.
///
/// A conforming type lives in `Methods/<Area>/` and is named after its method in
/// schemas/methods.json (`participants.displayName`: `ParticipantsDisplayNameMethod`); its place
/// in ``MethodRegistry/methods``, its ``name`` and its `tc_*` export are generated from there.
protocol WireMethod: SendableMetatype {
    /// The method's name as given to `tc_call`, such as `"tournaments.filter"` (generated:
    /// MethodList.swift).
    static var name: StaticString { get }

    /// Writes the `result` object for the request object at `request`, or throws the error
    /// response. Throwing after writing is allowed: the envelope discards what was written.
    static func respond(to request: Int, in document: JSONDocument, into writer: inout JSONWriter) throws(WireError)

    /// Makes the key tables the method reads its request with beyond its own request's
    /// (generated: `Members.makeTables(forMethodAt:)`), such as another method's it shares a
    /// decoder with (``LazyGlobalPreparation``). None by default.
    static func makeOtherKeyTables()
}

extension WireMethod {
    static func makeOtherKeyTables() {}
}

/// A method that can also answer while it reads its request, from a ``JSONCursor``: the request
/// is then read once, not into a tape and again from the tape. The wire layer tries this first;
/// when the cursor declines (anything it does not read in full, every error included), the
/// request is read into a document and ``WireMethod/respond(to:in:into:)`` answers, with the
/// contract's errors. Both must give the same bytes for every request the cursor reads
/// (GoldenTests and CursorPathTests check it).
protocol CursorReadingWireMethod: WireMethod {
    /// Writes the `result` object and returns true, or returns false having written nothing
    /// (the cursor declined, or a rule refused the request: the document path answers then).
    ///
    /// The cursor is taken by value, to be read as a local: one whose address is never taken
    /// (its reads all inlined) keeps its position in a register, where an `inout` one is stored
    /// and loaded again around every token.
    static func respond(reading request: JSONCursor, into writer: inout JSONWriter) -> Bool
}

/// A method as the registry lists it: its name and its ``WireMethod/respond(to:in:into:)``
/// (and ``CursorReadingWireMethod/respond(reading:into:)`` if it has one).
///
/// The registry holds these values rather than `any WireMethod.Type`: existential metatypes are
/// not available in Embedded Swift, which builds the C library and the WebAssembly module from
/// these sources.
struct WireMethodEntry: Sendable {
    /// The method's name, as ``WireMethod/name``.
    let name: StaticString
    /// The method's ``WireMethod/respond(to:in:into:)``.
    let respond: @Sendable (_ request: Int, _ document: JSONDocument, _ writer: inout JSONWriter) throws(WireError) -> Void
    /// The method's ``CursorReadingWireMethod/respond(reading:into:)``, if it has one.
    let respondReading: (@Sendable (_ cursor: JSONCursor, _ writer: inout JSONWriter) -> Bool)?
    /// The method's ``WireMethod/makeOtherKeyTables()``.
    let makeOtherKeyTables: @Sendable () -> Void

    init<Method: WireMethod>(_ method: Method.Type) {
        self.init(method, respondReading: nil)
    }

    init<Method: CursorReadingWireMethod>(_ method: Method.Type) {
        self.init(method, respondReading: { (cursor: JSONCursor, writer: inout JSONWriter) -> Bool in
            Method.respond(reading: cursor, into: &writer)
        })
    }

    private init<Method: WireMethod>(_: Method.Type, respondReading: (@Sendable (_ cursor: JSONCursor, _ writer: inout JSONWriter) -> Bool)?) {
        name = Method.name
        respond = { (request: Int, document: JSONDocument, writer: inout JSONWriter) throws(WireError) in
            try Method.respond(to: request, in: document, into: &writer)
        }
        self.respondReading = respondReading
        makeOtherKeyTables = { Method.makeOtherKeyTables() }
    }
}
