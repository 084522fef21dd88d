import Testing
import TournamentCore

private let tournament = Tournament(id: "t1", status: .inProgress)

@Suite("GuestAddition")
struct GuestAdditionTests {
    @Test("the guest document: trimmed name, JOINED, added by and parented to the user")
    func document() throws {
        let addition = try GuestAddition(
            name: "  Robin Hood ", guestId: "guest_Q2xAbCdEfGhIjKlM", tournament: tournament,
            participants: [SessionParticipant(participantId: "u1")], currentUserId: "u1")
        #expect(addition.guest == GuestParticipant(
            participantId: "guest_Q2xAbCdEfGhIjKlM", tournamentId: "t1", displayName: "Robin Hood", status: "JOINED",
            addedBy: "u1", guestParticipant: true, parentParticipantId: "u1"))
    }

    @Test("without an ID one is generated")
    func generatedID() throws {
        let addition = try GuestAddition(name: "Marian", tournament: tournament, participants: [], currentUserId: "u1")
        #expect(GuestID.isValid(addition.guest.participantId))
    }

    @Test("the check counts the new guest")
    func checkAfter() throws {
        let before = [SessionParticipant(participantId: "guest_a", guestParticipant: true, addedBy: "u1")]
        let addition = try GuestAddition(name: "Will", tournament: tournament, participants: before, currentUserId: "u1")
        #expect(addition.check.guestCount == 2)
        #expect(addition.check.totalGuestCount == 2)
        #expect(addition.check.reason == .maxGuestsPerUserReached(limit: 2))
    }

    @Test("the name is checked before the rules; then the rules in order")
    func errorOrder() {
        #expect(throws: GuestError.invalidGuestName(.empty)) {
            try GuestAddition(name: " ", tournament: nil, participants: [], currentUserId: nil)
        }
        #expect(throws: GuestError.notAuthenticated) {
            try GuestAddition(name: "Robin", tournament: nil, participants: [], currentUserId: nil)
        }
        #expect(throws: GuestError.tournamentNotInProgress) {
            try GuestAddition(name: "Robin", tournament: Tournament(id: "t1", status: .completed), participants: [], currentUserId: "u1")
        }
        #expect(throws: GuestError.maxTotalGuestsReached(limit: 1)) {
            try GuestAddition(
                name: "Robin", tournament: tournament,
                participants: [SessionParticipant(participantId: "g", guestParticipant: true, addedBy: "u9")],
                currentUserId: "u1", limits: GuestLimits(maxGuestsPerParticipant: 2, maxTotalGuests: 1))
        }
    }
}
