import Foundation

/// Writes a run's rows as text while it runs: CSV, JSON lines or the aligned
/// table, all columns or a chosen subset. Memory does not grow with the run:
/// CSV and JSON lines write each row at once; the table holds its first
/// `tableLayoutRows` rows to size its columns, then writes every later row
/// with those widths (a wider cell pushes the rest of its line along).
public final class RowWriter: SimulationSink {
    /// How rows are written.
    public enum Format: String, CaseIterable, Sendable {
        /// Aligned columns for people, with a summary at the end.
        case table
        /// Comma-separated values, every number in its shortest spelling.
        case csv
        /// One JSON object per line.
        case jsonl
    }

    /// Rows the table reads before it fixes its column widths.
    public static let tableLayoutRows = 4096

    /// How it writes rows.
    public let format: Format
    private let output: TextOutput
    private let selection: [String]?
    private var header: SimulationHeader?
    private var indices: [Int] = []
    private var columns: [SimColumn] = []
    private var pending: [[String]] = []
    private var widths: [Int]?
    private var csv = CSVLine(columns: 0)
    private var rowCount = 0
    private var lastTime = 0.0

    /// A writer of `format` to `output`; `columns` names the columns to write
    /// in order (nil: all of them). Unknown names are refused in `begin`.
    public init(format: Format, output: TextOutput, columns: [String]? = nil) {
        self.format = format
        self.output = output
        self.selection = columns
    }

    /// Why `begin` refused a column selection.
    public struct UnknownColumn: Error, CustomStringConvertible {
        /// The column asked for.
        public let name: String
        /// The columns there are.
        public let known: [String]
        public var description: String { "no column \(name) (columns: \(known.joined(separator: ", ")))" }
    }

    /// Writes the header (the table's or CSV's column names); nothing for JSON lines.
    public func begin(_ header: SimulationHeader) throws {
        self.header = header
        if let selection {
            indices = try selection.map { name in
                guard let i = header.columnIndex(name) else { throw UnknownColumn(name: name, known: header.columns.map(\.name)) }
                return i
            }
        } else {
            indices = Array(header.columns.indices)
        }
        columns = indices.map { header.columns[$0] }
        csv = CSVLine(columns: columns.count)
        switch format {
        case .csv: try output.write(columns.map(\.name).joined(separator: ",") + "\n")
        case .table:
            try output.write("# \(header.name) at \(header.fps) Hz" + (header.summary.isEmpty ? "" : ": \(header.summary)") + "\n")
        case .jsonl: break
        }
    }

    public func row(_ values: [SimValue]) throws {
        rowCount += 1
        lastTime = values.first?.number ?? lastTime
        switch format {
        case .csv:
            csv.build(values, indices)
            try output.write(bytes: csv.bytes)
        case .jsonl:
            let members = indices.map { JSONMember(header!.columns[$0].name, SimulationRun.json(values[$0])) }
            try output.write(JSONValue.object(members).serialized + "\n")
        case .table:
            let cells = indices.map { Self.tableCell(header!.columns[$0], values[$0]) }
            if widths != nil {
                try output.write(tableLine(cells))
            } else {
                pending.append(cells)
                if pending.count >= Self.tableLayoutRows { try layOutTable() }
            }
        }
    }

    /// Writes what remains (the table's last rows and its summary) and flushes.
    public func end(outcome: [String]) throws {
        if format == .table {
            if widths == nil { try layOutTable() }
            try output.write("# \(rowCount) frames, \(String(format: "%.3f", lastTime)) s\n")
            for item in outcome { try output.write("# \(item)\n") }
        }
        try output.flush()
    }

    private func layOutTable() throws {
        var w = columns.map(\.name.count)
        for row in pending {
            for (i, cell) in row.enumerated() { w[i] = max(w[i], cell.count) }
        }
        widths = w
        try output.write(tableLine(columns.map(\.name)))
        for row in pending { try output.write(tableLine(row)) }
        pending = []
    }

