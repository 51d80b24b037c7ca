import CScrollDrive
import Foundation
import ScrollDrive

/// A gesture script: a surface, the scroll view under it, and what a finger
/// does over time. Read from JSON (format in docs/gesture-scripts.md):
///
/// ```json
/// {
///   "name": "bar-fling",
///   "description": "one line",
///   "surface": {"type": "bar", "compact": 60, "normal": 120, "expanded": 200},
///   "scrollView": {"width": 390, "height": 844, "contentHeight": 3000},
///   "steps": [
///     {"do": "wait", "duration": 0.2},
///     {"do": "fling", "from": [195, 640], "to": [195, 520], "duration": 0.1, "velocity": -1800},
///     {"do": "drag", "from": [195, 300], "to": [195, 360], "duration": 0.8, "lift": false},
///     {"do": "hold", "duration": 0.2},
///     {"do": "tap", "at": [195, 400]},
///     {"do": "content-size", "height": 600}
///   ]
/// }
/// ```
///
/// Every problem is reported with the JSON path of the value at fault:
/// `$.steps[2].duration: must be > 0`.
///
/// The numbers a script may hold are bounded, so that every frame of its
/// run is finite (the simulator's scroll views and surfaces are only
/// asked about values inside their domains):
/// - coordinates (`from`, `to`, `at`, `contentOffset`, a `scroll-to`'s `y`)
///   within ±`maximumLength` points, and sizes (`width`, `height`,
///   `contentWidth`, `contentHeight`, a `content-size`'s) at most
///   `maximumLength` points: 1e9, the bottom sheet's SD_SHEET_MAX_LENGTH;
/// - a fling's `velocity` within ±`maximumSpeed` points per second, and a
///   drag's or fling's move no faster than `maximumSpeed` on average (the
///   straight distance over the duration): 1e9. A velocity tracker on an
///   eased curve measures at most 1.73 times the average, so the finger's
///   velocities stay far inside the sheet's SD_SHEET_MAX_VELOCITY (1e12);
/// - each `duration` > 0 and at most `maximumDuration`, as are `settle` and
///   the steps' total.
public struct GestureScript: Sendable {
    /// Longest run a script may ask for, steps plus settling (seconds): 24
    /// hours. `Simulation.run(into:)` streams its rows, so a run's memory
    /// does not grow with its length.
    public static let maximumDuration = 86_400.0

    /// Largest coordinate magnitude and size in a script (points): the
    /// bottom sheet's SD_SHEET_MAX_LENGTH.
    public static let maximumLength = 1e9

    /// Largest velocity in a script, and largest average speed of a drag or
    /// fling (points per second).
    public static let maximumSpeed = 1e9

    /// How a drag's finger moves between `from` and `to`.
    public enum Curve: String, Equatable, Sendable, CaseIterable {
        /// At a constant speed.
        case linear
        /// Slow at first (UIKit's ease-in).
        case easeIn = "ease-in"
        /// Slowing at the end (UIKit's ease-out).
        case easeOut = "ease-out"
        /// Slow at both ends (UIKit's ease-in-out).
        case easeInOut = "ease-in-out"

        /// The C core's timing curve (internal: no C type in the simulator's public API).
        var timingCurve: sd_timing_curve {
            switch self {
            case .linear: return sd_timing_linear
            case .easeIn: return sd_timing_ease_in
            case .easeOut: return sd_timing_ease_out
            case .easeInOut: return sd_timing_ease_in_out
            }
        }
    }

    /// One step. Steps run one after the other; `duration`s are seconds.
    public enum Step: Equatable, Sendable {
        /// Nothing touches the screen for `duration`.
        case wait(duration: Double)
        /// The finger moves from `from` (nil: where it already is) to `to`
        /// along `curve`; when `lift`, it then lifts with the velocity the
        /// core's velocity tracker estimates from its touch samples (as an iOS
        /// scroll view does: 0 when it rested more than 40 ms before lifting).
        case drag(from: CGPoint?, to: CGPoint, duration: Double, curve: Curve, lift: Bool)
        /// The finger moves linearly and lifts with `velocity` (screen points
        /// per second), by default the average velocity of the move.
        case fling(from: CGPoint?, to: CGPoint, duration: Double, velocity: SimVector?)
        /// The finger stays still for `duration`, then lifts when `lift`, with
        /// the velocity tracker's estimate: the move before it still counts
        /// when the hold is 40 ms or shorter, else 0.
        case hold(duration: Double, lift: Bool)
        /// The finger touches down and lifts at once at `at`.
        case tap(at: CGPoint)
        /// The system cancels the touch that is down.
        case cancel
        /// The content size changes (width nil: unchanged).
        case contentSize(width: Double?, height: Double)
        /// Asks the primary scroll view to move its content offset y (as a controller would).
        case scrollTo(y: Double, animated: Bool)
        /// A surface-specific action.
        case surface(SurfaceAction)

