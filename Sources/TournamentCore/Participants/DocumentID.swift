/// The rules of a Firestore document ID, which tournament and participant IDs must keep to
/// become a path segment of `tournaments/{tournamentId}/participants/{participantId}`.
public enum DocumentID {
    /// The longest ID, in UTF-8 bytes.
    public static let maxBytes = 1500

    /// Why `id` cannot be a document ID, or nil when it can: it must not be empty, be longer
    /// than 1,500 bytes, contain `/`, be `.` or `..`, or have the reserved form `__…__`.
    public static func problem(with id: String) -> String? {
        let bytes = id.utf8
        if bytes.isEmpty { return "A document ID cannot be empty." }
        if bytes.count > maxBytes { return "A document ID cannot be longer than \(maxBytes) bytes." }
        if bytes.contains(UInt8(ascii: "/")) { return "A document ID cannot contain '/'." }
        if id == "." || id == ".." { return "A document ID cannot be '.' or '..'." }
        if bytes.count >= 4, id.hasPrefix("__"), id.hasSuffix("__") {
            return "A document ID cannot have the reserved form __...__."
        }
        return nil
    }
}
