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

    /// A key's short word and the slot the table gives for it (-1: a key of no field).
    private struct Hint {
        var word = noShortKeyWord
        var slot: Int32 = -1
    }

    private var hints = (Hint(), Hint(), Hint(), Hint())

    /// The slot of the key node `key`, the member at `position` of its object, in `table`.
    @inline(__always)
    mutating func slot<Field>(ofKey key: Int, at position: Int, in document: JSONDocument, table: FieldTable<Field>) -> Int? {
        let word = _fastPath(position < Self.count) ? FieldTable<Field>.shortWord(ofKey: key, in: document) : nil
        if let word, _fastPath(word == hint(position).pointee.word) {
            let slot = hint(position).pointee.slot
            return slot < 0 ? nil : Int(slot)
        }
        return probe(key, at: position, word: word, in: document, table: table)
    }

    /// The slot of a key that was not the hint of its position: from the table, and (`word`,
    /// a short plain key's at a hinted position) kept as the position's new hint. Out of line:
    /// called from the member loop, a call in its rare branch costs nothing, inlined it took
    /// registers from the loop.
    @inline(never)
    private mutating func probe<Field>(_ key: Int, at position: Int, word: UInt64?, in document: JSONDocument, table: FieldTable<Field>) -> Int? {
        guard let word else { return table.slot(ofKey: key, in: document) }
        let slot = table.slot(ofShortWord: word, key: key, in: document)
        hint(position).pointee = Hint(word: word, slot: Int32(truncatingIfNeeded: slot ?? -1))
        return slot
    }

    /// The hint of `position` (below ``count``).
    @inline(__always)
    private mutating func hint(_ position: Int) -> UnsafeMutablePointer<Hint> {
        withUnsafeMutablePointer(to: &hints) { UnsafeMutableRawPointer($0).assumingMemoryBound(to: Hint.self) + position }
    }
}
