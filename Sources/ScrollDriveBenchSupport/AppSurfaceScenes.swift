import CScrollDrive
import Foundation
import ScrollDrive

// The sheet, the pull-down panel and pull to refresh driven as an app
// drives them, each beside the same inputs stepped straight into its C
// surface: the report path of every controller measured against its core
// in the same run. All three play `AppScrollTrace` at 60 Hz (frame i at
// i / 60 s) through an app-written `AppScrollView` and tick once a frame,
// as a display link would; each stores one value of its frame per frame in
// a ring, and each run returns the last one.
//
// - refresh: the list's offsets and pans reach a `RefreshController`;
//   the app ends a refresh or a load as soon as it is asked to (the core
//   keeps the minimum refreshing time).
// - pull-down: the chat list's offsets and pans reach a
//   `PulldownPanelController`; the panel opens when a pull is released
//   past cp1 and the app closes it again a second later.
// - sheet: the trace's pans are the finger on the sheet (a drag's
//   translation is how far the content moved since it began), from half
//   height; when a release dismisses the sheet the app presents it again
//   at half height.

extension HotPath {
    static var appSurfaces: [HotPath] {
        appPair(AppRefreshScene.self,
                app: ("refresh/swift-app-scrollable",
                      "an app's Scrollable reports offset and pan states; RefreshController; tick"),
                core: ("refresh/c-app-trace", "the same inputs as sd_refresh_step events, sd_refresh_frame_at per frame"))
            + appPair(AppPulldownScene.self,
                      app: ("pulldown/swift-app-scrollable",
                            "an app's Scrollable reports offset and pan states; PulldownPanelController; tick"),
                      core: ("pulldown/c-app-trace",
                             "the same inputs as sd_pulldown_step events, sd_pulldown_frame_at per frame"))
            + appPair(AppSheetScene.self,
                      app: ("sheet/swift-app-drag",
                            "drag inputs and a tick per frame into SheetController, inner AppScrollView"),
                      core: ("sheet/c-app-drag", "the same inputs as sd_sheet_step events, sd_sheet_frame_at per frame"))
    }

    /// A scene's two paths over `AppScrollTrace`: the app's (compared with
    /// the core's in the same run) and the core's.
    static func appPair<Scene: AppTraceScene>(_ scene: Scene.Type, app: (name: String, summary: String),
                                              core: (name: String, summary: String)) -> [HotPath]
    {
        [
            HotPath(name: app.name, summary: app.summary, baseline: core.name) { inputs in
                let scene = Scene(trace: inputs.appTrace)
                return PreparedRun(frames: scene.frames, reset: scene.resetController, run: scene.runController)
            },
            HotPath(name: core.name, summary: core.summary, baseline: nil) { inputs in
                let scene = Scene(trace: inputs.appTrace)
                return PreparedRun(frames: scene.frames, reset: scene.resetC, run: scene.runC)
            },
        ]
    }
}

/// A scene with both paths: the app's, through a controller on an
/// `AppScrollView`, and the core's, the same inputs stepped into C.
protocol AppTraceScene: AppSurfaceScene {
    func resetController()
    func runController(_ range: Range<Int>) -> Double
    func resetC()
    func runC(_ range: Range<Int>) -> Double
}

/// What the app scenes share: the trace, the ring of per-frame values
/// (4096 frames unless every frame is recorded, as the parity tests do),
/// and the app's scroll view.
public class AppSurfaceScene {
    public let trace: AppScrollTrace
    /// One value of each frame (the same one on both paths of a scene).
    public let values: UnsafeMutableBufferPointer<Double>
    public let mask: Int
    public var frames: Int { trace.ys.count }
    public private(set) var view = AppScrollView(contentSize: .zero, frame: .zero)

    /// Frame i's time, seconds.
    static func time(_ i: Int) -> Double { Double(i) / 60 }

