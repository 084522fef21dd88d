extension String {
    /// `first`, `second`, `third` and `fourth` one after the other, built in one allocation
    /// (none when the result is short enough to be stored inline) rather than one per `+`.
    init(concatenating first: StaticString, _ second: String, _ third: StaticString, _ fourth: String) {
        var second = second, fourth = fourth
        self = second.withUTF8 { secondBytes in
            fourth.withUTF8 { fourthBytes in
                String(joining: first.utf8Buffer, secondBytes, third.utf8Buffer, fourthBytes)
            }
        }
    }

    /// `prefix`, the decimal digits of `value` and `suffix`, in one allocation at most
    /// (`"Active (" 3 ")"` is `Active (3)`).
    init(concatenating prefix: StaticString, _ value: Int, _ suffix: StaticString) {
        self.init(concatenating: prefix, negative: value < 0, magnitude: UInt64(value.magnitude), suffix)
    }

    /// `prefix`, a minus sign when `negative`, the decimal digits of `magnitude` and `suffix`.
    init(concatenating prefix: StaticString, negative: Bool, magnitude: UInt64, _ suffix: StaticString) {
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        self = withUnsafeMutableBytes(of: &digits) { buffer in
            // The sign and digits from the right end of the 24-byte buffer (UInt64.max has 20).
            var start = buffer.count
            var remaining = magnitude
            repeat {
                start -= 1
                buffer[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: remaining % 10)
                remaining /= 10
            } while remaining > 0
            if negative {
                start -= 1
                buffer[start] = UInt8(ascii: "-")
            }
            let number = UnsafeBufferPointer(rebasing: buffer.bindMemory(to: UInt8.self)[start...])
            return String(joining: prefix.utf8Buffer, number, suffix.utf8Buffer, UnsafeBufferPointer(start: nil, count: 0))
        }
    }

    /// The concatenation of four UTF-8 parts (each valid UTF-8 on its own).
    private init(
        joining first: UnsafeBufferPointer<UInt8>, _ second: UnsafeBufferPointer<UInt8>,
        _ third: UnsafeBufferPointer<UInt8>, _ fourth: UnsafeBufferPointer<UInt8>
    ) {
        self.init(unsafeUninitializedCapacity: first.count + second.count + third.count + fourth.count) { buffer in
            var offset = 0
            func append(_ part: UnsafeBufferPointer<UInt8>) {
                guard let source = part.baseAddress, let target = buffer.baseAddress, !part.isEmpty else { return }
                (target + offset).initialize(from: source, count: part.count)
                offset += part.count
            }
            append(first)
            append(second)
            append(third)
            append(fourth)
            return offset
        }
    }
}

extension StaticString {
    /// The UTF-8 bytes of a string literal.
    var utf8Buffer: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: utf8Start, count: utf8CodeUnitCount)
    }
}
