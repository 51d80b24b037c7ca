import Foundation
import Observation
@testable import ScrollDrive
import ScrollDriveSim
import XCTest

/// A list with a `RefreshController` and an app that ends each refresh and
/// load right after the first frame past its work time, at the clock (as a
/// model does when the app's closure returns after a tick), recording what
/// it did; `tickFrame` is the frame of the latest tick (before the app's end).
final class RefreshRecordingSurface: SimSurface {
    let controller: RefreshController
    let scrollView: SimScrollView
    private let recorder: ScrollRecorder
    private let app: RefreshSurfaceDescription.App
    private var refreshDue: Double?
    private var loadDue: Double?
    private var loads = 0.0
    private(set) var tickFrame: RefreshController.Frame?

    init(configuration: RefreshController.Configuration, app: RefreshSurfaceDescription.App,
         scrollView configuration2: SimScrollView.Configuration, recorder: ScrollRecorder)
    {
        var list = configuration2
        list.contentOffset = CGPoint(x: 0, y: -configuration.contentInsetTop)
        scrollView = SimScrollView(name: "list", configuration: list)
        self.recorder = recorder
        self.app = app
        recorder.watch(scrollView)
        var hook: (RefreshController.Event) -> Void = { _ in }
        controller = RefreshController(configuration: configuration) { hook($0) }
        hook = { [unowned self] event in
            switch event {
            case .refresh: refreshDue = controller.time + app.refreshTime
            case .loadMore: loadDue = controller.time + app.loadTime
            default: break
            }
        }
        controller.set(scrollable: scrollView)
    }

    var scrollViews: [SimScrollView] { [scrollView] }
    var columns: [SimColumn] { [] }
    func values() -> [SimValue] { [] }
    var isAtRest: Bool { !controller.frame.isAnimating && refreshDue == nil && loadDue == nil }

    func advance(to time: Double) {
        tickFrame = controller.tick(at: time)
        if let due = refreshDue, due <= time {
            refreshDue = nil
            recorder.note("refresh")
            controller.endRefreshing()
        }
        if let due = loadDue, due <= time {
            loadDue = nil
            loads += 1
            let size = scrollView.contentSize
            scrollView.setContentSize(CGSize(width: size.width, height: size.height + app.pageHeight))
            recorder.note(loads >= app.pages ? "no-more-data" : "loaded")
            controller.endLoading(noMoreData: loads >= app.pages)
        }
    }

    func perform(_ action: SurfaceAction) {
        if action.name == "beginRefreshing" {
            recorder.note("begin")
            controller.beginRefreshing()
        }
    }
}

/// What the simulated app's next load finds (set by the replay, read by the closure, on the main actor).
@MainActor
final class LoadResultBox {
    var value = RefreshModel.LoadResult.loaded
}

/// Opens when the test says the simulated app's work is done.
@MainActor
final class Gate {
    private var waiting: [CheckedContinuation<Void, Never>] = []
    private(set) var calls = 0

    func wait() async {
        calls += 1
        await withCheckedContinuation { waiting.append($0) }
    }

    func open() {
        let all = waiting
        waiting = []
        for continuation in all { continuation.resume() }
    }
}

final class RefreshModelTests: XCTestCase {
    static let scenarios = ["refresh-pull", "refresh-pull-back", "refresh-minimum-time", "refresh-load-more",
                            "refresh-programmatic", "refresh-reduced-motion"]

    static func record(_ script: GestureScript) -> SwiftUIRecording.Run {
        SwiftUIRecording.record(script, as: RefreshSurfaceDescription.self, make: { base, scrollView, recorder in
            let configuration = (try? base.configuration(viewportHeight: scrollView.frame.height)) ?? .mjRefresh
            return RefreshRecordingSurface(configuration: configuration, app: base.app, scrollView: scrollView,
                                           recorder: recorder)
        }, expected: { ($0 as! RefreshRecordingSurface).tickFrame! })
    }

    struct Replay: Sendable {
        var mismatches: [String] = []
        var changedFrames = 0
        var notifications = 0
        var refreshCalls = 0
        var loadCalls = 0
    }

