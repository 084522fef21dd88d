@_spi(Wire) import TournamentCore
import TournamentCoreJSON

extension JSONWriter {
    /// Writes `"key":"text"` for a domain text built in registers (dates, times, scores: ASCII
    /// with nothing to escape), its words stored where it goes.
    @inline(__always)
    mutating func field(_ key: StaticString, packed text: PackedText) {
        field(key, asciiWords: text.words, count: text.count)
    }
}
