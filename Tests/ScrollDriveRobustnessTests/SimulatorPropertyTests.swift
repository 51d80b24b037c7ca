import Foundation
import PropertyBased
import ScrollDrive
import ScrollDriveSim
import XCTest

/// Random gesture scripts through the simulator, for each surface: drags,
/// flings, holds, taps, cancels, waits, content-size changes and scroll-to
/// requests in any order a finger allows, with plausible and wild numbers.
/// A script the parser refuses must say where (a JSON path); one it accepts
/// must simulate to finite numbers, deterministically, every frame.
final class SimulatorPropertyTests: XCTestCase {
    /// A random script's JSON text and whether every number in it is plausible.
    static func script(_ draw: inout Draw, surface: String) -> (json: String, plausible: Bool) {
        var plausible = true
        // Wild values span the whole double range: the script's bounds (+-1e9
        // points, 1e9 points per second, 600 s) and just past them, 1e12 and
        // +-DBL_MAX (finding SIM1: coordinates near DBL_MAX simulated to NaN),
        // denormals, 0 and -1. Whatever the reader accepts must simulate to
        // finite numbers; whatever it refuses must name a JSON path.
        func number(_ range: ClosedRange<Double>,
                    wildValues: [Double] = [-1, 0, Double(bitPattern: 0x7e8) /* 1e-320, a subnormal */, 1e9, -1e9, 1.00001e9, -1.00001e9, 600, 1e12, -1e12,
                                            1.7976931348623157e308, -1.7976931348623157e308]) -> String {
            let wild = draw.chance(0.02)
            if wild { plausible = false }
            let x = wild ? draw.element(wildValues) : draw(Gen.double(in: range))
            return String(format: "%.6g", x)
        }
        func point() -> String { "[\(number(0...390)), \(number(0...844))]" }
        var steps: [String] = []
        var fingerDown = false
        for _ in 0..<draw.int(1...24) {
            if fingerDown {
                switch draw.int(0...3) {
                case 0:
                    let lift = draw.chance(0.5)
                    steps.append(#"{"do": "drag", "to": \#(point()), "duration": \#(number(0.02...0.8)), "lift": \#(lift)}"#)
                    fingerDown = !lift
                case 1:
                    let lift = draw.chance(0.6)
                    steps.append(#"{"do": "hold", "duration": \#(number(0.02...0.5)), "lift": \#(lift)}"#)
                    fingerDown = !lift
                case 2: steps.append(#"{"do": "cancel"}"#); fingerDown = false
                default:
                    steps.append(#"{"do": "fling", "to": \#(point()), "duration": \#(number(0.02...0.3))}"#)
                    fingerDown = false
                }
            } else {
                switch draw.int(0...6) {
                case 0: steps.append(#"{"do": "wait", "duration": \#(number(0.02...1.5))}"#)
                case 1: steps.append(#"{"do": "tap", "at": \#(point())}"#)
                case 2:
                    let lift = draw.chance(0.5)
                    steps.append(#"{"do": "drag", "from": \#(point()), "to": \#(point()), "duration": \#(number(0.02...0.8)), "lift": \#(lift)}"#)
                    fingerDown = !lift
                case 3:
                    steps.append(#"{"do": "fling", "from": \#(point()), "to": \#(point()), "duration": \#(number(0.02...0.3)), "velocity": \#(number(-4000...4000))}"#)
                case 4: steps.append(#"{"do": "content-size", "height": \#(number(0...4000))}"#)
                case 5: steps.append(#"{"do": "scroll-to", "y": \#(number(-300...3000)), "animated": \#(draw.chance(0.5))}"#)
                default: steps.append(#"{"do": "wait", "duration": \#(number(0.02...0.3))}"#)
                }
            }
        }
        if fingerDown { steps.append(#"{"do": "hold", "duration": 0.05, "lift": true}"#) }
        let surfaceJSON: String
        switch surface {
        case "sheet": surfaceJSON = #"{"type": "sheet"}"#
        case "pulldown": surfaceJSON = #"{"type": "pulldown", "preset": "\#(draw.chance(0.5) ? "article" : "wechat")"}"#
        default: surfaceJSON = #"{"type": "bar", "compact": 60, "normal": 120, "expanded": 200}"#
        }
        let json = #"{"surface": \#(surfaceJSON), "scrollView": {"height": 844, "contentHeight": \#(number(0...4000))}, "steps": [\#(steps.joined(separator: ", "))]}"#
        return (json, plausible)
    }

    /// Runs scripts from `seed` until `frames` frames have been simulated; returns the failures.
    @discardableResult
    static func run(seed: UInt64, frames: Int) -> Int {
        var draw = Draw(seed: seed)
        var simulated = 0
        var index = 0
        while simulated < frames {
            index += 1
            let surface = draw.element(["bar", "sheet", "pulldown"])
            let (json, plausible) = script(&draw, surface: surface)
            func check(_ ok: Bool, _ message: String) -> Bool {
                require(ok, message, seed: seed, index: index, event: json)
            }
            let parsed: GestureScript
            do {
                parsed = try GestureScript(json: json, name: "random")
            } catch {
                // Only wild numbers may make a script invalid, and the error says where.
                guard check(!plausible, "a plausible script was refused: \(error)"),
                      check(error.description.hasPrefix("$"), "error without a JSON path: \(error)")
                else { return 1 }
                continue
            }
            let fps = draw.element([60, 120, 30])
            let run = Simulation(script: parsed, fps: fps).run()
            simulated += run.rows.count
            for (r, row) in run.rows.enumerated() {
                for (c, cell) in row.enumerated() {
                    if let x = cell.number, !x.isFinite {
                        _ = check(false, "\(surface): row \(r) column \(run.columns[c].name) is \(x)")
                        return 1
                    }
                }
            }
            // The same script gives the same bytes.
            if index % 8 == 0 {
                let again = Simulation(script: parsed, fps: fps).run()
                guard check(again.csv() == run.csv(), "\(surface): two runs of one script differ") else { return 1 }
            }
        }
        return 0
    }

    /// The soak for the simulator: 100,000 simulated frames of random
    /// scripts over the three surfaces, every value checked.
    func testHundredThousandFramesOfRandomScripts() {
        XCTAssertEqual(Self.run(seed: 0x5171, frames: 100_000), 0)
    }
}
