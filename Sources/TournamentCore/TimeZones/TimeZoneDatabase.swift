#if canImport(TCEmbeddedLibc)
import TCEmbeddedLibc  // tc_call_scope_lazy (embedded/include)
#endif

/// The IANA time zone database embedded in the library (``version``), so that kick-off times
/// convert the same way on every platform and no host needs tzdata installed.
///
/// Regenerate with `scripts/generate-timezones.py` from a newer tzdata release.
public enum TimeZoneDatabase {
    /// Every zone and link name, sorted.
    public static var identifiers: [String] {
        index.names.map { String(decoding: index.nameBytes[$0.start..<$0.start + $0.length], as: UTF8.self) }
    }

    struct Index: Sendable {
        /// Each distinct rule set, decoded.
        let zones: [ZoneRules]
        /// Every name's UTF-8 bytes, one after the other.
        let nameBytes: [UInt8]
        /// Where each name is in `nameBytes`, and its rule set; sorted by the names' bytes.
        let names: [(start: Int, length: Int, zone: Int)]
    }

    #if canImport(TCEmbeddedLibc)
    /// Decoded on first use, and published only once complete (`tc_call_scope_lazy`): an
    /// allocation that fails while decoding it ends that call and leaves nothing half made,
    /// where a lazy global would stay "being initialized" (see ``LazyGlobals``; the database is
    /// too large to decode in every process's first call).
    static var index: Index {
        let box = tc_call_scope_lazy(
            &indexBox,
            { Unmanaged.passRetained(TimeZoneDatabase.IndexBox(TimeZoneDatabase.decode())).toOpaque() },
            { Unmanaged<TimeZoneDatabase.IndexBox>.fromOpaque($0).release() })
        return Unmanaged<IndexBox>.fromOpaque(box).takeUnretainedValue().index
    }

    /// The published index (an `IndexBox`, retained), or NULL before.
    nonisolated(unsafe) private static var indexBox: UnsafeMutableRawPointer?

    private final class IndexBox {
        let index: Index

        init(_ index: Index) {
            self.index = index
        }
    }
    #else
    /// Decoded once, on first use (a thread-safe lazy global).
    static let index: Index = decode()
    #endif

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
        var nameBytes: [UInt8] = []
        var names: [(start: Int, length: Int, zone: Int)] = []
        for _ in 0..<max(0, reader.unsigned()) {
            let length = reader.unsigned()
            let start = nameBytes.count
            nameBytes.append(contentsOf: reader.take(length))
            names.append((start, nameBytes.count - start, reader.unsigned()))
        }
        return Index(zones: zones, nameBytes: nameBytes, names: names)
    }

    /// The rules of the zone or link named `identifier` (exactly, case-sensitively), or nil.
    static func rules(for identifier: String) -> ZoneRules? {
        var identifier = identifier
        let index = self.index
        return identifier.withUTF8 { key in
            index.nameBytes.withUnsafeBufferPointer { bytes in
                var low = 0
                var high = index.names.count
                while low < high {
                    let middle = (low + high) / 2
                    let candidate = index.names[middle]
                    let order = compare(UnsafeBufferPointer(rebasing: bytes[candidate.start..<candidate.start + candidate.length]), key)
                    if order == 0 {
                        return index.zones.indices.contains(candidate.zone) ? index.zones[candidate.zone] : nil
                    }
                    if order < 0 { low = middle + 1 } else { high = middle }
                }
                return nil
            }
        }
    }

    /// The byte order of two names: negative, zero or positive as `lhs` sorts before, with or
    /// after `rhs`.
    private static func compare(_ lhs: UnsafeBufferPointer<UInt8>, _ rhs: UnsafeBufferPointer<UInt8>) -> Int {
        for index in 0..<min(lhs.count, rhs.count) where lhs[index] != rhs[index] {
            return lhs[index] < rhs[index] ? -1 : 1
        }
        return lhs.count - rhs.count
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

        /// A varint, as 64 bits on every platform (transition times pass 2^31).
        mutating func unsigned64() -> Int64 {
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while position < bytes.count, shift < 64 {
                let byte = bytes[position]
                position += 1
                value |= UInt64(byte & 0x7F) << shift
                if byte & 0x80 == 0 { break }
                shift += 7
            }
            return Int64(bitPattern: value)
        }

        mutating func unsigned() -> Int { Int(truncatingIfNeeded: unsigned64()) }

        /// A zigzag-encoded varint, as 64 bits on every platform.
        mutating func signed64() -> Int64 {
            let value = unsigned64()
            return value & 1 == 0 ? value >> 1 : -((value >> 1) + 1)
        }

        mutating func signed() -> Int { Int(truncatingIfNeeded: signed64()) }

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
                time = index == 0 ? signed64() : time &+ unsigned64()
                times.append(time)
                transitionOffsets.append(offset(unsigned()))
            }
            let footer = String(decoding: take(unsigned()), as: UTF8.self)
            return ZoneRules(initialOffset: initial, transitionTimes: times, transitionOffsets: transitionOffsets, rule: POSIXTimeZoneRule(parsing: footer))
        }
    }
}
