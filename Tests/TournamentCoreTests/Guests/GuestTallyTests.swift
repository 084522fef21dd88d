import Testing
import TournamentCore

@Suite("GuestTally")
struct GuestTallyTests {
    private let participants = [
        SessionParticipant(participantId: "g1", guestParticipant: true, addedBy: "u1"),
        SessionParticipant(participantId: "g2", guestParticipant: true, addedBy: "u2"),
        SessionParticipant(participantId: "g3", guestParticipant: true, addedBy: nil),
        SessionParticipant(participantId: "u1"),
        SessionParticipant(participantId: "u3", guestParticipant: false, addedBy: "u1"),
        SessionParticipant(participantId: "g4", guestParticipant: true, addedBy: "e\u{301}"),
    ]

    @Test("counted one participant at a time, it equals the tally of the participants, for every user")
    func countingOneByOneEqualsTheParticipantsTally() {
        for user in ["u1", "u2", "\u{E9}", "e\u{301}", "u9", nil] as [String?] {
            var tally = GuestTally()
            for participant in participants {
                tally.count(isGuest: participant.guestParticipant, addedByCurrentUser: user != nil && participant.addedBy.map { Array($0.utf8) } == user.map { Array($0.utf8) })
            }
            #expect(tally == GuestTally(participants: participants, currentUserId: user))
        }
    }

    @Test("only guests count; the user's are those whose addedBy is the user's ID byte for byte (a canonically equivalent ID is another user)")
    func onlyGuestsCount() {
        #expect(GuestTally(participants: participants, currentUserId: "u1").userGuestCount == 1)
        #expect(GuestTally(participants: participants, currentUserId: "u1").totalGuestCount == 4)
        #expect(GuestTally(participants: participants, currentUserId: "\u{E9}").userGuestCount == 0)
        #expect(GuestTally(participants: participants, currentUserId: "e\u{301}").userGuestCount == 1)
        #expect(GuestTally(participants: participants, currentUserId: nil).userGuestCount == 0)
    }

    @Test("GuestCheck and GuestAddition give the same results from a tally as from the participants")
    func checksFromTallyEqualChecksFromParticipants() throws {
        let limits = GuestLimits(maxGuestsPerParticipant: 2, maxTotalGuests: 6)
        for tournament in [Tournament(id: "t1", status: .inProgress), Tournament(id: "t1", status: .completed), nil] as [Tournament?] {
            for user in ["u1", "u2", "é", nil] as [String?] {
                let tally = GuestTally(participants: participants, currentUserId: user)
                #expect(GuestCheck(tournament: tournament, tally: tally, currentUserId: user, limits: limits)
                    == GuestCheck(tournament: tournament, participants: participants, currentUserId: user, limits: limits))
                let fromTally = Result { () throws(GuestError) in
                    try GuestAddition(name: "Sam", guestId: "guest_AAAAAAAAAAAAAAAA", tournament: tournament, tally: tally, currentUserId: user, limits: limits)
                }
                let fromParticipants = Result { () throws(GuestError) in
                    try GuestAddition(name: "Sam", guestId: "guest_AAAAAAAAAAAAAAAA", tournament: tournament, participants: participants, currentUserId: user, limits: limits)
                }
                #expect(fromTally == fromParticipants)
            }
        }
    }
}
