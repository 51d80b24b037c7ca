import Foundation
import ScrollDrive

// MARK: - Columns and values

/// One column of a simulation's per-frame output.
public struct SimColumn: Equatable, Sendable {
    /// What the column holds.
    public enum Kind: Equatable, Sendable {
        /// A number (CSV: its shortest decimal spelling).
        case number
        /// True or false (CSV: 1 or 0).
        case flag
        /// Text (a phase, an event list).
        case text
    }

    /// Which chart of the SVG plot draws a number column.
    public enum Chart: String, Equatable, Sendable {
        /// Positions and lengths in points, against time.
        case points
        /// Unit-less values (progress, fractions), against time.
        case progress
    }

    /// A CSV/JSON-friendly name (lowercase, underscores), unique in a run.
    public let name: String
    /// What the column holds.
    public let kind: Kind
    /// Unit of a number column ("pt", "pt/s", "s", "" for none).
    public let unit: String
    /// The chart that plots it; nil for columns that are not plotted.
    public let chart: Chart?

    /// A column named `name` of `kind`, with a unit (numbers) and the chart that plots it.
    public init(name: String, kind: Kind, unit: String = "", chart: Chart? = nil) {
        self.name = name
        self.kind = kind
        self.unit = unit
        self.chart = chart
    }

    /// A number column.
    public static func number(_ name: String, unit: String = "pt", chart: Chart? = nil) -> SimColumn {
        SimColumn(name: name, kind: .number, unit: unit, chart: chart)
    }

    /// A true/false column (written 1/0 in CSV).
    public static func flag(_ name: String) -> SimColumn { SimColumn(name: name, kind: .flag) }

    /// A text column.
    public static func text(_ name: String) -> SimColumn { SimColumn(name: name, kind: .text) }
}

/// One cell of a frame row.
public enum SimValue: Equatable, Sendable {
    /// A number cell.
    case number(Double)
    /// A true/false cell.
    case flag(Bool)
    /// A text cell.
    case text(String)
    /// No value this frame (e.g. the finger position while no finger is down).
    case none

    /// The number, or nil.
    public var number: Double? {
        if case let .number(x) = self { return x }
        return nil
    }
}

// MARK: - Typed samples

/// One column of a surface's rows, written once together with where its
/// value comes from: a small function (a key path literal such as `\.height` is one) of the surface's
/// typed sample. A surface lists its fields, and `SampledSurface` derives
/// both `columns` and `values()` from that one list, so a column and its
/// value can never drift apart.
public struct SimField<Sample> {
    /// The column this field fills.
    public let column: SimColumn
    private let read: (Sample) -> SimValue

    /// A field whose value `read` computes from the sample.
    public init(_ column: SimColumn, _ read: @escaping (Sample) -> SimValue) {
        self.column = column
        self.read = read
    }

    /// The field's value in `sample`.
    public func value(in sample: Sample) -> SimValue { read(sample) }

    /// A number column read by `read` (a `Double` or a `CGFloat`; a key
    /// path such as `\.height` is one). A function, not a stored `KeyPath`:
    /// the fields are read every frame and a key path's projection costs
    /// several times a call.
    public static func number<Value: BinaryFloatingPoint>(
        _ name: String, unit: String = "pt", chart: SimColumn.Chart? = nil, _ read: @escaping (Sample) -> Value
    ) -> SimField {
        SimField(.number(name, unit: unit, chart: chart)) { .number(Double(read($0))) }
    }

    /// A number column that may have no value in a frame (nil: `.none`).
    public static func optionalNumber<Value: BinaryFloatingPoint>(
        _ name: String, unit: String = "pt", chart: SimColumn.Chart? = nil, _ read: @escaping (Sample) -> Value?
    ) -> SimField {
        SimField(.number(name, unit: unit, chart: chart)) { read($0).map { .number(Double($0)) } ?? .none }
    }

    /// A true/false column read by `read`.
    public static func flag(_ name: String, _ read: @escaping (Sample) -> Bool) -> SimField {
        SimField(.flag(name)) { .flag(read($0)) }
    }

    /// A text column read by `read`.
    public static func text(_ name: String, _ read: @escaping (Sample) -> String) -> SimField {
        SimField(.text(name)) { .text(read($0)) }
    }
}

