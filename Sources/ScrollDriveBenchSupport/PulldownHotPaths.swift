import CScrollDrive
import Foundation
import ScrollDrive

/// A seeded trace of pull distances for the pull-down panel's per-offset
/// functions: pulls from 0 past cp3 (240 pt) and back, on a smoothstep,
/// with jitter, so every stage of the balls, the panel reveal and the nav
/// colour's ramp is crossed many times. Sequential like the bar's trace (a
/// shorter trace is a prefix of a longer one).
public struct PulldownBenchmarkTrace: Sendable {
    public static let defaultSeed: UInt64 = 0x5C20_11D6_0B7A_1102
    public let distances: [Double]

    public init(frames: Int, seed: UInt64 = PulldownBenchmarkTrace.defaultSeed) {
        var rng = SplitMix64(seed: seed)
        var d: [Double] = []
        d.reserveCapacity(frames)
        var at = 0.0
        while d.count < frames {
            let target = rng.unit() < 0.5 ? rng.unit() * 320 : 0
            let count = rng.int(in: 8...90)
            let from = at
            for k in 1...count where d.count < frames {
                let s = Double(k) / Double(count)
                at = max(0, from + (target - from) * (s * s * (3 - 2 * s)) + (rng.unit() - 0.5) * 0.5)
                d.append(at)
            }
        }
        distances = d
    }
}

extension HotPath {
    /// The pull-down panel: balls + panel + nav colour per offset, single
    /// and batch, the compact values a renderer uploads (float and double),
    /// and the whole machine frame by frame through a pull, an
    /// opening, a pull-up that returns, and a close.
    static var pulldown: [HotPath] {
        [
            HotPath(name: "pulldown/c-offset-batch",
                    summary: "sd_pulldown_offset_batch: indicator + reveal + nav colour (SoA), 1024 offsets per call",
                    baseline: nil) { inputs in
                let scene = PulldownOffsetScene(inputs.pulldownTrace)
                return PreparedRun(frames: scene.count, reset: scene.reset, run: scene.runBatch)
            },
            HotPath(name: "pulldown/c-compact-float",
                    summary: "sd_pulldown_compact_float_batch: the 7 compact values as floats (SoA), 1024 offsets per call",
                    baseline: nil) { inputs in
                let scene = PulldownCompactScene(inputs.pulldownTrace, elementSize: MemoryLayout<Float>.size)
                return PreparedRun(frames: scene.count, reset: scene.reset, run: scene.runFloat)
            },
            HotPath(name: "pulldown/c-compact-double",
                    summary: "sd_pulldown_compact_batch: the 7 compact values as doubles (SoA), 1024 offsets per call",
                    baseline: nil) { inputs in
                let scene = PulldownCompactScene(inputs.pulldownTrace, elementSize: MemoryLayout<Double>.size)
                return PreparedRun(frames: scene.count, reset: scene.reset, run: scene.runDouble)
            },
            HotPath(name: "pulldown/c-offset-single",
                    summary: "sd_pulldown_indicator_at + reveal_at + nav_colour once per offset",
                    baseline: nil) { inputs in
                let scene = PulldownOffsetScene(inputs.pulldownTrace)
                return PreparedRun(frames: scene.count, reset: scene.reset, run: scene.runSingle)
            },
            HotPath(name: "pulldown/c-frame-per-tick",
                    summary: "120 Hz: events + a FRAME step + sd_pulldown_frame_at through pull, open, pull-up, return, close",
                    baseline: nil) { inputs in
                let scene = PulldownTickScene(frames: inputs.frames)
                return PreparedRun(frames: inputs.frames, reset: scene.reset, run: scene.run)
            },
        ]
    }
}

/// Runs the per-offset functions over `PulldownBenchmarkTrace`, keeping the
/// outputs in arrays of one chunk (1024 offsets) that every call reuses.
final class PulldownOffsetScene {
    static let chunk = 1024
    let trace: PulldownBenchmarkTrace
    var count: Int { trace.distances.count }
    private var config = sd_pulldown_config_default()
    /// 19 output arrays of `chunk` doubles: indicator (11), reveal (5), colour (3).
    private let out: UnsafeMutablePointer<Double>

    init(_ trace: PulldownBenchmarkTrace) {
        self.trace = trace
        out = .allocate(capacity: 19 * Self.chunk)
        out.initialize(repeating: 0, count: 19 * Self.chunk)
    }

