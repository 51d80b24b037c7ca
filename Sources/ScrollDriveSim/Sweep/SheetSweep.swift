import CScrollDrive
import Foundation
import ScrollDrive

/// Runs generated gestures on a bottom sheet straight through the C core:
/// `sd_sheet_step` for every touch and frame, `sd_sheet_frame_at` for what
/// each frame shows. A gesture starts from a copy of a sheet resting at its
/// start detent (a value, 328 bytes), so gestures are independent and
/// nothing is allocated while they run.
///
/// A finger on the sheet is what `SheetSurface` delivers, without the
/// inner scroll view's deceleration: touch-down is DRAG_BEGAN, every frame
/// with the finger down is DRAG_CHANGED at the frame's time (the content
/// offset is the finger's, from where the content rested, and past the
/// content's top the scroll view's rubber band of it, as the simulated
/// inner view reports it; the finger's own with UIKit's hand-off), the lift is
/// a last DRAG_CHANGED at the lift's own time and DRAG_ENDED with the lift
/// velocity. A tap is BACKDROP_TAP at the lift (when the sheet is shown and
/// can be dismissed; otherwise it does nothing).
public struct SheetSweepKernel: SweepKernel {
    public let valueNames = ["top", "velocity", "backdrop_alpha", "background_offset", "content_offset"]
    /// The invariants checked on every frame.
    public let invariantNames = [
        "step rejected", "value not finite", "backdrop alpha outside 0...1", "never came to rest",
        "didMove without willMove",
    ]

    /// One resting sheet per detent (the gesture's start), and each detent's top.
    private let resting: [sd_sheet]
    private let tops: [Double]
    /// The inner scroll view's height (the container below the first
    /// detent), over which it rubber-bands a pull past the content's top;
    /// nil with UIKit's hand-off, whose sheet takes the pull unbanded.
    private let bandHeight: Double?
    private let dismissed: Int?
    public let stateNames: [String]
    /// The detents a gesture starts from.
    public let startStates: [Int]
    /// Frames per second of the simulated clock.
    public let fps: Int
    public let settleLimit: Int

    /// A kernel for `configuration` sampled `fps` times a second; a gesture
    /// that has not come to rest `settleSeconds` after its last lift counts
    /// as never coming to rest.
    public init(configuration: SheetController.Configuration, fps: Int, settleSeconds: Double = 10) {
        let config = configuration.cValue
        var sheets: [sd_sheet] = []
        var tops: [Double] = []
        for i in 0..<Int(config.detent_count) {
            var sheet = sd_sheet()
            var c = config
            // The configuration is validated and the detent is one of its own.
            _ = sd_sheet_init(&sheet, &c, UInt32(i), nil)
            sheets.append(sheet)
            var top = 0.0
            _ = sd_sheet_detent_top(&c, UInt32(i), &top)
            tops.append(top)
        }
        resting = sheets
        self.tops = tops
        bandHeight = configuration.options.contains(.overscrollFollowsFinger)
            ? nil : max(1, config.container_height - tops[0])
        let detents = configuration.detents
        dismissed = detents.firstIndex(of: .dismissed)
        stateNames = detents.map(SheetSurfaceDescription.name)
        startStates = detents.indices.filter { $0 != detents.firstIndex(of: .dismissed) }
        self.fps = fps
        settleLimit = Int((settleSeconds * Double(fps)).rounded(.up))
    }

    public func run(_ gesture: SweepGesture, index: Int, into stats: inout SweepStatistics) {
        var runner = Runner(sheet: resting[gesture.start], kernel: self, gesture: index)
        let g = gesture
        switch g.kind {
        case .drag, .flick, .hold:
            runner.drag(from: 0, distance: g.distance, duration: g.duration, velocity: g.velocity, stats: &stats)
        case .tap:
            runner.frames(until: g.duration, stats: &stats)
            if let dismissed, runner.sheet.state.detent != UInt32(dismissed) {
                runner.step(sd_sheet_event_backdrop_tap(g.duration), stats: &stats)
            }
        case .interrupted:
            runner.drag(from: 0, distance: g.distance, duration: g.duration, velocity: g.velocity, stats: &stats)
            let second = g.duration + g.delay
            runner.frames(until: second, stats: &stats)
            let s = runner.sheet.state
            // Nothing to grab on a sheet resting dismissed.
            if !(dismissed == Int(s.detent) && s.flags & UInt32(SD_SHEET_STATE_ANIMATING) == 0) {
                runner.drag(from: second, distance: g.distance2, duration: g.duration2, velocity: g.velocity2,
                            stats: &stats)
            }
        case .script: break  // never generated
        }
        runner.settle(stats: &stats)
        for v in 0..<4 { stats.jump(v, runner.jumps[v], gesture: index) }
        stats.jump(4, runner.contentJump, gesture: index)
        stats.gestures += 1
        stats.frames += runner.frameCount
        let end = Int(runner.sheet.state.detent)
        stats.landings[stats.landingIndex(kind: g.kind, start: g.start, end: end)] += 1
        stats.events[min(runner.events, SweepStatistics.eventBuckets - 1)] += 1
    }

    /// One gesture in progress: the sheet, the frame clock and what the
    /// statistics need from the previous frame.
    private struct Runner {
        var sheet: sd_sheet
        let kernel: SheetSweepKernel
        let gesture: Int
        /// The next frame's number (frame n is at n / fps).
        var n = 0
        var frameCount = 0
        var events = 0
        var lift = 0.0
        var previous: sd_sheet_frame?
        /// The gesture's largest jumps (top, velocity, backdrop, background; content offset).
        var jumps = SIMD4<Double>()
        var contentJump = 0.0
        var pendingMove: UInt32 = SD_SHEET_NO_DETENT
        var contentOffsetAtDown = 0.0

