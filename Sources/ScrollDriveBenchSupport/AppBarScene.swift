import CScrollDrive
import Foundation
import ScrollDrive

extension HotPath {
    /// The bar driven as an app drives it (`AppScrollTrace`): through an
    /// app-written `Scrollable`, and the same reports straight into the core.
    static var barApp: [HotPath] {
        appPair(AppBarScene.self,
                app: ("bar/swift-app-scrollable",
                      "an app's Scrollable reports offset and pan states; BarController; state observer"),
                core: ("bar/c-app-trace", "the same reports as sd_bar_step events from Swift, actions applied"))
    }
}

/// Plays `AppScrollTrace` through a `BarController` attached to an
/// `AppScrollView` (what an app does), or through `sd_bar_step` with the
/// same events (what the core costs for them). After each frame a path
/// stores the bar height its observer was told (the C path: the state's)
/// into `values` (the scene's ring) and its top inset into `insets`, a ring
/// of the same size; each `run` returns the last height.
///
/// Both start where the simulated bar that recorded the trace started: the
/// content at the top (y = -normal), the scroll view preconfigured and its
/// offset reported once.
public final class AppBarScene: AppSurfaceScene, AppTraceScene {
    public let insets: UnsafeMutableBufferPointer<Double>

    private var bar = sd_bar()
    private var geometry = sd_scroll_geometry()
    /// Content-offset requests of the C path (snaps).
    public private(set) var cRequests = 0
    private var controller: BarController?
    private let sink = HeightSink()

    public required init(trace: AppScrollTrace, recordingEveryFrame: Bool = false) {
        insets = Self.ring(for: trace, recordingEveryFrame: recordingEveryFrame)
        super.init(trace: trace, recordingEveryFrame: recordingEveryFrame)
    }

    deinit { insets.deallocate() }

    private var startY: Double { -trace.configuration.normalStateHeight }

    // MARK: The app's path

    /// A fresh controller on a fresh app scroll view at the start.
    public func resetController() {
        if let controller { view.removeScrollObserver(controller) }
        let view = makeView(at: startY)
        let sink = self.sink
        let next = BarController(configuration: trace.configuration) { state in sink.height = state.height() }
        next.set(scrollable: view)
        view.contentOffset = CGPoint(x: 0, y: startY)
        controller = next
    }

    /// Each frame: the offset set (the view notifies), then the pan states.
    public func runController(_ range: Range<Int>) -> Double {
        guard controller != nil else { preconditionFailure("resetController() first") }
        let view = self.view, heights = values, insets = self.insets, mask = self.mask, sink = self.sink
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
        return value(before: range.upperBound)
    }

    /// Snap requests the app's scroll view received.
    public var controllerRequests: Int { view.requests }

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
        let heights = values, insets = self.insets, mask = self.mask
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
        return value(before: range.upperBound)
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