    deinit { out.deallocate() }

    private func array(_ k: Int) -> UnsafeMutablePointer<Double> { out + k * Self.chunk }

    /// A running sum of a few outputs of every offset run since `reset()`.
    private var total = 0.0

    func reset() { total = 0 }

    func runBatch(_ range: Range<Int>) -> Double {
        let indicator = sd_pulldown_indicator_arrays(
            alpha: array(0), height: array(1), left_alpha: array(2), left_scale: array(3), left_x: array(4),
            centre_alpha: array(5), centre_scale: array(6), centre_x: array(7), right_alpha: array(8),
            right_scale: array(9), right_x: array(10))
        let reveal = sd_pulldown_reveal_arrays(container_alpha: array(11), panel_alpha: array(12),
                                               panel_scale_x: array(13), panel_scale_y: array(14),
                                               mask_alpha: array(15))
        var arrays = sd_pulldown_offset_arrays(indicator: indicator, reveal: reveal,
                                               red: array(16), green: array(17), blue: array(18))
        var sum = total
        trace.distances.withUnsafeBufferPointer { d in
            var i = range.lowerBound
            while i < range.upperBound {
                let n = min(Self.chunk, range.upperBound - i)
                let input = d.baseAddress! + i
                _ = sd_pulldown_offset_batch(&config, input, n, &arrays, nil, nil)
                // Outputs of every 64th offset (by its index in the trace, so
                // the sum does not depend on how the trace is cut into calls).
                var j = (63 - i % 64 + 64) % 64
                while j < n {
                    sum += array(6)[j] + array(15)[j] + array(16)[j]
                    j += 64
                }
                i += n
            }
        }
        total = sum
        return sum
    }

    func runSingle(_ range: Range<Int>) -> Double {
        var indicator = sd_pulldown_indicator(), reveal = sd_pulldown_reveal(), colour = sd_pulldown_rgb()
        var sum = total
        trace.distances.withUnsafeBufferPointer { d in
            for i in range {
                _ = sd_pulldown_indicator_at(&config, d[i], &indicator)
                _ = sd_pulldown_reveal_at(&config, d[i], &reveal)
                _ = sd_pulldown_nav_colour(&config, d[i], &colour)
                sum += indicator.centre.scale + reveal.mask_alpha + colour.red
            }
        }
        total = sum
        return sum
    }
}

/// Runs the compact batches over `PulldownBenchmarkTrace`: all seven compact
/// values (what a renderer uploads to draw the indicator, the panel and the
/// nav bar) into seven arrays of one chunk (1024 offsets), one 64-byte
/// aligned allocation, the arrays a chunk apart, reused by every call.
final class PulldownCompactScene {
    static let chunk = PulldownOffsetScene.chunk
    static let arrays = 7
    let trace: PulldownBenchmarkTrace
    var count: Int { trace.distances.count }
    private var config = sd_pulldown_config_default()
    private let out: UnsafeMutableRawPointer
    private let elementSize: Int
    private var total = 0.0

    init(_ trace: PulldownBenchmarkTrace, elementSize: Int) {
        self.trace = trace
        self.elementSize = elementSize
        let bytes = Self.arrays * Self.chunk * elementSize
        out = .allocate(byteCount: bytes, alignment: 64)
        out.initializeMemory(as: UInt8.self, repeating: 0, count: bytes)
    }

    deinit { out.deallocate() }

    func reset() { total = 0 }

    private func array<T>(_ k: Int, _: T.Type) -> UnsafeMutablePointer<T> {
        (out + k * Self.chunk * elementSize).assumingMemoryBound(to: T.self)
    }

    /// Calls `batch` on each chunk of `range`; adds the centre scale, the
    /// reveal and the colour progress of every 64th offset (by its index in
    /// the trace, so the sum does not depend on how the trace is cut).
    private func run<T: BinaryFloatingPoint>(_ range: Range<Int>, _: T.Type,
                                             _ batch: (UnsafePointer<Double>, Int) -> Void) -> Double {
        var sum = total
        let centre = array(2, T.self), reveal = array(5, T.self), colour = array(6, T.self)
        trace.distances.withUnsafeBufferPointer { d in
            var i = range.lowerBound
            while i < range.upperBound {
                let n = min(Self.chunk, range.upperBound - i)
                batch(d.baseAddress! + i, n)
                var j = (63 - i % 64 + 64) % 64
                while j < n {
                    sum += Double(centre[j]) + Double(reveal[j]) + Double(colour[j])
                    j += 64
                }
                i += n
            }
        }
        total = sum
        return sum
    }

