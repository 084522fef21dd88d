/// The keys met at the first few member positions of the objects of one array, and their
/// slots: the objects of an array mostly repeat their keys in the same order (every arrow
/// starts with `"score"`), and a key found where the previous object had it needs no probe of
/// the ``FieldTable``.
///
/// What this saves is a wait, not work: the probe hashes the key's word and loads its bucket,
/// and only then is the slot known, on which reading the member's value depends. A hint's slot
/// is loaded without waiting for the key; comparing its word with the key's only decides a
/// branch, which the processor predicts. A key elsewhere (or escaped, or longer than eight
/// bytes) takes the probe, and its short word and slot become the hint of its position.
///
/// A hint only ever holds a word with the slot the table gives for it, so it answers exactly
/// as the table does (a test compares them over objects of changing keys). The words start as
/// ``noShortKeyWord``, which no key's word equals. One `KeyHints` serves the objects of
/// one field set: the slots are that table's.
struct KeyHints {
    /// The member positions hinted: 0 ..< `count`.
    static let count = 4

    private var words: (UInt64, UInt64, UInt64, UInt64)
    /// The slot of each hinted word; -1 for a key of no field.
    private var slots: (Int32, Int32, Int32, Int32) = (-1, -1, -1, -1)

    init() {
        words = (noShortKeyWord, noShortKeyWord, noShortKeyWord, noShortKeyWord)
    }

    /// The slot of the key node `key`, the member at `position` of its object, in `table`.
    @inline(__always)
    mutating func slot<Field>(ofKey key: Int, at position: Int, in document: JSONDocument, table: FieldTable<Field>) -> Int? {
        if _fastPath(position < Self.count), let word = FieldTable<Field>.shortWord(ofKey: key, in: document),
           _fastPath(word == hintedWord(position).pointee) {
            let slot = hintedSlot(position).pointee
            return slot < 0 ? nil : Int(slot)
        }
        return probe(key, at: position, in: document, table: table)
    }

    /// The slot of a key that was not the hint of its position: from the table, and (a short
    /// plain key at a hinted position) kept as the position's new hint. Out of line: called
    /// from the member loop, a call in its rare branch costs nothing, inlined it took registers
    /// from the loop.
    @inline(never)
    private mutating func probe<Field>(_ key: Int, at position: Int, in document: JSONDocument, table: FieldTable<Field>) -> Int? {
        guard position < Self.count, let word = FieldTable<Field>.shortWord(ofKey: key, in: document) else {
            return table.slot(ofKey: key, in: document)
        }
        let slot = table.slot(ofShortWord: word, key: key, in: document)
        hintedWord(position).pointee = word
        hintedSlot(position).pointee = Int32(truncatingIfNeeded: slot ?? -1)
        return slot
    }

    @inline(__always)
    private mutating func hintedWord(_ position: Int) -> UnsafeMutablePointer<UInt64> {
        withUnsafeMutablePointer(to: &words) { UnsafeMutableRawPointer($0).assumingMemoryBound(to: UInt64.self) + position }
    }

    @inline(__always)
    private mutating func hintedSlot(_ position: Int) -> UnsafeMutablePointer<Int32> {
        withUnsafeMutablePointer(to: &slots) { UnsafeMutableRawPointer($0).assumingMemoryBound(to: Int32.self) + position }
    }
}
