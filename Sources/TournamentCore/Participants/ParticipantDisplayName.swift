/// The privacy-preserving display name of a participant.
///
/// Only the current user's own name is ever shown: nobody else's name or email leaves the
/// core. The current user (whose `uid` is the participant ID) is shown, in this order of
/// preference, as their display name if it is not blank, or the part of their email before the
/// first `@` if that is not blank (an email without `@` is used whole); everybody else, and the
/// current user when neither is usable, is `Archer N` with N = index + 1.
public enum ParticipantDisplayName {
    /// The display name of the participant at `index` (zero-based) of a list. The participant
    /// is the current user when its ID is the `uid`'s bytes (``DocumentID/matches(_:_:)``).
    ///
    /// `index` is an `Int64` on every platform (the contract's index is a 64-bit integer, beyond
    /// a 32-bit `Int`). Never traps: N is computed without overflow for every `index`,
    /// `Int64.max` included.
    public static func resolve(participantId: String, index: Int64, currentUser: CurrentUser?) -> String {
        let isCurrentUser = if let currentUser { DocumentID.matches(currentUser.uid, participantId) } else { false }
        return resolve(index: index, currentUser: currentUser, isCurrentUser: isCurrentUser)
    }

    /// The display name when whether the participant is the current user is already known.
    static func resolve(index: Int64, currentUser: CurrentUser?, isCurrentUser: Bool) -> String {
        if let currentUser, isCurrentUser, let name = ownName(of: currentUser) { return name }
        return placeholder(index: index)
    }

    /// The name the signed-in user's own entry shows: their display name if it is not blank,
    /// else the part of their email before the first `@` if that is not blank; nil when neither
    /// is usable (their entry is then a placeholder, as everybody else's).
    public static func ownName(of currentUser: CurrentUser) -> String? {
        if let name = currentUser.displayName, !name.isBlank {
            return name
        }
        if let email = currentUser.email {
            let local = localPart(of: email)
            if !local.isBlank { return local }
        }
        return nil
    }

    /// The part of `email` before its first `@` (all of it without one).
    static func localPart(of email: String) -> String {
        // ASCII (nearly every address): characters are bytes, so the first `@` byte is the first
        // `@` character. Otherwise an `@` with a combining mark is another character: by
        // characters.
        let ascii = email.withUTF8Bytes { bytes -> String? in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            let end = bytes.firstIndex(of: UInt8(ascii: "@")) ?? bytes.count
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[..<end]), as: UTF8.self)
        }
        return ascii ?? String(email.prefix { $0 != "@" })
    }

    /// `Archer N`, N = index + 1 (`Archer 9223372036854775808` for `Int64.max`).
    public static func placeholder(index: Int64) -> String {
        if index >= 0 && index < Int64(commonPlaceholders.count) {
            return commonPlaceholders[Int(truncatingIfNeeded: index)]  // 0..<100
        }
        return makePlaceholder(index: index)
    }

    /// Whether `name` is exactly a placeholder, `Archer N` with N a positive integer written
    /// without leading zeros (of any length): what older clients stored in the shared
    /// subcollection for names they could not show, which reads as blank.
    public static func isPlaceholder(_ name: String) -> Bool {
        name.withUTF8Bytes { bytes in
            let prefix = placeholderPrefix
            let prefixCount = prefix.utf8CodeUnitCount
            guard bytes.count > prefixCount,
                  UnsafeBufferPointer(start: prefix.utf8Start, count: prefixCount).elementsEqual(bytes[..<prefixCount]),
                  bytes[prefixCount] != UInt8(ascii: "0")
            else { return false }
            return bytes[prefixCount...].allSatisfy { $0 &- UInt8(ascii: "0") < 10 }
        }
    }

    /// What a placeholder's number follows: `Archer `.
    @_spi(Wire) public static let placeholderPrefix: StaticString = "Archer "

    /// `Archer 1` to `Archer 100`, made once: most lists are shorter, and a list of legacy IDs
    /// names every participant so.
    private static let commonPlaceholders: [String] = (Int64(0)..<100).map(makePlaceholder(index:))

    /// Makes `commonPlaceholders` (``LazyGlobals``).
    static func makePlaceholders() {
        LazyGlobals.keep(commonPlaceholders)
    }

    private static func makePlaceholder(index: Int64) -> String {
        let (number, overflow) = index.addingReportingOverflow(1)
        var text = ShortText()
        text.append(placeholderPrefix)
        if overflow {
            text.append(magnitude: index.magnitude + 1)  // Int64.max + 1 = 2^63, within UInt64
        } else {
            text.append(number)
        }
        return text.string
    }
}

extension StringProtocol {
    /// Empty or made only of white space and newlines.
    var isBlank: Bool {
        // Fast path: an ASCII byte that is not white space settles it (names usually start so).
        if let first = utf8.first, first < 0x80, !first.isASCIIWhitespace { return false }
        return unicodeScalars.allSatisfy { $0.properties.isWhitespace }
    }
}