    private func tableLine(_ items: [String]) -> String {
        var line = ""
        for (i, item) in items.enumerated() {
            if i > 0 { line += "  " }
            let pad = String(repeating: " ", count: max(0, widths![i] - item.count))
            line += columns[i].kind == .text ? item + pad : pad + item
        }
        return line + "\n"
    }

    /// A cell of the table: two decimals (four for `t`), flags as 1/0, `.`
    /// for empty text, `-` for missing values.
    static func tableCell(_ column: SimColumn, _ value: SimValue) -> String {
        switch value {
        case let .number(x): return column.name == "t" ? String(format: "%.4f", x) : String(format: "%.2f", x)
        case let .flag(b): return b ? "1" : "0"
        case let .text(s): return s.isEmpty ? "." : s
        case .none: return "-"
        }
    }

    /// The columns the terminal table shows by default: the clock, the step,
    /// the finger's y, the primary scroll view's phase, offset and velocity,
    /// and the surface's plotted values and its text columns (states,
    /// detents, events). `--all-columns` shows every column.
    public static func defaultTableColumns(_ header: SimulationHeader) -> [String] {
        let base: Set<String> = ["t", "step", "finger_y", "phase", "y", "vy"]
        let surfaceStart = header.columns.firstIndex { $0.name.hasPrefix(header.surfaceType + "_") } ?? header.columns.count
        return header.columns.enumerated().filter { i, column in
            base.contains(column.name) || (i >= surfaceStart && (column.chart != nil || column.kind == .text))
        }.map(\.element.name)
    }
}

/// One CSV line being built as bytes: numbers in Swift's shortest
/// round-trip spelling (`description`, by way of `DecimalSpelling`), `nan` /
/// `inf` / `-inf` for the others, flags as 1/0, text as it is, missing
/// values empty. Each column keeps its last number's spelling, so a number
/// that did not change since the previous row is not spelled again.
struct CSVLine {
    /// The line so far.
    private(set) var bytes: [UInt8] = []
    /// Per column: the bits of the last number spelled and its spelling
    /// (nil: none yet, or one `DecimalSpelling` leaves to `description`).
    private var lastBits: [UInt64]
    private var spellings: [Spelled?]

    init(columns: Int) {
        lastBits = Array(repeating: 0, count: columns)
        spellings = Array(repeating: nil, count: columns)
        bytes.reserveCapacity(64 + 24 * columns)
    }

    /// The line of `values` at `indices` (cell k is column k), ended by a
    /// newline. One mutating call per row: the writer's stored line is
    /// accessed once, not once per cell.
    mutating func build(_ values: [SimValue], _ indices: [Int]) {
        bytes.removeAll(keepingCapacity: true)
        for (k, i) in indices.enumerated() {
            if k > 0 { bytes.append(UInt8(ascii: ",")) }
            append(values[i], column: k)
        }
        bytes.append(UInt8(ascii: "\n"))
    }

    /// Appends `value`'s cell as column `column`.
    mutating func append(_ value: SimValue, column: Int) {
        switch value {
        case let .number(x): append(number: x, column: column)
        case let .flag(b): bytes.append(b ? UInt8(ascii: "1") : UInt8(ascii: "0"))
        case let .text(s): bytes.append(contentsOf: s.utf8)
        case .none: break
        }
    }

    private mutating func append(number x: Double, column: Int) {
        if lastBits[column] == x.bitPattern, let spelled = spellings[column] {
            bytes.append(contentsOf: spelled)
            return
        }
        guard x.isFinite else {
            bytes.append(contentsOf: (x.isNaN ? "nan" : x > 0 ? "inf" : "-inf").utf8)
            return
        }
        let spelled = DecimalSpelling.spell(x)
        if let spelled {
            bytes.append(contentsOf: spelled)
        } else {
            bytes.append(contentsOf: x.description.utf8)
        }
        lastBits[column] = x.bitPattern
        spellings[column] = spelled
    }
}
