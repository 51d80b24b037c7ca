import Foundation
import ScrollDrive
import ScrollDriveSim

// A gesture script's run recorded as a SwiftUI view would report it to a
// model: each `SimScrollView` (UIKit's behaviour) is watched by a recorder
// registered before the controller, so it sees every report in the order
// it happens and the geometry at that moment, and every `advance(to:)` of
// the surface is a display frame (a tick), with what the controller shows
// then. `SwiftUIRecording.callbacks(...)` turns the record into
// `onScrollGeometryChange` / `onScrollPhaseChange` calls in either order.

/// One thing the recorder saw.
enum RecordedItem {
    /// A scroll view reported a content offset or content size change; the geometry then.
    case geometry(view: Int, ScrollViewGeometry)
    /// A scroll view's phase changed (seen at a report or a frame).
    case phase(view: Int, SimScrollView.Phase)
    /// A frame of the surface's clock at `time`; `expected[index]` holds
    /// the controller's values after it (what the surface's tick drove
    /// comes after this item, as it does after a model's tick).
    case tick(time: Double, index: Int)
    /// The simulated app finished its work (`RefreshModelTests`).
    case app(String)
}

/// Watches scroll views for the record (added to each before its controller).
final class ScrollRecorder: ScrollableObserver {
    private(set) var items: [RecordedItem] = []
    private var views: [SimScrollView] = []
    private var phases: [SimScrollView.Phase] = []

    /// Starts watching `view` (index = the order of calls); records its
    /// geometry now, as the view's first report.
    func watch(_ view: SimScrollView) {
        views.append(view)
        phases.append(view.phase)
        view.addScrollObserver(self)
        items.append(.geometry(view: views.count - 1, Self.geometry(of: view)))
    }

    static func geometry(of view: SimScrollView) -> ScrollViewGeometry {
        ScrollViewGeometry(contentOffset: view.contentOffset, contentSize: view.contentSize,
                           contentInsets: view.contentInset, containerSize: view.frame.size)
    }

    private func index(of scrollable: any Scrollable) -> Int {
        views.firstIndex { $0 === scrollable }!
    }

    private func notePhases() {
        for (i, view) in views.enumerated() where view.phase != phases[i] {
            phases[i] = view.phase
            items.append(.phase(view: i, view.phase))
        }
    }

    /// The controller's values after each frame, by the frame's index.
    private(set) var expected: [Any] = []

    func beginFrame(at time: Double) {
        notePhases()
        items.append(.tick(time: time, index: expected.count))
        expected.append(())
    }

    func endFrame(expected value: Any) {
        expected[expected.count - 1] = value
    }

    /// The app did something the models learn from its closures' return.
    func note(_ what: String) { items.append(.app(what)) }

    func scrollable(_ scrollable: any Scrollable, didChangeContentOffset contentOffset: CGPoint) {
        notePhases()
        let i = index(of: scrollable)
        items.append(.geometry(view: i, Self.geometry(of: views[i])))
    }

    func scrollable(_ scrollable: any Scrollable, didChangeContentSize contentSize: CGSize) {
        notePhases()
        let i = index(of: scrollable)
        items.append(.geometry(view: i, Self.geometry(of: views[i])))
    }

    func scrollable(_ scrollable: any Scrollable, didChangePanGestureState state: PanGestureState) {
        notePhases()
    }
}

/// A surface that records: its scroll views are watched from before its
/// controller attaches, and each `advance(to:)` records a frame with
/// `expected()`, the controller's values then.
final class RecordingSurface: SimSurface {
    let inner: any SimSurface
    let recorder: ScrollRecorder
    private let expected: (any SimSurface) -> Any

    init(recorder: ScrollRecorder, inner: any SimSurface, expected: @escaping (any SimSurface) -> Any) {
        self.recorder = recorder
        self.inner = inner
        self.expected = expected
    }

    var scrollViews: [SimScrollView] { inner.scrollViews }
    var columns: [SimColumn] { inner.columns }
    func values() -> [SimValue] { inner.values() }
    func handle(_ touch: SimTouch) { inner.handle(touch) }
    func advance(to time: Double) {
        recorder.beginFrame(at: time)
        inner.advance(to: time)
        recorder.endFrame(expected: expected(inner))
    }
    var isAtRest: Bool { inner.isAtRest }
    func perform(_ action: SurfaceAction) { inner.perform(action) }
    func summary() -> [String] { inner.summary() }
}

/// A script's surface description that builds a `RecordingSurface`.
struct RecordingDescription<Base: SurfaceDescription>: SurfaceDescription {
    static var type: String { Base.type }
    static var summary: String { Base.summary }
    static var keys: [String] { Base.keys }
    static var htmlDrawing: String { Base.htmlDrawing }
    /// Never read from a script: a test makes it around a decoded description.
    static func decode(_ object: JSONObject) throws(ScriptError) -> Self {
        throw ScriptError(path: object.node.path(of: "type"), "a recording surface is made by a test, not read")
    }
    static func validate(action: SurfaceAction, at node: JSONNode) throws(ScriptError) {
        try Base.validate(action: action, at: node)
    }

    let base: Base
    let make: @Sendable (Base, SimScrollView.Configuration) -> RecordingSurface
    var htmlParameters: JSONValue { base.htmlParameters }
    func makeSurface(scrollView: SimScrollView.Configuration) -> any SimSurface { make(base, scrollView) }
}

enum SwiftUIRecording {
    /// The order of a frame's two callbacks where a geometry change and a
    /// phase change belong to the same moment (Apple does not document it).
    enum Order: CaseIterable {
        /// As UIKit reports: a drag's phase before its first move, the lift's phase after its last.
        case asUIKit
        /// Geometry first: the first move of a drag before the phase becomes `.interacting`.
        case geometryFirst
        /// Phase first: the phase leaves `.interacting` before the lift's last move.
        case phaseFirst
    }

