/// Reading bytes eight at a time (SWAR): the masks that find the first byte of a kind in a word,
/// and the loops over a text built on them. Shared by the reader (strings, digits) and the writer
/// (escaping).
@usableFromInline enum ByteScanning {
    /// The value of a hexadecimal digit, or nil.
    @inline(__always)
    @inlinable static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// The index of the first byte of `text` at or after `start` that stops a scan, or
    /// `text.count` (``firstStop(from:to:mask:)`` over indices).
    @inline(__always)
    @inlinable static func firstStop(in text: UnsafeBufferPointer<UInt8>, from start: Int, mask: (UInt64) -> UInt64) -> Int {
        guard let base = text.baseAddress else { return text.count }
        return firstStop(from: base + start, to: base + text.count, mask: mask) - base
    }

    /// The first byte from `start` up to `end` that stops a scan, or `end`. `mask` gives a word's
    /// bytes that stop with their high bit, the lowest set one being exactly the first (SWAR),
    /// whatever the bytes above it; bytes past the text read as zero and are masked off. Eight
    /// bytes at a time, then the rest as one partial word.
    @inline(__always)
    @inlinable static func firstStop(from start: UnsafePointer<UInt8>, to end: UnsafePointer<UInt8>, mask: (UInt64) -> UInt64) -> UnsafePointer<UInt8> {
        var cursor = start
        while end - cursor >= 8 {
            let found = mask(UInt64(littleEndian: UnsafeRawPointer(cursor).loadUnaligned(as: UInt64.self)))
            if found != 0 { return cursor + found.trailingZeroBitCount >> 3 }
            cursor += 8
        }
        let remaining = end - cursor
        guard remaining > 0 else { return end }
        let found = mask(partialWord(cursor, count: remaining)) & (1 << UInt64(remaining &* 8) &- 1)
        return found == 0 ? end : cursor + found.trailingZeroBitCount >> 3
    }

