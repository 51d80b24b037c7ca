import CScrollDrive
import Foundation
import ScrollDrive

/// What an app's scroll view reports while a person uses it, frame by
/// frame: the trace `bar/swift-app-scrollable` plays through an app-written
/// `Scrollable` (`AppScrollView`) into a `BarController`, and
/// `bar/c-app-trace` plays into the C core directly.
///
/// The scene: a 64/128/284 bar over a scroll view 812 pt high showing
/// 6000 pt of content (an iPhone's screen and a long feed). The trace is
/// recorded from the core's simulated bar (`sd_sim_bar`: UIScrollView's
/// rubber band, deceleration, bounces and animated moves, with the bar
/// setting the insets and asking for its snaps as the controller does) at
/// 60 Hz under a seeded mix of gestures:
/// - drags that stop, and flicks that decelerate, bouncing at both ends
///   (one in three flicks is a long one, thousands of points);
/// - pulls that start with the content at the top, where the expanded
///   state becomes available, and pull the bar towards it and past it;
/// - scroll-to-top moves (the status bar tap: 0.25 s animated);
/// - holds (a finger down that stops a deceleration, then lifts).
///
/// A frame is one display frame in which the scroll view reported
/// something: its content offset, rounded to the 1/3 pt grid of a 3x
/// screen, then the pan states its recognizer went through in that frame
/// (UIKit moves the offset first and then calls the recognizer's action).
/// Frames in which nothing moved are left out: an app hears nothing then.
///
/// Generation calls only the core's simulated bar and integer-seeded
/// arithmetic, so the trace is the same on every machine, and sequential:
/// a shorter trace is a prefix of a longer one.
public struct AppScrollTrace: Sendable {
    /// The seed `scrolldrive bench` and the suite use.
    public static let defaultSeed: UInt64 = 0xA1B2_0021_5C20_0812

    public let seed: UInt64
    /// The bar: compact 64, normal 128, expanded 284.
    public var configuration: BarController.Configuration {
        BarController.Configuration(compactStateHeight: 64, normalStateHeight: 128, expandedStateHeight: 284)
    }
    /// Scroll view frame height (points).
    public var frameHeight: Double { 812 }
    /// Scroll view width (points): plays no part in the motion.
    public var frameWidth: Double { 375 }
    /// Content height (points).
    public var contentHeight: Double { 6000 }

    /// Content offset y reported in each frame (points, on the 1/3 pt grid).
    public private(set) var ys: [Double] = []
    /// The pan states reported after the offset in each frame, oldest in
    /// the lowest 3 bits, 3 bits each (`AppScrollTrace.pans(_:)`); 0: none.
    public private(set) var panCodes: [UInt16] = []
    /// Content-offset requests the simulated bar made (snaps), for the record.
    public private(set) var requests = 0

    /// The pan states of a frame's code, in order.
    public static func pans(_ code: UInt16) -> [PanGestureState] {
        var code = code, states: [PanGestureState] = []
        while code != 0 {
            states.append(panState(Int(code & 7)))
            code >>= 3
        }
        return states
    }

    /// The state of one 3-bit pan code (`SD_SIM_PAN_*`).
    static func panState(_ code: Int) -> PanGestureState {
        switch code {
        case Int(SD_SIM_PAN_BEGAN): .began
        case Int(SD_SIM_PAN_CHANGED): .changed
        case Int(SD_SIM_PAN_ENDED): .ended
        default: .cancelled
        }
    }

    public init(frames: Int, seed: UInt64 = AppScrollTrace.defaultSeed) {
        precondition(frames >= 0, "frame count must be >= 0")
        self.seed = seed
        var recorder = Recorder(trace: self, frames: frames)
        recorder.run(seed: seed)
        ys = recorder.ys
        panCodes = recorder.pans
        requests = recorder.requests
    }

    /// Plays seeded gestures on the simulated bar and keeps what the view reports.
    private struct Recorder {
        var sim = sd_sim_bar()
        var ys: [Double] = []
        var pans: [UInt16] = []
        var requests = 0
        let frames: Int
        let width: Double, height: Double
        var time = 0.0
        var tick = 0
        var lastY: Double

        static let frameTime = 1.0 / 60

        init(trace: AppScrollTrace, frames: Int) {
            self.frames = frames
            width = trace.frameWidth
            height = trace.frameHeight
            var config = trace.configuration.cValue
            var view = sd_scroll_view_config_default()
            view.frame_height = trace.frameHeight
            view.content_height = trace.contentHeight
            let ok = sd_sim_bar_init(&sim, &config, &view, nil) == SD_OK
            precondition(ok, "app trace: the simulated bar rejected its scene")
            lastY = .nan
            ys.reserveCapacity(frames)
            pans.reserveCapacity(frames)
        }

        var full: Bool { ys.count >= frames }
        var y: Double { sim.view.sv.offset_y }
        var topY: Double { -sim.view.sv.inset_top }

