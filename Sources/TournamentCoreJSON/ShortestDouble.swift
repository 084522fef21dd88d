/// The shortest decimal that reads back as a given `Double`, and its text as Swift's
/// `description` writes it (`0.1`, `100.0`, `1e-05`, `1.7976931348623157e+308`).
///
/// The digits come from the Schubfach algorithm (Raffaello Giulietti, "The Schubfach way to
/// render doubles", 2020; the algorithm of Java's `Double.toString` since JDK 19): the value's
/// rounding interval is scaled by a 126-bit approximation of a power of ten
/// (``ShortestDoubleTable``) and the shortest decimal in it is read off, the closest one when
/// there are several (ties to an even last digit). All arithmetic is on unsigned 64-bit words
/// whose ranges the algorithm bounds; nothing here can trap.
@usableFromInline enum ShortestDouble {
    /// `digits × 10^exponent` equals the finite, non-zero `value`'s magnitude when read back,
    /// with `digits` as short as possible and without trailing zeros.
    static func decimal(_ value: Double) -> (digits: UInt64, exponent: Int) {
        let fraction = value.bitPattern & (1 << 52 - 1)
        let biasedExponent = Int(value.bitPattern >> 52 & 0x7FF)
        var result: (digits: UInt64, exponent: Int)
        if biasedExponent != 0 {
            let significand = 1 << 52 | fraction
            let shift = 1075 - biasedExponent
            // An integer below 2^53: its digits are exact.
            if shift > 0 && shift < 53 && (significand >> UInt64(shift)) << UInt64(shift) == significand {
                result = (significand >> UInt64(shift), 0)
            } else {
                result = decimal(significand: significand, binaryExponent: -shift)
            }
        } else if fraction < 3 {
            // The two smallest subnormals (2^-1074 and 2^-1073): their intervals are too wide for
            // the scaling (the reference scales them by ten and gets two digits, 4.9e-324); one
            // digit reads back, and is what `description` writes.
            result = fraction == 1 ? (5, -324) : (1, -323)
        } else {
            result = decimal(significand: fraction, binaryExponent: -1074)
        }
        removeTrailingZeros(&result.digits, &result.exponent)
        return result
    }

    /// Moves the trailing zeros of `digits` (not zero) into `exponent`.
    ///
    /// The shortest digits of a value such as 8.5 come out of the scaling as 85 followed by 14
    /// zeros: taken off one by one, each a division waiting for the one before, they cost more
    /// than the digits' search. After the first, they go by 8, 4, 2 and 1 at a time (what is
    /// left after the eights is fewer than eight); a value without one pays a single test.
    @inline(__always)
    static func removeTrailingZeros(_ digits: inout UInt64, _ exponent: inout Int) {
        guard let tenth = ZeroRun.one.quotient(digits) else { return }
        digits = tenth
        exponent &+= 1
        while let quotient = ZeroRun.eight.quotient(digits) {
            digits = quotient
            exponent &+= 8
        }
        for run in [ZeroRun.four, .two, .one] {
            if let quotient = run.quotient(digits) {
                digits = quotient
                exponent &+= Int(run.rawValue)
            }
        }
    }

    /// A number of trailing zeros taken off at once.
    @usableFromInline enum ZeroRun: UInt64 {
        case one = 1, two = 2, four = 4, eight = 8

        /// `value / 10^k` when `value` is a multiple of it, else nil (k is the raw value).
        ///
        /// A multiple of 2^k × 5^k times the inverse of 5^k (mod 2^64) is the quotient shifted
        /// left by k: rotated right by k, it is the quotient, at most (2^64 − 1) / 10^k; every
        /// other value gives more (Hacker's Delight, 10–17). One multiplication, no division.
        @inline(__always)
        func quotient(_ value: UInt64) -> UInt64? {
            let (inverse, limit): (UInt64, UInt64) = switch self {
            case .one: (0xCCCC_CCCC_CCCC_CCCD, 1_844_674_407_370_955_161)
            case .two: (0x8F5C_28F5_C28F_5C29, 184_467_440_737_095_516)
            case .four: (0xD288_CE70_3AFB_7E91, 1_844_674_407_370_955)
            case .eight: (0xC767_074B_22E9_0E21, 184_467_440_737)
            }
            let product = value &* inverse
            let rotated = product &>> rawValue | product &<< (64 &- rawValue)
            return rotated <= limit ? rotated : nil
        }
    }

    /// The shortest decimal in the rounding interval of `significand × 2^binaryExponent`.
    static func decimal(significand c: UInt64, binaryExponent q: Int) -> (digits: UInt64, exponent: Int) {
        let out: UInt64 = c & 1
        let cb = c << 2
        let cbr = cb + 2
        let cbl: UInt64
        let k: Int
        if c != 1 << 52 || q == -1074 {
            cbl = cb - 2
            k = floorLog10Pow2(q)
        } else {
            // At a power of two the interval below is half as wide.
            cbl = cb - 1
            k = floorLog10ThreeQuartersPow2(q)
        }
        let h = q + floorLog2Pow10(-k) + 2
        let row = 2 * (k - ShortestDoubleTable.minimumK)
        let g1 = ShortestDoubleTable.g[row]
        let g0 = ShortestDoubleTable.g[row + 1]
        let vb = roundedOdd(g1, g0, cb << UInt64(h))
        let vbl = roundedOdd(g1, g0, cbl << UInt64(h))
        let vbr = roundedOdd(g1, g0, cbr << UInt64(h))
        let s = vb >> 2
        if s >= 10 {
            // One digit fewer, if a multiple of ten is in the interval. (The reference asks for
            // s >= 100, keeping two digits, which Java's format wants; `description` wants the
            // shortest. Only subnormals have s < 100: normal values have 16 or 17 digits here.)
            let sp10 = s / 10 * 10
            let tp10 = sp10 + 10
            let upin = vbl + out <= sp10 << 2
            let wpin = (tp10 << 2) + out <= vbr
            if upin != wpin {
                return (upin ? sp10 : tp10, k)
            }
        }
        let t = s + 1
        let uin = vbl + out <= s << 2
        let win = (t << 2) + out <= vbr
        if uin != win {
            return (uin ? s : t, k)
        }
        // Both in the interval: the closer, ties to even.
        let twiceMiddle = (s + t) << 1
        let pickS = vb < twiceMiddle || (vb == twiceMiddle && s & 1 == 0)
        return (pickS ? s : t, k)
    }

