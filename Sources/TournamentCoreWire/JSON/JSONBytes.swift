#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
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

    /// The index of the first byte of `text` at or after `start` that stops a scan, or
    /// `text.count` (``firstStop(from:to:mask:)`` over indices).
    @inline(__always)
    static func firstStop(in text: UnsafeBufferPointer<UInt8>, from start: Int, mask: (UInt64) -> UInt64) -> Int {
        guard let base = text.baseAddress else { return text.count }
        return firstStop(from: base + start, to: base + text.count, mask: mask) - base
    }

    /// The first byte from `start` up to `end` that stops a scan, or `end`. `mask` gives a word's
    /// bytes that stop with their high bit, the lowest set one being exactly the first (SWAR),
    /// whatever the bytes above it; bytes past the text read as zero and are masked off. Eight
    /// bytes at a time, then the rest as one partial word.
    @inline(__always)
    static func firstStop(from start: UnsafePointer<UInt8>, to end: UnsafePointer<UInt8>, mask: (UInt64) -> UInt64) -> UnsafePointer<UInt8> {
        var cursor = start
        while end - cursor >= 8 {
            let found = mask(UInt64(littleEndian: UnsafeRawPointer(cursor).loadUnaligned(as: UInt64.self)))
            if found != 0 { return cursor + found.trailingZeroBitCount >> 3 }
            cursor += 8
        }
        let remaining = end - cursor
        guard remaining > 0 else { return end }
        let found = mask(partialWord(cursor, count: remaining)) & (1 << UInt64(remaining &* 8) &- 1)
        return found == 0 ? end : cursor + found.trailingZeroBitCount >> 3
    }

    /// Whether `text` has a byte a JSON string must escape: words at a time, the last one
    /// overlapping the one before (a yes/no needs no exact position).
    @inline(__always)
    static func needsEscaping(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = text.baseAddress else { return false }
        let count = text.count
        let raw = UnsafeRawPointer(base)
        if count >= 8 {
            var offset = 0
            while count &- offset > 8 {
                if escapeMask(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))) != 0 { return true }
                offset &+= 8
            }
            return escapeMask(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self))) != 0
        }
        guard count > 0 else { return false }
        return escapeMask(partialWord(base, count: count)) & (1 << UInt64(count &* 8) &- 1) != 0
    }

    /// The 1...7 bytes at `start` as a little-endian word, the bytes above them zero: two
    /// overlapping four-byte loads, or three single bytes, never reading past the last.
    @inline(__always)
    static func partialWord(_ start: UnsafePointer<UInt8>, count: Int) -> UInt64 {
        if count >= 4 {
            let raw = UnsafeRawPointer(start)
            let low = UInt64(UInt32(littleEndian: raw.loadUnaligned(as: UInt32.self)))
            let high = UInt64(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)))
            return low | high << UInt64((count &- 4) &* 8)
        }
        let middle = count >> 1
        return UInt64(start[0]) | UInt64(start[middle]) << UInt64(middle &* 8) | UInt64(start[count &- 1]) << UInt64((count &- 1) &* 8)
    }

    /// The high bit of each byte of `word` that a JSON string must escape (a control character,
    /// `"` or `\`), and possibly of bytes above one (a borrow of the subtractions): the lowest
    /// set bit is exactly the first such byte. Bytes from 0x80 up (multi-byte UTF-8) are never
    /// the lowest.
    @inline(__always)
    static func escapeMask(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        let control = (word &- ones &* 0x20) & ~word
        let quoteZero = (quote &- ones) & ~quote
        let backslashZero = (backslash &- ones) & ~backslash
        return (control | quoteZero | backslashZero) & 0x8080_8080_8080_8080
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

    /// The value of an integer literal (`-?[0-9]+`), or nil outside the range of `Int64`,
    /// checking every step for overflow: the path of the integers the parser's digits leave
    /// (more than 19 digits).
    @inline(never)
    static func int64(_ text: UnsafeBufferPointer<UInt8>) -> Int64? {
        guard !text.isEmpty else { return nil }
        let negative = text[0] == UInt8(ascii: "-")
        guard text.count > (negative ? 1 : 0) else { return nil }  // "-" alone is no number
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

    /// `mantissa × 10^exponent`, negated if `negative`, correctly rounded; nil when the fast
    /// algorithms cannot decide (then ``double(_:)`` reads the text).
    ///
    /// Most numbers of requests (`0.125`, `-1.5e3`, `42`) have at most 15 significant digits and a
    /// small exponent; those are computed exactly as `digits × 10^e` or `digits ÷ 10^-e` (both
    /// operands exact, so the one rounding is correct: Clinger's fast path). Up to 19 digits
    /// (17-digit round-trip output such as jansson's `%.17g` included) the Eisel–Lemire algorithm
    /// decides almost always.
    @inline(__always)
    static func double(mantissa: UInt64, exponent: Int, negative: Bool) -> Double? {
        // Exact as a Double (at most 2^53), with a power of ten that is itself exact.
        guard mantissa <= 1 << 53, exponent >= -22, exponent <= 22 else {
            return eiselLemire(mantissa, exponent, negative: negative)
        }
        var value = Double(mantissa)
        if exponent < 0 {
            value /= powersOfTen[-exponent]
        } else {
            value *= powersOfTen[exponent]
        }
        return negative ? -value : value
    }

    /// The nearest `Double` to a number token, or nil when its magnitude overflows a `Double`:
    /// the path of the numbers the fast ones leave (more than 19 digits, a written exponent of
    /// 10,000 or more, the rare undecided ones).
    ///
    /// The C library's correctly rounded `strtod`, on a copy on the stack. It follows the
    /// process's locale: if that one's decimal separator is not '.', `strtod` stops early, which
    /// is detected, and the standard library's conversion decides instead.
    @inline(never)
    static func double(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        var value: Double?
        if text.count < 64 {
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

    /// Writes the decimal digits of `value` so that they end just before `end`, and returns how
    /// many it wrote (at most 20).
    ///
    /// From the right: eight digits at a time while more than eight remain, then four, then
    /// pairs. Within a group of eight or four the pairs do not wait for one another (a 13-digit
    /// timestamp is a chain of 3 divisions deep, not 7).
    @inline(__always)
    @discardableResult
    static func writeDigits(of value: UInt64, endingAt end: UnsafeMutablePointer<UInt8>) -> Int {
        var remaining = value
        var start = end
        while remaining >= 100_000_000 {
            let eight = remaining % 100_000_000
            remaining /= 100_000_000
            start -= 8
            writeFourDigits(UInt32(truncatingIfNeeded: eight / 10_000), at: start)
            writeFourDigits(UInt32(truncatingIfNeeded: eight % 10_000), at: start + 4)
        }
        if remaining >= 10_000 {
            start -= 4
            writeFourDigits(UInt32(truncatingIfNeeded: remaining % 10_000), at: start)
            remaining /= 10_000
        }
        // At most four digits are left, without leading zeros.
        let pairs = digitPairs.utf8Start
        if remaining >= 100 {
            let pair = Int(truncatingIfNeeded: remaining % 100) &* 2
            remaining /= 100
            start -= 2
            start[0] = pairs[pair]
            start[1] = pairs[pair &+ 1]
        }
        if remaining >= 10 {
            let pair = Int(truncatingIfNeeded: remaining) &* 2
            start -= 2
            start[0] = pairs[pair]
            start[1] = pairs[pair &+ 1]
        } else {
            start -= 1
            start[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: remaining)
        }
        return end - start
    }

    /// Writes `value` (below 10,000) as exactly four digits at `start`.
    @inline(__always)
    private static func writeFourDigits(_ value: UInt32, at start: UnsafeMutablePointer<UInt8>) {
        let pairs = digitPairs.utf8Start
        let high = Int(truncatingIfNeeded: value / 100) &* 2
        let low = Int(truncatingIfNeeded: value % 100) &* 2
        start[0] = pairs[high]
        start[1] = pairs[high &+ 1]
        start[2] = pairs[low]
        start[3] = pairs[low &+ 1]
    }

    /// The number of decimal digits of `value` (1 for 0): a guess from its bit length, corrected
    /// by one comparison. Lets a writer put digits straight where they belong.
    @inline(__always)
    static func decimalDigitCount(_ value: UInt64) -> Int {
        // value | 1 has the same number of digits, 0 excepted, which gets its one digit so.
        let odd = value | 1
        let bits = 64 &- odd.leadingZeroBitCount
        let guess = (bits &* 1233) >> 12  // floor(bits × log10(2)): 0...19
        return guess &+ (odd >= powersOfTenUInt64[guess] ? 1 : 0)
    }

    /// 10^`exponent`, for 0...19.
    @inline(__always)
    static func powerOfTen(_ exponent: Int) -> UInt64 {
        powersOfTenUInt64[exponent]
    }

    /// 10^0 ... 10^19, every power of ten a `UInt64` holds.
    private static let powersOfTenUInt64: [UInt64] = [
        1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000,
        10_000_000_000, 100_000_000_000, 1_000_000_000_000, 10_000_000_000_000,
        100_000_000_000_000, 1_000_000_000_000_000, 10_000_000_000_000_000,
        100_000_000_000_000_000, 1_000_000_000_000_000_000, 10_000_000_000_000_000_000,
    ]

    /// "00", "01", ... "99", one after the other: a literal, so reading it needs no lazy
    /// initialization.
    private static var digitPairs: StaticString {
        "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"
    }

    /// The bytes of `word` less `'0'` (as exclusive or, which is the same for digits): the
    /// value of every byte that is an ASCII digit, something above 9 for every other.
    @inline(__always)
    static func digitValues(_ word: UInt64) -> UInt64 {
        word ^ 0x3030_3030_3030_3030
    }

    /// The high bit of each byte of `values` (from ``digitValues(_:)``) above 9: the lowest set
    /// bit is exactly the first byte that is not a digit. (A byte at 0x8A or above carries into
    /// the one after it, but has its own high bit set already.)
    @inline(__always)
    static func nonDigits(_ values: UInt64) -> UInt64 {
        (values &+ 0x7676_7676_7676_7676 | values) & 0x8080_8080_8080_8080
    }

    /// The eight bytes of `values` (little-endian, the first the most significant), each 0...9,
    /// as one decimal number; zero bytes read as leading zeros. The SWAR reduction of simdjson
    /// and fast_float.
    @inline(__always)
    static func digitsValue(_ values: UInt64) -> UInt64 {
        let pairs = (values &* (10 << 8 + 1)) >> 8
        let quads = ((pairs & 0x00FF_00FF_00FF_00FF) &* (100 << 16 + 1)) >> 16
        return ((quads & 0x0000_FFFF_0000_FFFF) &* (10000 << 32 + 1)) >> 32
    }

    /// `mantissa × 10^exponent` correctly rounded, or nil when 128 bits of 10^exponent cannot
    /// decide the rounding, or the result is subnormal, infinite or beyond the table (the caller
    /// then asks `strtod`). The Eisel–Lemire algorithm (Lemire, "Number Parsing at a Gigabyte per
    /// Second", 2021), as in Go's `strconv` and fast_float; all arithmetic below is on operands
    /// whose ranges are bounded here, so none can overflow.
    static func eiselLemire(_ mantissa: UInt64, _ exponent: Int, negative: Bool) -> Double? {
        if mantissa == 0 { return negative ? -0.0 : 0.0 }
        guard _fastPath(exponent >= PowersOfTen.minimumExponent && exponent <= PowersOfTen.maximumExponent) else { return nil }
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
        if _slowPath(high & 0x1FF == 0x1FF && low &+ normalized < normalized) {
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
        if _slowPath(low == 0 && high & 0x1FF == 0 && significand & 3 == 1) { return nil }
        // Round half up to 53 bits (ties are excluded above); a carry adds a bit.
        significand += significand & 1
        significand >>= 1
        if significand >> 53 > 0 {
            significand >>= 1
            binaryExponent += 1
        }
        // Subnormal, zero, infinite or NaN: strtod decides.
        guard _fastPath(binaryExponent > 0 && binaryExponent < 0x7FF) else { return nil }
        let bits = UInt64(binaryExponent) << 52 | significand & 0x000F_FFFF_FFFF_FFFF
        return Double(bitPattern: negative ? bits | (1 << 63) : bits)
    }
}
