@testable import ScrollDriveSim
import XCTest

/// The CSV writer's number spelling (`DecimalSpelling`) against Swift's own
/// `description`, byte for byte: every value a simulation writes often (the
/// clock's n / fps, offsets, fractions, integers) and random doubles of every
/// size, with how often the exact path decides rather than handing over.
final class DecimalSpellingTests: XCTestCase {
    private func spelled(_ x: Double) -> String {
        var bytes: [UInt8] = []
        DecimalSpelling.append(x, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    private func check(_ values: [Double], file: StaticString = #filePath, line: UInt = #line) -> Int {
        var decided = 0
        for x in values {
            if DecimalSpelling.spell(x) != nil { decided += 1 }
            let got = spelled(x)
            if got != x.description {
                XCTFail("\(x.bitPattern): \(got), Swift writes \(x.description)", file: file, line: line)
                return decided
            }
        }
        return decided
    }

    func testTheValuesASimulationWrites() {
        var values: [Double] = []
        for n in 0..<20_000 {
            for fps in [30.0, 60, 120, 144, 240, 1000] { values.append(Double(n) / fps) }
            values.append(Double(n) * 0.1)
            values.append(-Double(n) / 7)
            values.append(Double(n - 10_000) * 0.25)
        }
        let decided = check(values)
        // Only a few need `description` (17 digits or values below 1e-4).
        XCTAssertGreaterThan(Double(decided) / Double(values.count), 0.9)
    }

    func testEdgesOfThePlainRange() {
        var values: [Double] = [0, -0.0, 1, -1, 0.1, 0.2, 0.3, 1.0 / 3, 2.0 / 3, 100, 123.456, 4.35, 1e15, 9_007_199_254_740_991,
                                9_007_199_254_740_992, 0.0001, 0.00012, .leastNonzeroMagnitude, .greatestFiniteMagnitude,
                                .leastNormalMagnitude, .nan, .infinity, -.infinity]
        var p = 1e-5
        while p < 1e18 {
            values += [p, p.nextUp, p.nextDown, -p, p * 3, p * 7.5]
            p *= 10
        }
        var q = 0x1p-16
        while q <= 0x1p56 {
            values += [q, q.nextUp, q.nextDown, q * 1.5, q * 1.25]
            q *= 2
        }
        _ = check(values.filter(\.isFinite))
        // Non-finite values are CSV's own words, not Swift's.
        var line = CSVLine(columns: 3)
        line.build([.number(.nan), .number(.infinity), .number(-.infinity)], [0, 1, 2])
        XCTAssertEqual(String(decoding: line.bytes, as: UTF8.self), "nan,inf,-inf\n")
    }

    func testRandomDoubles() {
        var generator = SplitMix64(seed: 20261202)
        var values: [Double] = []
        for _ in 0..<200_000 {
            let r = generator.next()
            values.append(Double(bitPattern: r))  // any size, NaNs and infinities filtered below
            values.append(Double(r >> 11) * 0x1p-53 * 2000 - 1000)  // plain offsets, velocities
            let exponent = 1009 + (r >> 52) % 68  // 2^-14 ... 2^53: the plain range and a little below
            values.append(Double(bitPattern: exponent << 52 | (r & 0xF_FFFF_FFFF_FFFF)))
        }
        _ = check(values.filter(\.isFinite))
    }

    func testARepeatedNumberIsCopiedAsSpelled() {
        var line = CSVLine(columns: 3)
        line.build([.number(0.1), .number(-7)], [0, 1])
        line.build([.number(0.1), .number(1e-7)], [0, 1])
        XCTAssertEqual(String(decoding: line.bytes, as: UTF8.self), "0.1,1e-07\n")
        line.build([.number(0.1), .number(1e-7)], [0, 1])
        XCTAssertEqual(String(decoding: line.bytes, as: UTF8.self), "0.1,1e-07\n")
        line.build([.flag(true), .text("idle"), .none], [0, 1, 2])
        XCTAssertEqual(String(decoding: line.bytes, as: UTF8.self), "1,idle,\n")
    }
}
