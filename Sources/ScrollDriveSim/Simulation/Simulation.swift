import CScrollDrive
import Foundation
import ScrollDrive

/// Runs a gesture script against its surface on a fixed-step frame clock and
/// records one row per frame.
///
/// The clock: frame n is at time n / fps (computed from n, never
/// accumulated), so runs at 60 and 120 Hz share every 60 Hz timestamp
/// exactly. Script events (touch down, lift, tap, content size, ...) happen
/// at their own times, between frames if need be, and a finger that is down
/// is sampled at `touchSampleRate` whatever the frame rate: before frame n,
/// every event and touch sample due by then is delivered at its time, with
/// the scroll views and the surface advanced to that time first. Then
/// everything is advanced to the frame's time and the row is recorded.
/// The finger's velocity (with each sample, and at a lift that is not a
/// `fling`) is the core's velocity tracker's (`sd_velocity_tracker`, as an
/// iOS scroll view estimates it) over the touch-down and the samples where
/// the finger moved; a finger at rest adds none, and one that rested more
/// than 40 ms before it lifts lifts at 0. After the last step the run goes on until the
/// scroll views and the surface are at rest (at most `script.settle` s).
public final class Simulation {
    /// The script it plays.
    public let script: GestureScript
    /// Frames per second of the clock.
    public let fps: Int
    /// The surface of the latest `run()`, in its final state (for inspection in tests and tools).
    public private(set) var surface: (any SimSurface)?

    /// How often (per second) a finger that is down is sampled, whatever
    /// the frame rate: a touch screen samples independently of the display.
    /// Every surface sees the same touches at 60 and 120 Hz (the grid holds
    /// every frame time of both), so only the sampling of the results differs.
    public static let touchSampleRate = 240.0

    /// Events closer than this (seconds) to a frame time count as due at it:
    /// step times are sums of decimal durations, which rounding puts a hair
    /// past the frame they belong to.
    static let eventTolerance = 1e-9

    /// A simulation of `script` at `fps` frames per second (1...1000).
    public init(script: GestureScript, fps: Int) {
        precondition(fps > 0, "fps must be > 0")
        self.script = script
        self.fps = fps
    }

    /// Runs the script from the start and keeps every row; every call gives
    /// the same result. For long runs use `run(into:)`, which keeps nothing.
    public func run() -> SimulationRun {
        let collector = RunCollector()
        // The collector never throws.
        try! run(into: [collector])
        return collector.run!
    }

    /// Runs the script from the start and hands each row to `sinks` as soon
    /// as it is computed; nothing is kept here, so memory does not grow with
    /// the length of the run. A sink's error stops the run and is rethrown.
    public func run(into sinks: [any SimulationSink]) throws {
        let timeline = Timeline(script.steps)
        let surface = script.surface.makeSurface(scrollView: script.scrollView)
        self.surface = surface
        let scrollViews = surface.scrollViews
        let recorders = scrollViews.map { view -> PanRecorder in
            let recorder = PanRecorder()
            view.addScrollObserver(recorder)
            return recorder
        }
        var finger: CGPoint?
        var tracker = sd_velocity_tracker()
        func trackedVelocity(at t: Double) -> SimVector {
            let v = sd_velocity_tracker_estimate(&tracker, t)
            return SimVector(dx: v.x, dy: v.y)
        }

        let header = Self.header(script: script, fps: fps, timeline: timeline, surface: surface)
        let columns = header.columns
        for sink in sinks { try sink.begin(header) }

        func advance(to t: Double) {
            for view in scrollViews { view.advance(to: t) }
            surface.advance(to: t)
        }

        func apply(_ event: Timeline.Event, at t: Double) {
            switch event {
            case let .touch(phase, location, velocity):
                finger = (phase == .down || phase == .moved) ? location : nil
                if phase == .down {
                    sd_velocity_tracker_reset(&tracker)
                    sd_velocity_tracker_add(&tracker, t, location.x, location.y)
                }
                let lifting = velocity ?? (phase == .up ? trackedVelocity(at: t) : .zero)
                surface.handle(SimTouch(phase: phase, location: location, velocity: lifting, time: t))
            case let .contentSize(width, height):
                guard let view = scrollViews.first else { return }
                view.setContentSize(CGSize(width: width ?? view.contentSize.width, height: height))
            case let .scrollTo(y, animated):
                guard let view = scrollViews.first else { return }
                view.updateContentOffset(CGPoint(x: view.contentOffset.x, y: y), animated: animated)
            case let .surface(action):
                surface.perform(action)
            }
        }

        var row: [SimValue] = []
        row.reserveCapacity(columns.count)
        var stepCursor = StepCursor(timeline.spans)
        var next = 0
        var sample = 1
        let events = timeline.events
        let limit = timeline.end + script.settle
        var n = 0
        while true {
            let t = Double(n) / Double(fps)
            // Script events and touch samples due by this frame, in time
            // order (an event first when they coincide).
            while true {
                let eventTime = next < events.count ? events[next].time : .infinity
                let sampleTime = Double(sample) / Self.touchSampleRate
                if eventTime <= t + Self.eventTolerance, eventTime <= sampleTime {
                    let at = min(eventTime, t)
                    advance(to: at)
                    apply(events[next].event, at: at)
                    next += 1
                } else if sampleTime <= t {
                    sample += 1
                    guard finger != nil, let segment = timeline.segment(holding: sampleTime) else { continue }
                    advance(to: sampleTime)
                    let location = Timeline.position(on: segment, at: sampleTime)
                    finger = location
                    sd_velocity_tracker_add(&tracker, sampleTime, location.x, location.y)
                    surface.handle(SimTouch(phase: .moved, location: location,
                                            velocity: trackedVelocity(at: sampleTime), time: sampleTime))
                } else {
                    break
                }
            }
            advance(to: t)

            // Appended value by value into the one row kept for the run (no array per frame).
            row.removeAll(keepingCapacity: true)
            row.append(.number(t))
            row.append(.text(stepCursor.name(at: t, end: timeline.end)))
            if let finger {
                row.append(.number(finger.x))
                row.append(.number(finger.y))
            } else {
                row.append(.none)
                row.append(.none)
            }
            for (view, recorder) in zip(scrollViews, recorders) {
                row.append(.text(view.phase.rawValue))
                row.append(.text(recorder.take()))
                row.append(.number(view.contentOffset.y))
                row.append(.number(view.velocity))
                row.append(.number(view.contentSize.height))
                row.append(.flag(view.isTracking))
                row.append(.flag(view.isDragging))
                row.append(.flag(view.isDecelerating))
            }
            surface.appendValues(to: &row)
            for sink in sinks { try sink.row(row) }

            let stepsDone = next == events.count && t >= timeline.end - Self.eventTolerance
            let atRest = finger == nil && scrollViews.allSatisfy(\.isAtRest) && surface.isAtRest
            if (stepsDone && atRest) || t >= limit - Self.eventTolerance { break }
            n += 1
        }

        let outcome = surface.summary()
        for sink in sinks { try sink.end(outcome: outcome) }
    }

