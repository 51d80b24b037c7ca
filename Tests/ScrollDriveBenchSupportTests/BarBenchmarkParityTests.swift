import CScrollDrive
import ScrollDrive
import ScrollDriveBenchSupport
import XCTest

/// The bar benchmarks compare equal work: the AirBar-style baseline and
/// every ScrollDrive path give the same heights, to the last bit, on the
/// benchmark trace (a prefix of it here, from the same generator).
final class BarBenchmarkParityTests: XCTestCase {
    /// Long enough to cross both edges and all three states many times.
    static let prefixFrames = 400_000
    static let trace = BarBenchmarkTrace(frames: prefixFrames)

    func testBaselineAndScrollDriveGiveBitIdenticalHeights() {
        let scene = BarScene(trace: Self.trace, recordingEveryFrame: true)
        let all = 0..<Self.prefixFrames
        scene.resetBaseline()
        _ = scene.runBaseline(all)
        let baseline = Array(scene.heights.prefix(Self.prefixFrames))

        let paths: [(String, () -> Void, (Range<Int>) -> Double)] = [
            ("C batch", scene.resetC, scene.runCBatch),
            ("C per frame", scene.resetC, scene.runCPerFrame),
            ("Swift BarController", scene.resetController, scene.runController),
        ]
        for (name, reset, run) in paths {
            scene.heights.update(repeating: .nan)
            reset()
            let last = run(all)
            XCTAssertEqual(last.bitPattern, baseline.last?.bitPattern, name)
            for i in 0..<Self.prefixFrames where scene.heights[i].bitPattern != baseline[i].bitPattern {
                XCTFail("\(name), frame \(i) (y \(Self.trace.ys[i])): \(scene.heights[i]) != baseline \(baseline[i])")
                break
            }
        }
    }

    func testTraceCrossesBothEdgesAndAllThreeStates() {
        let trace = Self.trace
        let scene = BarScene(trace: trace, recordingEveryFrame: true)
        scene.resetC()
        _ = scene.runCBatch(0..<trace.ys.count)
        let c = trace.configuration
        var aboveTop = 0, belowBottom = 0, holds = 0
        var compact = 0, expanded = 0, betweenCompactNormal = 0, betweenNormalExpanded = 0
        var previous = trace.startY
        for (i, y) in trace.ys.enumerated() {
            if y < trace.topEdge { aboveTop += 1 }
            if y > trace.bottomEdge { belowBottom += 1 }
            if y == previous { holds += 1 }
            previous = y
            let h = scene.heights[i]
            XCTAssertTrue(h >= c.compactStateHeight && h <= c.expandedStateHeight, "frame \(i): height \(h)")
            if h == c.compactStateHeight { compact += 1 }
            if h == c.expandedStateHeight { expanded += 1 }
            if h > c.compactStateHeight && h < c.normalStateHeight { betweenCompactNormal += 1 }
            if h > c.normalStateHeight && h < c.expandedStateHeight { betweenNormalExpanded += 1 }
        }
        // Each kind of frame makes up a fair share of the trace (1%; holds
        // 0.1%), not a handful.
        let percent = Self.prefixFrames / 100
        for (name, count, least) in [("above the top edge", aboveTop, percent),
                                     ("below the bottom edge", belowBottom, percent),
                                     ("held (skipped)", holds, percent / 10), ("compact", compact, percent),
                                     ("expanded", expanded, percent),
                                     ("compact...normal", betweenCompactNormal, percent),
                                     ("normal...expanded", betweenNormalExpanded, percent)] {
            XCTAssertGreaterThan(count, least, "frames \(name)")
        }
    }

    func testTraceIsSeededAndPrefixStable() {
        let short = BarBenchmarkTrace(frames: 10_000)
        XCTAssertEqual(short.ys.map(\.bitPattern), Self.trace.ys.prefix(10_000).map(\.bitPattern))
        XCTAssertEqual(short.ys.count, 10_000)
        XCTAssertNotEqual(BarBenchmarkTrace(frames: 10_000, seed: 1).ys, short.ys)
        // A recorded fingerprint of the default trace: a change to the
        // generator changes every benchmark's workload and must be deliberate.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for y in Self.trace.ys { hash = (hash ^ y.bitPattern) &* 0x100_0000_01b3 }
        XCTAssertEqual(hash, Self.recordedFingerprint, String(format: "fingerprint 0x%016llx", hash))
    }

    static let recordedFingerprint: UInt64 = 0x0f67_89c0_340d_3504

    func testHotPathNamesAreUniqueAndBaselinesExist() {
        let names = HotPath.all.map(\.name)
        XCTAssertEqual(Set(names).count, names.count)
        for path in HotPath.all {
            if let baseline = path.baseline { XCTAssertTrue(names.contains(baseline), path.name) }
        }
        XCTAssertEqual(HotPath.matching("bar/c-").map(\.name), ["bar/c-batch", "bar/c-per-frame", "bar/c-app-trace"])
        // Comma-separated parts: any part matches, in the list's own order.
        XCTAssertEqual(HotPath.matching("sheet/c-app,bar/c-app,,").map(\.name), ["bar/c-app-trace", "sheet/c-app-drag"])
    }

    func testEveryHotPathRunsRepeatablyAndInSlices() {
        let inputs = BenchmarkInputs(frames: 10_000)
        for path in HotPath.all {
            let run = path.prepare(inputs)
            XCTAssertEqual(run.frames, 10_000, path.name)
            run.reset()
            let whole = run.run()
            XCTAssertTrue(whole.isFinite, path.name)
            run.reset()
            XCTAssertEqual(run.run().bitPattern, whole.bitPattern, "\(path.name) is not repeatable after reset()")
            // The benchmark suite runs the trace in slices, in order: same result.
            run.reset()
            _ = run.run(0..<3_333)
            _ = run.run(3_333..<7_000)
            XCTAssertEqual(run.run(7_000..<10_000).bitPattern, whole.bitPattern, "\(path.name) in slices")
        }
    }
}
