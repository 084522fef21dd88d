import TournamentCoreJSON

/// The `code` of an error envelope.
///
/// The contract's general codes are defined here; each method adds its domain codes
/// (`SAME_SETUP`, `INVALID_GUEST_NAME`...) next to its handler.
public struct ErrorCode: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    /// Not RFC 8259 JSON, not UTF-8, NULL, top level not an object, or nested too deep.
    public static let invalidJSON = ErrorCode(rawValue: "INVALID_JSON")
    /// A known field has the wrong type or a value out of its range, or a required field is missing.
    public static let invalidRequest = ErrorCode(rawValue: "INVALID_REQUEST")
    /// No method has this name (or the name is NULL).
    public static let unknownMethod = ErrorCode(rawValue: "UNKNOWN_METHOD")
    /// The request is longer than `JSONLimits.maxRequestBytes`.
    public static let requestTooLarge = ErrorCode(rawValue: "REQUEST_TOO_LARGE")
    /// A bug in the library; never expected.
    public static let `internal` = ErrorCode(rawValue: "INTERNAL")
}
