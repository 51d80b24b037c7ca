import Foundation
import ScrollDrive

/// Which resting state a simulator surface shows, for sweeps over gesture
/// scripts: the script's own `Simulation` runs, and this names the state at
/// its first frame (the start) and at its end (the landing).
public protocol SweepStateReader: Sendable {
    /// The states; the last one is "between states".
    var stateNames: [String] { get }
    /// The state `surface` shows now; nil when it is not this reader's kind of surface.
    func state(of surface: any SimSurface) -> Int?
    /// Surface events so far.
    func events(of surface: any SimSurface) -> Int
}

extension BarSweep: SweepStateReader {
    public func state(of surface: any SimSurface) -> Int? { (surface as? BarSurface).map(state) }
    public func events(of surface: any SimSurface) -> Int { (surface as? BarSurface).map(events) ?? 0 }
}

extension PulldownSweep: SweepStateReader {
    public func state(of surface: any SimSurface) -> Int? { (surface as? PulldownSurface).map(state) }
    public func events(of surface: any SimSurface) -> Int { (surface as? PulldownSurface).map(events) ?? 0 }
}

extension RefreshSweep: SweepStateReader {
    public func state(of surface: any SimSurface) -> Int? { (surface as? RefreshSurface).map(state) }
    public func events(of surface: any SimSurface) -> Int { (surface as? RefreshSurface).map(events) ?? 0 }
}

/// The sheet's states in a script sweep: the seed's detents by name (full,
/// half, dismissed); a sheet resting at another detent, or moving, is
/// between states. Events are the controller's willMove / didMove / dismissed.
public struct SheetStates: SweepStateReader {
    public let stateNames = ["full", "half", "dismissed", "between states"]

    public func state(of surface: any SimSurface) -> Int? {
        guard let sheet = surface as? SheetSurface else { return nil }
        let frame = sheet.controller.frame
        guard !frame.isAnimating, frame.state.drag == .inactive else { return 3 }
        return stateNames.firstIndex(of: SheetSurfaceDescription.name(frame.state.detent)) ?? 3
    }

    public func events(of surface: any SimSurface) -> Int { (surface as? SheetSurface)?.events.count ?? 0 }
}

/// A folder of gesture scripts as a sweep's population: each script is one
/// gesture, run as `simulate` runs it (its own surface, screen, steps and
/// rate), with the grid point's values set in its `surface` object.
public struct ScriptSweep: Equatable, Sendable {
    /// The scripts' names (file names) and texts, in gesture order.
    public let names: [String]
    let texts: [String]

    /// A population of the scripts `texts` (JSON), named `names`, one gesture each.
    public init(names: [String], texts: [String]) {
        self.names = names
        self.texts = texts
    }

    /// Reads every `*.json` file of `folder`, in name order.
    public static func folder(_ folder: String) throws(SweepError) -> ScriptSweep {
        let argument = "--scripts \(folder)"
        guard let files = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
            throw SweepError(argument, "cannot read the folder")
        }
        let names = files.filter { $0.hasSuffix(".json") }.sorted()
        guard !names.isEmpty else { throw SweepError(argument, "no .json gesture scripts in the folder") }
        var texts: [String] = []
        for name in names {
            guard let data = FileManager.default.contents(atPath: folder + "/" + name),
                  let text = String(data: data, encoding: .utf8)
            else { throw SweepError(argument, "\(name): cannot read it as UTF-8 text") }
            texts.append(text)
        }
        return ScriptSweep(names: names, texts: texts)
    }

    /// Script `index` with `settings` set in its surface object.
    func script(_ index: Int, surface: String, settings: [(key: String, value: JSONValue)]) throws(SweepError) -> GestureScript {
        let label = "--scripts: \(names[index])"
        do {
            var root = try JSONValue(parsing: texts[index])
            if case var .object(members) = root, let s = members.firstIndex(where: { $0.key == "surface" }),
               case var .object(fields) = members[s].value
            {
                // The swept surface's keys only make sense on that surface.
                if let type = fields.first(where: { $0.key == "type" })?.value, type != .string(surface) {
                    throw ScriptError(path: "$.surface.type", "is \(SweepPlan.text(type)), not the swept \(surface)")
                }
                for (key, value) in settings {
                    fields.removeAll { $0.key == key }
                    fields.append(JSONMember(key, value))
                }
                members[s] = JSONMember("surface", .object(fields))
                root = .object(members)
            }
            let script = try GestureScript(JSONNode(root), name: names[index])
            guard type(of: script.surface).type == surface else {
                throw ScriptError(path: "$.surface.type", "is \(type(of: script.surface).type), not the swept \(surface)")
            }
            return script
        } catch {
            let set = settings.map { "\(surface).\($0.key)=\(SweepPlan.text($0.value))" }.joined(separator: " ")
            throw SweepError(set.isEmpty ? label : "\(label) with --set \(set)", "\(error)")
        }
    }

    /// The reader of the states of `script`'s surface (the bar's depend on its heights).
    static func reader(_ script: GestureScript) -> any SweepStateReader {
        switch script.surface {
        case let bar as BarSurfaceDescription: return BarSweep(configuration: bar.configuration)
        case let pulldown as PulldownSurfaceDescription: return PulldownSweep(configuration: pulldown.configuration)
        case let refresh as RefreshSurfaceDescription:
            // The script's surface was checked against its screen when it was read.
            let configuration = (try? refresh.configuration(viewportHeight: script.scrollView.frame.height)) ?? .mjRefresh
            return RefreshSweep(configuration: configuration, app: refresh.app)
        default: return SheetStates()
        }
    }

    /// Runs script `index` at `fps` into `stats` (values: the run's number columns).
    static func run(_ script: GestureScript, fps: Int, index: Int, into stats: inout SweepStatistics) {
        let reader = reader(script)
        let simulation = Simulation(script: script, fps: fps)
        let sink = ScriptStatisticsSink(simulation: simulation, reader: reader, gesture: index, stats: stats)
        // The sink does not throw.
        try! simulation.run(into: [sink])
        stats = sink.stats
    }

    /// The number columns a run of `script` has (the values whose jumps a script sweep records).
    static func valueNames(_ script: GestureScript) -> [String] {
        Simulation(script: script, fps: 60).header().columns.filter { $0.kind == .number && $0.name != "t" }.map(\.name)
    }
}

