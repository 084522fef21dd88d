import TournamentCoreJSON

/// One method of the contract as the wire layer serves it: read the request, apply the domain
/// rules, write the result.
///
/// A conforming type lives in `Methods/<Area>/`, is listed once in ``MethodRegistry/methods``,
/// and gets one `tc_*` export line in the ABI layer.
protocol WireMethod: SendableMetatype {
    /// The method's name as given to `tc_call`, such as `"tournaments.filter"`.
    static var name: StaticString { get }

    /// Writes the `result` object for the request object at `request`, or throws the error
    /// response. Throwing after writing is allowed: the envelope discards what was written.
    static func respond(to request: Int, in document: JSONDocument, into writer: inout JSONWriter) throws(WireError)
}