    public required init(trace: AppScrollTrace, recordingEveryFrame: Bool = false) {
        self.trace = trace
        values = Self.ring(for: trace, recordingEveryFrame: recordingEveryFrame)
        mask = values.count - 1
    }

    deinit { values.deallocate() }

    /// A zeroed ring for a scene's per-frame values: a power of two, at
    /// least 4096 frames, and all of the trace's when every frame is recorded.
    static func ring(for trace: AppScrollTrace, recordingEveryFrame: Bool) -> UnsafeMutableBufferPointer<Double> {
        var capacity = 4096
        if recordingEveryFrame { while capacity < trace.ys.count { capacity *= 2 } }
        let ring = UnsafeMutableBufferPointer<Double>.allocate(capacity: capacity)
        ring.initialize(repeating: 0)
        return ring
    }

    func value(before end: Int) -> Double { end > 0 ? values[(end - 1) & mask] : .nan }

    /// A fresh app scroll view over the trace's content, at offset `y`.
    func makeView(at y: Double) -> AppScrollView {
        view = AppScrollView(contentSize: CGSize(width: trace.frameWidth, height: trace.contentHeight),
                             frame: CGRect(x: 0, y: 0, width: trace.frameWidth, height: trace.frameHeight))
        view.contentOffset = CGPoint(x: 0, y: y)
        return view
    }
}

/// When the app will close the pull-down's panel, set from its observer and
/// read by the driving loop on one thread; unchecked, as `HeightSink`.
final class CloseTime {
    @exclusivity(unchecked) var time = Double.infinity
}

/// A weak reference the app's observer closures reach their controller through.
final class WeakController<Controller: AnyObject> {
    weak var controller: Controller?
}

// MARK: - Pull to refresh

/// `RefreshController` (MJRefresh's defaults) over the app's list.
public final class AppRefreshScene: AppSurfaceScene, AppTraceScene {
    private var controller: RefreshController?
    private var refresh = sd_refresh()
    private var dragging = false

    public func resetController() {
        let view = makeView(at: 0)
        let link = WeakController<RefreshController>()
        let next = RefreshController(configuration: .mjRefresh) { event in
            switch event {
            case .refresh: link.controller?.endRefreshing()
            case .loadMore: link.controller?.endLoading()
            default: break
            }
        }
        link.controller = next
        next.set(scrollable: view)
        controller = next
    }

    public func runController(_ range: Range<Int>) -> Double {
        guard let controller else { preconditionFailure("resetController() first") }
        let view = self.view, values = self.values, mask = self.mask
        trace.ys.withUnsafeBufferPointer { ys in
            trace.panCodes.withUnsafeBufferPointer { pans in
                for i in range {
                    view.contentOffset = CGPoint(x: 0, y: ys[i])
                    var code = pans[i]
                    while code != 0 {
                        view.panRecognizerChanged(AppScrollTrace.panState(Int(code & 7)))
                        code >>= 3
                    }
                    values[i & mask] = controller.tick(at: Self.time(i)).headerVisibleHeight
                }
            }
        }
        return value(before: range.upperBound)
    }

    public func resetC() {
        var config = RefreshController.Configuration.mjRefresh.cValue
        dragging = false
        let ok = sd_refresh_init(&refresh, &config, nil) == SD_OK
        precondition(ok, "refresh scene: the core rejected the start")
        var actions = sd_refresh_actions()
        Self.step(&refresh, sd_refresh_event_content_size(0, trace.contentHeight), &actions)
        Self.step(&refresh, sd_refresh_event_offset(0, 0, 0), &actions)
    }

    /// One event, and what the app does when asked to refresh or load. The
    /// loop's own actions record is reused (the core writes all of it on
    /// success), as the bar's scene does; the rare answers are out of line.
    @inline(__always)
    private static func step(_ refresh: inout sd_refresh, _ event: sd_refresh_event,
                             _ actions: inout sd_refresh_actions)
    {
        var event = event
        guard sd_refresh_step(&refresh, &event, &actions, nil) == SD_OK else { return }
        if actions.flags & Self.answered != 0 { answer(&refresh, actions) }
    }

