@_spi(Wire) import TournamentCore
import TournamentCoreJSON

/// `guests.generateId`: new guest IDs from the system's CSPRNG (``GuestID/generate()``).
/// Request `{}` or `{"count":N}`, 1 ≤ N ≤ 10000; result `{"ids":[...]}`.
enum GuestsGenerateIdMethod: WireMethod {
    static func respond(to request: Int, in document: JSONDocument, into writer: inout JSONWriter) throws(WireError) {
        var reader = DocumentReader(document, at: request)
        let count = try Requests.GuestsGenerateIdRequest<Int>.read(&reader).count ?? 1
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
    static func respond(to request: Int, in document: JSONDocument, into writer: inout JSONWriter) throws(WireError) {
        var reader = DocumentReader(document, at: request)
        let id = try Requests.GuestsValidateIdRequest<Int>.read(&reader).id
        writer.beginObject()
        writer.field("valid", reader.withBytes(of: id, GuestID.isValid(utf8:)))
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
