/// Number tokens to values: exact integers, and correctly rounded doubles (Clinger's fast path,
/// Eisel–Lemire with the table of ``PowersOfTen``, `strtod` for the rest).
@usableFromInline
enum NumberParsing {
    /// `mantissa × 10^exponent`, negated if `negative`, correctly rounded; nil when the fast
    /// algorithms cannot decide (then ``double(_:)`` reads the text).
    ///
    /// Most numbers of requests (`0.125`, `-1.5e3`, `42`) have at most 15 significant digits and a
    /// small exponent; those are computed exactly as `digits × 10^e` or `digits ÷ 10^-e` (both
    /// operands exact, so the one rounding is correct: Clinger's fast path). Up to 19 digits
    /// (17-digit round-trip output such as jansson's `%.17g` included) the Eisel–Lemire algorithm
    /// decides almost always.
    @inline(__always)  // the fast path where a number is read; Eisel–Lemire is a call
    @inlinable static func double(mantissa: UInt64, exponent: Int, negative: Bool) -> Double? {
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

    /// `mantissa × 10^exponent` correctly rounded, or nil when 128 bits of 10^exponent cannot
    /// decide the rounding, or the result is subnormal, infinite or beyond the table (the caller
    /// then asks `strtod`). The Eisel–Lemire algorithm (Lemire, "Number Parsing at a Gigabyte per
    /// Second", 2021), as in Go's `strconv` and fast_float; all arithmetic below is on operands
    /// whose ranges are bounded here, so none can overflow.
    @usableFromInline @inline(never)
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

    /// The nearest `Double` to a number token, or nil when its magnitude overflows a `Double`:
    /// the path of the numbers the fast ones leave (more than 19 digits, a written exponent of
    /// 10,000 or more, the rare undecided ones).
    ///
    /// The C library's correctly rounded `strtod`, on a copy on the stack. It follows the
    /// process's locale: if that one's decimal separator is not '.', `strtod` stops early, which
    /// is detected, and the standard library's conversion decides instead.
    @usableFromInline @inline(never)
    static func double(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        var value: Double?
        if text.count < 64 {
            value = withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer -> Double? in
                guard let start = buffer.baseAddress, let source = text.baseAddress else { return nil }
                UnsafeMutableRawPointer(start).copyMemory(from: source, byteCount: text.count)
                start[text.count] = 0
                return CLibrary.parseDouble(start, count: text.count)
            }
        }
        if value == nil {
            value = Double(String(decoding: text, as: UTF8.self))
        }
        guard let value, value.isFinite else { return nil }
        return value
    }

    /// 10^0 ... 10^22, the powers of ten a `Double` holds exactly.
    @usableFromInline static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]
}