        init(sheet: sd_sheet, kernel: SheetSweepKernel, gesture: Int) {
            self.sheet = sheet
            self.kernel = kernel
            self.gesture = gesture
        }

        var nextFrameTime: Double { Double(n) / Double(kernel.fps) }

        mutating func step(_ event: sd_sheet_event, stats: inout SweepStatistics) {
            var e = event
            var actions = sd_sheet_actions()
            guard sd_sheet_step(&sheet, &e, &actions, nil) == SD_OK else {
                stats.violate(0, gesture: gesture)
                return
            }
            let notices = actions.notices
            if notices != 0 {
                events += notices.nonzeroBitCount
                if notices & UInt32(SD_SHEET_NOTICE_WILL_MOVE) != 0 { pendingMove = actions.detent }
                if notices & UInt32(SD_SHEET_NOTICE_DID_MOVE) != 0 {
                    if pendingMove != actions.detent { stats.violate(4, gesture: gesture) }
                    pendingMove = SD_SHEET_NO_DETENT
                }
            }
        }

        /// Frames up to (not including) time `end`, the finger given by `finger`.
        mutating func frames(until end: Double, finger: ((Double) -> Double)? = nil,
                             stats: inout SweepStatistics) {
            while nextFrameTime < end {
                let t = nextFrameTime
                if let finger {
                    let translation = finger(t)
                    step(sd_sheet_event_drag_changed(t, translation, contentOffset(translation)), stats: &stats)
                }
                frame(at: t, stats: &stats)
            }
        }

        /// The inner content offset for a finger translation: the content
        /// follows the finger only while the sheet lets it scroll, and past
        /// its top shows the scroll view's rubber band of the pull.
        func contentOffset(_ translation: Double) -> Double {
            guard sheet.state.flags & UInt32(SD_SHEET_STATE_SCROLL_GESTURE) != 0 else { return contentOffsetAtDown }
            let raw = contentOffsetAtDown - translation
            guard raw < 0, let band = kernel.bandHeight else { return raw }
            return sd_rubber_band(raw, band)
        }

        /// A touch-down at `start`, a move and a lift.
        mutating func drag(from start: Double, distance: Double, duration: Double, velocity: Double,
                           stats: inout SweepStatistics) {
            frames(until: start, stats: &stats)
            contentOffsetAtDown = sheet.state.content_offset
            step(sd_sheet_event_drag_began(start, contentOffsetAtDown), stats: &stats)
            let end = start + duration
            frames(until: end, finger: {
                SweepGesture.translation(distance: distance, duration: duration, velocity: velocity, at: $0 - start)
            }, stats: &stats)
            if distance != 0 {
                step(sd_sheet_event_drag_changed(end, distance, contentOffset(distance)), stats: &stats)
            }
            step(sd_sheet_event_drag_ended(end, velocity), stats: &stats)
            lift = end
        }

        /// Frames until the sheet rests (or the settle limit), then the settle time.
        mutating func settle(stats: inout SweepStatistics) {
            let limit = kernel.settleLimit
            var waited = 0
            while true {
                let t = nextFrameTime
                if t < lift { frame(at: t, stats: &stats); continue }
                let resting = frame(at: t, stats: &stats)
                if resting {
                    stats.settleFrames[waited] += 1
                    return
                }
                if waited == limit {
                    stats.settleFrames[limit + 1] += 1
                    stats.violate(3, gesture: gesture)
                    return
                }
                waited += 1
            }
        }

        /// A FRAME step and the frame at `t`; whether the sheet is at rest.
        @discardableResult
        mutating func frame(at t: Double, stats: inout SweepStatistics) -> Bool {
            n += 1
            frameCount += 1
            step(sd_sheet_event_frame(t), stats: &stats)
            var f = sd_sheet_frame()
            _ = sd_sheet_frame_at(&sheet, t, &f)
            let values = (f.top, f.velocity, f.backdrop_alpha, f.background_offset, f.content_offset)
            if !(values.0.isFinite && values.1.isFinite && values.2.isFinite && values.3.isFinite && values.4.isFinite) {
                stats.violate(1, gesture: gesture)
            }
            if !(0...1).contains(f.backdrop_alpha) { stats.violate(2, gesture: gesture) }
            if let p = previous {
                let d = SIMD4(f.top, f.velocity, f.backdrop_alpha, f.background_offset)
                    - SIMD4(p.top, p.velocity, p.backdrop_alpha, p.background_offset)
                jumps = pointwiseMax(jumps, pointwiseMax(d, -d))
                contentJump = max(contentJump, abs(f.content_offset - p.content_offset))
            }
            previous = f
            let atRest = f.drag == SD_SHEET_DRAG_INACTIVE.rawValue
                && f.flags & UInt32(SD_SHEET_FRAME_ANIMATING) == 0
            if atRest, abs(f.top - kernel.tops[Int(f.detent)]) > SD_SHEET_SETTLE_POSITION {
                stats.restBetweenFrames += 1
                if stats.restBetweenGesture < 0 || gesture < stats.restBetweenGesture {
                    stats.restBetweenGesture = gesture
                }
            }
            return atRest
        }
    }
}
