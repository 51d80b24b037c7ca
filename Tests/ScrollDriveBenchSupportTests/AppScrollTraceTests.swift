import CScrollDrive
import ScrollDrive
import ScrollDriveBenchSupport
import XCTest

/// `bar/swift-app-scrollable` and `bar/c-app-trace` do the same work: an
/// app's scroll view reporting through the public API into a
/// `BarController` gives the core's heights, top insets and snap requests
/// on every frame; and the trace is what its documentation says it is.
final class AppScrollTraceTests: XCTestCase {
    static let frames = 200_000
    static let trace = AppScrollTrace(frames: frames)

    func testTheAppPathGivesTheCoresNumbersOnEveryFrame() {
        let scene = AppBarScene(trace: Self.trace, recordingEveryFrame: true)
        let all = 0..<Self.frames
        scene.resetC()
        _ = scene.runC(all)
        let heights = Array(scene.values.prefix(Self.frames)), insets = Array(scene.insets.prefix(Self.frames))
        let requests = scene.cRequests

        scene.values.update(repeating: .nan)
        scene.insets.update(repeating: .nan)
        scene.resetController()
        // In slices, as the benchmark suite runs it.
        for start in stride(from: 0, to: Self.frames, by: 30_000) {
            _ = scene.runController(start..<min(start + 30_000, Self.frames))
        }
        for i in all where scene.values[i].bitPattern != heights[i].bitPattern
            || scene.insets[i].bitPattern != insets[i].bitPattern
        {
            XCTFail("frame \(i) (y \(Self.trace.ys[i])): height \(scene.values[i]) vs \(heights[i]), "
                + "inset \(scene.insets[i]) vs \(insets[i])")
            break
        }
        XCTAssertEqual(scene.controllerRequests, requests)
        XCTAssertGreaterThan(requests, 300, "the trace's drags end between states and snap")
    }

    func testTraceHasWhatItsDocumentationSays() {
        let trace = Self.trace
        let scene = AppBarScene(trace: trace, recordingEveryFrame: true)
        scene.resetC()
        _ = scene.runC(0..<Self.frames)
        let c = trace.configuration
        let bottom = trace.contentHeight - trace.frameHeight
        var pastTop = 0, pastBottom = 0, expanded = 0, compact = 0, offGrid = 0
        var pans: [PanGestureState: Int] = [:]
        for i in 0..<Self.frames {
            let y = trace.ys[i]
            if y < -scene.insets[i] { pastTop += 1 }
            if y > bottom { pastBottom += 1 }
            if (y * 3).rounded() != y * 3 { offGrid += 1 }
            if scene.values[i] == c.expandedStateHeight { expanded += 1 }
            if scene.values[i] == c.compactStateHeight { compact += 1 }
            for state in AppScrollTrace.pans(trace.panCodes[i]) { pans[state, default: 0] += 1 }
        }
        XCTAssertEqual(offGrid, 0, "offsets on the 1/3 pt grid")
        // Each kind of frame makes up a fair share of the trace, not a handful.
        let share = Self.frames / 200
        XCTAssertGreaterThan(pastTop, share, "rubber band past the top")
        // A bounce lasts a few frames: 0.2% of the trace is hundreds of them.
        XCTAssertGreaterThan(pastBottom, Self.frames / 500, "bounces past the bottom")
        XCTAssertGreaterThan(expanded, share, "pulls at the top reach the expanded state")
        XCTAssertGreaterThan(compact, share)
        XCTAssertGreaterThan(pans[.began, default: 0], 1000)
        // Every drag ends (the last one may be cut off by the trace's end).
        XCTAssertLessThanOrEqual(pans[.began, default: 0] - pans[.ended, default: 0], 1)
        XCTAssertGreaterThanOrEqual(pans[.began, default: 0], pans[.ended, default: 0])
        XCTAssertGreaterThan(pans[.changed, default: 0], Self.frames / 10)
    }

    func testTraceIsSeededAndSequential() {
        let short = AppScrollTrace(frames: 10_000)
        XCTAssertEqual(short.ys, Array(Self.trace.ys.prefix(10_000)))
        XCTAssertEqual(short.panCodes, Array(Self.trace.panCodes.prefix(10_000)))
        XCTAssertNotEqual(AppScrollTrace(frames: 10_000, seed: 1).ys, short.ys)
        // A recorded fingerprint: a change to the generator (or to the
        // simulated scroll view it records) changes the workload and must be
        // deliberate.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for (y, pan) in zip(Self.trace.ys, Self.trace.panCodes) {
            hash = (hash ^ y.bitPattern) &* 0x100_0000_01b3
            hash = (hash ^ UInt64(pan)) &* 0x100_0000_01b3
        }
        XCTAssertEqual(hash, Self.recordedFingerprint, String(format: "fingerprint 0x%016llx", hash))
    }

    static let recordedFingerprint: UInt64 = 0x2224_d79c_12f1_bb1a
}

/// The sheet's, pull-down's and refresh's app paths do the same work as
/// their C paths: the same value of every frame, to the last bit.
final class AppSurfaceSceneTests: XCTestCase {
    static let frames = 60_000
    static let trace = AppScrollTrace(frames: frames)

    private func check(_ name: String, _ scene: AppSurfaceScene, swift: (resetting: () -> Void, run: (Range<Int>) -> Double),
                       c: (resetting: () -> Void, run: (Range<Int>) -> Double), line: UInt = #line)
    {
        let all = 0..<Self.frames
        c.resetting()
        _ = c.run(all)
        let expected = Array(scene.values.prefix(Self.frames))
        scene.values.update(repeating: .nan)
        swift.resetting()
        for start in stride(from: 0, to: Self.frames, by: 7_000) { _ = swift.run(start..<min(start + 7_000, Self.frames)) }
        for i in all where scene.values[i].bitPattern != expected[i].bitPattern {
            XCTFail("\(name), frame \(i): \(scene.values[i]) vs the core's \(expected[i])", line: line)
            return
        }
        XCTAssertGreaterThan(Set(expected.map(\.bitPattern)).count, 10, "\(name): the value moves", line: line)
    }

    func testRefresh() {
        let scene = AppRefreshScene(trace: Self.trace, recordingEveryFrame: true)
        check("refresh", scene, swift: (scene.resetController, scene.runController), c: (scene.resetC, scene.runC))
    }

    func testPulldown() {
        let scene = AppPulldownScene(trace: Self.trace, recordingEveryFrame: true)
        check("pull-down", scene, swift: (scene.resetController, scene.runController), c: (scene.resetC, scene.runC))
    }

    func testSheet() {
        let scene = AppSheetScene(trace: Self.trace, recordingEveryFrame: true)
        check("sheet", scene, swift: (scene.resetController, scene.runController), c: (scene.resetC, scene.runC))
    }
}
