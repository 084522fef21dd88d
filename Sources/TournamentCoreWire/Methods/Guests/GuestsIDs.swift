@_spi(Wire) import TournamentCore
import TournamentCoreJSON

/// `guests.generateId`: new guest IDs from the system's CSPRNG (``GuestID/generate()``).
/// Request `{}` or `{"count":N}`, 1 ≤ N ≤ 10000; result `{"ids":[...]}`.
enum GuestsGenerateIdMethod: WireMethod {
    static let countRange: ClosedRange<Int64> = 1...10_000

    private typealias Field = Members.GuestsGenerateIdRequest

    static func respond(to request: Int, in document: JSONDocument, into writer: inout JSONWriter) throws(WireError) {
        let count = try ObjectFields<Field>(document, request).int(.count, in: countRange) ?? 1
        writer.beginObject()
        writer.key("ids")
        writer.beginArray()
        // One request to the system's generator for the whole batch.
        var generator = BatchedSystemRandom(expectedWords: GuestID.expectedRandomWords(forCount: Int(count)))
        for _ in 0..<count {
            writer.string(text: GuestID.generate(using: &generator))
        }
        writer.endArray()
        writer.endObject()
    }
}

/// `guests.validateId`: `{"id":"..."}` → `{"valid":true}` iff it matches
/// `^guest_[A-Za-z0-9]{16}$` (``GuestID/isValid(_:)``).
enum GuestsValidateIdMethod: WireMethod {
    private typealias Field = Members.GuestsValidateIdRequest

    static func respond(to request: Int, in document: JSONDocument, into writer: inout JSONWriter) throws(WireError) {
        let id = try ObjectFields<Field>(document, request).requiredString(.id)
        writer.beginObject()
        writer.field("valid", GuestID.isValid(id))
        writer.endObject()
    }
}

extension GuestID {
    /// What is wrong with `text` as a guest ID (the schema's `guestId` pattern), nil when
    /// nothing: the check the generated decoders make of a `guestId` member.
    static func problem(in text: UnsafeBufferPointer<UInt8>) -> String? {
        isValid(utf8: text) ? nil : "Expected a guest ID: \"guest_\" followed by 16 letters or digits."
    }
}
