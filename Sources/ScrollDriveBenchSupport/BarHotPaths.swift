import CScrollDrive
import Foundation
import ScrollDrive
import ScrollDriveSim

extension HotPath {
    /// The bar's hot paths over `BarBenchmarkTrace`, and the AirBar-style baseline.
    static var bar: [HotPath] {
        [
            HotPath(name: "bar/c-batch",
                    summary: "sd_bar_reduce_batch over the trace, 4096 frames per call",
                    baseline: "bar/airbar-baseline") { inputs in
                let scene = BarScene(trace: inputs.barTrace)
                return PreparedRun(frames: scene.frames, reset: scene.resetC, run: scene.runCBatch)
            },
            HotPath(name: "bar/c-per-frame",
                    summary: "sd_bar_step with one OFFSET event per frame, from Swift",
                    baseline: "bar/airbar-baseline") { inputs in
                let scene = BarScene(trace: inputs.barTrace)
                return PreparedRun(frames: scene.frames, reset: scene.resetC, run: scene.runCPerFrame)
            },
            HotPath(name: "bar/swift-controller",
                    summary: "ManualScrollView reports an offset, BarController reduces in C, observer called",
                    baseline: "bar/airbar-baseline") { inputs in
                let scene = BarScene(trace: inputs.barTrace)
                return PreparedRun(frames: scene.frames, reset: scene.resetController, run: scene.runController)
            },
            HotPath(name: "bar/airbar-baseline",
                    summary: "plain-Swift AirBar-style controller: closures over parameter structs",
                    baseline: nil) { inputs in
                let scene = BarScene(trace: inputs.barTrace)
                return PreparedRun(frames: scene.frames, reset: scene.resetBaseline, run: scene.runBaseline)
            },
        ]
    }
}

/// The observer's end of a bar path: the last height it was told about.
/// Written by the observer and read by the driving loop once per frame, on
/// one thread; unchecked so the harness adds no runtime exclusivity check
/// (a thread-local lookup on Linux) to either side of the comparison.
final class HeightSink {
    @exclusivity(unchecked) var height: Double = 0
}

/// Runs the bar's hot paths over one trace. After each frame a path stores
/// the bar height it produced (the observer's last report, for the
/// controllers) into `heights`, as a renderer would apply it, and each `run`
/// returns the last height, which depends on every frame before it.
///
/// `heights` is a ring of 4096 frames by default, so the stores stay in the
/// cache and the paths are measured, not the memory bus; the parity test
/// records every frame instead (`recordingEveryFrame`). The C batch path
/// reduces the trace in calls of 4096 frames into the ring, as a caller that
/// processes a long trace in pieces would.
///
/// Every path starts from the same scene (see `BarBenchmarkTrace`): the
/// first offset, -normal, has been seen and a drag has begun there, so the
/// expanded state is available and the top inset is the expanded height.
public final class BarScene {
    public let trace: BarBenchmarkTrace
    /// Height after frame i of the last run, at index `i & heightMask`.
    public let heights: UnsafeMutableBufferPointer<Double>
    /// `heights.count - 1` (the count is a power of two).
    public let heightMask: Int
    public var frames: Int { trace.ys.count }
    /// Frames per `sd_bar_reduce_batch` call in the C batch path.
    public static let batchChunk = 4096

    private var bar = sd_bar()
    private var scrollView: ManualScrollView?
    private var controller: BarController?
    private var baselineScrollView: BaselineScrollView?
    private var baselineController: BaselineBarController?
    private let sink = HeightSink()

    /// With `recordingEveryFrame`, `heights[i]` holds frame i for the whole trace.
    public init(trace: BarBenchmarkTrace, recordingEveryFrame: Bool = false) {
        self.trace = trace
        var capacity = Self.batchChunk
        if recordingEveryFrame { while capacity < trace.ys.count { capacity *= 2 } }
        heights = .allocate(capacity: capacity)
        heights.initialize(repeating: 0)
        heightMask = capacity - 1
    }

    deinit { heights.deallocate() }

    /// The height stored for the frame before `end` (NaN when `end` is 0).
    private func height(before end: Int) -> Double { end > 0 ? heights[(end - 1) & heightMask] : .nan }

    // MARK: The C core

    /// A fresh C bar at the scene's start.
    public func resetC() {
        var config = sd_bar_config(compact: trace.configuration.compactStateHeight,
                                   normal: trace.configuration.normalStateHeight,
                                   expanded: trace.configuration.expandedStateHeight)
        var actions = sd_bar_actions()
        var offset = sd_bar_event_offset(0, 0, trace.startY, trace.geometry)
        var began = sd_bar_event_pan_began(0, trace.startY)
        let ok = sd_bar_init(&bar, &config, nil) == SD_OK
            && sd_bar_step(&bar, &offset, &actions, nil) == SD_OK && actions.flags == 0
            && sd_bar_step(&bar, &began, &actions, nil) == SD_OK
        precondition(ok && bar.state.expanded_available == 1, "bar scene setup failed")
    }

