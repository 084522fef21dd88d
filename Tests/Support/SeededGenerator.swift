/// A generator whose numbers follow from its seed (SplitMix64), for randomized tests whose
/// failures can be replayed: a test prints the seed with what failed, and
/// `SeededGenerator(seed:)` gives the same run again.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    /// The seed this run started from.
    public let seed: UInt64
    private var state: UInt64

    /// A generator started from `seed` (by default, a fresh one from the system).
    public init(seed: UInt64 = UInt64.random(in: .min ... .max)) {
        self.seed = seed
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