    /// `g × cp / 2^127` rounded to odd (the low bit records inexactness), where g = g1 × 2^63 + g0.
    @inline(__always)
    static func roundedOdd(_ g1: UInt64, _ g0: UInt64, _ cp: UInt64) -> UInt64 {
        let x1 = g0.multipliedFullWidth(by: cp).high
        let y = g1.multipliedFullWidth(by: cp)
        let z = (y.low >> 1) &+ x1
        let vbp = y.high &+ (z >> 63)
        return vbp | ((z & (1 << 63 - 1)) &+ (1 << 63 - 1)) >> 63
    }

    // (The three below multiply in Int64: their constants do not fit a 32-bit Int.)

    /// floor(q × log10(2)) for |q| ≤ 2^16 or so.
    @inline(__always)
    static func floorLog10Pow2(_ q: Int) -> Int { Int((Int64(q) * 661_971_961_083) >> 41) }

    /// floor(log10(3/4 × 2^q)).
    @inline(__always)
    static func floorLog10ThreeQuartersPow2(_ q: Int) -> Int { Int((Int64(q) * 661_971_961_083 - 274_743_187_321) >> 41) }

    /// floor(e × log2(10)).
    @inline(__always)
    static func floorLog2Pow10(_ e: Int) -> Int { Int((Int64(e) * 913_124_641_741) >> 38) }

    /// Writes a finite `value` as `description` does: the shortest digits, in positional notation
    /// from 10^-4 up to 2^53 (with `.0` for integers), otherwise as `d.ddde±XX`. Returns the byte
    /// count; `target` has room for 32 bytes.
    @usableFromInline static func write(_ value: Double, to target: UnsafeMutablePointer<UInt8>) -> Int {
        var at = 0
        if value.sign == .minus {
            target[0] = UInt8(ascii: "-")
            at = 1
        }
        if value == 0 {
            target[at] = UInt8(ascii: "0")
            target[at + 1] = UInt8(ascii: ".")
            target[at + 2] = UInt8(ascii: "0")
            return at + 3
        }
        let size = value.magnitude
        // Below 2^53 the conversion cannot trap, and converting back tells a whole number
        // (without the C library's trunc, a call where SSE4.1 is not assumed).
        if size < 0x1p53, case let whole = Int64(size), Double(whole) == size {
            let integer = UInt64(bitPattern: whole)
            // A whole number below 2^53 (accuracy 30.0, a delta of 20.0): its digits are exact
            // and shortest as they are, written as an integer with ".0".
            let count = DigitWriting.decimalDigitCount(integer)
            DigitWriting.writeDigits(of: integer, endingAt: target + at + count)
            target[at + count] = UInt8(ascii: ".")
            target[at + count + 1] = UInt8(ascii: "0")
            return at + count + 2
        }
        let (digits, exponent) = decimal(value)
        let count = DigitWriting.decimalDigitCount(digits)  // at most 17
        let scientific = count - 1 + exponent
        // The digits are written where they end up; where a point goes between them, they are
        // written one byte further right and the leading ones moved back over the gap.
        if scientific >= -4 && value.magnitude <= 0x1p53 {
            if exponent >= 0 {
                // ddd000.0
                DigitWriting.writeDigits(of: digits, endingAt: target + at + count)
                at += count
                for _ in 0..<exponent {
                    target[at] = UInt8(ascii: "0")
                    at += 1
                }
                target[at] = UInt8(ascii: ".")
                target[at + 1] = UInt8(ascii: "0")
                return at + 2
            }
            if scientific >= 0 {
                // ddd.ddd
                DigitWriting.writeDigits(of: digits, endingAt: target + at + count + 1)
                for index in 0...scientific {
                    target[at + index] = target[at + index + 1]
                }
                target[at + scientific + 1] = UInt8(ascii: ".")
                return at + count + 1
            }
            // 0.000ddd
            target[at] = UInt8(ascii: "0")
            target[at + 1] = UInt8(ascii: ".")
            at += 2
            for _ in 0..<(-scientific - 1) {
                target[at] = UInt8(ascii: "0")
                at += 1
            }
            DigitWriting.writeDigits(of: digits, endingAt: target + at + count)
            return at + count
        }
        // d.ddde±XX
        DigitWriting.writeDigits(of: digits, endingAt: target + at + count + 1)
        target[at] = target[at + 1]
        if count > 1 {
            target[at + 1] = UInt8(ascii: ".")
            at += count + 1
        } else {
            at += 1
        }
        target[at] = UInt8(ascii: "e")
        target[at + 1] = scientific < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+")
        at += 2
        let magnitude = scientific.magnitude
        if magnitude >= 100 {
            target[at] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude / 100)
            at += 1
        }
        target[at] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude / 10 % 10)
        target[at + 1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
        return at + 2
    }
}
