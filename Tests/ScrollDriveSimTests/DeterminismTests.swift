import Foundation
import ScrollDriveSim
import XCTest

/// Same script, same bytes; 60 Hz and 120 Hz sample the same curves.
final class DeterminismTests: XCTestCase {
    /// 64-bit FNV-1a of the UTF-8 bytes.
    private func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }

    private func run(_ name: String, fps: Int) throws -> SimulationRun {
        Simulation(script: try XCTUnwrap(Scenarios.named(name)).gestureScript(), fps: fps).run()
    }

    func testSameScriptGivesByteIdenticalCSV() throws {
        for scenario in Scenarios.all {
            let a = try run(scenario.name, fps: 60).csv()
            let b = try run(scenario.name, fps: 60).csv()
            XCTAssertEqual(a, b, scenario.name)
            // The same Simulation run twice, too.
            let simulation = Simulation(script: try scenario.gestureScript(), fps: 120)
            XCTAssertEqual(simulation.run().csv(), simulation.run().csv(), scenario.name)
        }
    }

    /// A recorded hash of bar-fling's CSV at 60 Hz. It changes when the
    /// simulator's or the C core's numbers change, even in the last bit:
    /// update it only for an intended change (and say so in the commit).
    /// Recorded on x86_64 Linux with glibc's libm.
    func testRecordedHashOfBarFling() throws {
        let csv = try run("bar-fling", fps: 60).csv()
        XCTAssertEqual(String(fnv1a(csv), radix: 16), "475eb89f76acb8e0", "bar-fling CSV changed; first lines:\n\(csv.prefix(600))")
    }

    func testSixtyAndOneTwentyHertzAgreeAtCommonTimes() throws {
        for scenario in Scenarios.all {
            let slow = try run(scenario.name, fps: 60), fast = try run(scenario.name, fps: 120)
            // Every position: the number columns in points, of any surface.
            let positions = slow.columns.filter { $0.kind == .number && $0.unit == "pt" }.map(\.name)
            XCTAssertTrue(positions.contains("y") && positions.contains("finger_y"), scenario.name)
            XCTAssertEqual(positions, fast.columns.filter { $0.kind == .number && $0.unit == "pt" }.map(\.name))
            let slowTimes = slow.times, fastTimes = fast.times
            var compared = 0, worst = 0.0
            for (n, t) in slowTimes.enumerated() where 2 * n < fastTimes.count {
                XCTAssertEqual(fastTimes[2 * n], t, "\(scenario.name): timestamps must coincide exactly")
                for column in positions {
                    let a = slow.numbers(column)[n], b = fast.numbers(column)[2 * n]
                    if a.isNaN || b.isNaN {
                        XCTAssertEqual(a.isNaN, b.isNaN, "\(scenario.name) \(column) at t=\(t)")
                        continue
                    }
                    worst = max(worst, abs(a - b))
                    XCTAssertEqual(a, b, accuracy: 0.5, "\(scenario.name) \(column) at t=\(t)")
                }
                compared += 1
            }
            XCTAssertGreaterThan(compared, 30, scenario.name)
            // Both runs end at rest in the same place.
            for column in positions where !column.hasPrefix("finger") {
                XCTAssertEqual(slow.numbers(column).last ?? .nan, fast.numbers(column).last ?? .nan, accuracy: 1e-9,
                               "\(scenario.name) final \(column)")
            }
        }
    }
}
