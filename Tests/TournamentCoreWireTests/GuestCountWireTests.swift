import Testing
@testable import TournamentCoreWire

/// The counts of a `guests.check` response for these participants and user.
private func counts(_ participants: String, user: String) -> String? {
    let response = call("guests.check", #"{"participants":\#(participants),"currentUserId":\#(user)}"#)
    let prefix = #"{"ok":true,"result":{"#
    guard response.hasPrefix(prefix) else { return nil }
    return response.dropFirst(prefix.count).split(separator: ",").prefix(2).joined(separator: ",")
}

@Suite("guests.check counts through the wire")
struct GuestCountWireTests {
    @Test("addedBy is the user's when its bytes are the user's ID: escapes decoded, canonically equivalent spellings are other users")
    func addedByComparedAsBytes() {
        let guests = #"[{"participantId":"g1","guestParticipant":true,"addedBy":"e\u0301"},"#
            + #"{"participantId":"g2","guestParticipant":true,"addedBy":"\u00e9"},"#
            + #"{"participantId":"g3","guestParticipant":true,"addedBy":"u\u0031"},"#
            + #"{"participantId":"g4","guestParticipant":true,"addedBy":"U1"},"#
            + #"{"participantId":"g5","guestParticipant":true},"#
            + #"{"participantId":"u1","addedBy":"u1"}]"#
        #expect(counts(guests, user: #""é""#) == #""guestCount":1,"totalGuestCount":5"#)
        #expect(counts(guests, user: #""e\u0301""#) == #""guestCount":1,"totalGuestCount":5"#)
        #expect(counts(guests, user: #""u1""#) == #""guestCount":1,"totalGuestCount":5"#)
        #expect(counts(guests, user: #""e\u0301x""#) == #""guestCount":0,"totalGuestCount":5"#)
        // The Kelvin sign is canonically K, and another ID.
        let kelvin = #"[{"participantId":"g1","guestParticipant":true,"addedBy":"\u212A"},"#
            + #"{"participantId":"g2","guestParticipant":true,"addedBy":"K"},{"participantId":"g3","guestParticipant":true,"addedBy":"k"}]"#
        #expect(counts(kelvin, user: #""K""#) == #""guestCount":1,"totalGuestCount":3"#)
    }

    @Test("a participant's members are checked as before though their text is not kept")
    func participantsAreChecked() {
        #expect(call("guests.check", #"{"participants":[{"participantId":""}]}"#).contains(#""path":"$.participants[0].participantId""#))
        #expect(call("guests.check", #"{"participants":[{"participantId":1}]}"#).contains(#""path":"$.participants[0].participantId""#))
        #expect(call("guests.check", #"{"participants":[{"participantId":"p","addedBy":7}]}"#).contains(#""path":"$.participants[0].addedBy""#))
        #expect(call("guests.check", #"{"participants":[{"guestParticipant":true}]}"#).contains(#""code":"INVALID_REQUEST""#))
    }
}
