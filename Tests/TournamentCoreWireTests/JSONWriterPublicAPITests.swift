import Testing
import TournamentCoreWire  // not @testable: what a user of the library sees

/// The writer as seen from outside the module, where only its `String` overloads of `key`,
/// `field` and `string` are public: a string literal is any text there, and is escaped.
/// (Inside the module the same literals take the static-text overloads, written as is.)
@Suite("JSONWriter's public API")
struct JSONWriterPublicAPITests {
    @Test("string literals given to key, field and string are escaped as any text")
    func literalsAreEscaped() {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("a\"b")
        writer.string("line\nbreak")
        writer.field("plain", "tab\there")
        writer.key("list")
        writer.beginArray()
        writer.string("back\\slash")
        writer.endArray()
        writer.endObject()
        #expect(String(decoding: writer.bytes, as: UTF8.self) == #"{"a\"b":"line\nbreak","plain":"tab\there","list":["back\\slash"]}"#)
    }
}
