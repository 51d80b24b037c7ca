import CScrollDrive
import Foundation
import ScrollDrive

extension HotPath {
    /// The bottom sheet (an 800 pt container, default detents half / full /
    /// dismissed, the AppCoda sheet's spring): spring sampling, the release decision,
    /// and whole drags and releases frame by frame.
    static var sheet: [HotPath] {
        [
            HotPath(name: "sheet/c-spring-sample",
                    summary: "sd_spring_sample of the sheet's spring at one 120 Hz frame time",
                    baseline: nil) { inputs in
                let scene = SheetScene(frames: inputs.frames)
                return PreparedRun(frames: inputs.frames, reset: scene.reset, run: scene.runSpring)
            },
            HotPath(name: "sheet/c-release-decision",
                    summary: "sd_sheet_release_target for one (detent, translation, velocity)",
                    baseline: nil) { inputs in
                let scene = SheetScene(frames: inputs.frames)
                return PreparedRun(frames: inputs.frames, reset: scene.reset, run: scene.runRelease)
            },
            HotPath(name: "sheet/c-drag-and-release",
                    summary: "120 Hz: sd_sheet_step and sd_sheet_frame_at per frame through drags, releases and springs",
                    baseline: nil) { inputs in
                let scene = SheetScene(frames: inputs.frames)
                return PreparedRun(frames: inputs.frames, reset: scene.reset, run: scene.runDrags)
            },
        ]
    }
}

final class SheetScene {
    static let container = 800.0
    /// Frames per drag-and-release cycle (drag 36 frames, then ticks).
    static let cycle = 240
    let frames: Int
    private(set) var sheet = sd_sheet()
    private let config: sd_sheet_config
    /// Seeded (translation, velocity) pairs for the release decision, and
    /// the drag distance of each cycle.
    private let releases: [(Double, Double)]
    /// A running sum of every frame's result since `reset()`.
    private var total = 0.0

    init(frames: Int) {
        self.frames = frames
        config = sd_sheet_config_default(Self.container)
        var rng = SplitMix64(seed: 0x5C20_11D6_05EE_7001)
        releases = (0..<4096).map { _ in ((rng.unit() - 0.5) * 700, (rng.unit() - 0.5) * 6000) }
        reset()
    }

    func reset() {
        var c = config
        _ = sd_sheet_init(&sheet, &c, SD_SHEET_HALF, nil)
        total = 0
    }

    func runSpring(_ range: Range<Int>) -> Double {
        var spring = config.spring
        let v0 = config.spring_initial_velocity, from = Self.container / 2, to = 50.0
        var sum = total
        for i in range {
            let s = sd_spring_sample(&spring, from, v0, to, Double(i % Self.cycle) / 120)
            sum += s.position
        }
        total = sum
        return sum
    }

    func runRelease(_ range: Range<Int>) -> Double {
        var c = config
        var sum = UInt32(truncatingIfNeeded: Int(total))
        releases.withUnsafeBufferPointer { r in
            for i in range {
                var target: UInt32 = 0
                let (translation, velocity) = r[i & 4095]
                _ = sd_sheet_release_target(&c, UInt32(i & 1), translation, velocity, &target)
                sum &+= target
            }
        }
        total = Double(sum)
        return total
    }

    /// A cycle drags the sheet by the cycle's distance (up from half, down
    /// from full, alternately, so it goes half -> full -> half ...; every
    /// fourth drag from half goes down far enough to dismiss instead, and the
    /// next cycle moves it back to half), releases, and ticks while the
    /// spring runs.
    func runDrags(_ range: Range<Int>) -> Double {
        var sheet = self.sheet
        var actions = sd_sheet_actions()
        var frame = sd_sheet_frame()
        var sum = total
        for i in range {
            let n = i / Self.cycle, k = i % Self.cycle
            let t = Double(i) / 120
            let up = sheet.state.detent == SD_SHEET_HALF
            let distance = n % 8 == 6 && up ? 300.0 : (up ? -260.0 : 250.0)
            var event: sd_sheet_event
            if sheet.state.detent == SD_SHEET_DISMISSED && k == 0 {
                event = sd_sheet_event_move(t, SD_SHEET_HALF, 1)  // dismissed: present it again
            } else {
                switch k {
                case 0: event = sd_sheet_event_drag_began(t, 0)
                case 1...35:
                    // In full the inner content scrolls: pulled down past its
                    // top (negative offset) it takes the sheet down with it.
                    let translation = distance * Double(k) / 35
                    event = sd_sheet_event_drag_changed(t, translation, sheet.state.detent == SD_SHEET_FULL ? -translation : 0)
                case 36: event = sd_sheet_event_drag_ended(t, distance * 3)
                default: event = sd_sheet_event_frame(t)
                }
            }
            _ = sd_sheet_step(&sheet, &event, &actions, nil)
            _ = sd_sheet_frame_at(&sheet, sheet.state.time, &frame)
            sum += frame.top + frame.backdrop_alpha
        }
        self.sheet = sheet
        total = sum
        return sum
    }
}
