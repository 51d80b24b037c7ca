import Dispatch
import Foundation
import ScrollDrive

// The SwiftUI models driven as a SwiftUI view drives them, each compared in
// the same run with its controller's app path over the same trace
// (`AppScrollTrace` at 60 Hz): per frame, the list's geometry
// (`onScrollGeometryChange`), its phase when a pan begins or ends
// (`onScrollPhaseChange`: `.interacting`, then `.idle`, as the app paths'
// scroll view never decelerates by itself) and a tick
// (`TimelineView`), then one value of the published frame into the ring.
// The sheet's model gets the app path's drags as `DragGesture` values.
//
// The models are main-actor isolated: a path runs its frames on the main
// actor (`onMainActor`), one hop per run of frames, not per frame; a scene
// is used by one runner at a time (hence `@unchecked Sendable`, as
// `BenchmarkInputs`).

extension HotPath {
    static var models: [HotPath] {
        [
            model("bar/swift-model", "bar/swift-app-scrollable",
                  "SwiftUI-shaped geometry and phases into BarModel; tick; the published frame's height",
                  { AppBarModelScene(trace: $0) }),
            model("refresh/swift-model", "refresh/swift-app-scrollable",
                  "SwiftUI-shaped geometry and phases into RefreshModel; tick; the published frame",
                  { AppRefreshModelScene(trace: $0) }),
            model("pulldown/swift-model", "pulldown/swift-app-scrollable",
                  "SwiftUI-shaped geometry and phases into PulldownPanelModel; tick; the published frame",
                  { AppPulldownModelScene(trace: $0) }),
            model("sheet/swift-model", "sheet/swift-app-drag",
                  "DragGesture values into SheetModel; tick; the published frame",
                  { AppSheetModelScene(trace: $0) }),
        ]
    }

    private static func model(_ name: String, _ baseline: String, _ summary: String,
                              _ make: @escaping @Sendable (AppScrollTrace) -> any ModelScene) -> HotPath
    {
        HotPath(name: name, summary: summary, baseline: baseline) { inputs in
            let scene = make(inputs.appTrace)
            return PreparedRun(frames: scene.frames, reset: scene.reset, run: scene.run)
        }
    }
}

/// A model's scene: `reset()` makes a fresh model; `run(_:)` plays a slice.
public protocol ModelScene: AnyObject {
    var frames: Int { get }
    func reset()
    func run(_ range: Range<Int>) -> Double
}

/// Runs `body` on the main actor, from the main thread or (the benchmark
/// package's runner) from another while the main thread serves the main queue.
func onMainActor<T: Sendable>(_ body: @MainActor () -> T) -> T {
    if Thread.isMainThread { return MainActor.assumeIsolated(body) }
    return withoutActuallyEscaping(body) { body in
        let box = UncheckedBox(body)
        return DispatchQueue.main.sync { MainActor.assumeIsolated { box.value() } }
    }
}

/// Carries a closure to the main queue (it runs there while the caller waits).
private struct UncheckedBox<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}

/// What the list scenes share: the trace's geometry and phases into one link.
public class AppModelScene: AppSurfaceScene {
    var geometry = ScrollViewGeometry()

    /// The scroll view's geometry at rest at `y`.
    func startGeometry(at y: Double) -> ScrollViewGeometry {
        ScrollViewGeometry(contentOffset: CGPoint(x: 0, y: y),
                           contentSize: CGSize(width: trace.frameWidth, height: trace.contentHeight),
                           containerSize: CGSize(width: trace.frameWidth, height: trace.frameHeight))
    }

    /// One frame's report of the list at `y` with the pans of `code`, as a SwiftUI view gives them.
    @MainActor @inline(__always)
    func report(_ link: ScrollLink, y: Double, pans code: UInt16) {
        geometry.contentOffset.y = y
        geometry.contentInsets = link.contentInsets
        var code = code
        while code != 0 {
            switch AppScrollTrace.panState(Int(code & 7)) {
            case .began: link.phaseChanged(to: .interacting, geometry: geometry)
            case .ended, .cancelled: link.phaseChanged(to: .idle, geometry: geometry)
            default: break
            }
            code >>= 3
        }
        link.geometryChanged(geometry)
    }

    /// Plays frames `range` of the trace into `link` (the list `offset` pt
    /// below the trace's offsets), then `frame(t)`, whose value goes into the ring.
    @MainActor @inline(__always)
    func play(_ range: Range<Int>, into link: ScrollLink, offset: Double = 0, frame: (Double) -> Double) -> Double {
        let values = self.values, mask = self.mask
        trace.ys.withUnsafeBufferPointer { ys in
            trace.panCodes.withUnsafeBufferPointer { pans in
                for i in range {
                    report(link, y: ys[i] - offset, pans: pans[i])
                    values[i & mask] = frame(Self.time(i))
                }
            }
        }
        return value(before: range.upperBound)
    }
}

/// `BarModel` (AirBar's numbers of the trace), its room inside the content
/// as `ExpandableBarScrollView` lays it out: SwiftUI's offsets and content
/// are the trace's plus the room (the expanded height).
public final class AppBarModelScene: AppModelScene, ModelScene, @unchecked Sendable {
    private var model: BarModel?
    private var room: Double { trace.configuration.expandedStateHeight }
    private var startY: Double { room - trace.configuration.normalStateHeight }

