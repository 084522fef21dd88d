/// Guest participant IDs: `guest_` followed by 16 characters from `[A-Za-z0-9]`.
public enum GuestID {
    /// The prefix of every guest ID.
    public static let prefix = "guest_"
    /// The number of random characters after the prefix.
    public static let randomLength = 16
    /// The alphabet of the random characters, 62 symbols.
    public static let alphabet: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)

    /// A new ID from the operating system's cryptographically secure generator (one request for
    /// its words: ``BatchedSystemRandom``; `getrandom` on Linux, `arc4random_buf` on Apple systems).
    public static func generate() -> String {
        var generator = BatchedSystemRandom(expectedWords: expectedRandomWords(forCount: 1))
        return generate(using: &generator)
    }

    /// A new ID whose characters are drawn uniformly from ``alphabet`` with `generator`.
    ///
    /// Every byte of each 64-bit word drawn is used, low byte first, so an ID costs two or three
    /// calls to `generator` instead of one per character (with ``BatchedSystemRandom``, a whole
    /// batch of IDs costs one system call). Bytes of 248 or more are rejected, so that each of
    /// the 62 symbols has exactly 4 of the 248 accepted byte values (taking every byte modulo 62
    /// would make the first 8 symbols a quarter more likely than the others).
    public static func generate<Generator: RandomNumberGenerator>(using generator: inout Generator) -> String {
        let accepted = UInt8(alphabet.count * (256 / alphabet.count))  // 248
        let length = prefix.utf8.count + randomLength
        // Written straight into the string's storage: one allocation per ID.
        return String(unsafeUninitializedCapacity: length) { bytes in
            var count = 0
            for byte in prefix.utf8 {
                bytes[count] = byte
                count += 1
            }
            while count < length {
                var word = generator.next()
                for _ in 0..<8 where count < length {
                    let byte = UInt8(truncatingIfNeeded: word)
                    word >>= 8
                    if byte < accepted {
                        bytes[count] = alphabet[Int(byte) % alphabet.count]
                        count += 1
                    }
                }
            }
            return count
        }
    }

    /// The words of a ``BatchedSystemRandom`` that `count` IDs almost always need: an ID takes
    /// two 64-bit words when none of its first 16 bytes is rejected (three IDs in five), and three
    /// otherwise; four only with 9 or more rejections among 24 bytes (about 1 in 40 million).
    /// At most ``BatchedSystemRandom/maximumWords``.
    public static func expectedRandomWords(forCount count: Int) -> Int {
        let (words, overflow) = max(0, count).multipliedReportingOverflow(by: 3)
        return overflow ? BatchedSystemRandom.maximumWords : min(words, BatchedSystemRandom.maximumWords)
    }

    /// Whether `id` matches `^guest_[A-Za-z0-9]{16}$` (IDs of older clients, 16 lowercase hex
    /// digits, included).
    public static func isValid(_ id: String) -> Bool {
        var id = id
        // (Contiguous UTF-8 for a native string: read in place, nothing allocated.)
        return id.withUTF8(isValid(utf8:))
    }

    /// ``isValid(_:)`` of an ID's UTF-8 bytes, for a reader that has them (no `String` made).
    @_spi(Wire) public static func isValid(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var prefix = prefix
        return prefix.withUTF8 { prefix in
            bytes.count == prefix.count + randomLength && bytes.prefix(prefix.count).elementsEqual(prefix)
                && bytes.dropFirst(prefix.count).allSatisfy { byte in
                    switch byte {
                    case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
                    default: false
                    }
                }
        }
    }
}
