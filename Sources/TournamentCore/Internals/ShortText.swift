/// A short ASCII text (dates, times, counts, labels) built on the stack and made a `String`
/// once: no intermediate strings, and no allocation for texts of up to 15 bytes, which Swift
/// stores inline.
///
/// Holds 64 bytes, more than any text built with it (the longest is a label with a 20-digit
/// number); a part that would not fit is not kept.
struct ShortText {
    private var storage: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
    private var count = 0

    private var capacity: Int { MemoryLayout.size(ofValue: storage) }

    mutating func append(_ byte: UInt8) {
        guard count < capacity else { return }
        withUnsafeMutableBytes(of: &storage) { $0[count] = byte }
        count += 1
    }

    mutating func append(_ text: StaticString) {
        let length = text.utf8CodeUnitCount
        guard length <= capacity - count else { return }
        withUnsafeMutableBytes(of: &storage) { buffer in
            for index in 0..<length { buffer[count + index] = text.utf8Start[index] }
        }
        count += length
    }

    /// `value` in decimal, its magnitude zero-padded to at least `digits` digits, after a `-`
    /// when negative (`-0001`).
    mutating func append<Integer: FixedWidthInteger & SignedInteger>(_ value: Integer, digits: Int = 1) {
        if value < 0 { append(UInt8(ascii: "-")) }
        append(magnitude: UInt64(value.magnitude), digits: digits)
    }

    /// The decimal digits of `magnitude`, zero-padded to at least `digits` digits (at most 20).
    mutating func append(magnitude: UInt64, digits: Int = 1) {
        append(magnitude: magnitude, digits: digits, fractionDigits: 0)
    }

    /// `magnitude` with a decimal point before its last `fractionDigits` digits (at most 2):
    /// `12345`, 2 is `123.45`; `5`, 2 is `0.05`.
    mutating func append(magnitude: UInt64, fractionDigits: Int) {
        append(magnitude: magnitude, digits: 1, fractionDigits: Swift.min(Swift.max(fractionDigits, 0), 2))
    }

    /// The digits of `magnitude`, at least `digits` of them before the point, which comes before
    /// the last `fractionDigits` (none: 0).
    private mutating func append(magnitude: UInt64, digits: Int, fractionDigits: Int) {
        // Right to left into a word-aligned scratch of 24 bytes (a UInt64 has at most 20
        // digits; with a point and two fraction digits, at most 23 bytes), one division per
        // digit, then copied after the text.
        var scratch: (UInt64, UInt64, UInt64) = (0, 0, 0)
        let width = Swift.min(Swift.max(digits, 1), 20) + (fractionDigits > 0 ? fractionDigits + 1 : 0)
        let written = withUnsafeMutableBytes(of: &scratch) { buffer -> Int in
            var remaining = magnitude
            var index = buffer.count
            repeat {
                index -= 1
                if fractionDigits > 0, buffer.count - index == fractionDigits + 1 {
                    buffer[index] = UInt8(ascii: ".")
                    continue
                }
                buffer[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: remaining % 10)
                remaining /= 10
            } while remaining > 0 || buffer.count - index < width
            return buffer.count - index
        }
        guard written <= capacity - count else { return }
        withUnsafeBytes(of: scratch) { source in
            withUnsafeMutableBytes(of: &storage) { target in
                for offset in 0..<written { target[count + offset] = source[source.count - written + offset] }
            }
        }
        count += written
    }

    /// The text's bytes, lent to `body` (which must not keep them): no `String` is made.
    func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        withUnsafeBytes(of: storage) { bytes in
            body(UnsafeBufferPointer(start: bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), count: count))
        }
    }

    var string: String {
        withUnsafeBytes(of: storage) { bytes in
            String(ascii: UnsafeRawBufferPointer(start: bytes.baseAddress, count: count))
        }
    }
}

extension String {
    /// The string of ASCII `text`, written straight into it: up to 15 bytes that is the inline
    /// form, whose check is one mask (`String(decoding:)` runs the repairing validator).
    init(ascii text: UnsafeRawBufferPointer) {
        if #available(macOS 11, iOS 14, tvOS 14, watchOS 7, *) {
            self.init(unsafeUninitializedCapacity: text.count) { target in
                UnsafeMutableRawBufferPointer(target).copyMemory(from: text)
                return text.count
            }
        } else {
            self.init(decoding: text, as: UTF8.self)
        }
    }
}
