import Foundation
import Observation
@testable import ScrollDrive
import ScrollDriveSim
import XCTest

/// The bar's SwiftUI model against AirBar's traces: each bar scenario with
/// AirBar's rules (no policy) is run on a simulated UIScrollView with a
/// `BarController` attached, recorded as SwiftUI would report it, and
/// replayed into a `BarModel` in every callback order, with and without
/// `.tracking`: the heights, availability and snaps are the controller's,
/// bit for bit.
final class BarModelTests: XCTestCase {
    /// AirBar's five traces (a fling each way with a bounce at the top, a
    /// pull into expanded, a fling to compact, a fling at the top, releases
    /// mid-transition), and the short-content and tap-to-stop ones.
    static let airBarScenarios = ["bar-fling", "bar-expand-snap", "bar-fling-compact", "bar-top-fling",
                                  "bar-release-mid", "bar-short-content", "bar-tap-stop"]

    struct Record: @unchecked Sendable {
        let items: [RecordedItem]
        let expected: [Any]
        let requests: [SimScrollView.Request]
        let configuration: BarController.Configuration
    }

    static func record(_ name: String, fps: Int = 60) throws -> Record {
        try record(script: try XCTUnwrap(Scenarios.named(name)).gestureScript(), fps: fps)
    }

    static func record(script: GestureScript, fps: Int = 60) throws -> Record {
        var script = script
        let base = try XCTUnwrap(script.surface as? BarSurfaceDescription)
        script.surface = RecordingDescription(base: base) { base, configuration in
            let recorder = ScrollRecorder()
            let view = SimScrollView(configuration: configuration)
            recorder.watch(view)
            let inner = BarSurface(configuration: base.configuration, scrollView: view)
            return RecordingSurface(recorder: recorder, inner: inner) { surface in
                let state = (surface as! BarSurface).state
                return [Double(state.offset), state.isExpandedStateAvailable ? 1 : 0]
            }
        }
        let simulation = Simulation(script: script, fps: fps)
        _ = simulation.run()
        let surface = try XCTUnwrap(simulation.surface as? RecordingSurface)
        let bar = try XCTUnwrap(surface.inner as? BarSurface)
        return Record(items: surface.recorder.items, expected: surface.recorder.expected, requests: bar.scrollView.requests,
                      configuration: base.configuration)
    }

    /// What a replay found: frames that differ from the controller's, the
    /// scroll targets the model published, and observation counts.
    struct Replay {
        var mismatches: [String] = []
        var targets: [ScrollTarget] = []
        var ticks = 0
        var changedFrames = 0
        var notifications = 0
    }

    @MainActor
    static func replay(_ record: Record, order: SwiftUIRecording.Order, reportsTracking: Bool) -> Replay {
        let model = BarModel(configuration: record.configuration, roomInContent: false)
        var result = Replay()
        var previous: [Double] = [Double(model.frame.offset), model.frame.isExpandedStateAvailable ? 1 : 0]
        func collectTarget() {
            guard let target = model.scroll.scrollTarget, target.id != result.targets.last?.id else { return }
            result.targets.append(target)
            model.scroll.targetReachedUnshifted(target)
        }
        for callback in SwiftUIRecording.callbacks(record.items, order: order, reportsTracking: reportsTracking) {
            switch callback {
            case let .geometry(_, geometry):
                model.scroll.geometryChanged(geometry)
            case let .phase(_, phase, geometry):
                model.scroll.phaseChanged(to: phase, geometry: geometry)
            case let .tick(time, index):
                let expected = record.expected[index] as! [Double]
                let notified = ObservationCounter.count { _ = model.frame } during: { model.tick(at: time) }
                result.notifications += notified
                result.ticks += 1
                if expected != previous { result.changedFrames += 1 }
                previous = expected
                let frame = model.frame
                let got: [Double] = [Double(frame.offset), frame.isExpandedStateAvailable ? 1 : 0]
                if got.map(\.bitPattern) != expected.map(\.bitPattern) {
                    result.mismatches.append("t=\(time): model \(got), controller \(expected)")
                }
            case .app: break
            }
            collectTarget()
        }
        return result
    }

    func testAirBarTracesThroughSwiftUIShapedInputsInEveryOrder() throws {
        try MainActor.assumeIsolated { try Self.checkAirBarTraces() }
    }

    @MainActor
    private static func checkAirBarTraces() throws {
        for name in Self.airBarScenarios {
            let record = try Self.record(name)
            for order in SwiftUIRecording.Order.allCases {
                for tracking in [true, false] {
                    let replay = Self.replay(record, order: order, reportsTracking: tracking)
                    let label = "\(name), \(order), tracking \(tracking)"
                    XCTAssertEqual(replay.mismatches, [], label)
                    XCTAssertGreaterThan(replay.ticks, 30, label)
                    // The snaps: what the controller asked the scroll view, as scroll targets.
                    XCTAssertEqual(replay.targets.map(\.contentOffset.y), record.requests.map(\.contentOffset.y), label)
                    XCTAssertEqual(replay.targets.map { $0.animation != .none }, record.requests.map(\.animated), label)
                    // One notification per changed frame, none at rest.
                    XCTAssertEqual(replay.notifications, replay.changedFrames, label)
                }
            }
        }
    }

    /// 10,000 frames and more of flings each way: one notification per
    /// changed frame, none at rest, the controller's heights.
    func testALongRunNotifiesOncePerChangedFrame() throws {
        let record = try Self.record(script: try SwiftUIRecording.repeated("bar-fling", times: 45))
        XCTAssertGreaterThan(record.expected.count, 10_000)
        let replay = MainActor.assumeIsolated { Self.replay(record, order: .phaseFirst, reportsTracking: true) }
        XCTAssertEqual(replay.mismatches.prefix(3), [])
        XCTAssertEqual(replay.notifications, replay.changedFrames)
        XCTAssertGreaterThan(replay.changedFrames, 1000)
        XCTAssertLessThan(replay.changedFrames, record.expected.count)   // at rest between flings
    }

    /// The traces move the bar: a test that compared nothing could not pass this.
    func testTheTracesMoveTheBarAndSnap() throws {
        let expand = try Self.record("bar-expand-snap")
        let heights = expand.expected.map { -($0 as! [Double])[0] }
        XCTAssertEqual(heights.first, 120)
        XCTAssertEqual(heights.last, 200)   // expanded after the snap
        XCTAssertEqual(expand.requests.last?.animated, true)
        let replay = MainActor.assumeIsolated { Self.replay(expand, order: .geometryFirst, reportsTracking: false) }
        XCTAssertGreaterThan(replay.changedFrames, 10)
    }
}

/// Counts `withObservationTracking` notifications of `read` while `body`
/// runs, re-arming after each (its `onChange` fires once per arming).
enum ObservationCounter {
    @MainActor
    static func count(_ read: @escaping @MainActor () -> Void, during body: () -> Void) -> Int {
        let box = NotificationCount()
        withObservationTracking { read() } onChange: { box.count += 1 }
        body()
        return box.count
    }
}

/// A notification count the `onChange` closure (which is `@Sendable`) adds to.
final class NotificationCount: @unchecked Sendable {
    var count = 0
}