    /// A callback to a model.
    enum Callback {
        case geometry(view: Int, ScrollViewGeometry)
        case phase(view: Int, ScrollViewPhase, ScrollViewGeometry)
        case tick(time: Double, index: Int)
        case app(String)
    }

    /// SwiftUI's phase for a simulated scroll view's: `.tracking` for a
    /// finger down that has not moved the content, unless the platform
    /// does not report it (then it is `.idle`, or the phase the content had).
    static func phase(_ phase: SimScrollView.Phase, reportsTracking: Bool, previous: ScrollViewPhase) -> ScrollViewPhase {
        switch phase {
        case .idle: return .idle
        case .touching: return reportsTracking ? .tracking : (previous == .interacting ? .idle : previous)
        case .dragging: return .interacting
        case .decelerating, .bouncing: return .decelerating
        case .animating: return .animating
        }
    }

    /// The record as SwiftUI's callbacks, in `order`, with or without
    /// `.tracking`; a phase change carries the geometry of its moment (for
    /// a drag that begins, the first move's, which UIKit makes right after
    /// reporting `.began`).
    static func callbacks(_ items: [RecordedItem], order: Order, reportsTracking: Bool) -> [Callback] {
        var out: [Callback] = []
        var last: [Int: ScrollViewGeometry] = [:]
        var phases: [Int: ScrollViewPhase] = [:]
        var i = 0
        while i < items.count {
            switch items[i] {
            case let .geometry(view, g):
                last[view] = g
                // The lift: its last move, then the phase leaving the drag.
                if order == .phaseFirst, i + 1 < items.count, case let .phase(v2, p) = items[i + 1], v2 == view,
                   phases[view] == .interacting,
                   Self.phase(p, reportsTracking: reportsTracking, previous: .interacting) != .interacting
                {
                    let next = Self.phase(p, reportsTracking: reportsTracking, previous: .interacting)
                    phases[view] = next
                    out.append(.phase(view: view, next, g))
                    out.append(.geometry(view: view, g))
                    i += 2
                    continue
                }
                out.append(.geometry(view: view, g))
            case let .phase(view, p):
                let previous = phases[view] ?? .idle
                let next = Self.phase(p, reportsTracking: reportsTracking, previous: previous)
                if next == previous { break }
                phases[view] = next
                var context = last[view] ?? ScrollViewGeometry()
                // A drag's first move is of the moment it begins (UIKit moves
                // the content right after reporting `.began`).
                if next == .interacting, i + 1 < items.count, case let .geometry(v2, g) = items[i + 1], v2 == view {
                    context = g
                    if order == .geometryFirst {
                        last[view] = g
                        out.append(.geometry(view: view, g))
                        out.append(.phase(view: view, next, g))
                        i += 2
                        continue
                    }
                }
                out.append(.phase(view: view, next, context))
            case let .tick(time, index):
                out.append(.tick(time: time, index: index))
            case let .app(what):
                out.append(.app(what))
            }
            i += 1
        }
        return out
    }
}

extension SwiftUIRecording {
    /// A record and the surface that made it.
    struct Run: @unchecked Sendable {
        let items: [RecordedItem]
        let expected: [Any]
        let inner: any SimSurface
        var ticks: Int { expected.count }
    }

    /// Runs `script` at `fps` with its surface built by `make` (which
    /// watches the scroll views with the recorder before the controller
    /// hears them) and `expected` read after every frame.
    static func record<Base: SurfaceDescription>(
        _ script: GestureScript, as base: Base.Type, fps: Int = 60,
        make: @escaping @Sendable (Base, SimScrollView.Configuration, ScrollRecorder) -> any SimSurface,
        expected: @escaping (any SimSurface) -> Any
    ) -> Run {
        var script = script
        let description = script.surface as! Base
        let box = ExpectedBox(expected)
        script.surface = RecordingDescription(base: description) { base, configuration in
            let recorder = ScrollRecorder()
            return RecordingSurface(recorder: recorder, inner: make(base, configuration, recorder),
                                    expected: box.read)
        }
        let simulation = Simulation(script: script, fps: fps)
        _ = simulation.run()
        let surface = simulation.surface as! RecordingSurface
        return Run(items: surface.recorder.items, expected: surface.recorder.expected, inner: surface.inner)
    }

    /// `scenario`'s script with its steps played `times` times over, with
    /// a wait of `pause` seconds after each time (a long run).
    static func repeated(_ scenario: String, times: Int, pause: Double = 1) throws -> GestureScript {
        let text = Scenarios.named(scenario)!.script
        var object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as! [String: Any]
        let steps = (object["steps"] as! [Any]) + [["do": "wait", "duration": pause]]
        object["steps"] = Array(repeating: steps, count: times).flatMap { $0 }
        let data = try JSONSerialization.data(withJSONObject: object)
        return try GestureScript(json: String(decoding: data, as: UTF8.self), name: scenario)
    }
}

/// Carries the test's reading of the controller into the script's (Sendable) description.
final class ExpectedBox: @unchecked Sendable {
    let read: (any SimSurface) -> Any
    init(_ read: @escaping (any SimSurface) -> Any) { self.read = read }
}

extension ScrollLink {
    /// `target` acknowledged as the recordings' scroll view reaches it:
    /// UIKit's, which goes beyond the content's edges itself, so with no
    /// shift of the view (the offsets it then reports already include the move).
    @MainActor
    func targetReachedUnshifted(_ target: ScrollTarget) {
        scrollTargetApplied(ScrollTarget(contentOffset: target.contentOffset, animation: target.animation, id: target.id))
    }
}
