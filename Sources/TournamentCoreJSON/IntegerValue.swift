/// What a number token is as an integer: JSON Schema's `integer` is a value, not a spelling,
/// so `8`, `8.0`, `8e0` and `80e-1` are all the integer 8 (stores that keep every number as a
/// double write them so), `8.5` is none, and `1e30` is an integer beyond `Int64`.
///
/// The one place integrality is decided, exactly (no `Double` in between: `9007199254740993.0`
/// is 9007199254740993): ``JSONDocument/int64(_:)`` and ``JSONDocument/isInteger(_:)`` ask it
/// for every number that is not a plain integer literal. (The cursor reads integer literals
/// only and declines the rest, which the document path then reads through this.)
@usableFromInline
enum IntegerValue: Equatable {
    /// An integer within `Int64`.
    case value(Int64)
    /// An integer outside `Int64`.
    case outOfRange
    /// Not an integer (a nonzero fraction).
    case fraction

    /// The `Int64`, or nil.
    @inlinable var int64: Int64? {
        if case .value(let value) = self { return value }
        return nil
    }

    /// `mantissa × 10^exponent`, negated if `negative`: the digits of a number token as an
    /// integer and its decimal exponent (the written one less the digits after the point).
    @usableFromInline @inline(never)
    static func of(mantissa: UInt64, exponent: Int, negative: Bool) -> IntegerValue {
        if mantissa == 0 { return .value(0) }
        var magnitude = mantissa
        if exponent >= 0 {
            // 10^20 > 2^64: a nonzero mantissa times it is out of any 64-bit range.
            guard exponent < 20 else { return .outOfRange }
            let (product, overflow) = mantissa.multipliedReportingOverflow(by: powerOfTen(exponent))
            guard !overflow else { return .outOfRange }
            magnitude = product
        } else {
            // A mantissa is below 2^64 < 10^20: divisible by 10^20 or more only when 0.
            guard exponent > -20 else { return .fraction }
            let divisor = powerOfTen(-exponent)
            guard mantissa % divisor == 0 else { return .fraction }
            magnitude = mantissa / divisor
        }
        return signed(magnitude, negative: negative)
    }

    /// The integer a number token's text (`-?digits(.digits)?([eE][+-]?digits)?`, already known
    /// to be valid JSON) writes, for the tokens the parser's mantissa could not hold (more than
    /// 19 digits, a written exponent of 10,000 or more). Reads the text twice, allocates nothing.
    @usableFromInline @inline(never)
    static func of(_ text: UnsafeBufferPointer<UInt8>) -> IntegerValue {
        var position = 0
        let count = text.count
        let negative = count > 0 && text[0] == UInt8(ascii: "-")
        if negative { position = 1 }
        let integerStart = position
        while position < count, isDigit(text[position]) { position += 1 }
        let integerCount = position - integerStart
        var fractionStart = position, fractionCount = 0
        if position < count, text[position] == UInt8(ascii: ".") {
            position += 1
            fractionStart = position
            while position < count, isDigit(text[position]) { position += 1 }
            fractionCount = position - fractionStart
        }
        // The written exponent, saturated far beyond any request's digit count (64 MiB).
        let limit = 1 << 40
        var exponent = 0
        if position < count, text[position] | 0x20 == UInt8(ascii: "e") {
            position += 1
            var exponentNegative = false
            if position < count, text[position] == UInt8(ascii: "-") || text[position] == UInt8(ascii: "+") {
                exponentNegative = text[position] == UInt8(ascii: "-")
                position += 1
            }
            while position < count, isDigit(text[position]) {
                exponent = min(exponent * 10 + Int(text[position] &- UInt8(ascii: "0")), limit)
                position += 1
            }
            if exponentNegative { exponent = -exponent }
        }
        // The digits, integer part then fraction, as one sequence; the point after `point` of them.
        let digitCount = integerCount + fractionCount
        func digit(_ index: Int) -> UInt8 {
            if index >= digitCount { return 0 }
            let byte = index < integerCount ? text[integerStart + index] : text[fractionStart + index - integerCount]
            return byte &- UInt8(ascii: "0")
        }
        guard let first = (0..<digitCount).first(where: { digit($0) != 0 }),
              let last = (0..<digitCount).last(where: { digit($0) != 0 })
        else { return .value(0) }
        let point = integerCount + exponent
        guard last < point else { return .fraction }
        // At least 20 digits from the first nonzero one to the point: 10^19 or more.
        guard point - first < 20 else { return .outOfRange }
        var magnitude: UInt64 = 0
        for index in first..<point {
            let (shifted, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
            let (next, overflow2) = shifted.addingReportingOverflow(UInt64(digit(index)))
            if overflow1 || overflow2 { return .outOfRange }
            magnitude = next
        }
        return signed(magnitude, negative: negative)
    }

    /// A magnitude with its sign, within `Int64` (`-2^63` included) or out of range.
    private static func signed(_ magnitude: UInt64, negative: Bool) -> IntegerValue {
        if negative {
            return magnitude <= 1 << 63 ? .value(Int64(bitPattern: 0 &- magnitude)) : .outOfRange
        }
        return magnitude < 1 << 63 ? .value(Int64(bitPattern: magnitude)) : .outOfRange
    }

    /// 10^exponent for 0 ≤ exponent ≤ 19 (all within `UInt64`).
    private static func powerOfTen(_ exponent: Int) -> UInt64 {
        var power: UInt64 = 1
        for _ in 0..<exponent { power &*= 10 }
        return power
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }
}
