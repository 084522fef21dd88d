/// Writing integers as decimal digits, straight where they belong.
@usableFromInline enum DigitWriting {
    /// Writes the decimal digits of `value` so that they end just before `end`, and returns how
    /// many it wrote (at most 20).
    ///
    /// From the right: eight digits at a time while more than eight remain, then four, then
    /// pairs. Within a group of eight or four the pairs do not wait for one another (a 13-digit
    /// timestamp is a chain of 3 divisions deep, not 7).
    @inline(__always)
    @discardableResult
    @inlinable static func writeDigits(of value: UInt64, endingAt end: UnsafeMutablePointer<UInt8>) -> Int {
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
    @inlinable static func writeFourDigits(_ value: UInt32, at start: UnsafeMutablePointer<UInt8>) {
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
    @inline(always)
    @inlinable static func decimalDigitCount(_ value: UInt64) -> Int {
        // value | 1 has the same number of digits, 0 excepted, which gets its one digit so.
        let odd = value | 1
        let bits = 64 &- odd.leadingZeroBitCount
        let guess = (bits &* 1233) >> 12  // floor(bits × log10(2)): 0...19
        return guess &+ (odd >= powerOfTen(guess) ? 1 : 0)
    }

    /// 10^`exponent`, for 0...19 (0 for any other exponent). A switch of constants, so that a
    /// known exponent or value folds where it is inlined (a constant's digit count costs
    /// nothing); for an unknown one the compiler may make it a table of values or, followed by a
    /// comparison as in ``decimalDigitCount(_:)``, a jump to one comparison per case. A
    /// constant array read instead folds nothing: see BENCHMARKS.md, "What the work found".
    @inline(__always)
    @inlinable static func powerOfTen(_ exponent: Int) -> UInt64 {
        switch exponent {
        case 0: 1
        case 1: 10
        case 2: 100
        case 3: 1_000
        case 4: 10_000
        case 5: 100_000
        case 6: 1_000_000
        case 7: 10_000_000
        case 8: 100_000_000
        case 9: 1_000_000_000
        case 10: 10_000_000_000
        case 11: 100_000_000_000
        case 12: 1_000_000_000_000
        case 13: 10_000_000_000_000
        case 14: 100_000_000_000_000
        case 15: 1_000_000_000_000_000
        case 16: 10_000_000_000_000_000
        case 17: 100_000_000_000_000_000
        case 18: 1_000_000_000_000_000_000
        case 19: 10_000_000_000_000_000_000
        default: 0
        }
    }

    /// "00", "01", ... "99", one after the other: a literal, so reading it needs no lazy
    /// initialization.
    @inlinable static var digitPairs: StaticString {
        "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"
    }
}
