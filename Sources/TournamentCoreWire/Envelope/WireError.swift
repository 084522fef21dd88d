import TournamentCoreJSON

/// An error response: what becomes `{"ok":false,"error":{"code","message","path"}}`.
public struct WireError: Error, Sendable, Equatable {
    /// The error code.
    public var code: ErrorCode
    /// What went wrong, for people.
    public var message: String
    /// Where in the request, when the error is about one place of it.
    var location: Location?
    /// Memory ran out: the response is NULL, not an envelope (the header's MEMORY rule,
    /// include/tournament_core.h).
    var isOutOfMemory = false

    /// Memory ran out (made without allocating: its message is a small string, stored inline).
    static var outOfMemory: WireError {
        var error = WireError(.internal, "Out of memory.")
        error.isOutOfMemory = true
        return error
    }

    /// A place in the request document.
    enum Location: Sendable, Equatable {
        /// The node at this tape index.
        case node(Int)
        /// A member missing from the object at this tape index.
        case missingMember(object: Int, key: String)
    }

    /// An error about the request as a whole, or one of the domain's refusals.
    public init(_ code: ErrorCode, _ message: String) {
        self.code = code
        self.message = message
    }

    init(_ code: ErrorCode, _ message: String, at node: Int) {
        self.init(code, message, location: .node(node))
    }

    init(_ code: ErrorCode, _ message: String, location: Location?) {
        self.code = code
        self.message = message
        self.location = location
    }

    /// `INVALID_REQUEST` about one node of the request.
    static func invalid(_ message: String, at node: Int) -> WireError {
        WireError(.invalidRequest, message, at: node)
    }

    /// The JSONPath of the error's location in `document`, if it has one.
    func path(in document: JSONDocument) -> JSONPath? {
        switch location {
        case nil:
            return nil
        case .node(let node):
            return document.path(to: node)
        case .missingMember(let object, let key):
            var path = document.path(to: object)
            path.append(key: key)
            return path
        }
    }
}
