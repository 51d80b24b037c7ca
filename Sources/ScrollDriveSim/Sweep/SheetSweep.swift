import CScrollDrive
import Foundation
import ScrollDrive

/// Runs generated gestures on a bottom sheet straight through the C core,
/// one call per gesture (`sd_sweep_sheet`, simsweep.h): `sd_sheet_step` for
/// every touch and frame, `sd_sheet_frame_at` for what each frame shows. A
/// gesture starts from a copy of a sheet resting at its start detent (a
/// value), so gestures are independent and nothing is allocated while they
/// run.
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
        let kind: UInt32
        switch gesture.kind {
        case .drag, .flick, .hold, .interrupted: kind = UInt32(SD_SWEEP_SHEET_DRAG)
        case .tap: kind = UInt32(SD_SWEEP_SHEET_TAP)
        case .script: return  // a script sweep's own kernel runs scripts; none is generated for this one
        }
        var start = resting[gesture.start]
        var setup = sd_sweep_sheet_setup(band_height: bandHeight ?? 0)
        var clock = sd_sweep_clock(fps: Double(fps), first_frame: 0, settle_limit: UInt32(settleLimit), reserved: 0)
        var g = gesture.cValue
        var o = sd_sweep_sheet_outcome()
        let status = sd_sweep_sheet(&start, &setup, &clock, &g, kind, &o, nil)
        precondition(status == SD_OK, "the sheet's sweep kernel passed the core a gesture it rejects")
        for i in 0..<Int(SD_SWEEP_SHEET_INVARIANTS) {
            let times = Int(lane(o.violations, i))
            if times > 0 { stats.violate(i, gesture: index, times: times) }
        }
        if o.rest_between_frames > 0 {
            stats.restBetweenFrames += Int(o.rest_between_frames)
            if stats.restBetweenGesture < 0 || index < stats.restBetweenGesture { stats.restBetweenGesture = index }
        }
        stats.settleFrames[Int(o.settle_frames)] += 1
        for v in 0..<Int(SD_SWEEP_SHEET_VALUES) { stats.jump(v, lane(o.jumps, v), gesture: index) }
        stats.gestures += 1
        stats.frames += Int(o.frames)
        stats.landings[stats.landingIndex(kind: gesture.kind, start: gesture.start, end: Int(o.end_state))] += 1
        stats.events[min(Int(o.events), SweepStatistics.eventBuckets - 1)] += 1
    }
}

/// Element `i` of one of the sheet outcome's five-element C arrays (imported as tuples).
private func lane<T>(_ t: (T, T, T, T, T), _ i: Int) -> T {
    switch i {
    case 0: t.0
    case 1: t.1
    case 2: t.2
    case 3: t.3
    default: t.4
    }
}
