import Testing
@testable import TournamentCoreJSON

@Suite("MemberRun: text as it is")
struct MemberRunTextTests {
    @Test("pieces of every length from 0 to 70, digits and escaped text, written by a run as concatenation writes them, growing the buffer as often as needed")
    func runWritesItsPiecesInOrder() {
        for capacity in [1, 64, 4096] {
            var writer = JSONWriter(capacity: capacity)
            var expected = ""
            writer.memberRun(expectedBytes: capacity == 4096 ? 100_000 : 0) { run in
                for round in 0..<40 {
                    for length in 0...70 {
                        let piece = String(repeating: Character(Unicode.Scalar(UInt8(97 + (length + round) % 26))), count: length)
                        Array(piece.utf8).withUnsafeBufferPointer { run.appendJSON($0) }
                        expected += piece
                    }
                    let number = Int64(round) * 1_000_000_007 - 5
                    run.appendInteger(number)
                    expected += String(number)
                    run.appendToString(text: "q\"b\\c\u{1}é")
                    expected += #"q\"b\\c\u0001é"#
                    run.appendToString(text: "tab\t")
                    expected += #"tab\t"#
                    run.appendJSON(",")
                    expected += ","
                }
            }
            #expect(String(decoding: writer.bytes, as: UTF8.self) == expected, "capacity \(capacity)")
        }
    }

    @Test("a run whose caller expects a few bytes takes them from the first buffer, which grows only when the run writes past it")
    func expectedBytesSizeTheFirstRoom() {
        var writer = JSONWriter(capacity: 100)
        writer.append("[")
        writer.memberRun(expectedBytes: 8) { run in run.appendJSON("\"short\"") }
        #expect(writer.capacity == 100)  // the room of an unknown size (MemberRun.roomAsked) would have grown it
        var expected = "[\"short\""
        writer.memberRun(expectedBytes: 8) { run in
            for index in 0..<50 {
                run.appendJSON(",")
                run.appendInteger(Int64(index) * 1_000_003)
                expected += "," + String(Int64(index) * 1_000_003)
            }
        }
        writer.append("]")
        #expect(writer.capacity > 100)
        #expect(String(decoding: writer.bytes, as: UTF8.self) == expected + "]")
    }

    @Test("a string node's text is written as it stands when it has no escape, else decoded and escaped again as the writer escapes")
    func stringNodeText() throws {
        let request = #"["plain é", "tab\u0009 \"q\" \/ \u00e9", ""]"#
        let written = try Array(request.utf8).withUnsafeBufferPointer { bytes in
            try withDocument(bytes) { document in
                var writer = JSONWriter()
                writer.memberRun { run in
                    for element in document.elements(document.root) {
                        run.appendJSON("[")
                        run.appendToString(node: element, in: document)
                        run.appendJSON("]")
                    }
                }
                #expect(document.plainStringBytes(1) != nil)
                #expect(document.plainStringBytes(2) == nil)
                return String(decoding: writer.bytes, as: UTF8.self)
            }
        }
        #expect(written == #"[plain é][tab\t \"q\" / é][]"#)
    }
}
