extension JSONCursor {
    /// Reads past the value that comes next, whatever it is (a member a decoder ignores),
    /// checking it as the tape reader would: true when it was read in full. Declines (false)
    /// whatever the cursor declines anywhere (see the type: an escape, a byte past ASCII, an
    /// exponent, nesting past ``JSONLimits/maxDepth``), and any syntax error, so a request it
    /// reads past is one the document path would have accepted.
    ///
    /// A string or a literal is read here; a container out of line (``containerEnd(from:to:depth:)``).
    @inline(always)
    @inlinable public mutating func skipValue() -> Bool {
        guard !declined else { return false }
        skipWhitespace()
        switch byte {
        case UInt8(ascii: "\""):
            return string() != nil
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            guard let stop = Self.containerEnd(from: p, to: end, depth: depth) else { return declining(false) }
            p = stop
            hasChild = true  // as when a container closes: the one around it has had a child
            return true
        default:
            guard let stop = Self.scalarEnd(from: p, to: end) else { return declining(false) }
            p = stop
            return true
        }
    }

    /// ``skipValue()`` for the value of a member at `position` of an object read with `hints`
    /// (``nextMember(in:at:hints:)``: an array's objects, and objects inside them): an object or
    /// array whose text is byte for byte the one read past at that position before (an earlier
    /// object's `area` or `odds`, the same in every object of many a request) is read past by
    /// comparing its bytes, not read again token by token. What it compares with was read in
    /// full and checked, inside as many containers or more, so the same bytes are a value here
    /// too; whatever follows them is read as ever.
    @inline(always)
    @inlinable public mutating func skipValue(at position: Int, hints: inout MemberPrefixes) -> Bool {
        guard !declined, position < MemberPrefixes.skippedCount else { return skipValue() }
        skipWhitespace()
        guard byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") else { return skipValue() }
        let last = hints.skippedValue(position)
        let length = last.length
        if length > 0, depth <= last.depth, end - p >= length, memoryEquals(p, last.start, length) {
            p += length
            hasChild = true  // as when a container closes (``skipValue()``)
            return true
        }
        let start = p
        guard skipValue() else { return false }
        hints.setSkippedValue(.init(start: start, length: p - start, depth: depth), at: position)
        return true
    }

    /// Where the object or array at `start` ends (see ``skipValue()``), inside `depth` open
    /// containers; nil when it is not read in full. Out of line, with a cursor of its own: a
    /// call that takes no cursor leaves the caller's in registers.
    @usableFromInline @inline(never)
    static func containerEnd(from start: UnsafePointer<UInt8>, to end: UnsafePointer<UInt8>, depth: Int) -> UnsafePointer<UInt8>? {
        var cursor = JSONCursor(from: start, to: end)
        cursor.depth = depth
        return cursor.skipContainer() ? cursor.p : nil
    }

    /// Reads past the object or array that comes next.
    ///
    /// Nested containers are read in a loop, not by recursion: which of them are objects is one
    /// bit per level, in a word, as the nesting limit is at most its width.
    @inline(always)
    mutating func skipContainer() -> Bool {
        let outer = depth
        var objects: UInt64 = 0  // bit n: the container n levels in is an object
        while true {
            // At a value: read a scalar, or enter a container and move to its first child.
            skipWhitespace()
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let isObject = byte == UInt8(ascii: "{")
                p += 1
                guard opened() else { return false }
                let level = UInt64(truncatingIfNeeded: depth &- outer &- 1)
                if isObject {
                    objects |= 1 << level
                    if nextKey() != nil { continue }
                } else {
                    objects &= ~(1 << level)
                    if nextElement() { continue }
                }
            case UInt8(ascii: "\""):
                guard string() != nil else { return false }
            default:
                guard let stop = Self.scalarEnd(from: p, to: end) else { return declining(false) }
                p = stop
            }
            // A value ended (or a container closed without children): close the containers it
            // ends, up to one that has another child.
            while !declined && depth > outer {
                let level = UInt64(truncatingIfNeeded: depth &- outer &- 1)
                if objects & 1 << level != 0 {
                    if nextKey() != nil { break }
                } else if nextElement() {
                    break
                }
            }
            if declined { return false }
            if depth == outer { return true }
        }
    }
}