/// A surface that hands the simulation a typed sample each frame (its
/// controller's state and frame, the scroll views' values) and a list of
/// fields that name the columns and read them from the sample.
public protocol SampledSurface: SimSurface {
    /// The surface's values at the current frame, as typed Swift values.
    associatedtype Sample
    /// The sample for the row being written (after the latest
    /// `advance(to:)`); called once per row. nil: no values yet (every
    /// column `.none`).
    func sample() -> Sample?
    /// The columns and how each is read from a sample, fixed for the run
    /// (store them: they are read every frame).
    var fields: [SimField<Sample>] { get }
}

extension SampledSurface {
    public var columns: [SimColumn] { fields.map(\.column) }

    public func values() -> [SimValue] {
        guard let sample = sample() else { return fields.map { _ in .none } }
        return fields.map { $0.value(in: sample) }
    }

    public func appendValues(to row: inout [SimValue]) {
        guard let sample = sample() else {
            for _ in fields { row.append(.none) }
            return
        }
        for field in fields { row.append(field.value(in: sample)) }
    }
}

// MARK: - Touches


/// A touch as the simulated finger delivers it to a surface.
public struct SimTouch: Equatable, Sendable {
    /// Where a touch is in its life.
    public enum Phase: String, Equatable, Sendable {
        /// The finger touched the screen.
        case down
        /// The finger moved.
        case moved
        /// The finger lifted.
        case up
        /// The system took the touch away.
        case cancelled
    }

    /// Where the touch is in its life.
    public let phase: Phase
    /// Where the finger is, in screen points.
    public let location: CGPoint
    /// The finger's velocity, in screen points per second (y grows downwards).
    public let velocity: SimVector
    /// When (seconds since the run started); the surface and its scroll views
    /// have been advanced to this time already.
    public let time: Double

    /// A touch in `phase` at `location` (screen points), moving at `velocity`, at `time` (seconds).
    public init(phase: Phase, location: CGPoint, velocity: SimVector, time: Double) {
        self.phase = phase
        self.location = location
        self.velocity = velocity
        self.time = time
    }
}

extension SimScrollView {
    /// Delivers a simulated touch: down, moved, up or cancelled.
    public func handle(_ touch: SimTouch) {
        switch touch.phase {
        case .down: touchDown(at: touch.location)
        case .moved: touchMoved(to: touch.location, fingerVelocity: touch.velocity)
        case .up: touchUp(at: touch.location, fingerVelocity: touch.velocity)
        case .cancelled: touchCancelled()
        }
    }
}

// MARK: - The surface plug-in API

/// A surface driven by simulated scroll views: a live object for one run.
///
/// The simulation owns the clock and the finger. Every frame (and at every
/// script event in between) it advances each scroll view in `scrollViews`,
/// then calls `advance(to:)`; it delivers touches through `handle(_:)`; after
/// each frame it reads `values()`, one value per column of `columns`.
///
/// A new surface (a bottom sheet, a pull-down panel) conforms to this, gets a
/// `SurfaceDescription` that builds it from the script's `surface` object,
/// and adds that description to `SurfaceRegistry.all`. See `BarSurface`.
public protocol SimSurface: AnyObject {
    /// The scroll views this surface owns, primary first. Their state goes
    /// in every row (the first one's columns unprefixed, the others' prefixed
    /// with their name).
    var scrollViews: [SimScrollView] { get }
    /// The surface's own columns, fixed for the run (names prefixed with
    /// the surface type, e.g. `bar_height`). A `SampledSurface` derives
    /// them, and `values()`, from its fields.
    var columns: [SimColumn] { get }
    /// The current value of each column, in `columns` order.
    func values() -> [SimValue]
    /// Appends `values()` to `row` (the simulation's row of the frame).
    /// Default: appends `values()`; a `SampledSurface` appends its fields'
    /// values without an array of its own.
    func appendValues(to row: inout [SimValue])
    /// A touch from the simulated finger. Default: the primary scroll view
    /// gets it. A surface with areas of its own (a sheet's grabber, a
    /// backdrop) routes by `touch.location`.
    func handle(_ touch: SimTouch)
    /// Moves the surface's own animations to `time` (seconds). Called after
    /// the scroll views were advanced. Default: nothing.
    func advance(to time: Double)
    /// Whether the surface's own animations are over (the run ends once the
    /// steps are done and everything is at rest). Default: true.
    var isAtRest: Bool { get }
    /// Performs a surface-specific script step (`{"do": "surface", "action": ...}`)
    /// that its description validated with `validate(action:)`.
    func perform(_ action: SurfaceAction)
    /// A few lines describing how the run ended, for the table output.
    func summary() -> [String]
}