        /// The step's `do` name.
        public var kind: String {
            switch self {
            case .wait: return "wait"
            case .drag: return "drag"
            case .fling: return "fling"
            case .hold: return "hold"
            case .tap: return "tap"
            case .cancel: return "cancel"
            case .contentSize: return "content-size"
            case .scrollTo: return "scroll-to"
            case .surface: return "surface"
            }
        }

        /// How long it lasts (0 for instant steps).
        public var duration: Double {
            switch self {
            case let .wait(d), let .drag(_, _, d, _, _), let .fling(_, _, d, _), let .hold(d, _): return d
            case .tap, .cancel, .contentSize, .scrollTo, .surface: return 0
            }
        }
    }

    /// The script's name (its file's, or the scenario's).
    public var name: String
    /// What the script does, in a sentence (its `summary` key, or the scenario's).
    public var summary: String
    /// The surface the script drives, with its numbers.
    public var surface: any SurfaceDescription
    /// The primary scroll view's geometry and behaviour.
    public var scrollView: SimScrollView.Configuration
    /// The steps, played one after the other.
    public var steps: [Step]
    /// How long the run may go on after the last step while things settle (seconds).
    public var settle: Double

    /// Every `do` value, for messages and documentation.
    public static let stepKinds = ["wait", "drag", "fling", "hold", "tap", "cancel", "content-size", "scroll-to",
                                   "surface"]

    /// Reads a script from JSON text. `name` is used when the script has none.
    public init(json text: String, name: String = "script") throws(ScriptError) {
        try self.init(JSONNode(try JSONValue(parsing: text)), name: name)
    }

    /// Reads a script from a parsed document.
    public init(_ root: JSONNode, name defaultName: String = "script") throws(ScriptError) {
        let top = try root.object()
        try top.allowOnly(["name", "description", "surface", "scrollView", "settle", "steps"])
        name = try top["name"]?.string() ?? defaultName
        summary = try top["description"]?.string() ?? ""

        let surfaceNode = try top.required("surface")
        let surfaceObject = try surfaceNode.object()
        let typeNode = try surfaceObject.required("type")
        let type = try typeNode.string()
        guard let kind = SurfaceRegistry.named(type) else {
            throw typeNode.error("unknown surface \"\(type)\" (known: \(SurfaceRegistry.all.map { $0.type }.joined(separator: ", ")))")
        }
        try surfaceObject.allowOnly(["type"] + kind.keys)
        surface = try kind.decode(surfaceObject)

        scrollView = try Self.scrollView(top["scrollView"])
        try surface.check(scrollView: scrollView, surface: surfaceNode)
        settle = try top["settle"]?.nonNegativeNumber() ?? 10
        if settle > Self.maximumDuration { throw top["settle"]!.error("must be <= \(Int(Self.maximumDuration))") }

        let stepsNode = try top.required("steps")
        var steps: [Step] = []
        for node in try stepsNode.array() {
            steps.append(try Self.step(node, surface: kind))
        }
        self.steps = steps
        surface.prepare(for: steps)
        try Self.checkFinger(steps, stepsNode: stepsNode)
        let total = steps.reduce(0) { $0 + $1.duration }
        if total > Self.maximumDuration {
            throw stepsNode.error("the steps last \(fmt(total)) s; at most \(Int(Self.maximumDuration)) s")
        }
    }

    // MARK: - Reading the parts

