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
    public var text: String
    /// Up, down or flat.
    public var trend: Trend
    /// Green, red or gray.
    public var color: Color

    /// Creates a display.
    public init(text: String, trend: Trend, color: Color) {
        self.text = text
        self.trend = trend
        self.color = color
    }

    /// A delta shown with two decimals, rounded as C's `printf("%.2f")` rounds: to the nearest
    /// hundredth of the exact binary value, ties to even. `+` for positive, `-` for negative, no
    /// sign for zero. A non-finite value (never produced by the core) is shown as `0.00`.
    public init(_ delta: Double) {
        let hundredths = Self.roundedHundredths(delta)
        var text = Self.signed(hundredths.signum())
        text.append(magnitude: UInt64(hundredths.magnitude / 100))
        text.append(UInt8(ascii: "."))
        text.append(magnitude: UInt64(hundredths.magnitude % 100), digits: 2)
        self.init(sign: hundredths.signum(), text: text.string)
    }

    /// A count delta: `+12`, `-3`, `0`.
    public init(_ delta: Int) {
        var text = Self.signed(delta.signum())
        text.append(magnitude: UInt64(delta.magnitude))
        self.init(sign: delta.signum(), text: text.string)
    }

    /// A text starting with the sign shown for `sign` (-1, 0 or 1): `+`, `-` or nothing.
    private static func signed(_ sign: Int) -> ShortText {
        var text = ShortText()
        if sign > 0 { text.append(UInt8(ascii: "+")) }
        if sign < 0 { text.append(UInt8(ascii: "-")) }
        return text
    }

    private init(sign: Int, text: String) {
        switch sign {
        case 1: self.init(text: text, trend: .up, color: .green)
        case -1: self.init(text: text, trend: .down, color: .red)
        default: self.init(text: text, trend: .flat, color: .gray)
        }
    }

    /// `value × 100` rounded to the nearest integer, ties to even, computed exactly from the
    /// binary value (no decimal string in between, so `1.005`, stored as 1.00499999…, gives 100).
    /// Values beyond ±2⁵³ / 100 saturate; the core's deltas are within ±100.
    static func roundedHundredths(_ value: Double) -> Int {
        guard value.isFinite, value != 0 else { return 0 }
        let limit = 9.0e13
        guard abs(value) < limit else { return value < 0 ? -Int(limit) * 100 : Int(limit) * 100 }
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
        return value < 0 ? -Int(result) : Int(result)
    }
}
