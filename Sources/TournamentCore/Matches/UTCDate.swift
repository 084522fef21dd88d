/// Kick-off instants written as RFC 3339 date-times (`2024-08-16T19:00:00Z`).
public enum UTCDate {
    /// Milliseconds since the epoch of `text`, or nil when it is not an RFC 3339 date-time.
    ///
    /// Accepted: `YYYY-MM-DDTHH:MM:SS`, an optional fraction (`.5`, `.123456`: milliseconds
    /// are kept), then `Z` or an offset `±HH:MM`; `T` and `Z` may be lowercase. The date must
    /// exist (no February 30) and the time be 00:00:00–23:59:59 (leap seconds are not accepted).
    public static func milliseconds(from text: String) -> Int64? {
        text.withUTF8Bytes(milliseconds(fromUTF8:))
    }

    /// ``milliseconds(from:)`` of a text given as UTF-8 bytes (a reader's, which makes no
    /// `String` for it).
    @_spi(Wire) public static func milliseconds(fromUTF8 bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
        var position = 0
        func digits(_ count: Int) -> Int? {
            guard position + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[position..<position + count] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            position += count
            return value
        }
        func expect(_ characters: UInt8...) -> Bool {
            guard position < bytes.count, characters.contains(bytes[position]) else { return false }
            position += 1
            return true
        }
        guard let year = digits(4), expect(UInt8(ascii: "-")), let month = digits(2), expect(UInt8(ascii: "-")), let day = digits(2),
              expect(UInt8(ascii: "T"), UInt8(ascii: "t")),
              let hour = digits(2), expect(UInt8(ascii: ":")), let minute = digits(2), expect(UInt8(ascii: ":")), let second = digits(2),
              hour < 24, minute < 60, second < 60
        else { return nil }
        let date = CivilDate(year: year, month: month, day: day)
        guard date.isValid else { return nil }
        var milliseconds = 0
        if expect(UInt8(ascii: ".")) {
            var scale = 100
            let start = position
            while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) {
                milliseconds += scale * Int(bytes[position] - UInt8(ascii: "0"))
                scale /= 10
                position += 1
            }
            guard position > start else { return nil }
        }
        var offsetSeconds = 0
        if !expect(UInt8(ascii: "Z"), UInt8(ascii: "z")) {
            guard position < bytes.count else { return nil }
            let sign = bytes[position] == UInt8(ascii: "-") ? -1 : 1
            guard expect(UInt8(ascii: "+"), UInt8(ascii: "-")), let offsetHours = digits(2), expect(UInt8(ascii: ":")),
                  let offsetMinutes = digits(2), offsetHours < 24, offsetMinutes < 60
            else { return nil }
            offsetSeconds = sign * (offsetHours * 3600 + offsetMinutes * 60)
        }
        guard position == bytes.count else { return nil }
        let seconds = date.daysSinceEpoch * 86_400 + Int64(hour * 3600 + minute * 60 + second - offsetSeconds)
        return seconds * 1000 + Int64(milliseconds)
    }
}
