/// Why a request is not JSON text (RFC 8259, UTF-8): reported as `INVALID_JSON`.
struct JSONSyntaxError: Error, Sendable, Equatable {
    /// What is wrong, for people.
    var message: String
    /// Offset in the request of the byte where reading stopped.
    var offset: Int
}
