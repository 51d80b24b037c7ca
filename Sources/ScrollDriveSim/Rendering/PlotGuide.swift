import Foundation

/// What a surface tells the plots beyond its columns: what each chart's
/// axis measures, the values the curves are judged against (a sheet's
/// detents, the pull-down's critical points, the bar's three heights), which
/// columns are velocities, which state changes to mark, and which values the
/// replay shows first. `SurfaceDescription.plotGuide(parameters:screen:)`
/// gives it.
public struct PlotGuide: Equatable, Sendable {
    /// A horizontal line across a chart at `value`, labelled.
    public struct Reference: Equatable, Sendable {
        /// Where the line is (the chart's unit).
        public let value: Double
        /// Its label, at the right of the chart.
        public let label: String
        /// The chart it crosses.
        public let chart: SimColumn.Chart

        /// A line at `value` labelled `label` on `chart`.
        public init(_ value: Double, _ label: String, chart: SimColumn.Chart = .points) {
            self.value = value
            self.label = label
            self.chart = chart
        }
    }

    /// A column whose changes are marked on the plot.
    public struct Watch: Equatable, Sendable {
        /// How a watched column is marked.
        public enum Kind: Equatable, Sendable {
            /// A text column: each change to a value other than "" or
            /// "none" is marked with `prefix` + the value, and a change back
            /// with `prefix` + the old value + " done".
            case changes
            /// A text column of events: every frame whose value is not ""
            /// is marked with the value.
            case events
            /// A flag: marked with `on` when it turns true, `off` when false.
            case flag(on: String, off: String)
        }

        /// The column watched.
        public let column: String
        /// How it is marked.
        public let kind: Kind
        /// Text before each mark (a comparison's "A " and "B ").
        public let prefix: String

        /// A watch of `column`, marked as `kind` says.
        public init(_ column: String, _ kind: Kind, prefix: String = "") {
            self.column = column
            self.kind = kind
            self.prefix = prefix
        }
    }

    /// The points chart's axis title (what its curves measure).
    public var pointsAxis: String
    /// The unit-less chart's axis title.
    public var progressAxis: String
    /// Reference lines.
    public var references: [Reference]
    /// Columns (in pt/s) drawn on a velocity chart.
    public var velocities: [String]
    /// State changes to mark.
    public var watches: [Watch]
    /// The columns the replay's values panel shows before "all values".
    public var mainColumns: [String]
    /// Columns drawn dashed (the second run of a comparison).
    public var dashed: [String] = []
    /// Columns drawn in another column's colour (a comparison's `B_x` in
    /// `A_x`'s: one colour per column, A solid, B dashed).
    public var colourOf: [String: String] = [:]
    /// The plot's title instead of "NAME at FPS Hz".
    public var title: String?

    /// A guide with these axes, lines, velocity columns, watches and values-panel columns.
    public init(pointsAxis: String = "content offset (pt)", progressAxis: String = "fraction",
                references: [Reference] = [], velocities: [String] = ["vy"], watches: [Watch] = [],
                mainColumns: [String] = ["t", "step", "phase", "y", "vy"])
    {
        self.pointsAxis = pointsAxis
        self.progressAxis = progressAxis
        self.references = references
        self.velocities = velocities
        self.watches = watches
        self.mainColumns = mainColumns
    }

    /// The guide for a run's header: its surface's, or the default one for
    /// a surface type no description claims.
    public static func of(_ header: SimulationHeader) -> PlotGuide {
        guard let description = SurfaceRegistry.named(header.surfaceType) else { return PlotGuide() }
        return description.plotGuide(parameters: header.surfaceParameters, screen: header.screen)
    }
}

extension JSONValue {
    /// The member `key` of an object (nil for anything else).
    subscript(member key: String) -> JSONValue? {
        guard case let .object(members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The number, or nil.
    var numberValue: Double? {
        if case let .number(x) = self { return x }
        return nil
    }
}