extension SimSurface {
    public func appendValues(to row: inout [SimValue]) { row += values() }
    public func handle(_ touch: SimTouch) { scrollViews.first?.handle(touch) }
    public func advance(to time: Double) {}
    public var isAtRest: Bool { true }
    public func perform(_ action: SurfaceAction) {}
    public func summary() -> [String] { [] }
}

/// A surface-specific step of a script, validated when the script is read.
public struct SurfaceAction: Equatable, Sendable {
    /// The action's name, e.g. "expand".
    public let name: String
    /// The step object, for arguments beyond the name.
    public let arguments: [JSONMember]

    /// An action `name` with the step's members.
    public init(name: String, arguments: [JSONMember]) {
        self.name = name
        self.arguments = arguments
    }
}

/// A surface's configuration as a script's `surface` object describes it,
/// and everything the tools need to know about that kind of surface.
///
/// To add a surface: conform a type, give it a unique `type`, and add it to
/// `SurfaceRegistry.all`. Its scenarios go in `Scenarios.all`, and its
/// drawing for the HTML replay is `htmlDrawing` (see `HTMLReplay` for the
/// JavaScript contract).
public protocol SurfaceDescription: Sendable {
    /// The value of `surface.type` that selects this surface, e.g. "bar".
    static var type: String { get }
    /// One line describing the surface.
    static var summary: String { get }
    /// The keys `surface` may hold besides "type", for the format's documentation.
    static var keys: [String] { get }
    /// JavaScript that registers the surface's drawing with the HTML replay:
    /// `ScrollDriveReplay.surfaces["<type>"] = function (stage, run) { ...; return function (frame) { ... } }`.
    static var htmlDrawing: String { get }
    /// What the SVG plot and the replay draw beyond the columns (axis
    /// titles, reference lines, velocities, marked state changes), from the
    /// `htmlParameters` of a run and its screen. Default: `PlotGuide()`.
    static func plotGuide(parameters: JSONValue, screen: CGSize) -> PlotGuide
    /// Reads the script's `surface` object; errors name the JSON path.
    static func decode(_ object: JSONObject) throws(ScriptError) -> Self
    /// Checks a `{"do": "surface", "action": ...}` step. Default: no actions.
    static func validate(action: SurfaceAction, at node: JSONNode) throws(ScriptError)
    /// Learns what the script's steps will ask of the surface, once they are
    /// read (e.g. the sheet adds its keyboard's columns when a step moves the
    /// keyboard). Default: nothing.
    mutating func prepare(for steps: [GestureScript.Step])
    /// Values the HTML drawing reads as `run.surface` (configuration, sizes).
    var htmlParameters: JSONValue { get }
    /// Checks the surface against the script's scroll view once both are
    /// read (e.g. the sheet's detents against the screen height); errors
    /// name the JSON path under `node`, the script's `surface` object.
    /// Default: nothing to check.
    func check(scrollView: SimScrollView.Configuration, surface node: JSONNode) throws(ScriptError)
    /// A fresh surface for one run, over scroll views made from `scrollView`
    /// (the script's `scrollView` object).
    func makeSurface(scrollView: SimScrollView.Configuration) -> any SimSurface
}

extension SurfaceDescription {
    public static func plotGuide(parameters: JSONValue, screen: CGSize) -> PlotGuide { PlotGuide() }

    public func check(scrollView: SimScrollView.Configuration, surface node: JSONNode) throws(ScriptError) {}

    public mutating func prepare(for steps: [GestureScript.Step]) {}

    public static func validate(action: SurfaceAction, at node: JSONNode) throws(ScriptError) {
        throw node.error("the \(type) surface has no actions")
    }
}

/// Every kind of surface a script can name. Adding a surface is one line here.
public enum SurfaceRegistry {
    /// Every surface type: the bar, the sheet, the pull-down panel, refresh.
    public static let all: [any SurfaceDescription.Type] = [
        BarSurfaceDescription.self,
        SheetSurfaceDescription.self,
        PulldownSurfaceDescription.self,
        RefreshSurfaceDescription.self,
    ]

    /// The description type for `type`, or nil.
    public static func named(_ type: String) -> (any SurfaceDescription.Type)? {
        all.first { $0.type == type }
    }
}