    private static let answered = UInt32(SD_REFRESH_ACTION_REFRESH | SD_REFRESH_ACTION_LOAD)

    /// The app ends a refresh or a load as soon as it is asked to.
    @inline(never)
    private static func answer(_ refresh: inout sd_refresh, _ asked: sd_refresh_actions) {
        var actions = sd_refresh_actions()
        if asked.flags & UInt32(SD_REFRESH_ACTION_REFRESH) != 0 {
            step(&refresh, sd_refresh_event_end_refreshing(refresh.time), &actions)
        }
        if asked.flags & UInt32(SD_REFRESH_ACTION_LOAD) != 0 {
            step(&refresh, sd_refresh_event_end_loading(refresh.time, 0), &actions)
        }
    }

    /// The core's state in locals, so the loop pays no class-property access checks.
    public func runC(_ range: Range<Int>) -> Double {
        let values = self.values, mask = self.mask
        var refresh = self.refresh, dragging = self.dragging
        var frame = sd_refresh_frame(), actions = sd_refresh_actions()
        trace.ys.withUnsafeBufferPointer { ys in
            trace.panCodes.withUnsafeBufferPointer { pans in
                for i in range {
                    let y = ys[i]
                    Self.step(&refresh, sd_refresh_event_offset(refresh.time, y, dragging ? 1 : 0), &actions)
                    var code = pans[i]
                    while code != 0 {
                        switch Int(code & 7) {
                        case Int(SD_SIM_PAN_BEGAN), Int(SD_SIM_PAN_CHANGED): dragging = true
                        default:
                            if dragging {
                                dragging = false
                                Self.step(&refresh, sd_refresh_event_offset(refresh.time, y, 0), &actions)
                            }
                        }
                        code >>= 3
                    }
                    Self.step(&refresh, sd_refresh_event_frame(Self.time(i)), &actions)
                    _ = sd_refresh_frame_at(&refresh, refresh.time, &frame)
                    values[i & mask] = frame.header_visible
                }
            }
        }
        self.refresh = refresh
        self.dragging = dragging
        return value(before: range.upperBound)
    }
}

// MARK: - The pull-down panel

/// `PulldownPanelController` (the article's numbers) over the app's chat list.
public final class AppPulldownScene: AppSurfaceScene, AppTraceScene {
    private var controller: PulldownPanelController?
    private var pulldown = sd_pulldown()
    private var dragging = false
    /// When the app closes the open panel (seconds; infinity: not open).
    private var closeAt = Double.infinity
    /// The same, for the controller path: its observer sets it.
    private let closing = CloseTime()

    private var topBar: Double { PulldownPanelController.Configuration.article.topBarHeight }

    public func resetController() {
        let view = makeView(at: -topBar)
        let closing = self.closing, link = WeakController<PulldownPanelController>()
        closing.time = .infinity
        let next = PulldownPanelController(configuration: .article) { event in
            if case .panelOpened = event { closing.time = (link.controller?.time ?? 0) + 1 }
        }
        link.controller = next
        next.set(listScrollable: view)
        controller = next
    }

    public func runController(_ range: Range<Int>) -> Double {
        guard let controller else { preconditionFailure("resetController() first") }
        let view = self.view, values = self.values, mask = self.mask, topBar = self.topBar, closing = self.closing
        trace.ys.withUnsafeBufferPointer { ys in
            trace.panCodes.withUnsafeBufferPointer { pans in
                for i in range {
                    view.contentOffset = CGPoint(x: 0, y: ys[i] - topBar)
                    var code = pans[i]
                    while code != 0 {
                        view.panRecognizerChanged(AppScrollTrace.panState(Int(code & 7)))
                        code >>= 3
                    }
                    let t = Self.time(i)
                    if t >= closing.time {
                        closing.time = .infinity
                        controller.close(at: t)
                    }
                    values[i & mask] = controller.tick(at: t).panelAlpha
                }
            }
        }
        return value(before: range.upperBound)
    }