    /// `sd_bar_reduce_batch` over frames `range`, `batchChunk` frames per call.
    public func runCBatch(_ range: Range<Int>) -> Double {
        var geometry = trace.geometry
        var bar = self.bar
        var rejected = 0, ok = true
        let out = heights.baseAddress!, mask = heightMask
        trace.ys.withUnsafeBufferPointer { ys in
            var i = range.lowerBound
            while i < range.upperBound {
                let n = min(Self.batchChunk - (i & (Self.batchChunk - 1)), range.upperBound - i)
                ok = sd_bar_reduce_batch(&bar, &geometry, ys.baseAddress! + i, n, out + (i & mask), &rejected, nil)
                    == SD_OK
                    && rejected == 0 && ok
                i += n
            }
        }
        precondition(ok, "batch rejected the trace")
        self.bar = bar
        return height(before: range.upperBound)
    }

    /// `sd_bar_step` with one OFFSET event per frame of `range`.
    public func runCPerFrame(_ range: Range<Int>) -> Double {
        let geometry = trace.geometry
        var bar = self.bar  // a local, so the loop pays no class-property access checks
        var actions = sd_bar_actions()
        let heights = self.heights, mask = heightMask
        trace.ys.withUnsafeBufferPointer { ys in
            for i in range {
                var event = sd_bar_event_offset(0, 0, ys[i], geometry)
                _ = sd_bar_step(&bar, &event, &actions, nil)
                heights[i & mask] = -bar.state.offset
            }
        }
        self.bar = bar
        return height(before: range.upperBound)
    }

    // MARK: ScrollDrive's Swift controller

    /// A fresh `BarController` on a fresh `ManualScrollView` at the scene's start.
    public func resetController() {
        if let scrollView, let controller { scrollView.removeScrollObserver(controller) }
        let view = ManualScrollView(contentSize: CGSize(width: 0, height: trace.contentHeight),
                                    frame: CGRect(x: 0, y: 0, width: 0, height: trace.frameHeight))
        let sink = self.sink
        let next = BarController(configuration: trace.configuration) { state in sink.height = state.height() }
        next.set(scrollable: view)
        view.setContentOffset(CGPoint(x: 0, y: trace.startY))
        view.setPanGestureState(.began)
        precondition(next.state.isExpandedStateAvailable && view.contentInset.top == trace.insetTop
                     && view.contentInset.bottom == trace.insetBottom, "controller scene setup failed")
        scrollView = view
        controller = next
    }

    /// The scroll view reports each offset of `range`; the controller
    /// reduces it and calls the observer, which keeps the height.
    public func runController(_ range: Range<Int>) -> Double {
        guard let view = scrollView else { preconditionFailure("resetController() first") }
        let heights = self.heights, mask = heightMask, sink = self.sink
        trace.ys.withUnsafeBufferPointer { ys in
            for i in range {
                view.setContentOffset(CGPoint(x: 0, y: ys[i]))
                heights[i & mask] = sink.height
            }
        }
        return height(before: range.upperBound)
    }

    // MARK: The AirBar-style baseline

    /// A fresh baseline controller on a fresh baseline scroll view at the scene's start.
    public func resetBaseline() {
        let view = BaselineScrollView(contentSize: CGSize(width: 0, height: trace.contentHeight),
                                      frame: CGRect(x: 0, y: 0, width: 0, height: trace.frameHeight))
        view.contentInset = EdgeInsets(top: trace.configuration.normalStateHeight, bottom: trace.insetBottom)
        let sink = self.sink
        let c = trace.configuration
        let next = BaselineBarController(
            configuration: BaselineBarConfiguration(compactStateHeight: c.compactStateHeight,
                                                    normalStateHeight: c.normalStateHeight,
                                                    expandedStateHeight: c.expandedStateHeight)
        ) { state in sink.height = state.height() }
        next.attach(view)
        view.contentOffset = CGPoint(x: 0, y: trace.startY)
        view.reportPan(.began)
        precondition(next.state.isExpandedStateAvailable && view.contentInset.top == trace.insetTop,
                     "baseline scene setup failed")
        baselineScrollView = view
        baselineController = next
    }

    /// The baseline scroll view reports each offset of `range`; the baseline
    /// controller reduces it and calls the observer, which keeps the height.
    public func runBaseline(_ range: Range<Int>) -> Double {
        guard let view = baselineScrollView else { preconditionFailure("resetBaseline() first") }
        let heights = self.heights, mask = heightMask, sink = self.sink
        trace.ys.withUnsafeBufferPointer { ys in
            for i in range {
                view.contentOffset = CGPoint(x: 0, y: ys[i])
                heights[i & mask] = sink.height
            }
        }
        return height(before: range.upperBound)
    }
}
