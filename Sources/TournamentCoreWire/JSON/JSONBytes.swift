/// Conversions between JSON tokens and values, over raw bytes the parser has validated.
enum JSONBytes {
    /// The value of a hexadecimal digit, or nil.
    @inline(__always)
    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// The UTF-8 text of a string token (without quotes) whose escapes the parser validated.
    static func unescaped(_ text: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(text.count)
        var index = 0
        while index < text.count {
            let byte = text[index]
            guard byte == UInt8(ascii: "\\"), index + 1 < text.count else {
                output.append(byte)
                index += 1
                continue
            }
            let escape = text[index + 1]
            index += 2
            switch escape {
            case UInt8(ascii: "b"): output.append(0x08)
            case UInt8(ascii: "f"): output.append(0x0C)
            case UInt8(ascii: "n"): output.append(0x0A)
            case UInt8(ascii: "r"): output.append(0x0D)
            case UInt8(ascii: "t"): output.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = hex4(text, at: index)
                index += 4
                if (0xD800...0xDBFF).contains(scalar), index + 6 <= text.count {
                    let low = hex4(text, at: index + 2)
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low &- 0xDC00)
                    index += 6
                }
                appendUTF8(Unicode.Scalar(scalar) ?? "\u{FFFD}", to: &output)
            default: output.append(escape)  // \" \\ \/
            }
        }
        return output
    }

    private static func hex4(_ text: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt32 {
        var value: UInt32 = 0
        var offset = index
        while offset < min(index + 4, text.count) {
            value = value << 4 | UInt32(hexValue(text[offset]) ?? 0)
            offset += 1
        }
        return value
    }

    static func appendUTF8(_ scalar: Unicode.Scalar, to output: inout [UInt8]) {
        UTF8.encode(scalar) { output.append($0) }
    }

    /// The value of an integer literal (`-?[0-9]+`), or nil outside the range of `Int64`.
    static func int64(_ text: UnsafeBufferPointer<UInt8>) -> Int64? {
        guard !text.isEmpty else { return nil }
        let negative = text[0] == UInt8(ascii: "-")
        var value: Int64 = 0
        for byte in text[(negative ? 1 : 0)...] {
            let digit = Int64(byte &- UInt8(ascii: "0"))
            guard digit < 10 else { return nil }
            let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
            // Accumulate negatively so that Int64.min is representable.
            let (next, overflow2) = shifted.subtractingReportingOverflow(digit)
            if overflow1 || overflow2 { return nil }
            value = next
        }
        if negative { return value }
        return value == .min ? nil : -value
    }

    /// The nearest `Double` to a number token, or nil when its magnitude overflows a `Double`.
    static func double(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        if text.count <= 15, let integer = int64(text) {
            return Double(integer)  // exact: at most 15 digits
        }
        guard let value = Double(String(decoding: text, as: UTF8.self)), value.isFinite else { return nil }
        return value
    }
}
