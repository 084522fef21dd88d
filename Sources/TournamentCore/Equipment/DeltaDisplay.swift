/// How a comparison delta is shown: its text, its trend arrow and its colour.
///
/// The sign is decided on the value as displayed, so a delta that rounds to `0.00` is shown
/// `0.00`, flat and gray — never `-0.00`.
public struct DeltaDisplay: Sendable, Hashable {
    /// The direction of a delta as displayed.
    public enum Trend: String, Sendable, Hashable {
        case up, down, flat
    }

    /// The colour of a delta: green when B is ahead, red when A is, gray when even.
    public enum Color: String, Sendable, Hashable {
        case green, red, gray
    }

    /// `+0.25`, `-3.50`, `0.00`; `+12` for counts.
    ///
    /// A delta's text is formatted when it is read; ``withUTF8Text(_:)`` lends it without
    /// making a `String`. Setting it keeps the given text.
    public var text: String {
        get {
            if case .given(let text) = storage { return text }
            var text = ""
            withUTF8Text { text = String(decoding: $0, as: UTF8.self) }
            return text
        }
        set { storage = .given(newValue) }
    }
    /// Up, down or flat.
    public var trend: Trend
    /// Green, red or gray.
    public var color: Color

    /// The text as kept: a number, formatted when read, or a text given as is.
    private var storage: Text

    private enum Text: Sendable {
        /// A delta × 100, rounded: shown with two decimals.
        case hundredths(Int64)
        /// A count delta: shown as an integer.
        case count(Int64)
        case given(String)
    }

    /// Creates a display.
    public init(text: String, trend: Trend, color: Color) {
        self.init(.given(text), trend: trend, color: color)
    }

    private init(_ storage: Text, trend: Trend, color: Color) {
        self.storage = storage
        self.trend = trend
        self.color = color
    }

    /// A delta shown with two decimals, rounded as C's `printf("%.2f")` rounds: to the nearest
    /// hundredth of the exact binary value, ties to even. `+` for positive, `-` for negative, no
    /// sign for zero. A non-finite value (never produced by the core) is shown as `0.00`.
    public init(_ delta: Double) {
        let hundredths = Self.roundedHundredths(delta)
        self.init(sign: Int(truncatingIfNeeded: hundredths.signum()), .hundredths(hundredths))
    }

    /// A count delta: `+12`, `-3`, `0`.
    public init(_ delta: Int64) {
        self.init(sign: Int(truncatingIfNeeded: delta.signum()), .count(delta))
    }

    /// A count delta given as an `Int`: `+12`, `-3`, `0`.
    public init(_ delta: Int) {
        self.init(Int64(delta))  // widening: exact on every platform
    }

    private init(sign: Int, _ storage: Text) {
        switch sign {
        case 1: self.init(storage, trend: .up, color: .green)
        case -1: self.init(storage, trend: .down, color: .red)
        default: self.init(storage, trend: .flat, color: .gray)
        }
    }

    /// The text's UTF-8 bytes, lent to `body` (which must not keep them): a delta's text is
    /// formatted on the stack, so that writing it out makes no `String`. (Not generic: called
    /// from another module, a generic function would look its type metadata up at run time.)
    public func withUTF8Text(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        let magnitude: UInt64
        let sign: Int
        var decimals = false
        switch storage {
        case .given(let text):
            if text.utf8.withContiguousStorageIfAvailable(body) != nil { return }
            var copy = text
            copy.withUTF8(body)
            return
        case .hundredths(let hundredths):
            (magnitude, sign, decimals) = (hundredths.magnitude, Int(truncatingIfNeeded: hundredths.signum()), true)
        case .count(let count):
            (magnitude, sign) = (count.magnitude, Int(truncatingIfNeeded: count.signum()))
        }
        var text = ShortText()
        if sign > 0 { text.append(UInt8(ascii: "+")) }
        if sign < 0 { text.append(UInt8(ascii: "-")) }
        text.append(magnitude: magnitude, fractionDigits: decimals ? 2 : 0)
        text.withUTF8(body)
    }

    /// Displays are equal when they show the same: texts, trends and colours.
    public static func == (lhs: DeltaDisplay, rhs: DeltaDisplay) -> Bool {
        lhs.trend == rhs.trend && lhs.color == rhs.color && lhs.text == rhs.text
    }

    /// Hashes what `==` compares: the text as shown, the trend and the colour.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(text)
        hasher.combine(trend)
        hasher.combine(color)
    }

    /// `value × 100` rounded to the nearest integer, ties to even, computed exactly from the
    /// binary value (no decimal string in between, so `1.005`, stored as 1.00499999…, gives 100).
    /// Values beyond ±2⁵³ / 100 saturate; the core's deltas are within ±100.
    static func roundedHundredths(_ value: Double) -> Int64 {
        guard value.isFinite, value != 0 else { return 0 }
        let limit = 9.0e13
        guard abs(value) < limit else { return value < 0 ? -Int64(limit) * 100 : Int64(limit) * 100 }
        // value = significand × 2^exponent with an integer significand below 2^53.
        let exponent = Int(value.exponent) - Double.significandBitCount
        let significand = UInt64(value.significandBitPattern) | (value.isNormal ? 1 << UInt64(Double.significandBitCount) : 0)
        let scaled = significand * 100  // < 2^53 × 100 < 2^60
        var result: UInt64
        if exponent >= 0 {
            result = scaled << UInt64(exponent)  // |value| < 9e13 keeps this below 2^63
        } else if -exponent >= 64 {
            result = 0  // below 2^-11: far under a half hundredth
        } else {
            let shift = UInt64(-exponent)
            result = scaled >> shift
            let remainder = scaled & ((1 << shift) - 1)
            let half: UInt64 = 1 << (shift - 1)
            if remainder > half || (remainder == half && result & 1 == 1) { result += 1 }
        }
        return value < 0 ? -Int64(result) : Int64(result)
    }
}
