import Testing
import TournamentCore

private func scorable(_ participants: [SessionParticipant], _ user: String?) -> [ScorableParticipants.Entry] {
    ScorableParticipants(participants: participants, currentUserId: user).entries
}

private func guest(_ id: String, addedBy: String? = nil, parent: String? = nil) -> SessionParticipant {
    SessionParticipant(participantId: id, guestParticipant: true, addedBy: addedBy, parentParticipantId: parent)
}

@Suite("ScorableParticipants")
struct ScorableParticipantsTests {
    @Test("the user's own entry and their guests, in list order")
    func selfAndGuests() {
        let participants = [
            guest("g1", addedBy: "u1", parent: "u1"), SessionParticipant(participantId: "u2"), SessionParticipant(participantId: "u1"),
            guest("g2", addedBy: "u2"), guest("g3", addedBy: "u1"),
        ]
        let entries = scorable(participants, "u1")
        #expect(entries == [.init(participantId: "g1", reason: .guest), .init(participantId: "u1", reason: .self), .init(participantId: "g3", reason: .guest)])
        #expect(ScorableParticipants(participants: participants, currentUserId: "u1").participantIds == ["g1", "u1", "g3"])
    }

    @Test("the parent is parentParticipantId, or addedBy when that is nil or blank", arguments: [
        (nil, "u1", true), ("", "u1", true), (" \n", "u1", true), ("u1", "u2", true), ("u2", "u1", false), ("u2", nil, false), (nil, nil, false),
    ] as [(String?, String?, Bool)])
    func parentRule(parent: String?, addedBy: String?, isScorable: Bool) {
        #expect(scorable([guest("g", addedBy: addedBy, parent: parent)], "u1").count == (isScorable ? 1 : 0))
    }

    @Test("a participant who is not a guest is never scorable for another user")
    func notAGuest() {
        let participants = [SessionParticipant(participantId: "u3", guestParticipant: false, addedBy: "u1", parentParticipantId: "u1")]
        #expect(scorable(participants, "u1").isEmpty)
    }

    @Test("signed out, or nobody qualifying: no entries")
    func nobody() {
        #expect(scorable([SessionParticipant(participantId: "u1"), guest("g", addedBy: "u1")], nil).isEmpty)
        #expect(scorable([SessionParticipant(participantId: "u2"), guest("g", addedBy: "u2")], "u1").isEmpty)
        #expect(scorable([], "u1").isEmpty)
    }

    @Test("the user's own entry is self even when it is flagged as a guest")
    func selfFirst() {
        #expect(scorable([guest("u1", addedBy: "u2")], "u1") == [.init(participantId: "u1", reason: .self)])
    }

    @Test("a repeated participantId is read once, at its first occurrence, in short and long lists", arguments: [0, 40])
    func repeats(padding: Int) {
        let fillers = (0..<padding).map { SessionParticipant(participantId: "filler-\($0)") }
        let participants = fillers + [
            guest("g1", addedBy: "u2"), SessionParticipant(participantId: "u1"), guest("g1", addedBy: "u1"),
            SessionParticipant(participantId: "u1"), guest("g2", addedBy: "u1"), guest("g2", addedBy: "u1"),
        ]
        #expect(scorable(participants, "u1").map(\.participantId) == ["u1", "g2"])
    }

    @Test("IDs are compared byte for byte: a canonically equivalent ID is another user")
    func idsByBytes() {
        let participants = [
            SessionParticipant(participantId: "\u{E9}"), SessionParticipant(participantId: "e\u{301}"),
            guest("g1", addedBy: "\u{E9}"), guest("g2", parent: "e\u{301}"),
        ]
        let entries = scorable(participants, "e\u{301}")
        #expect(entries.map { Array($0.participantId.utf8) } == [[0x65, 0xCC, 0x81], Array("g2".utf8)])
        #expect(entries.map(\.reason) == [.self, .guest])
    }
}
