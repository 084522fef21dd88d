import TournamentCore

/// An arrow for tests, known to be valid.
func arrow(_ score: Int, x: Bool = false, at point: (Double, Double)? = nil) -> Arrow {
    // swiftlint:disable:next force_try — test data is valid by construction.
    try! Arrow(score: score, isX: x, x: point?.0, y: point?.1)
}

let day = AnalyticsTimeRange.dayMilliseconds
let referenceNow: Int64 = 1_733_000_000_000
