import CScrollDrive
import Foundation
import ScrollDrive

extension HotPath {
    /// The bar driven as an app drives it (`AppScrollTrace`): through an
    /// app-written `Scrollable`, and the same reports straight into the core.
    static var barApp: [HotPath] {
        [
            HotPath(name: "bar/swift-app-scrollable",
                    summary: "an app's Scrollable reports offset and pan states; BarController; state observer",
                    baseline: "bar/c-app-trace") { inputs in
                let scene = AppBarScene(trace: inputs.appTrace)
                return PreparedRun(frames: scene.frames, reset: scene.resetController, run: scene.runController)
            },
            HotPath(name: "bar/c-app-trace",
                    summary: "the same reports as sd_bar_step events from Swift, actions applied",
                    baseline: nil) { inputs in
                let scene = AppBarScene(trace: inputs.appTrace)
                return PreparedRun(frames: scene.frames, reset: scene.resetC, run: scene.runC)
            },
        ]
    }
}

/// Plays `AppScrollTrace` through a `BarController` attached to an
/// `AppScrollView` (what an app does), or through `sd_bar_step` with the
/// same events (what the core costs for them). After each frame a path
/// stores the bar height its observer was told (the C path: the state's)
/// into `heights`, a ring of 4096 frames unless every frame is recorded (the
/// parity test), and its top inset into `insets` likewise; each `run`
/// returns the last height.
///
/// Both start where the simulated bar that recorded the trace started: the
/// content at the top (y = -normal), the scroll view preconfigured and its
/// offset reported once.
public final class AppBarScene {
    public let trace: AppScrollTrace
    public let heights: UnsafeMutableBufferPointer<Double>
    public let insets: UnsafeMutableBufferPointer<Double>
    public let mask: Int
    public var frames: Int { trace.ys.count }

    private var bar = sd_bar()
    private var geometry = sd_scroll_geometry()
    /// Content-offset requests of the C path (snaps).
    public private(set) var cRequests = 0
    public private(set) var scrollView: AppScrollView?
    private var controller: BarController?
    private let sink = HeightSink()

    public init(trace: AppScrollTrace, recordingEveryFrame: Bool = false) {
        self.trace = trace
        var capacity = 4096
        if recordingEveryFrame { while capacity < trace.ys.count { capacity *= 2 } }
        heights = .allocate(capacity: capacity)
        heights.initialize(repeating: 0)
        insets = .allocate(capacity: capacity)
        insets.initialize(repeating: 0)
        mask = capacity - 1
    }

    deinit {
        heights.deallocate()
        insets.deallocate()
    }

    private func height(before end: Int) -> Double { end > 0 ? heights[(end - 1) & mask] : .nan }

    private var startY: Double { -trace.configuration.normalStateHeight }

    // MARK: The app's path

    /// A fresh controller on a fresh app scroll view at the start.
    public func resetController() {
        if let scrollView, let controller { scrollView.removeScrollObserver(controller) }
        let view = AppScrollView(contentSize: CGSize(width: trace.frameWidth, height: trace.contentHeight),
                                 frame: CGRect(x: 0, y: 0, width: trace.frameWidth, height: trace.frameHeight))
        view.contentOffset = CGPoint(x: 0, y: startY)
        let sink = self.sink
        let next = BarController(configuration: trace.configuration) { state in sink.height = state.height() }
        next.set(scrollable: view)
        view.contentOffset = CGPoint(x: 0, y: startY)
        scrollView = view
        controller = next
    }

    /// Each frame: the offset set (the view notifies), then the pan states.
    public func runController(_ range: Range<Int>) -> Double {
        guard let view = scrollView else { preconditionFailure("resetController() first") }
        let heights = self.heights, insets = self.insets, mask = self.mask, sink = self.sink
        trace.ys.withUnsafeBufferPointer { ys in
            trace.panCodes.withUnsafeBufferPointer { pans in
                for i in range {
                    view.contentOffset = CGPoint(x: 0, y: ys[i])
                    var code = pans[i]
                    while code != 0 {
                        view.panRecognizerChanged(AppScrollTrace.panState(Int(code & 7)))
                        code >>= 3
                    }
                    heights[i & mask] = sink.height
                    insets[i & mask] = view.contentInset.top
                }
            }
        }
        return height(before: range.upperBound)
    }