    public func reset() {
        let configuration = trace.configuration
        var start = startGeometry(at: startY)
        start.contentSize.height += room
        geometry = start
        onMainActor {
            let model = BarModel(configuration: configuration)
            model.scroll.geometryChanged(start)
            if let target = model.scroll.scrollTarget { model.scroll.scrollTargetApplied(target) }
            self.model = model
        }
    }

    public func run(_ range: Range<Int>) -> Double {
        guard let model else { preconditionFailure("reset() first") }
        return onMainActor {
            return self.play(range, into: model.scroll, offset: -self.room) { model.tick(at: $0).height }
        }
    }
}

/// `RefreshModel` (MJRefresh's defaults); the app's work ends as soon as it is
/// asked for, as on the controller's path (a model ends it when its closure
/// returns or is cancelled: here, cancelled right after the tick that started it).
public final class AppRefreshModelScene: AppModelScene, ModelScene, @unchecked Sendable {
    private var model: RefreshModel?

    public func reset() {
        let start = startGeometry(at: 0)
        geometry = start
        onMainActor {
            let model = RefreshModel(configuration: .mjRefresh, refresh: {}, loadMore: { .loaded })
            model.scroll.geometryChanged(start)
            self.model = model
        }
    }

    public func run(_ range: Range<Int>) -> Double {
        guard let model else { preconditionFailure("reset() first") }
        return onMainActor {
            return self.play(range, into: model.scroll) { t in
                let visible = model.tick(at: t).headerVisibleHeight
                if model.isRefreshing { model.cancelRefresh() }
                if model.isLoadingMore { model.cancelLoadMore() }
                return visible
            }
        }
    }
}

/// `PulldownPanelModel` (the article's numbers); the app closes the panel a
/// second after it opened, as on the controller's path.
public final class AppPulldownModelScene: AppModelScene, ModelScene, @unchecked Sendable {
    private var model: PulldownPanelModel?
    private var closeAt = Double.infinity
    private var wasOpen = false
    private var topBar: Double { PulldownPanelController.Configuration.article.topBarHeight }

    public func reset() {
        var start = startGeometry(at: -topBar)
        start.contentInsets.top = topBar
        geometry = start
        closeAt = .infinity
        wasOpen = false
        onMainActor {
            let model = PulldownPanelModel(configuration: .article)
            model.list.geometryChanged(start)
            self.model = model
        }
    }

    public func run(_ range: Range<Int>) -> Double {
        guard let model else { preconditionFailure("reset() first") }
        return onMainActor {
            var closeAt = self.closeAt, wasOpen = self.wasOpen
            defer {
                self.closeAt = closeAt
                self.wasOpen = wasOpen
            }
            return self.play(range, into: model.list, offset: self.topBar) { t in
                if t >= closeAt {
                    closeAt = .infinity
                    model.close()
                }
                let frame = model.tick(at: t)
                // Opened in this tick (the controller's `.panelOpened`): close a second later.
                let open = frame.state.isOpen
                if open, !wasOpen { closeAt = t + 1 }
                wasOpen = open
                return frame.panelAlpha
            }
        }
    }
}

/// `SheetModel` (the chapter's numbers), from half: the trace's pans are the
/// finger on the sheet (`DragGesture`: the first change begins the drag),
/// and a sheet that was dismissed is presented again at half.
public final class AppSheetModelScene: AppSurfaceScene, ModelScene, @unchecked Sendable {
    private var model: SheetModel?
    private var dragStart: Double?

    public func reset() {
        let height = trace.frameHeight
        dragStart = nil
        onMainActor {
            // The chapter's numbers fit any container of at least 100 pt, and .half is one of its detents.
            self.model = try! SheetModel(configuration: .seed(containerHeight: height), initialDetent: .half)
        }
    }

    public func run(_ range: Range<Int>) -> Double {
        guard let model else { preconditionFailure("reset() first") }
        return onMainActor {
            let values = self.values, mask = self.mask
            var dragStart = self.dragStart
            self.trace.ys.withUnsafeBufferPointer { ys in
                self.trace.panCodes.withUnsafeBufferPointer { pans in
                    for i in range {
                        let y = ys[i], t = Self.time(i)
                        var code = pans[i]
                        while code != 0 {
                            switch AppScrollTrace.panState(Int(code & 7)) {
                            case .began: dragStart = y
                            case .changed:
                                if let start = dragStart {
                                    model.dragChanged(DragGestureValue(
                                        translation: CGSize(width: 0, height: start - y), time: t))
                                }
                            default:
                                if let start = dragStart {
                                    model.dragEnded(DragGestureValue(
                                        translation: CGSize(width: 0, height: start - y), time: t))
                                }
                                dragStart = nil
                            }
                            code >>= 3
                        }
                        let frame = model.tick(at: t)
                        if frame.state.detent == .dismissed, !frame.isAnimating { model.selectedDetent = .half }
                        values[i & mask] = frame.sheetTop
                    }
                }
            }
            self.dragStart = dragStart
            return self.value(before: range.upperBound)
        }
    }
}
