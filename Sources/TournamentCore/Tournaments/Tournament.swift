/// A tournament as the list screens need it.
///
/// The fields mirror the stored document; ``init(id:name:location:status:isPublic:currentParticipants:maxParticipants:)``
/// takes the defaults the apps' parser applies to a document that lacks them.
public struct Tournament: Sendable, Hashable, Identifiable {
    /// The document ID. Never empty.
    public var id: String
    /// Display name; `""` when the document has none.
    public var name: String
    /// Venue; `""` when the document has none.
    public var location: String
    /// Life-cycle state.
    public var status: TournamentStatus
    /// Whether the tournament is listed publicly (`public` in the document).
    public var isPublic: Bool
    /// How many participants have joined.
    public var currentParticipants: Int
    /// Capacity; `0` when the document does not say.
    public var maxParticipants: Int

    /// Creates a tournament; every field but `id` defaults as in a stored document that omits it.
    public init(
        id: String,
        name: String = "",
        location: String = "",
        status: TournamentStatus = .open,
        isPublic: Bool = false,
        currentParticipants: Int = 0,
        maxParticipants: Int = 0
    ) {
        self.id = id
        self.name = name
        self.location = location
        self.status = status
        self.isPublic = isPublic
        self.currentParticipants = currentParticipants
        self.maxParticipants = maxParticipants
    }
}