    /// Snap requests the app's scroll view received.
    public var controllerRequests: Int { scrollView?.requests ?? 0 }

    // MARK: The core alone

    /// A fresh C bar at the start, attached and preconfigured as the controller does.
    public func resetC() {
        var config = trace.configuration.cValue
        var ok = sd_bar_init(&bar, &config, nil) == SD_OK
        geometry = sd_scroll_geometry(inset_top: 0, inset_bottom: 0, content_height: trace.contentHeight,
                                      frame_height: trace.frameHeight)
        cRequests = 0
        var attach = sd_bar_event_attach(0)
        var preconfigure = sd_bar_event_preconfigure(0, trace.frameHeight, trace.contentHeight, startY)
        var actions = sd_bar_actions()
        ok = ok && sd_bar_step(&bar, &attach, &actions, nil) == SD_OK
            && sd_bar_step(&bar, &preconfigure, &actions, nil) == SD_OK
        precondition(ok, "app scene: the core rejected the start")
        Self.apply(actions, to: &geometry, requests: &cRequests)
        var offset = sd_bar_event_offset(0, 0, startY, geometry)
        ok = sd_bar_step(&bar, &offset, &actions, nil) == SD_OK
        precondition(ok, "app scene: the core rejected the start")
    }

    /// Each frame's reports as core events; insets and requests kept as the scroll view would.
    public func runC(_ range: Range<Int>) -> Double {
        var bar = self.bar, geometry = self.geometry, requests = cRequests
        var actions = sd_bar_actions()
        let heights = self.heights, insets = self.insets, mask = self.mask
        trace.ys.withUnsafeBufferPointer { ys in
            trace.panCodes.withUnsafeBufferPointer { pans in
                for i in range {
                    let y = ys[i]
                    var event = sd_bar_event_offset(0, 0, y, geometry)
                    if sd_bar_step(&bar, &event, &actions, nil) == SD_OK, actions.flags > 1 {
                        Self.apply(actions, to: &geometry, requests: &requests)
                    }
                    var code = pans[i]
                    while code != 0 {
                        let time = bar.time
                        var pan = switch Int(code & 7) {
                        case Int(SD_SIM_PAN_BEGAN): sd_bar_event_pan_began(time, y)
                        case Int(SD_SIM_PAN_CHANGED): sd_bar_event_pan_changed(time, y)
                        case Int(SD_SIM_PAN_ENDED): sd_bar_event_pan_ended(time, y)
                        default: sd_bar_event_frame(time)
                        }
                        if sd_bar_step(&bar, &pan, &actions, nil) == SD_OK, actions.flags > 1 {
                            Self.apply(actions, to: &geometry, requests: &requests)
                        }
                        code >>= 3
                    }
                    heights[i & mask] = -bar.state.offset
                    insets[i & mask] = geometry.inset_top
                }
            }
        }
        self.bar = bar
        self.geometry = geometry
        cRequests = requests
        return height(before: range.upperBound)
    }

    /// What the scroll view does with a step's actions, as far as the bar reads it back.
    private static func apply(_ actions: sd_bar_actions, to geometry: inout sd_scroll_geometry,
                              requests: inout Int)
    {
        let flags = actions.flags
        if flags & UInt32(SD_BAR_ACTION_INSET_TOP) != 0 { geometry.inset_top = actions.inset_top }
        if flags & UInt32(SD_BAR_ACTION_INSET_BOTTOM) != 0 { geometry.inset_bottom = actions.inset_bottom }
        if flags & UInt32(SD_BAR_ACTION_SCROLL) != 0 { requests += 1 }
    }
}
