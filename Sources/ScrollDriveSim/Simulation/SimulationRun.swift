import Foundation

/// The record of one simulation: one row per frame, plus what the renderers
/// (table, CSV, JSON lines, SVG, HTML) need to know about the run.
public struct SimulationRun: Sendable {
    /// A script step's time span (seconds).
    public struct StepSpan: Equatable, Sendable {
        /// The step's `do` (drag, fling, wait, ...; "settle" after the last).
        public let kind: String
        /// When it starts (seconds).
        public let start: Double
        /// When it ends (seconds).
        public let end: Double
    }

    /// The script's or scenario's name.
    public let name: String
    /// What the script does, in a sentence.
    public let summary: String
    /// Frames per second of the run's clock.
    public let fps: Int
    /// The columns of every row, in order.
    public let columns: [SimColumn]
    /// One row per frame, a value per column.
    public let rows: [[SimValue]]
    /// The script's steps with their time spans.
    public let steps: [StepSpan]
    /// The surface's `type` and the values its HTML drawing reads.
    public let surfaceType: String
    /// The surface's numbers the renderers read (heights, detents, critical points).
    public let surfaceParameters: JSONValue
    /// The surface's drawing for the HTML replay (JavaScript).
    public let htmlDrawing: String
    /// The primary scroll view's frame size (the phone's screen), in points.
    public let screen: CGSize
    /// How the run ended, in the surface's words.
    public let outcome: [String]

    /// The index of the column called `name`.
    public func columnIndex(_ name: String) -> Int? { columns.firstIndex { $0.name == name } }

    /// The values of a number column (NaN where a row has none).
    public func numbers(_ name: String) -> [Double] {
        guard let i = columnIndex(name) else { return [] }
        return rows.map { $0[i].number ?? .nan }
    }

    /// The values of a column as text, as CSV writes them.
    public func texts(_ name: String) -> [String] {
        guard let i = columnIndex(name) else { return [] }
        return rows.map { Self.csvCell($0[i]) }
    }

    /// The time of every row (seconds).
    public var times: [Double] { numbers("t") }

    /// The header a sink sees before the first row.
    public var header: SimulationHeader {
        SimulationHeader(name: name, summary: summary, fps: fps, columns: columns, steps: steps,
                         surfaceType: surfaceType, surfaceParameters: surfaceParameters,
                         htmlDrawing: htmlDrawing, screen: screen)
    }

    /// Feeds the recorded run to `sinks` as `Simulation.run(into:)` would.
    public func replay(into sinks: [any SimulationSink]) throws {
        for sink in sinks { try sink.begin(header) }
        for row in rows {
            for sink in sinks { try sink.row(row) }
        }
        for sink in sinks { try sink.end(outcome: outcome) }
    }

    private func text(_ format: RowWriter.Format) -> String {
        let output = TextOutput()
        // An in-memory output and every column: nothing can fail.
        try! replay(into: [RowWriter(format: format, output: output)])
        return output.text
    }

    // MARK: - CSV

    /// Comma-separated values with a header line. Numbers in Swift's
    /// shortest round-trip spelling (exact, and the same on every run),
    /// flags as 1/0, missing values empty.
    public func csv() -> String { text(.csv) }

    static func csvCell(_ value: SimValue) -> String {
        var line = CSVLine(columns: 1)
        line.append(value, column: 0)
        return String(decoding: line.bytes, as: UTF8.self)
    }

    // MARK: - JSON lines

    /// One JSON object per frame, keys in column order; flags as booleans,
    /// missing values as null.
    public func jsonLines() -> String { text(.jsonl) }

    static func json(_ value: SimValue) -> JSONValue {
        switch value {
        case let .number(x): return x.isFinite ? .number(x) : .null
        case let .flag(b): return .bool(b)
        case let .text(s): return .string(s)
        case .none: return .null
        }
    }

    // MARK: - Table

    /// An aligned text table for people: two decimals, flags as 1/0, `-`
    /// for missing values; a header, then the outcome as `#` lines.
    public func table() -> String { text(.table) }
}

extension SimulationRun {
    /// A run from a header, its rows and its outcome (the memberwise
    /// initializer stays available because this one lives in an extension).
    init(header h: SimulationHeader, rows: [[SimValue]], outcome: [String]) {
        self.init(name: h.name, summary: h.summary, fps: h.fps, columns: h.columns, rows: rows, steps: h.steps,
                  surfaceType: h.surfaceType, surfaceParameters: h.surfaceParameters, htmlDrawing: h.htmlDrawing,
                  screen: h.screen, outcome: outcome)
    }
}
