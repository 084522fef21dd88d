/// The limits every request is held to (reported by `library.info`).
public enum JSONLimits {
    /// Largest accepted request, in bytes: 64 MiB. Larger requests are `REQUEST_TOO_LARGE`.
    public static let maxRequestBytes = 64 * 1024 * 1024
    /// Deepest accepted nesting of arrays and objects. Deeper requests are `INVALID_JSON`.
    public static let maxDepth = 64
}