    func runFloat(_ range: Range<Int>) -> Double {
        let a = { (k: Int) in self.array(k, Float.self) }
        var arrays = sd_pulldown_compact_float_arrays(
            indicator_alpha: a(0), indicator_height: a(1), centre_scale: a(2), ball_alpha: a(3), side_x: a(4),
            reveal: a(5), colour_progress: a(6))
        return run(range, Float.self) { input, n in
            _ = sd_pulldown_compact_float_batch(&config, input, n, &arrays, nil, nil)
        }
    }

    func runDouble(_ range: Range<Int>) -> Double {
        let a = { (k: Int) in self.array(k, Double.self) }
        var arrays = sd_pulldown_compact_arrays(
            indicator_alpha: a(0), indicator_height: a(1), centre_scale: a(2), ball_alpha: a(3), side_x: a(4),
            reveal: a(5), colour_progress: a(6))
        return run(range, Double.self) { input, n in
            _ = sd_pulldown_compact_batch(&config, input, n, &arrays, nil, nil)
        }
    }
}

/// The pull-down machine frame by frame at 120 Hz, a fixed 480-frame
/// gesture cycle repeated (pull the list down past cp3 and release: the
/// panel opens; pull the open panel up 80 pt and back to 30 pt, release:
/// it returns over 1.5 s; then close it). Every frame sends the frame's
/// scroll event, if any, then ticks; the scroll offsets the frame drives
/// are applied to the simulated scroll views.
final class PulldownTickScene {
    static let cycle = 480
    let frames: Int
    private var config = sd_pulldown_config_default()
    private(set) var machine = sd_pulldown()
    private var listY = 0.0, panelU = 0.0, total = 0.0
    private let rest: Double

    init(frames: Int) {
        self.frames = frames
        rest = -config.top_bar_height
        reset()
    }

    func reset() {
        _ = sd_pulldown_init(&machine, &config, nil)
        listY = rest
        panelU = 0
        total = 0
    }

    func run(_ range: Range<Int>) -> Double {
        var machine = self.machine, listY = self.listY, panelU = self.panelU
        var actions = sd_pulldown_actions(), frame = sd_pulldown_frame()
        var sum = total
        let list = SD_PULLDOWN_SOURCE_LIST, panel = SD_PULLDOWN_SOURCE_PANEL
        for i in range {
            let k = i % Self.cycle
            let t = Double(i) / 120
            var event: sd_pulldown_event?
            switch k {
            case 0: event = sd_pulldown_event_drag_began(t, list, listY)
            case 1...40:  // pull the list down to a 270 pt pull
                listY = rest - 270 * Double(k) / 40
                event = sd_pulldown_event_offset(t, list, listY, 1)
            case 41: event = sd_pulldown_event_drag_ended(t, list, listY, 0)
            case 120: event = sd_pulldown_event_drag_began(t, panel, panelU)
            case 121...150:  // pull the open panel up 80 pt, then back to 30
                panelU = k <= 140 ? 80 * Double(k - 120) / 20 : 80 - 50 * Double(k - 140) / 10
                event = sd_pulldown_event_offset(t, panel, panelU, 1)
            case 151: event = sd_pulldown_event_drag_ended(t, panel, panelU, 0)
            case 400: event = sd_pulldown_event_close(t)
            default: break
            }
            if var e = event { _ = sd_pulldown_step(&machine, &e, &actions, nil) }
            var tick = sd_pulldown_event_frame(t)
            _ = sd_pulldown_step(&machine, &tick, &actions, nil)
            _ = sd_pulldown_frame_at(&machine, t, &frame)
            if frame.list_offset_driven != 0 { listY = frame.list_offset }
            if frame.panel_offset_driven != 0 { panelU = frame.panel_offset }
            sum += frame.list_y + frame.panel_alpha + frame.nav_colour.red
        }
        self.machine = machine
        self.listY = listY
        self.panelU = panelU
        total = sum
        return sum
    }
}
