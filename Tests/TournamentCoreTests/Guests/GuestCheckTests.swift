import Testing
import TournamentCore

private let inProgress = Tournament(id: "t1", status: .inProgress)

private func guests(_ owners: [String?]) -> [SessionParticipant] {
    owners.enumerated().map { index, owner in
        SessionParticipant(participantId: "guest_\(index)", guestParticipant: true, addedBy: owner)
    }
}

@Suite("GuestCheck")
struct GuestCheckTests {
    @Test("counts: the user's guests and all guests; members who are not guests do not count")
    func counts() {
        let participants = guests(["u1", "u2", "u1", nil]) + [
            SessionParticipant(participantId: "u1"),
            SessionParticipant(participantId: "u3", guestParticipant: false, addedBy: "u1"),
        ]
        let check = GuestCheck(tournament: inProgress, participants: participants, currentUserId: "u1")
        #expect(check.guestCount == 2)
        #expect(check.totalGuestCount == 4)
        #expect(check.remainingForUser == 0)
        #expect(check.remainingTotal == 6)
        #expect(check.remaining == 0)
    }

    @Test("a guest can be added when every rule holds")
    func canAdd() {
        let check = GuestCheck(tournament: inProgress, participants: guests(["u1"]), currentUserId: "u1")
        #expect(check.canAddGuest)
        #expect(check.reason == nil)
        #expect(check.remaining == 1)
        #expect(check.limits == .defaults)
    }

    @Test("signed out: NOT_AUTHENTICATED, and the user's guest count is 0")
    func signedOut() {
        let check = GuestCheck(tournament: inProgress, participants: guests(["u1"]), currentUserId: nil)
        #expect(check.reason == .notAuthenticated)
        #expect(check.reason?.code == "NOT_AUTHENTICATED")
        #expect(check.reason?.message == "You must be signed in to add a guest.")
        #expect(check.guestCount == 0)
        #expect(check.remainingForUser == 2)
    }

    @Test("the per-participant limit")
    func perUserLimit() {
        let check = GuestCheck(tournament: inProgress, participants: guests(["u1", "u1"]), currentUserId: "u1")
        #expect(check.reason == .maxGuestsPerUserReached(limit: 2))
        #expect(check.reason?.code == "MAX_GUESTS_PER_USER_REACHED")
        #expect(check.reason?.message == "You can only add 2 guest(s) per participant.")
    }

    @Test("the tournament's limit")
    func totalLimit() {
        let check = GuestCheck(tournament: inProgress, participants: guests(Array(repeating: "u2", count: 10)), currentUserId: "u1")
        #expect(check.reason == .maxTotalGuestsReached(limit: 10))
        #expect(check.reason?.code == "MAX_TOTAL_GUESTS_REACHED")
        #expect(check.reason?.message == "This tournament has reached the maximum of 10 total guests.")
    }

    @Test("the tournament must be loaded and in progress", arguments: [nil, .open, .completed, .cancelled] as [TournamentStatus?])
    func notInProgress(status: TournamentStatus?) {
        let tournament = status.map { Tournament(id: "t1", status: $0) }
        let check = GuestCheck(tournament: tournament, participants: [], currentUserId: "u1")
        #expect(check.reason == .tournamentNotInProgress)
        #expect(check.reason?.code == "TOURNAMENT_NOT_IN_PROGRESS")
        #expect(check.reason?.message == "Guests can only be added to tournaments in progress.")
    }

    @Test("the first failing rule is reported, in the contract's order")
    func order() {
        let full = guests(Array(repeating: "u1", count: 10))
        #expect(GuestCheck(tournament: nil, participants: full, currentUserId: nil).reason == .notAuthenticated)
        #expect(GuestCheck(tournament: nil, participants: full, currentUserId: "u1").reason == .maxGuestsPerUserReached(limit: 2))
        let othersFull = guests(Array(repeating: "u2", count: 10))
        #expect(GuestCheck(tournament: nil, participants: othersFull, currentUserId: "u1").reason == .maxTotalGuestsReached(limit: 10))
        #expect(GuestCheck(tournament: nil, participants: [], currentUserId: "u1").reason == .tournamentNotInProgress)
    }

    @Test("custom limits change both the decision and the message")
    func customLimits() {
        let limits = GuestLimits(maxGuestsPerParticipant: 5, maxTotalGuests: 3)
        let twoMine = guests(["u1", "u1"])
        #expect(GuestCheck(tournament: inProgress, participants: twoMine, currentUserId: "u1").reason == .maxGuestsPerUserReached(limit: 2))
        #expect(GuestCheck(tournament: inProgress, participants: twoMine, currentUserId: "u1", limits: limits).canAddGuest)
        let three = GuestCheck(tournament: inProgress, participants: guests(["u1", "u2", "u3"]), currentUserId: "u1", limits: limits)
        #expect(three.reason?.message == "This tournament has reached the maximum of 3 total guests.")
        let strict = GuestCheck(tournament: inProgress, participants: [], currentUserId: "u1", limits: GuestLimits(maxGuestsPerParticipant: 0, maxTotalGuests: 10))
        #expect(strict.reason?.message == "You can only add 0 guest(s) per participant.")
        #expect(strict.remaining == 0)
    }

    @Test("remaining is never negative, even past the limits or with negative limits")
    func remainingNeverNegative() {
        let check = GuestCheck(tournament: inProgress, participants: guests(Array(repeating: "u1", count: 12)), currentUserId: "u1")
        #expect(check.remainingForUser == 0)
        #expect(check.remainingTotal == 0)
        let odd = GuestCheck(tournament: inProgress, participants: guests(["u1"]), currentUserId: "u1", limits: GuestLimits(maxGuestsPerParticipant: .min, maxTotalGuests: .min))
        #expect(odd.remaining == 0)
        #expect(!odd.canAddGuest)
    }
}
