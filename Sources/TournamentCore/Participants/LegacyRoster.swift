/// The legacy fallback of ``ParticipantResolver``, one `participantIds` entry at a time, for a
/// reader that has each ID's UTF-8 bytes and writes the participants itself (no `String` per
/// participant): which entries become participants, at which index, which one is the signed-in
/// user's, and the names shown and stored. ``ParticipantResolver`` resolves through it, so a
/// reader of bytes and the typed API agree.
@_spi(Wire) public struct LegacyRoster {
    /// A participant rebuilt from an entry.
    public struct Member {
        /// Its index in the cleaned list (blank entries and repeats left out).
        public let index: Int
        /// Whether its ID is the signed-in user's `uid` (the same bytes).
        public let isCurrentUser: Bool
        /// The first participant is the tournament's creator.
        public var isCreator: Bool { index == 0 }
    }

    private let currentUser: CurrentUser?
    private let uidSummary: IdentifierSummary?
    private var met: FirstOccurrences

    /// Ready for a list of `count` entries, read for `currentUser` (nil: nobody is signed in).
    public init(count: Int, currentUser: CurrentUser?) {
        met = FirstOccurrences(count: count)
        self.currentUser = currentUser
        uidSummary = currentUser.map { $0.uid.withUTF8Bytes(IdentifierSummary.init) }
    }

    /// What the signed-in user's own entry shows (``ParticipantDisplayName/ownName(of:)``);
    /// nil: a placeholder, as every other entry. (Derived when asked: a list without the user
    /// never needs it.)
    public var ownName: String? {
        currentUser.flatMap(ParticipantDisplayName.ownName(of:))
    }

    /// What a repair may store on the signed-in user's own entry: the display name they chose
    /// (not blank, not a placeholder); nil: no name. No other entry ever carries one.
    public var storedName: String? {
        currentUser?.displayName.flatMap { $0.isBlank || ParticipantDisplayName.isPlaceholder($0) ? nil : $0 }
    }

    /// The participant that the entry at `position` (its UTF-8 bytes; nil for a null entry)
    /// becomes, or nil when it is left out: blank, or a repeat of a kept ID (`kept` lends the
    /// bytes of the participants kept before: ``FirstOccurrences/KeptBytes``).
    ///
    /// - Throws: ``ParticipantError/invalidParticipantID(position:reason:)`` when a kept ID
    ///   cannot be a document ID.
    @inline(__always)
    public mutating func admit(
        _ id: UnsafeBufferPointer<UInt8>?, at position: Int, kept: FirstOccurrences.KeptBytes
    ) throws(ParticipantError) -> Member? {
        guard let id, !Self.isBlank(id) else { return nil }
        let index = met.count
        guard met.insert(id, kept: kept) else { return nil }
        if let reason = DocumentID.problem(withUTF8: id) {
            throw .invalidParticipantID(position: position, reason: reason)
        }
        // Most IDs are not the user's, and their summaries differ.
        return Member(index: index, isCurrentUser: uidSummary == IdentifierSummary(id) && isUser(id))
    }

    /// The name `member` is shown by: the signed-in user's own name on their entry, else
    /// `Archer N`.
    public func displayName(of member: Member) -> String {
        if member.isCurrentUser, let ownName { return ownName }
        return ParticipantDisplayName.placeholder(index: Int64(member.index))
    }

    /// The name a repair stores on `member`'s document: nil but on the signed-in user's own.
    public func storedName(of member: Member) -> String? {
        member.isCurrentUser ? storedName : nil
    }

    /// Whether `id` is the signed-in user's uid, byte for byte; asked once their summaries
    /// agree (compared in ``admit(_:at:kept:)`` itself, which the wire module inlines: a
    /// private method it calls is not).
    private func isUser(_ id: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let currentUser else { return false }
        return currentUser.uid.withUTF8Bytes { sameBytes($0, id) }
    }

    /// Whether the bytes are empty or only white space (`isBlank`): settled by the first byte
    /// when it is ASCII and not white space, as an ID's is.
    private static func isBlank(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if let first = bytes.first, first < 0x80, !first.isASCIIWhitespace { return false }
        return String(decoding: bytes, as: UTF8.self).isBlank
    }
}
