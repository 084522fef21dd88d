/// Where a setup's arrows land on average, and how widely they spread.
public struct DriftStats: Sendable, Hashable {
    /// The setup.
    public var setupId: Int64
    /// Mean horizontal impact (positive: right of centre), in face radii.
    public var xDriftAverage: Double
    /// Mean vertical impact (positive: above centre).
    public var yDriftAverage: Double
    /// Population standard deviation of the horizontal impacts.
    public var xSpread: Double
    /// Population standard deviation of the vertical impacts.
    public var ySpread: Double
    /// Arrows with both coordinates recorded (`Int64` on every platform, as the contract's
    /// counts are).
    public var arrowCount: Int64

    /// Creates drift figures (for precomputed ones).
    public init(setupId: Int64, xDriftAverage: Double = 0, yDriftAverage: Double = 0, xSpread: Double = 0, ySpread: Double = 0, arrowCount: Int64 = 0) {
        self.setupId = setupId
        self.xDriftAverage = xDriftAverage
        self.yDriftAverage = yDriftAverage
        self.xSpread = xSpread
        self.ySpread = ySpread
        self.arrowCount = arrowCount
    }

    /// The drift of the arrows with both coordinates in the rounds `filter` includes; nil when no
    /// such arrow exists.
    ///
    /// Means and spreads are computed in two passes (mean, then squared deviations) in arrow
    /// order, so the same arrows always give the same bits; coordinates are bounded by
    /// ``Arrow/maxCoordinate``, so every figure is finite.
    public init?(setupId: Int64, rounds: [Round], filter: RoundFilter) {
        // Each pass walks the arrays in place (no array of impacts is built).
        self.init(setupId: setupId) { body in
            for round in rounds where filter.includes(round.date) {
                for arrow in round.arrows {
                    if let impact = arrow.impact { body(impact.x, impact.y) }
                }
            }
        }
    }

    /// The drift of the impacts `forEachImpact` hands its body, in order, twice (once per pass).
    init?(setupId: Int64, forEachImpact: (_ body: (_ x: Double, _ y: Double) -> Void) -> Void) {
        var count: Int64 = 0  // at most the number of arrows: cannot overflow
        var sumX = 0.0
        var sumY = 0.0
        forEachImpact { x, y in
            count += 1
            sumX += x
            sumY += y
        }
        guard count > 0 else { return nil }
        let n = Double(count)
        let meanX = sumX / n
        let meanY = sumY / n
        var squaresX = 0.0
        var squaresY = 0.0
        forEachImpact { x, y in
            squaresX += (x - meanX) * (x - meanX)
            squaresY += (y - meanY) * (y - meanY)
        }
        let varianceX = squaresX / n
        let varianceY = squaresY / n
        self.init(
            setupId: setupId, xDriftAverage: meanX, yDriftAverage: meanY,
            xSpread: varianceX.squareRoot(), ySpread: varianceY.squareRoot(), arrowCount: count)
    }
}