    /// Whether `text` has a byte a JSON string must escape: words at a time, the last one
    /// overlapping the one before (a yes/no needs no exact position).
    @inline(always)
    @inlinable static func needsEscaping(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = text.baseAddress else { return false }
        let count = text.count
        let raw = UnsafeRawPointer(base)
        if count >= 8 {
            var offset = 0
            while count &- offset > 8 {
                if escapeMask(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))) != 0 { return true }
                offset &+= 8
            }
            return escapeMask(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self))) != 0
        }
        guard count > 0 else { return false }
        return escapeMask(partialWord(base, count: count)) & (1 << UInt64(count &* 8) &- 1) != 0
    }

    /// The 1...7 bytes at `start` as a little-endian word, the bytes above them zero: two
    /// overlapping four-byte loads, or three single bytes, never reading past the last.
    @inline(__always)
    @inlinable static func partialWord(_ start: UnsafePointer<UInt8>, count: Int) -> UInt64 {
        if count >= 4 {
            let raw = UnsafeRawPointer(start)
            let low = UInt64(UInt32(littleEndian: raw.loadUnaligned(as: UInt32.self)))
            let high = UInt64(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)))
            return low | high << UInt64((count &- 4) &* 8)
        }
        let middle = count >> 1
        return UInt64(start[0]) | UInt64(start[middle]) << UInt64(middle &* 8) | UInt64(start[count &- 1]) << UInt64((count &- 1) &* 8)
    }

    /// The bytes that end a run of plain string text, as ``escapeMask(_:)`` marks them: a quote,
    /// a backslash, a control character, or (here too) a byte past ASCII. What both readers scan
    /// strings for.
    @inline(__always)
    @inlinable static func plainTextStopMask(_ word: UInt64) -> UInt64 {
        escapeMask(word) | word & 0x8080_8080_8080_8080
    }

    /// A plain key of at most eight bytes at `start` as one word: its bytes, little-endian, zeros
    /// above them (see ``JSONDocument/shortKeyWord(_:)``). `readable` bytes from `start` may be
    /// read: with eight, one load whose bytes past the key are masked off; otherwise the key's
    /// bytes alone. (An empty key read by the load keeps the eight bytes from its closing quote
    /// on, which no other key's word starts with.)
    @inline(__always)
    @inlinable static func keyWord(_ start: UnsafePointer<UInt8>, count: Int, readable: Int) -> UInt64 {
        if _fastPath(readable >= 8) {
            let loaded = UInt64(littleEndian: UnsafeRawPointer(start).loadUnaligned(as: UInt64.self))
            return loaded & (UInt64.max &>> UInt64(truncatingIfNeeded: (8 &- count) &* 8))
        }
        // Near the end of the text (a key shorter than eight bytes then): no byte past it read.
        return count == 0 ? 0 : partialWord(start, count: count)
    }

    /// The high bit of each byte of `word` that a JSON string must escape (a control character,
    /// `"` or `\`), and possibly of bytes above one (a borrow of the subtractions): the lowest
    /// set bit is exactly the first such byte. Bytes from 0x80 up (multi-byte UTF-8) are never
    /// the lowest.
    @inline(__always)
    @inlinable static func escapeMask(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        let control = (word &- ones &* 0x20) & ~word
        let quoteZero = (quote &- ones) & ~quote
        let backslashZero = (backslash &- ones) & ~backslash
        return (control | quoteZero | backslashZero) & 0x8080_8080_8080_8080
    }

    /// The bytes of `word` less `'0'` (as exclusive or, which is the same for digits): the
    /// value of every byte that is an ASCII digit, something above 9 for every other.
    @inline(__always)
    @inlinable static func digitValues(_ word: UInt64) -> UInt64 {
        word ^ 0x3030_3030_3030_3030
    }

    /// The high bit of each byte of `values` (from ``digitValues(_:)``) above 9: the lowest set
    /// bit is exactly the first byte that is not a digit. (A byte at 0x8A or above carries into
    /// the one after it, but has its own high bit set already.)
    @inline(__always)
    @inlinable static func nonDigits(_ values: UInt64) -> UInt64 {
        (values &+ 0x7676_7676_7676_7676 | values) & 0x8080_8080_8080_8080
    }

    /// The position after the digits at `start` (one at least, before `end`), having appended
    /// them to `mantissa` (wrapping) and counted them, eight bytes at a time: each step counts
    /// the digits among them and converts them at once (a timestamp takes two steps). A lone
    /// digit (a score, a `0.5`) is taken as it is. The number readers' one loop over digits.
    @inline(__always)
    @inlinable static func readDigits(from start: UnsafePointer<UInt8>, to end: UnsafePointer<UInt8>, into mantissa: inout UInt64, counting digits: inout Int) -> UnsafePointer<UInt8> {
        var cursor = start
        if end - cursor >= 2, cursor[1] &- UInt8(ascii: "0") >= 10 {
            mantissa = mantissa &* 10 &+ UInt64(cursor.pointee &- UInt8(ascii: "0"))
            digits &+= 1
            return cursor + 1
        }
        while end - cursor >= 8 {
            let values = digitValues(UInt64(littleEndian: UnsafeRawPointer(cursor).loadUnaligned(as: UInt64.self)))
            let stops = nonDigits(values)
            if stops == 0 {
                mantissa = mantissa &* 100_000_000 &+ digitsValue(values)
                cursor += 8
                digits &+= 8
                continue
            }
            let run = stops.trailingZeroBitCount >> 3
            if run > 0 {
                // The run's bytes moved to the top of the word: the bytes below read as zeros.
                mantissa = mantissa &* DigitWriting.powerOfTen(run) &+ digitsValue(values &<< UInt64(64 &- run &* 8))
                cursor += run
                digits &+= run
            }
            return cursor
        }
        while cursor < end, cursor.pointee &- UInt8(ascii: "0") < 10 {
            mantissa = mantissa &* 10 &+ UInt64(cursor.pointee &- UInt8(ascii: "0"))
            cursor += 1
            digits &+= 1
        }
        return cursor
    }

    /// The eight bytes of `values` (little-endian, the first the most significant), each 0...9,
    /// as one decimal number; zero bytes read as leading zeros. The SWAR reduction of simdjson
    /// and fast_float.
    @inline(__always)
    @inlinable static func digitsValue(_ values: UInt64) -> UInt64 {
        let pairs = (values &* (10 << 8 + 1)) >> 8
        let quads = ((pairs & 0x00FF_00FF_00FF_00FF) &* (100 << 16 + 1)) >> 16
        return ((quads & 0x0000_FFFF_0000_FFFF) &* (10000 << 32 + 1)) >> 32
    }
}

/// `memcmp` over possibly-nil base addresses; keys, names and literals being short, up to 32
/// bytes are compared inline, in at most four overlapping loads per side.
@inline(__always)
@inlinable public func memoryEquals(_ lhs: UnsafePointer<UInt8>?, _ rhs: UnsafePointer<UInt8>?, _ count: Int) -> Bool {
    if count <= 0 { return count == 0 }
    guard let lhs, let rhs else { return false }
    let left = UnsafeRawPointer(lhs), right = UnsafeRawPointer(rhs)
    switch count {
    case 8...16:
        return left.loadUnaligned(as: UInt64.self) == right.loadUnaligned(as: UInt64.self)
            && left.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self) == right.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
    case 17...32:
        // The first sixteen bytes and the last sixteen, overlapping (method names, long keys).
        return left.loadUnaligned(as: UInt64.self) == right.loadUnaligned(as: UInt64.self)
            && left.loadUnaligned(fromByteOffset: 8, as: UInt64.self) == right.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
            && left.loadUnaligned(fromByteOffset: count - 16, as: UInt64.self) == right.loadUnaligned(fromByteOffset: count - 16, as: UInt64.self)
            && left.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self) == right.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
    case 4...7:
        return left.loadUnaligned(as: UInt32.self) == right.loadUnaligned(as: UInt32.self)
            && left.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self) == right.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
    case 1...3:
        return lhs[0] == rhs[0] && lhs[count / 2] == rhs[count / 2] && lhs[count - 1] == rhs[count - 1]
    default:
        return CLibrary.bytesEqual(lhs, rhs, count)
    }
}
