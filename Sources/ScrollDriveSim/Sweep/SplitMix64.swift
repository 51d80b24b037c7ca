/// A small, fast, seeded pseudo-random generator (Steele, Lea and Flood's
/// SplitMix64) for benchmark traces and sweep populations: the same seed
/// gives the same numbers on every platform and every run.
public struct SplitMix64: Sendable {
    private var state: UInt64

    /// A generator starting from `seed`: the same seed, the same numbers.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A double in [0, 1) with 53 random bits (exact: an integer times 2^-53).
    public mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }

    /// An integer in `range` (modulo bias is irrelevant for traces).
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }
}
