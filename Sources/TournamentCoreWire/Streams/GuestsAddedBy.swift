import TournamentCore

/// The participants of a guests request as the rules count them: who added each guest, in
/// order (nil: not said); the others are only checked.
struct GuestsAddedBy<Text>: RequestAccumulator {
    private(set) var guests: [Text?] = []

    /// Makes room for `count` guests: as many as there are participants, at most.
    mutating func reserveCapacity(_ count: Int) {
        guests.reserveCapacity(count)
    }

    @inline(__always)
    mutating func add(_ participant: Requests.SessionParticipant<Text>) {
        if participant.guestParticipant == true { guests.append(participant.addedBy) }
    }
}
