#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

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
    ///
    /// Most numbers of requests (`0.125`, `-1.5e3`, `42`) have at most 15 significant digits and a
    /// small exponent; those are computed exactly as `digits × 10^e` or `digits ÷ 10^-e` (both
    /// operands exact, so the one rounding is correct: Clinger's fast path). Up to 19 digits
    /// (17-digit round-trip output such as jansson's `%.17g` included) the Eisel–Lemire algorithm
    /// decides almost always. The rest go through the C library's correctly rounded `strtod`.
    static func double(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        if let fast = fastDouble(text) { return fast }
        var value: Double?
        if text.count < 64 {
            // The C library's correctly rounded strtod, on a copy on the stack. It follows the
            // process's locale: if that one's decimal separator is not '.', strtod stops early,
            // which is detected, and the standard library's conversion decides instead.
            value = withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer -> Double? in
                guard let start = buffer.baseAddress, let source = text.baseAddress else { return nil }
                UnsafeMutableRawPointer(start).copyMemory(from: source, byteCount: text.count)
                start[text.count] = 0
                var end: UnsafeMutablePointer<CChar>?
                let result = strtod(start, &end)
                return end == start + text.count ? result : nil
            }
        }
        if value == nil {
            value = Double(String(decoding: text, as: UTF8.self))
        }
        guard let value, value.isFinite else { return nil }
        return value
    }

    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    private static func fastDouble(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        var index = 0
        let negative = text.first == UInt8(ascii: "-")
        if negative { index = 1 }
        var mantissa: UInt64 = 0
        var digits = 0
        var exponent = 0
        var sawNonZero = false
        var sawPoint = false
        // The tokenizer has validated the number, so digits with at most one point follow.
        while index < text.count {
            let byte = text[index]
            if byte &- UInt8(ascii: "0") < 10 {
                let digit = UInt64(byte &- UInt8(ascii: "0"))
                if digit != 0 || sawNonZero {
                    sawNonZero = true
                    digits += 1
                }
                mantissa = mantissa &* 10 &+ digit
                if sawPoint { exponent -= 1 }
            } else if byte == UInt8(ascii: "."), !sawPoint {
                sawPoint = true
            } else {
                break
            }
            index += 1
        }
        if index < text.count, text[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            var exponentSign = 1
            if index < text.count, text[index] == UInt8(ascii: "-") {
                exponentSign = -1
                index += 1
            } else if index < text.count, text[index] == UInt8(ascii: "+") {
                index += 1
            }
            var written = 0
            var length = 0
            while index < text.count, text[index] &- UInt8(ascii: "0") < 10 {
                if length < 4 { written = written * 10 + Int(text[index] &- UInt8(ascii: "0")) }
                length += 1
                index += 1
            }
            if length > 4 { return nil }  // far beyond the fast path
            exponent += exponentSign * written
        }
        guard index == text.count else { return nil }
        // Exact with at most 15 significant digits (all accumulated, so no digit was lost) and a
        // power of ten that is itself exact.
        if digits <= 15, exponent >= -22, exponent <= 22 {
            var value = Double(mantissa)
            if exponent < 0 {
                value /= powersOfTen[-exponent]
            } else {
                value *= powersOfTen[exponent]
            }
            return negative ? -value : value
        }
        // Up to 19 digits the mantissa is still exact in 64 bits.
        guard digits <= 19 else { return nil }
        return eiselLemire(mantissa, exponent, negative: negative)
    }

    /// `mantissa × 10^exponent` correctly rounded, or nil when 128 bits of 10^exponent cannot
    /// decide the rounding, or the result is subnormal, infinite or beyond the table (the caller
    /// then asks `strtod`). The Eisel–Lemire algorithm (Lemire, "Number Parsing at a Gigabyte per
    /// Second", 2021), as in Go's `strconv` and fast_float; all arithmetic below is on operands
    /// whose ranges are bounded here, so none can overflow.
    static func eiselLemire(_ mantissa: UInt64, _ exponent: Int, negative: Bool) -> Double? {
        if mantissa == 0 { return negative ? -0.0 : 0.0 }
        guard exponent >= PowersOfTen.minimumExponent, exponent <= PowersOfTen.maximumExponent else { return nil }
        // Normalize the mantissa so that its top bit is set.
        let leadingZeros = mantissa.leadingZeroBitCount
        let normalized = mantissa << UInt64(leadingZeros)
        // floor(log2(10^exponent)) + 64 + bias − leadingZeros; |217706 × exponent| < 2^27.
        var binaryExponent = ((217_706 * exponent) >> 16) + 64 + 1023 - leadingZeros
        let row = 2 * (exponent - PowersOfTen.minimumExponent)
        let powerHigh = PowersOfTen.mantissas[row]
        let powerLow = PowersOfTen.mantissas[row + 1]
        // The product with the high 64 bits of the power; with the low 64 bits too when the
        // lower bits of the result might still carry into the ones that are kept.
        var (high, low) = normalized.multipliedFullWidth(by: powerHigh)
        if high & 0x1FF == 0x1FF, low &+ normalized < normalized {
            let (extraHigh, extraLow) = normalized.multipliedFullWidth(by: powerLow)
            var mergedHigh = high
            let mergedLow = low &+ extraHigh
            if mergedLow < low { mergedHigh &+= 1 }
            if mergedHigh & 0x1FF == 0x1FF, mergedLow &+ 1 == 0, extraLow &+ normalized < normalized {
                return nil
            }
            high = mergedHigh
            low = mergedLow
        }
        // Keep 54 bits (53 and one to round with).
        let topBit = high >> 63
        var significand = high >> (topBit + 9)
        binaryExponent -= Int(1 ^ topBit)
        // Exactly halfway between two doubles: 128 bits cannot tell which way to round.
        if low == 0, high & 0x1FF == 0, significand & 3 == 1 { return nil }
        // Round half up to 53 bits (ties are excluded above); a carry adds a bit.
        significand += significand & 1
        significand >>= 1
        if significand >> 53 > 0 {
            significand >>= 1
            binaryExponent += 1
        }
        // Subnormal, zero, infinite or NaN: strtod decides.
        guard binaryExponent > 0, binaryExponent < 0x7FF else { return nil }
        let bits = UInt64(binaryExponent) << 52 | significand & 0x000F_FFFF_FFFF_FFFF
        return Double(bitPattern: negative ? bits | (1 << 63) : bits)
    }
}