    private static func scrollView(_ node: JSONNode?) throws(ScriptError) -> SimScrollView.Configuration {
        var config = SimScrollView.Configuration()
        guard let node else { return config }
        let object = try node.object()
        try object.allowOnly(["width", "height", "contentWidth", "contentHeight", "contentOffset", "bounces",
                              "alwaysBounceVertical", "decelerationRate", "safeAreaTop", "safeAreaBottom",
                              "contentInsetAdjustment"])
        if let n = object["width"] { config.frame.size.width = try size(n, positive: true) }
        if let n = object["height"] { config.frame.size.height = try size(n, positive: true) }
        config.contentSize.width = config.frame.width
        if let n = object["contentWidth"] { config.contentSize.width = try size(n) }
        if let n = object["contentHeight"] { config.contentSize.height = try size(n) }
        if let n = object["contentOffset"] {
            if case .array = n.value {
                config.contentOffset = try point(n)
            } else {
                config.contentOffset = CGPoint(x: 0, y: try coordinate(n))
            }
        }
        if let n = object["safeAreaTop"] { config.safeAreaInsets.top = try size(n) }
        if let n = object["safeAreaBottom"] { config.safeAreaInsets.bottom = try size(n) }
        if let n = object["contentInsetAdjustment"] {
            guard case let .string(name) = n.value, let behavior = ContentInsetAdjustmentBehavior(rawValue: name) else {
                throw n.error("must be \"automatic\" or \"never\"")
            }
            config.contentInsetAdjustmentBehavior = behavior
        }
        if let n = object["bounces"] { config.bounces = try n.bool() }
        if let n = object["alwaysBounceVertical"] { config.alwaysBounceVertical = try n.bool() }
        if let n = object["decelerationRate"] {
            switch n.value {
            case .string("normal"): config.decelerationRate = SD_DECELERATION_RATE_NORMAL
            case .string("fast"): config.decelerationRate = SD_DECELERATION_RATE_FAST
            case let .number(rate):
                guard rate > 0, rate < 1 else { throw n.error("must be \"normal\", \"fast\" or a number > 0 and < 1") }
                config.decelerationRate = rate
            default: throw n.error("must be \"normal\", \"fast\" or a number > 0 and < 1")
            }
        }
        return config
    }

    private static func step(_ node: JSONNode, surface: any SurfaceDescription.Type) throws(ScriptError) -> Step {
        let object = try node.object()
        let doNode = try object.required("do")
        let kind = try doNode.string()
        func allow(_ keys: [String]) throws(ScriptError) { try object.allowOnly(["do"] + keys) }
        func duration() throws(ScriptError) -> Double {
            let node = try object.required("duration")
            let seconds = try node.positiveNumber()
            guard seconds <= maximumDuration else { throw node.error("must be <= \(Int(maximumDuration)) (seconds)") }
            return seconds
        }
        func lift(default value: Bool) throws(ScriptError) -> Bool { try object["lift"]?.bool() ?? value }
        switch kind {
        case "wait":
            try allow(["duration"])
            return .wait(duration: try duration())
        case "drag":
            try allow(["from", "to", "duration", "curve", "lift"])
            var curve = Curve.easeInOut
            if let n = object["curve"] {
                let name = try n.string()
                guard let c = Curve(rawValue: name) else {
                    throw n.error("unknown curve \"\(name)\" (expected one of: \(Curve.allCases.map(\.rawValue).joined(separator: ", ")))")
                }
                curve = c
            }
            return .drag(from: try object["from"].map(point), to: try point(object.required("to")),
                         duration: try duration(), curve: curve, lift: try lift(default: true))
        case "fling":
            try allow(["from", "to", "duration", "velocity"])
            var velocity: SimVector?
            if let n = object["velocity"] {
                if case .array = n.value {
                    let items = try pair(n)
                    velocity = SimVector(dx: try speed(items[0]), dy: try speed(items[1]))
                } else {
                    velocity = SimVector(dx: 0, dy: try speed(n))
                }
            }
            return .fling(from: try object["from"].map(point), to: try point(object.required("to")),
                          duration: try duration(), velocity: velocity)
        case "hold":
            try allow(["duration", "lift"])
            return .hold(duration: try duration(), lift: try lift(default: true))
        case "tap":
            try allow(["at"])
            return .tap(at: try point(object.required("at")))
        case "cancel":
            try allow([])
            return .cancel
        case "content-size":
            try allow(["width", "height"])
            return .contentSize(width: try object["width"].map { n throws(ScriptError) in try size(n) },
                                height: try size(object.required("height")))
        case "scroll-to":
            try allow(["y", "animated"])
            return .scrollTo(y: try coordinate(object.required("y")), animated: try object["animated"]?.bool() ?? true)
        case "surface":
            let nameNode = try object.required("action")
            let action = SurfaceAction(name: try nameNode.string(),
                                       arguments: object.members.filter { $0.key != "do" })
            try surface.validate(action: action, at: node)
            return .surface(action)
        default:
            throw doNode.error("unknown step \"\(kind)\" (expected one of: \(stepKinds.joined(separator: ", ")))")
        }
    }

    // MARK: - Bounded numbers

    /// A coordinate or offset: a number within ±maximumLength points.
    private static func coordinate(_ node: JSONNode) throws(ScriptError) -> Double {
        let x = try node.number()
        guard abs(x) <= maximumLength else { throw node.error("must be within -1e9...1e9 (points)") }
        return x
    }

