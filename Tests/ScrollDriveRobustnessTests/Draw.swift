import Foundation
import PropertyBased
import XCTest

/// Seeded random input for the property tests, built from PropertyBased's
/// generators (`Gen`) and its seeded `Xoshiro` generator.
///
/// PropertyBased's `propertyCheck` runs only inside Swift Testing, and
/// `make test` runs `swift test --disable-swift-testing` (XCTest), so these
/// tests draw from the same generators by hand: a fixed seed per test, the
/// seed and the event index in every failure message, and the failing
/// prefix of a sequence is the reproduction (invariants are checked after
/// every event, so the first failure is at the shortest failing prefix).
struct Draw {
    private(set) var rng: Xoshiro
    let seed: UInt64

    init(seed: UInt64) {
        self.seed = seed
        rng = Xoshiro(seed: (seed, seed &* 0x9E37_79B9_7F4A_7C15, ~seed, seed ^ 0xD1B5_4A32_D192_ED03))
    }

    mutating func callAsFunction<Value, Shrink>(_ generator: Generator<Value, Shrink>) -> Value {
        generator.run(using: &rng)
    }

    /// An integer in `range`.
    mutating func int(_ range: ClosedRange<Int>) -> Int { self(Gen.int(in: range)) }

    /// True with probability `p`.
    mutating func chance(_ p: Double) -> Bool { self(Gen.double(in: 0...1)) < p }

    /// One of `values`.
    mutating func element<T>(_ values: [T]) -> T { values[int(0...(values.count - 1))] }

    /// Values that break naive arithmetic.
    static let special: [Double] = [
        0, -0.0, .nan, -.nan, .infinity, -.infinity, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
        .leastNormalMagnitude, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, 1e308, -1e308, 1e-300,
        9_007_199_254_740_992 + 1, 0.1, 1.0 / 3.0,   // 2^53 + 1 rounds to 2^53 (the value the literal 2^53 + 1 had)
    ]

    /// Mostly a value in `plausible`; sometimes a special value or any bit pattern.
    mutating func double(_ plausible: ClosedRange<Double>, wild: Double = 0.1) -> Double {
        guard chance(wild) else { return self(Gen.double(in: plausible)) }
        if chance(0.7) { return element(Draw.special) }
        return Double(bitPattern: self(Gen.uint64()))
    }
}

/// A double's bits, so -0.0, NaN payloads and last-bit changes compare as different.
func bits(_ x: Double) -> UInt64 { x.bitPattern }

/// Fails the current test with the seed and event that broke an invariant.
func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
             seed: UInt64, index: Int, event: @autoclosure () -> String,
             file: StaticString = #filePath, line: UInt = #line) -> Bool
{
    if condition() { return true }
    XCTFail("seed \(seed), event #\(index) (\(event())): \(message())", file: file, line: line)
    return false
}