    public func resetC() {
        var config = PulldownPanelController.Configuration.article.cValue
        dragging = false
        closeAt = .infinity
        let ok = sd_pulldown_init(&pulldown, &config, nil) == SD_OK
        precondition(ok, "pull-down scene: the core rejected the start")
        var actions = sd_pulldown_actions()
        Self.step(&pulldown, sd_pulldown_event_offset(0, SD_PULLDOWN_SOURCE_LIST, -topBar, 0), &closeAt, &actions)
    }

    /// One event; the app closes the panel a second after it opened. The
    /// loop's own actions record is reused (the core writes all of it on
    /// success), as the bar's scene does.
    @inline(__always)
    private static func step(_ pulldown: inout sd_pulldown, _ event: sd_pulldown_event, _ closeAt: inout Double,
                             _ actions: inout sd_pulldown_actions)
    {
        var event = event
        guard sd_pulldown_step(&pulldown, &event, &actions, nil) == SD_OK else { return }
        if actions.flags & UInt32(SD_PULLDOWN_ACTION_FINISH_TRANSITION) != 0,
           actions.finished & (1 << SD_PULLDOWN_TRANSITION_OPEN.rawValue) != 0
        {
            closeAt = pulldown.time + 1
        }
    }

    /// The core's state in locals, so the loop pays no class-property access checks.
    public func runC(_ range: Range<Int>) -> Double {
        let values = self.values, mask = self.mask, topBar = self.topBar
        var pulldown = self.pulldown, dragging = self.dragging, closeAt = self.closeAt
        var frame = sd_pulldown_frame(), actions = sd_pulldown_actions()
        trace.ys.withUnsafeBufferPointer { ys in
            trace.panCodes.withUnsafeBufferPointer { pans in
                for i in range {
                    let y = ys[i] - topBar
                    Self.step(&pulldown, sd_pulldown_event_offset(pulldown.time, SD_PULLDOWN_SOURCE_LIST, y,
                                                                  dragging ? 1 : 0), &closeAt, &actions)
                    var code = pans[i]
                    while code != 0 {
                        switch Int(code & 7) {
                        case Int(SD_SIM_PAN_BEGAN):
                            dragging = true
                            Self.step(&pulldown, sd_pulldown_event_drag_began(pulldown.time, SD_PULLDOWN_SOURCE_LIST, y),
                                      &closeAt, &actions)
                        case Int(SD_SIM_PAN_CHANGED): break
                        default:
                            if dragging {
                                dragging = false
                                Self.step(&pulldown, sd_pulldown_event_drag_ended(pulldown.time, SD_PULLDOWN_SOURCE_LIST,
                                                                                  y, 0), &closeAt, &actions)
                            }
                        }
                        code >>= 3
                    }
                    let t = Self.time(i)
                    if t >= closeAt {
                        closeAt = .infinity
                        Self.step(&pulldown, sd_pulldown_event_close(t), &closeAt, &actions)
                    }
                    Self.step(&pulldown, sd_pulldown_event_frame(t), &closeAt, &actions)
                    _ = sd_pulldown_frame_at(&pulldown, pulldown.time, &frame)
                    values[i & mask] = frame.panel_alpha
                }
            }
        }
        self.pulldown = pulldown
        self.dragging = dragging
        self.closeAt = closeAt
        return value(before: range.upperBound)
    }
}

// MARK: - The bottom sheet

/// `SheetController` (the chapter's sheet in an 812 pt container) moved by
/// the trace's drags, with the app's scroll view inside it.
public final class AppSheetScene: AppSurfaceScene, AppTraceScene {
    private var controller: SheetController?
    private var sheet = sd_sheet()
    /// The offset where the current drag began (nil: no drag).
    private var dragStart: Double?
    private var configuration: SheetController.Configuration {
        // The chapter's numbers fit any container of at least 100 pt.
        try! SheetController.Configuration.seed(containerHeight: trace.frameHeight)
    }
    private var halfIndex: UInt32 { UInt32(configuration.index(of: .half) ?? 0) }