    /// Waits (yielding the main actor) until `done` holds.
    @MainActor
    static func settle(_ done: () -> Bool) async {
        for _ in 0..<1000 where !done() { await Task.yield() }
    }

    @MainActor
    static func replay(_ run: SwiftUIRecording.Run, order: SwiftUIRecording.Order, reportsTracking: Bool) async -> Replay {
        let configuration = (run.inner as! RefreshRecordingSurface).controller.configuration
        let refreshGate = Gate(), loadGate = Gate()
        let nextLoad = LoadResultBox()
        let model = RefreshModel(configuration: configuration, refresh: { await refreshGate.wait() },
                                 loadMore: { await loadGate.wait(); return nextLoad.value })
        var result = Replay()
        var previous = model.frame
        for callback in SwiftUIRecording.callbacks(run.items, order: order, reportsTracking: reportsTracking) {
            switch callback {
            case let .geometry(_, geometry):
                model.scroll.geometryChanged(geometry)
            case let .phase(_, phase, geometry):
                model.scroll.phaseChanged(to: phase, geometry: geometry)
            case let .tick(time, index):
                let expected = run.expected[index] as! RefreshController.Frame
                var frame: RefreshController.Frame?
                result.notifications += ObservationCounter.count { _ = model.frame } during: {
                    frame = model.tick(at: time)
                }
                if !expected.hasSameValues(as: previous) { result.changedFrames += 1 }
                previous = expected
                if frame != expected || !model.frame.hasSameValues(as: expected) {
                    result.mismatches.append("t=\(time): model \(String(describing: frame)), controller \(expected)")
                }
                // The app's closures start in tasks: let them reach their gates.
                await Task.yield()
            case let .app(what):
                switch what {
                case "begin":
                    model.beginRefreshing()
                case "refresh":
                    await settle { refreshGate.calls > result.refreshCalls }
                    result.refreshCalls = refreshGate.calls
                    refreshGate.open()
                    await settle { !model.isRefreshing }
                default:
                    nextLoad.value = what == "no-more-data" ? .noMoreData : .loaded
                    await settle { loadGate.calls > result.loadCalls }
                    result.loadCalls = loadGate.calls
                    loadGate.open()
                    await settle { !model.isLoadingMore }
                }
            }
            if let target = model.scroll.scrollTarget { model.scroll.targetReachedUnshifted(target) }
        }
        return result
    }

    func testEveryScenarioThroughSwiftUIShapedInputsInEveryOrder() async throws {
        for name in Self.scenarios {
            let run = Self.record(try XCTUnwrap(Scenarios.named(name)).gestureScript())
            let notes = run.items.filter { if case .app = $0 { return true } else { return false } }.count
            for order in SwiftUIRecording.Order.allCases {
                for tracking in [true, false] {
                    let replay = await Self.replay(run, order: order, reportsTracking: tracking)
                    let label = "\(name), \(order), tracking \(tracking)"
                    XCTAssertEqual(replay.mismatches.prefix(3), [], label)
                    XCTAssertEqual(replay.notifications, replay.changedFrames, label)
                    XCTAssertGreaterThan(replay.changedFrames, 10, label)
                    XCTAssertLessThanOrEqual(replay.refreshCalls + replay.loadCalls, notes, label)
                }
            }
        }
    }

    /// 10,000 frames and more of pulls that refresh: the controller's frames,
    /// one notification per changed frame, one closure call per refresh.
    func testALongRunNotifiesOncePerChangedFrame() async throws {
        let run = Self.record(try SwiftUIRecording.repeated("refresh-pull", times: 40))
        XCTAssertGreaterThan(run.ticks, 10_000)
        let replay = await Self.replay(run, order: .geometryFirst, reportsTracking: false)
        XCTAssertEqual(replay.mismatches.prefix(3), [])
        XCTAssertEqual(replay.notifications, replay.changedFrames)
        XCTAssertLessThan(replay.changedFrames, run.ticks)
        XCTAssertEqual(replay.refreshCalls, 40)
    }

    /// The default header's words, one per state.
    func testTheDefaultHeaderSaysOneLinePerState() {
        XCTAssertEqual(RefreshController.HeaderState.allCases.map(\.title),
                       ["Pull down to refresh", "Release to refresh", "Refreshing...", "Refreshed"])
    }
}
