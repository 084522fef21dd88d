/// Why a request is not JSON text (RFC 8259, UTF-8): reported as `INVALID_JSON`; or that memory
/// ran out while reading it (``isOutOfMemory``), which the envelope turns into a NULL response.
public struct JSONSyntaxError: Error, Sendable, Equatable {
    /// What is wrong, for people.
    public var message: String
    /// Offset in the request of the byte where reading stopped.
    public var offset: Int
    /// Memory for the parsed request could not be allocated: not the request's fault.
    public var isOutOfMemory = false

    /// Memory ran out. (Its message is a small string, stored inline: making it allocates
    /// nothing, as nothing may be allocated once memory has run out.)
    public static var outOfMemory: JSONSyntaxError {
        JSONSyntaxError(message: "Out of memory.", offset: 0, isOutOfMemory: true)
    }
}