    public func resetController() {
        let view = makeView(at: 0)
        dragStart = nil
        let link = WeakController<SheetController>()
        // The configuration is the chapter's and .half one of its detents.
        let next = try! SheetController(configuration: configuration, initialDetent: .half) { event in
            if case .dismissed = event { link.controller?.move(to: .half) }
        }
        link.controller = next
        next.set(scrollable: view)
        controller = next
    }

    public func runController(_ range: Range<Int>) -> Double {
        guard let controller else { preconditionFailure("resetController() first") }
        let values = self.values, mask = self.mask
        var dragStart = self.dragStart
        defer { self.dragStart = dragStart }
        trace.ys.withUnsafeBufferPointer { ys in
            trace.panCodes.withUnsafeBufferPointer { pans in
                for i in range {
                    let y = ys[i], t = Self.time(i)
                    var code = pans[i]
                    while code != 0 {
                        switch Int(code & 7) {
                        case Int(SD_SIM_PAN_BEGAN):
                            dragStart = y
                            controller.dragBegan(at: t)
                        case Int(SD_SIM_PAN_CHANGED):
                            if let start = dragStart { controller.dragChanged(translation: start - y, at: t) }
                        default:
                            dragStart = nil
                            controller.dragEnded(velocity: 0, at: t)
                        }
                        code >>= 3
                    }
                    values[i & mask] = controller.tick(at: t).sheetTop
                }
            }
        }
        return value(before: range.upperBound)
    }

    public func resetC() {
        var config = configuration.cValue
        dragStart = nil
        let ok = sd_sheet_init(&sheet, &config, halfIndex, nil) == SD_OK
        precondition(ok, "sheet scene: the core rejected the start")
    }

    /// One event; the app presents a dismissed sheet again at `half`.
    private static func step(_ sheet: inout sd_sheet, _ event: sd_sheet_event, half: UInt32) {
        var event = event, actions = sd_sheet_actions()
        guard sd_sheet_step(&sheet, &event, &actions, nil) == SD_OK else { return }
        if actions.notices & UInt32(SD_SHEET_NOTICE_DISMISSED) != 0 {
            step(&sheet, sd_sheet_event_move(sheet.state.time, half, 1), half: half)
        }
    }

    /// The core's state in locals, so the loop pays no class-property access checks.
    public func runC(_ range: Range<Int>) -> Double {
        let values = self.values, mask = self.mask, half = halfIndex
        var sheet = self.sheet, dragStart = self.dragStart
        var frame = sd_sheet_frame()
        trace.ys.withUnsafeBufferPointer { ys in
            trace.panCodes.withUnsafeBufferPointer { pans in
                for i in range {
                    let y = ys[i], t = Self.time(i)
                    var code = pans[i]
                    while code != 0 {
                        switch Int(code & 7) {
                        case Int(SD_SIM_PAN_BEGAN):
                            dragStart = y
                            Self.step(&sheet, sd_sheet_event_drag_began(t, 0), half: half)
                        case Int(SD_SIM_PAN_CHANGED):
                            if let start = dragStart {
                                Self.step(&sheet, sd_sheet_event_drag_changed(t, start - y, 0), half: half)
                            }
                        default:
                            dragStart = nil
                            Self.step(&sheet, sd_sheet_event_drag_ended(t, 0), half: half)
                        }
                        code >>= 3
                    }
                    Self.step(&sheet, sd_sheet_event_frame(t), half: half)
                    _ = sd_sheet_frame_at(&sheet, sheet.state.time, &frame)
                    values[i & mask] = frame.top
                }
            }
        }
        self.sheet = sheet
        self.dragStart = dragStart
        return value(before: range.upperBound)
    }
}
