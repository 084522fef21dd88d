/// The IANA time zone database embedded in the library (``version``), so that kick-off times
/// convert the same way on every platform and no host needs tzdata installed.
///
/// Regenerate with `scripts/generate-timezones.py` from a newer tzdata release.
public enum TimeZoneDatabase {
    /// Every zone and link name, sorted.
    public static var identifiers: [String] { index.names.map { String(decoding: $0.name, as: UTF8.self) } }

    struct Index: Sendable {
        /// Each distinct rule set, decoded.
        let zones: [ZoneRules]
        /// Names (UTF-8) sorted by their bytes, with their rule set.
        let names: [(name: [UInt8], zone: Int)]
    }

    /// Decoded once, on first use (a thread-safe lazy global).
    static let index: Index = decode()

    private static func decode() -> Index {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(encoded.utf8.count * 3 / 4)
        var accumulator: UInt32 = 0
        var bits = 0
        for character in encoded.utf8 {
            let value: UInt8
            switch character {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = character - UInt8(ascii: "A")
            case UInt8(ascii: "a")...UInt8(ascii: "z"): value = character - UInt8(ascii: "a") + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = character - UInt8(ascii: "0") + 52
            case UInt8(ascii: "+"): value = 62
            case UInt8(ascii: "/"): value = 63
            default: continue  // newlines, indentation, padding
            }
            accumulator = accumulator << 6 | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                bytes.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
            }
        }
        var reader = Reader(bytes: bytes, position: 5)  // "TCTZ" + format version 1
        // Every rule set decoded now, once (about 600 zones, a few hundred kilobytes), so that
        // finding a zone later is a binary search and a copy of its arrays' references.
        var zones: [ZoneRules] = []
        for _ in 0..<max(0, reader.unsigned()) {
            zones.append(reader.zone())
        }
        var names: [(name: [UInt8], zone: Int)] = []
        for _ in 0..<max(0, reader.unsigned()) {
            let length = reader.unsigned()
            let name = Array(reader.take(length))
            names.append((name, reader.unsigned()))
        }
        return Index(zones: zones, names: names)
    }

    /// The rules of the zone or link named `identifier` (exactly, case-sensitively), or nil.
    static func rules(for identifier: String) -> ZoneRules? {
        var identifier = identifier
        return identifier.withUTF8 { key in
            let index = self.index
            var low = 0
            var high = index.names.count
            while low < high {
                let middle = (low + high) / 2
                let candidate = index.names[middle]
                if candidate.name.elementsEqual(key) {
                    return index.zones.indices.contains(candidate.zone) ? index.zones[candidate.zone] : nil
                }
                if candidate.name.lexicographicallyPrecedes(key) { low = middle + 1 } else { high = middle }
            }
            return nil
        }
    }

    /// One zone's history and continuing rule.
    struct ZoneRules: Sendable, Hashable {
        var initialOffset: Int
        var transitionTimes: [Int64]
        var transitionOffsets: [Int]
        var rule: POSIXTimeZoneRule?
    }

    /// Reads the compact format (varints; see the generator). The data is the library's own,
    /// so reads past the end give zeros rather than trapping.
    struct Reader {
        let bytes: [UInt8]
        var position: Int

        mutating func unsigned() -> Int {
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while position < bytes.count, shift < 64 {
                let byte = bytes[position]
                position += 1
                value |= UInt64(byte & 0x7F) << shift
                if byte & 0x80 == 0 { break }
                shift += 7
            }
            return Int(truncatingIfNeeded: value)
        }

        mutating func signed() -> Int {
            let value = unsigned()
            return value & 1 == 0 ? value >> 1 : -((value >> 1) + 1)
        }

        mutating func take(_ count: Int) -> ArraySlice<UInt8> {
            let end = min(bytes.count, position + max(0, count))
            defer { position = end }
            return bytes[position..<end]
        }

        mutating func zone() -> ZoneRules {
            let offsets = (0..<max(0, unsigned())).map { _ in signed() }
            func offset(_ index: Int) -> Int { offsets.indices.contains(index) ? offsets[index] : 0 }
            let initial = offset(unsigned())
            var times: [Int64] = []
            var transitionOffsets: [Int] = []
            var time: Int64 = 0
            for index in 0..<max(0, unsigned()) {
                time = index == 0 ? Int64(signed()) : time &+ Int64(unsigned())
                times.append(time)
                transitionOffsets.append(offset(unsigned()))
            }
            let footer = String(decoding: take(unsigned()), as: UTF8.self)
            return ZoneRules(initialOffset: initial, transitionTimes: times, transitionOffsets: transitionOffsets, rule: POSIXTimeZoneRule(parsing: footer))
        }
    }
}
