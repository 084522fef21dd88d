/// One arrow shot: its score and, when recorded, where it hit the face.
///
/// Stored in 24 bytes of three plain values (score and X in one byte, each coordinate a
/// `Double` that is NaN when not recorded — a recorded one is always finite), so that an arrow
/// is returned in registers and stored straight into the arrays of rounds being decoded.
public struct Arrow: Sendable, Hashable {
    /// The scores an arrow can have: 0 (a miss) to 10.
    public static let scores = 0...10
    /// The largest accepted coordinate magnitude, in face radii. Misses may lie outside the face
    /// (beyond ±1); a thousand radii is far past any target butt, and keeps every sum of
    /// squares finite.
    public static let maxCoordinate = 1000.0

    /// The score (0...10) in the low bits, `isX` in the top bit.
    @usableFromInline let scoreAndX: UInt8
    /// The coordinates; NaN when not recorded.
    @usableFromInline let storedX: Double
    @usableFromInline let storedY: Double

    /// 0 (a miss) to 10.
    @inlinable public var score: Int { Int(scoreAndX & 0x7F) }
    /// An inner 10. Only a 10 can be an X.
    @inlinable public var isX: Bool { scoreAndX & 0x80 != 0 }
    /// Horizontal impact, normalized: 0 the centre, 1.0 the face radius, positive to the right.
    @inlinable public var x: Double? { storedX.isNaN ? nil : storedX }
    /// Vertical impact, normalized: positive up.
    @inlinable public var y: Double? { storedY.isNaN ? nil : storedY }

    /// Creates an arrow, checking the rules of the contract.
    ///
    /// - Throws: ``ArrowError`` when the score is outside 0–10, when an X is not a 10, or when a
    ///   coordinate is not finite or beyond ±``maxCoordinate``.
    @inlinable
    public init(score: Int, isX: Bool = false, x: Double? = nil, y: Double? = nil) throws(ArrowError) {
        // (Branch weights: a refusal is the rare case, and its code kept out of the way.)
        guard _fastPath(Self.scores.contains(score)) else { throw .scoreOutOfRange }
        guard _fastPath(!isX || score == 10) else { throw .xWithoutTen }
        if let x, _slowPath(!(x.isFinite && abs(x) <= Self.maxCoordinate)) { throw .coordinateOutOfRange(.x) }
        if let y, _slowPath(!(y.isFinite && abs(y) <= Self.maxCoordinate)) { throw .coordinateOutOfRange(.y) }
        scoreAndX = UInt8(truncatingIfNeeded: score) | (isX ? 0x80 : 0)
        storedX = x ?? .nan
        storedY = y ?? .nan
    }

    /// The impact point when both coordinates are recorded.
    @inlinable
    public var impact: (x: Double, y: Double)? {
        guard !storedX.isNaN, !storedY.isNaN else { return nil }
        return (storedX, storedY)
    }

    /// Arrows are equal when score, X and coordinates are (an unrecorded coordinate equals only
    /// an unrecorded one).
    public static func == (lhs: Arrow, rhs: Arrow) -> Bool {
        lhs.scoreAndX == rhs.scoreAndX && lhs.x == rhs.x && lhs.y == rhs.y
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(scoreAndX)
        hasher.combine(x)
        hasher.combine(y)
    }
}

/// Why an ``Arrow`` cannot be made.
public enum ArrowError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A coordinate axis.
    public enum Axis: String, Sendable, Hashable {
        case x, y
    }

    /// The score is outside 0–10.
    case scoreOutOfRange
    /// `isX` is true on a score other than 10.
    case xWithoutTen
    /// A coordinate is NaN, infinite or beyond ±``Arrow/maxCoordinate``.
    case coordinateOutOfRange(Axis)

    public var description: String {
        switch self {
        case .scoreOutOfRange: "An arrow's score must be an integer from 0 to 10."
        case .xWithoutTen: "Only a 10 can be an X."
        case .coordinateOutOfRange(let axis): "\(axis.rawValue) must be a number from -1000 to 1000."
        }
    }
}

/// A round: the arrows shot on one occasion with one setup.
public struct Round: Sendable, Hashable {
    /// The round's ID, if any.
    public var id: String?
    /// When it was shot, epoch milliseconds.
    public var date: Int64
    /// Its arrows.
    public var arrows: [Arrow]

    /// Creates a round.
    public init(id: String? = nil, date: Int64, arrows: [Arrow]) {
        self.id = id
        self.date = date
        self.arrows = arrows
    }
}