/// Computes a script's statistics from its rows and its live surface.
private final class ScriptStatisticsSink: SimulationSink {
    let simulation: Simulation
    let reader: any SweepStateReader
    let gesture: Int
    var stats: SweepStatistics
    private var numberColumns: [Int] = []
    private var stepColumn = 1
    private var previous: [Double] = []
    private var jumps: [Double] = []
    private var start: Int?
    private var eventsAtStart = 0
    private var settleFrames: Int?
    private var frames = 0

    init(simulation: Simulation, reader: any SweepStateReader, gesture: Int, stats: SweepStatistics) {
        self.simulation = simulation
        self.reader = reader
        self.gesture = gesture
        self.stats = stats
    }

    func begin(_ header: SimulationHeader) throws {
        numberColumns = stats.values.map { header.columnIndex($0) ?? -1 }
        stepColumn = header.columnIndex("step") ?? 1
        jumps = Array(repeating: 0, count: numberColumns.count)
        // The start: the surface as made, before the first step touches it.
        if let surface = simulation.surface {
            start = reader.state(of: surface)
            eventsAtStart = reader.events(of: surface)
        }
    }

    func row(_ values: [SimValue]) throws {
        frames += 1
        let current = numberColumns.map { $0 >= 0 ? values[$0].number ?? .nan : .nan }
        if current.contains(where: { !$0.isFinite && !$0.isNaN }) { stats.violate(0, gesture: gesture) }
        for (i, (a, b)) in zip(current, previous).enumerated() where a.isFinite && b.isFinite {
            jumps[i] = max(jumps[i], abs(a - b))
        }
        previous = current
        guard let surface = simulation.surface else { return }
        let state = reader.state(of: surface) ?? reader.stateNames.count - 1
        let settling = values[stepColumn] == .text("settle")
        if settling { settleFrames = (settleFrames ?? -1) + 1 }
        let resting = surface.isAtRest && surface.scrollViews.allSatisfy(\.isAtRest)
        if settling, resting, state == reader.stateNames.count - 1 {
            stats.restBetweenFrames += 1
            if stats.restBetweenGesture < 0 || gesture < stats.restBetweenGesture { stats.restBetweenGesture = gesture }
        }
    }

    func end(outcome: [String]) throws {
        guard let surface = simulation.surface else { return }
        let end = reader.state(of: surface) ?? reader.stateNames.count - 1
        let resting = surface.isAtRest && surface.scrollViews.allSatisfy(\.isAtRest)
        stats.gestures += 1
        stats.frames += frames
        stats.landings[stats.landingIndex(kind: .script, start: start ?? end, end: end)] += 1
        let limit = stats.settleFrames.count - 2
        if resting, let waited = settleFrames, waited <= limit {
            stats.settleFrames[waited] += 1
        } else if resting, settleFrames == nil {
            stats.settleFrames[0] += 1  // at rest when the steps ended
        } else {
            stats.settleFrames[limit + 1] += 1
            stats.violate(1, gesture: gesture)
        }
        for (v, jump) in jumps.enumerated() { stats.jump(v, jump, gesture: gesture) }
        stats.events[min(max(0, reader.events(of: surface) - eventsAtStart), SweepStatistics.eventBuckets - 1)] += 1
    }
}

/// The kernel of a script sweep at one grid point: gesture `i` is script `i`.
struct ScriptSweepKernel: SweepKernel {
    let scripts: ScriptSweep
    let surface: String
    let settings: [(key: String, value: JSONValue)]
    let fps: Int
    let stateNames: [String]
    let valueNames: [String]
    let invariantNames = ["value not finite", "never came to rest"]
    let settleLimit: Int
    let startStates = [0]

    /// Checks every script with the point's settings (errors name the script and the setting).
    init(scripts: ScriptSweep, surface: String, settings: [(key: String, value: JSONValue)], fps: Int,
         settleSeconds: Double) throws(SweepError) {
        self.scripts = scripts
        self.surface = surface
        self.settings = settings
        self.fps = fps
        var values: [String]?
        var states: [String] = []
        for i in scripts.names.indices {
            let script = try scripts.script(i, surface: surface, settings: settings)
            if values == nil {
                values = ScriptSweep.valueNames(script)
                states = ScriptSweep.reader(script).stateNames
            }
        }
        valueNames = values ?? []
        stateNames = states
        settleLimit = Int((settleSeconds * Double(fps)).rounded(.up))
    }

    func run(_ gesture: SweepGesture, index: Int, into stats: inout SweepStatistics) {
        // Checked when the kernel was made.
        let script = try! scripts.script(index, surface: surface, settings: settings)
        ScriptSweep.run(script, fps: fps, index: index, into: &stats)
    }
}
