/// Timestamps in requests: epoch milliseconds, from the epoch to the last millisecond of year
/// 9999 (the schemas' `timestamp`), so that every date arithmetic and formatting on them stays in
/// range.
enum Timestamps {
    /// The clock, in epoch milliseconds: what an omitted `now` means.
    static func now() -> Int64 {
        CLibrary.realtimeMilliseconds()
    }
}
