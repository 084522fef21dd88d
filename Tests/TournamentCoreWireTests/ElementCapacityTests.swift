import Testing
import TournamentCoreJSON
@testable import TournamentCoreWire

/// How many elements each reader has a decoder make room for after an array's first element
/// (``RequestReader/elementCapacity(afterFirstElementOf:)``): what keeps a request's
/// allocations from growing with its length.
@Suite("Element capacity")
struct ElementCapacityTests {
    /// The capacity `reader` gives after the first element of the array it stands at, and the
    /// array's count (elements read as integers).
    private func capacityAfterFirst<Reader: RequestReader>(_ reader: inout Reader) throws(Reader.Failure) -> (capacity: Int, count: Int) {
        let mark = reader.arrayMark
        var capacity = 0, count = 0
        try reader.readArray { (reader: inout Reader) throws(Reader.Failure) in
            _ = try reader.int64(in: .min ... .max)
            if count == 0 { capacity = reader.elementCapacity(afterFirstElementOf: mark) }
            count += 1
        }
        return (capacity, count)
    }

    private func cursorCapacity(_ text: String) -> (capacity: Int, count: Int)? {
        Array(text.utf8).withUnsafeBufferPointer { bytes in
            guard let cursor = JSONCursor(bytes) else { return nil }
            var reader = CursorReader(cursor)
            return try? capacityAfterFirst(&reader)
        }
    }

    private func documentCapacity(_ text: String) -> (capacity: Int, count: Int)? {
        Array(text.utf8).withUnsafeBufferPointer { bytes in
            try? JSONDocument.parse(bytes) { document in
                var reader = DocumentReader(document, at: document.root)
                return try? capacityAfterFirst(&reader)
            }
        }
    }

    @Test("a cursor makes room for every element of an array of elements alike, and at most a quarter more, whatever its length",
          arguments: [1, 2, 3, 10, 1_000, 100_000])
    func cursorEstimateOfAlikeElements(count: Int) throws {
        let text = "[" + (0..<count).map { String(1_000_000 + $0) }.joined(separator: ",") + "]"
        let read = try #require(cursorCapacity(text))
        #expect(read.count == count)
        #expect(read.capacity >= count)
        #expect(read.capacity <= count + count / 4 + 2)
    }

    @Test("a cursor's estimate holds elements a little shorter than the first: a quarter more")
    func cursorEstimateOfShorterElements() throws {
        // The first element 9 bytes with its bracket, the others 8 with their comma (an eighth
        // less): an estimate by the first alone would be short by an eighth.
        let text = "[" + "10000000," + Array(repeating: "1000000", count: 9_999).joined(separator: ",") + "]"
        let read = try #require(cursorCapacity(text))
        #expect(read.count == 10_000)
        #expect(read.capacity >= 10_000)
    }

    @Test("a cursor's estimate is bounded by the bytes left, however short the first element and whatever follows the array")
    func cursorEstimateIsBoundedByTheBytesLeft() throws {
        let padding = String(repeating: " ", count: 10_000)
        let read = try #require(cursorCapacity("[1,2]" + padding))
        #expect(read.count == 2)
        #expect(read.capacity <= 1 + (10_003 / 2) * 5 / 4)
    }

    @Test("a document makes room for its array's count exactly", arguments: [1, 2, 1_000])
    func documentCount(count: Int) throws {
        let text = "[" + (["9"] + Array(repeating: "1", count: count - 1)).joined(separator: ",") + "]"
        let read = try #require(documentCapacity(text))
        #expect(read.capacity == count && read.count == count)
    }
}
