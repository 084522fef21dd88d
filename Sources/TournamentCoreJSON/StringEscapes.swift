/// Decoding a string token's escapes.
@usableFromInline enum StringEscapes {
    /// The UTF-8 text of a string token (without quotes) whose escapes the parser validated.
    @usableFromInline static func unescaped(_ text: UnsafeBufferPointer<UInt8>) -> [UInt8] {
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

    static func hex4(_ text: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt32 {
        var value: UInt32 = 0
        var offset = index
        while offset < min(index + 4, text.count) {
            value = value << 4 | UInt32(ByteScanning.hexValue(text[offset]) ?? 0)
            offset += 1
        }
        return value
    }

    static func appendUTF8(_ scalar: Unicode.Scalar, to output: inout [UInt8]) {
        UTF8.encode(scalar) { output.append($0) }
    }
}
