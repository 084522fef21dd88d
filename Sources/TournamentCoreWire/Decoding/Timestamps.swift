/// Timestamps in requests: epoch milliseconds.
enum Timestamps {
    /// Accepted timestamps: from the epoch to the last millisecond of year 9999, so that every
    /// date arithmetic and formatting on them stays in range.
    static let range: ClosedRange<Int64> = 0...253_402_300_799_999

    /// The clock, in epoch milliseconds: what an omitted `now` means.
    static func now() -> Int64 {
        CLibrary.realtimeMilliseconds()
    }
}

extension ObjectFields {
    /// The `now` of a request: the field if present (epoch milliseconds in ``Timestamps/range``),
    /// else the clock.
    @inline(__always)
    func now(_ field: Field) throws(WireError) -> Int64 {
        try int64(field, in: Timestamps.range) ?? Timestamps.now()
    }
}