        /// Records what the view reported since the last frame.
        mutating func record() {
            let shown = (sim.view.sv.offset_y * 3).rounded() / 3
            var code: UInt16 = 0
            let count = min(Int(sim.view.pan_count), 5)
            withUnsafeBytes(of: sim.view.pan_log) { log in
                for i in stride(from: count - 1, through: 0, by: -1) { code = code << 3 | UInt16(log[i]) }
            }
            sd_sim_view_take_pans(&sim.view)
            guard shown != lastY || code != 0, !full else { return }
            lastY = shown
            ys.append(shown)
            pans.append(code)
        }

        /// The next display frame: the clock moves, then `touch` (if any) happens at it.
        mutating func frame(_ touch: ((inout sd_sim_bar, Double) -> Void)? = nil) {
            tick += 1
            time = Double(tick) * Self.frameTime
            sd_sim_bar_advance(&sim, time)
            touch?(&sim, time)
            record()
        }

        /// Frames until the view rests, at most `limit`.
        mutating func settle(limit: Int) {
            var n = 0
            while !full && n < limit && sd_sim_bar_at_rest(&sim) == 0 {
                frame()
                n += 1
            }
        }

        /// A finger from screen y `from` moving by `distance` over `count`
        /// frames on a smoothstep, then still for `still` frames, then up.
        mutating func drag(from: Double, distance: Double, frames count: Int, still: Int, x: Double) {
            frame { sd_sim_bar_touch(&$0, SD_SIM_TOUCH_DOWN, x, from, 0, $1) }
            var previous = from
            for k in 1...count where !full {
                let s = Double(k) / Double(count)
                let fingerY = from + distance * (s * s * (3 - 2 * s))
                let velocity = (fingerY - previous) / Self.frameTime
                previous = fingerY
                frame { sd_sim_bar_touch(&$0, SD_SIM_TOUCH_MOVED, x, fingerY, velocity, $1) }
            }
            for _ in 0..<still where !full { frame() }
            let last = previous
            frame { sd_sim_bar_touch(&$0, SD_SIM_TOUCH_UP, x, last, 0, $1) }
        }

        /// A flick: a short fast drag lifted while moving.
        mutating func flick(from: Double, distance: Double, frames count: Int, x: Double) {
            frame { sd_sim_bar_touch(&$0, SD_SIM_TOUCH_DOWN, x, from, 0, $1) }
            var fingerY = from, velocity = 0.0
            for _ in 0..<count where !full {
                velocity = distance / Double(count) / Self.frameTime
                fingerY += distance / Double(count)
                let at = fingerY, v = velocity
                frame { sd_sim_bar_touch(&$0, SD_SIM_TOUCH_MOVED, x, at, v, $1) }
            }
            let at = fingerY, v = velocity
            frame { sd_sim_bar_touch(&$0, SD_SIM_TOUCH_UP, x, at, v, $1) }
        }

        mutating func run(seed: UInt64) {
            var rng = SplitMix64(seed: seed)
            while !full {
                let kind = rng.unit()
                let x = 40 + rng.unit() * (width - 80)
                if kind < 0.40 {
                    // A flick up or down; one in three a long one (thousands of points).
                    let long = rng.unit() < 1.0 / 3
                    let distance = (rng.unit() < 0.5 ? -1 : 1) * (long ? 300 + rng.unit() * 250 : 60 + rng.unit() * 160)
                    let from = distance < 0 ? height * 0.75 : height * 0.3
                    flick(from: from, distance: distance, frames: rng.int(in: 4...9), x: x)
                    settle(limit: rng.unit() < 0.2 ? rng.int(in: 10...60) : 600)
                } else if kind < 0.70 {
                    // A drag that stops, now and then past an end into the rubber band.
                    let distance = (rng.unit() * 2 - 1) * (80 + rng.unit() * 420)
                    let from = distance < 0 ? height * 0.85 : height * 0.15
                    drag(from: from, distance: distance, frames: rng.int(in: 12...60), still: rng.int(in: 0...6), x: x)
                    settle(limit: 600)
                } else if kind < 0.85 {
                    // A pull from the top: where the expanded state becomes available.
                    if abs(y - topY) > 0.5 {
                        sd_sim_bar_set_offset(&sim, 0, topY, 1)
                        settle(limit: 600)
                    }
                    let distance = 40 + rng.unit() * 360
                    drag(from: 150, distance: distance, frames: rng.int(in: 15...70), still: rng.int(in: 0...4), x: x)
                    settle(limit: 600)
                } else if kind < 0.93 {
                    // Scroll to top (a tap on the status bar).
                    sd_sim_bar_set_offset(&sim, 0, topY, 1)
                    settle(limit: 600)
                } else {
                    // A finger held still (it stops a deceleration), then lifted.
                    let at = 200 + rng.unit() * 400
                    frame { sd_sim_bar_touch(&$0, SD_SIM_TOUCH_DOWN, x, at, 0, $1) }
                    for _ in 0..<rng.int(in: 2...30) where !full { frame() }
                    frame { sd_sim_bar_touch(&$0, SD_SIM_TOUCH_UP, x, at, 0, $1) }
                    settle(limit: 600)
                }
                requests = Int(sim.requests)
            }
        }
    }
}