    /// What `run(into:)` hands its sinks first: the columns (which depend
    /// on the surface) and the run's description, without running it.
    public func header() -> SimulationHeader {
        let surface = script.surface.makeSurface(scrollView: script.scrollView)
        return Self.header(script: script, fps: fps, timeline: Timeline(script.steps), surface: surface)
    }

    private static func header(script: GestureScript, fps: Int, timeline: Timeline,
                               surface: any SimSurface) -> SimulationHeader {
        var columns: [SimColumn] = [.number("t", unit: "s"), .text("step"), .number("finger_x"),
                                    .number("finger_y")]
        for (i, view) in surface.scrollViews.enumerated() {
            let prefix = i == 0 ? "" : "\(view.name)_"
            columns += [
                .text(prefix + "phase"), .text(prefix + "pan"),
                .number(prefix + "y", chart: i == 0 ? .points : nil),
                .number(prefix + "vy", unit: "pt/s"), .number(prefix + "content_height"),
                .flag(prefix + "tracking"), .flag(prefix + "dragging"), .flag(prefix + "decelerating"),
            ]
        }
        columns += surface.columns
        return SimulationHeader(
            name: script.name, summary: script.summary, fps: fps, columns: columns,
            steps: timeline.spans.map { SimulationRun.StepSpan(kind: $0.kind, start: $0.start, end: $0.end) },
            surfaceType: type(of: script.surface).type, surfaceParameters: script.surface.htmlParameters,
            htmlDrawing: type(of: script.surface).htmlDrawing, screen: script.scrollView.frame.size)
    }
}

/// The kind of step under way at a frame's time ("settle" after the last
/// one), found from the previous frame's answer: frame times only grow, so a
/// run of any length costs one comparison per frame instead of a scan of
/// every step.
private struct StepCursor {
    private let spans: [Timeline.Span]
    private var index = 0

    init(_ spans: [Timeline.Span]) { self.spans = spans }

    mutating func name(at t: Double, end: Double) -> String {
        let tolerance = Simulation.eventTolerance
        // The last span with start <= t + tolerance and t < its end; spans
        // are in time order and may be empty (instant steps).
        while index + 1 < spans.count, spans[index + 1].start <= t + tolerance { index += 1 }
        var k = spans.isEmpty ? -1 : index
        while k >= 0 {
            if spans[k].start <= t + tolerance, t < spans[k].end { return spans[k].kind }
            if spans[k].end <= t { break }
            k -= 1
        }
        if t < end { return spans.last(where: { $0.start <= t })?.kind ?? "" }
        return "settle"
    }
}

/// Collects the pan states a scroll view reports between two frames.
private final class PanRecorder: ScrollableObserver {
    private var states: [String] = []

    /// The states since the last call, repeats merged, joined with "+"
    /// ("began+changed"; "" when none).
    func take() -> String {
        if states.isEmpty { return "" }  // most frames: nothing to merge, nothing allocated
        defer { states.removeAll(keepingCapacity: true) }
        if states.count == 1 { return states[0] }
        var merged: [String] = []
        for state in states where state != merged.last { merged.append(state) }
        return merged.joined(separator: "+")
    }

    func scrollable(_ scrollable: any Scrollable, didChangeContentOffset contentOffset: CGPoint) {}
    func scrollable(_ scrollable: any Scrollable, didChangeContentSize contentSize: CGSize) {}
    func scrollable(_ scrollable: any Scrollable, didChangePanGestureState state: PanGestureState) {
        states.append(state.rawValue)
    }
}
