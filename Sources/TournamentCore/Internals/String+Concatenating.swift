extension String {
    /// `first`, `second`, `third` and `fourth` one after the other, built in one allocation
    /// (none when the result is short enough to be stored inline) rather than one per `+`.
    init(concatenating first: StaticString, _ second: String, _ third: StaticString, _ fourth: String) {
        self = second.withUTF8Bytes { secondBytes in
            fourth.withUTF8Bytes { fourthBytes in
                String(joining: first.utf8Buffer, secondBytes, third.utf8Buffer, fourthBytes)
            }
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
                UnsafeMutableRawPointer(target + offset).copyMemory(from: source, byteCount: part.count)
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
