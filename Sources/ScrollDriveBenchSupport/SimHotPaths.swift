import Foundation
import ScrollDrive
import ScrollDriveSim

extension HotPath {
    /// The simulator: a `SimScrollView` stepped at 120 Hz by a repeating
    /// script of drags and flings (with deceleration and bounce at both
    /// ends), driving a `BarController`.
    static var sim: [HotPath] {
        [
            HotPath(name: "sim/simscrollview-bar-120hz",
                    summary: "SimScrollView.advance + touches at 120 Hz, a BarController attached",
                    baseline: nil) { inputs in
                let scene = SimBarScene(frames: inputs.frames)
                return PreparedRun(frames: inputs.frames, reset: scene.reset, run: scene.run)
            },
        ]
    }
}

/// One 600-frame cycle (5 s at 120 Hz) repeats: a finger drags the content
/// for 24 frames and flings it, deceleration runs until the next touch. Two
/// cycles fling towards the bottom, two towards the top, at 1500...5000
/// points per second, so the content runs into both ends of its 3000 pt
/// and bounces back.
final class SimBarScene {
    static let cycle = 600
    let frames: Int
    private(set) var view: SimScrollView?
    private var controller: BarController?
    private let sink = HeightSink()
    /// The bar height the observer last reported.
    var heightForTests: Double { sink.height }
    /// A running sum of the height after every frame since `reset()`.
    private var total = 0.0

    init(frames: Int) {
        self.frames = frames
        reset()
    }

    func reset() {
        let view = SimScrollView(configuration: SimScrollView.Configuration(
            frame: CGRect(x: 0, y: 0, width: 390, height: 844), contentSize: CGSize(width: 390, height: 3000)))
        let sink = self.sink
        let controller = BarController(configuration: BarController.Configuration(
            compactStateHeight: 100, normalStateHeight: 200, expandedStateHeight: 300)) { sink.height = $0.height() }
        controller.set(scrollable: view)
        self.view = view
        self.controller = controller
        total = 0
    }

    func run(_ range: Range<Int>) -> Double {
        guard let view else { preconditionFailure("reset() first") }
        let sink = self.sink
        var sum = total
        for i in range {
            let n = i / Self.cycle, k = i % Self.cycle
            let t = Double(i) / 120
            view.advance(to: t)
            // The finger moves up (y grows: towards the bottom) in cycles 0
            // and 1 of every four, down in cycles 2 and 3.
            let direction: CGFloat = n % 4 < 2 ? -1 : 1
            let speed = 1500 + CGFloat(n % 5) * 875  // points per second of finger
            if k == 0 {
                view.touchDown(at: CGPoint(x: 200, y: 400))
            } else if k <= 24 {
                let y = 400 + direction * speed * CGFloat(k) / 120
                let velocity = SimVector(dx: 0, dy: Double(direction * speed))
                if k < 24 {
                    view.touchMoved(to: CGPoint(x: 200, y: y), fingerVelocity: velocity)
                } else {
                    view.touchUp(at: CGPoint(x: 200, y: y), fingerVelocity: velocity)
                }
            }
            sum += sink.height
        }
        total = sum
        return sum
    }
}

extension HotPath {
    /// `simulate` with CSV rows streamed out: a script of back-to-back bar
    /// flings (the one `Tests/CLI/simulate_rss.sh` uses) long enough for the
    /// slice, run at 120 Hz, every row formatted and written to /dev/null.
    /// The suite reports its allocations and peak memory per frame.
    static var simulate: [HotPath] {
        [
            HotPath(name: "sim/simulate-csv-120hz",
                    summary: "Simulation.run streaming CSV rows of a bar fling script to /dev/null, 120 Hz",
                    baseline: nil) { inputs in
                // A simulation cannot resume mid-run: each slice is a run of its
                // own length, and the value is the frame reached (NaN when a run
                // wrote fewer rows than asked), the same for slices as whole.
                PreparedRun(frames: inputs.frames, reset: {}, run: { range in
                    SimulateScene.run(frames: range.count) >= Double(range.count) ? Double(range.upperBound) : .nan
                })
            },
        ]
    }
}

/// Runs `simulate`'s streaming path for a number of frames.
public enum SimulateScene {
    /// A bar script of 3-second fling cycles lasting at least `frames` / 120 s.
    public static func script(frames: Int) -> GestureScript {
        let cycles = max(1, (frames + 359) / 360)
        let cycle = """
            {"do": "fling", "from": [195, 640], "to": [195, 520], "duration": 0.1, "velocity": -1800},
            {"do": "wait", "duration": 1.4},
            {"do": "fling", "from": [195, 300], "to": [195, 420], "duration": 0.1, "velocity": 2600},
            {"do": "wait", "duration": 1.4}
            """
        let text = "{\"surface\": {\"type\": \"bar\"}, \"scrollView\": {\"contentHeight\": 100000}, \"settle\": 0, \"steps\": ["
            + Array(repeating: cycle, count: cycles).joined(separator: ",\n") + "]}"
        // A fixed, valid script.
        return try! GestureScript(json: text, name: "bench")
    }

    /// Simulates about `frames` frames into CSV on /dev/null; returns the rows written.
    @discardableResult
    public static func run(frames: Int) -> Double {
        let null = open("/dev/null", O_WRONLY)
        defer { close(null) }
        let counter = RowCounter()
        // /dev/null takes every write.
        try! Simulation(script: script(frames: frames), fps: 120)
            .run(into: [RowWriter(format: .csv, output: TextOutput(descriptor: null)), counter])
        return Double(counter.rows)
    }

    /// The process's peak resident set size, KiB (Linux's ru_maxrss unit).
    public static func peakResidentKiB() -> Int {
        var usage = rusage()
        #if os(Linux)
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Int(usage.ru_maxrss)
        #else
        getrusage(RUSAGE_SELF, &usage)
        return Int(usage.ru_maxrss) / 1024  // bytes on Darwin
        #endif
    }
}

/// Counts rows.
private final class RowCounter: SimulationSink {
    var rows = 0
    func begin(_ header: SimulationHeader) throws {}
    func row(_ values: [SimValue]) throws { rows += 1 }
    func end(outcome: [String]) throws {}
}