    /// A point `[x, y]`, each coordinate within ±maximumLength points.
    private static func point(_ node: JSONNode) throws(ScriptError) -> CGPoint {
        let items = try pair(node)
        return CGPoint(x: try coordinate(items[0]), y: try coordinate(items[1]))
    }

    /// The two items of a `[x, y]` pair.
    private static func pair(_ node: JSONNode) throws(ScriptError) -> [JSONNode] {
        let items = try node.array()
        guard items.count == 2 else { throw node.error("must be a point [x, y] (two numbers), not \(items.count) values") }
        return items
    }

    /// A size: >= 0 (> 0 when `positive`) and <= maximumLength points.
    private static func size(_ node: JSONNode, positive: Bool = false) throws(ScriptError) -> Double {
        let x = positive ? try node.positiveNumber() : try node.nonNegativeNumber()
        guard x <= maximumLength else { throw node.error("must be <= 1e9 (points)") }
        return x
    }

    /// A velocity component within ±maximumSpeed points per second.
    private static func speed(_ node: JSONNode) throws(ScriptError) -> Double {
        let v = try node.number()
        guard abs(v) <= maximumSpeed else { throw node.error("must be within -1e9...1e9 (points per second)") }
        return v
    }

    /// A drag or fling from `origin` to `to` in `duration` seconds moves no
    /// faster than maximumSpeed on average.
    private static func checkSpeed(from origin: CGPoint, to: CGPoint, duration: Double,
                                   step node: JSONNode) throws(ScriptError) {
        let distance = hypot(Double(to.x - origin.x), Double(to.y - origin.y))
        let speed = distance / duration
        guard speed > maximumSpeed else { return }
        // The shortest duration that will do, in three significant digits
        // (the first spelling that, read back, passes this check).
        let needed = distance / maximumSpeed
        let step = pow(10, floor(log10(needed)) - 2)
        var digits = (needed / step).rounded(.down)
        var shortest = short(digits * step)
        while let seconds = Double(shortest), distance / seconds > maximumSpeed, digits < 2000 {
            digits += 1
            shortest = short(digits * step)
        }
        throw ScriptError(path: node.path(of: "duration"),
                          "too short for the move: the finger would cover \(short(distance)) points at \(short(speed)) points per second, more than 1e9; make it at least \(shortest) s")
    }

    /// Checks that the finger is down exactly when a step needs it, and
    /// that it moves no faster than maximumSpeed.
    private static func checkFinger(_ steps: [Step], stepsNode: JSONNode) throws(ScriptError) {
        let nodes = try stepsNode.array()
        var finger: CGPoint?
        var keptDownBy = 0
        for (i, step) in steps.enumerated() {
            let node = nodes[i]
            func continuing(from: CGPoint?, to: CGPoint) throws(ScriptError) {
                if let down = finger {
                    if let from, from != down {
                        throw ScriptError(path: node.path(of: "from"),
                                          "the finger is already down at [\(fmt(down.x)), \(fmt(down.y))] (steps[\(keptDownBy)] kept it down); leave \"from\" out or start there")
                    }
                } else if from == nil {
                    throw ScriptError(path: node.path(of: "from"), "is required: no finger is on the screen")
                }
            }
            switch step {
            case let .drag(from, to, duration, _, lift):
                try continuing(from: from, to: to)
                try checkSpeed(from: finger ?? from ?? to, to: to, duration: duration, step: node)
                finger = lift ? nil : to
                if !lift { keptDownBy = i }
            case let .fling(from, to, duration, _):
                try continuing(from: from, to: to)
                try checkSpeed(from: finger ?? from ?? to, to: to, duration: duration, step: node)
                finger = nil
            case let .hold(_, lift):
                guard finger != nil else {
                    throw node.error("hold needs a finger on the screen (end the drag before it with \"lift\": false)")
                }
                if lift { finger = nil } else { keptDownBy = i }
            case .cancel:
                guard finger != nil else { throw node.error("cancel needs a finger on the screen") }
                finger = nil
            case .wait, .tap:
                if finger != nil {
                    throw node.error("the finger is still down (steps[\(keptDownBy)] has \"lift\": false); use hold, drag or cancel")
                }
            case .contentSize, .scrollTo, .surface:
                break
            }
        }
        if finger != nil, let last = nodes.last {
            throw last.error("the script ends with the finger down; lift it (\"lift\": true) or cancel it")
        }
    }
}

private func fmt(_ x: Double) -> String { JSONValue.number(x) }

/// Three significant digits, for measurements in messages: `1.2e+10`, `0.25`.
private func short(_ x: Double) -> String { String(format: "%.3g", x) }
