import Foundation

/// The record of one simulation: one row per frame, plus what the renderers
/// (table, CSV, JSON lines, SVG, HTML) need to know about the run.
public struct SimulationRun: Sendable {
    /// A script step's time span (seconds).
    public struct StepSpan: Equatable, Sendable {
        public let kind: String
        public let start: Double
        public let end: Double
    }

    public let name: String
    public let summary: String
    public let fps: Int
    public let columns: [SimColumn]
    public let rows: [[SimValue]]
    public let steps: [StepSpan]
    /// The surface's `type` and the values its HTML drawing reads.
    public let surfaceType: String
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

    // MARK: - CSV

    /// Comma-separated values with a header line. Numbers in Swift's
    /// shortest round-trip spelling (exact, and the same on every run),
    /// flags as 1/0, missing values empty.
    public func csv() -> String {
        var out = columns.map(\.name).joined(separator: ",") + "\n"
        for row in rows {
            out += row.map(Self.csvCell).joined(separator: ",")
            out += "\n"
        }
        return out
    }

    static func csvCell(_ value: SimValue) -> String {
        switch value {
        case let .number(x): return x.isFinite ? "\(x)" : (x.isNaN ? "nan" : (x > 0 ? "inf" : "-inf"))
        case let .flag(b): return b ? "1" : "0"
        case let .text(s): return s
        case .none: return ""
        }
    }

    // MARK: - JSON lines

    /// One JSON object per frame, keys in column order; flags as booleans,
    /// missing values as null.
    public func jsonLines() -> String {
        var out = ""
        for row in rows {
            let members = zip(columns, row).map { JSONMember($0.name, Self.json($1)) }
            out += JSONValue.object(members).serialized + "\n"
        }
        return out
    }

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
    public func table() -> String {
        let cells: [[String]] = rows.map { row in
            zip(columns, row).map { column, value in
                switch value {
                case let .number(x):
                    return column.name == "t" ? String(format: "%.4f", x) : String(format: "%.2f", x)
                case let .flag(b): return b ? "1" : "0"
                case let .text(s): return s.isEmpty ? "." : s
                case .none: return "-"
                }
            }
        }
        var widths = columns.map(\.name.count)
        for row in cells {
            for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.count) }
        }
        func line(_ items: [String]) -> String {
            zip(items, zip(widths, columns)).map { item, wc in
                let pad = String(repeating: " ", count: max(0, wc.0 - item.count))
                return wc.1.kind == .text ? item + pad : pad + item
            }.joined(separator: "  ")
        }
        var out = "# \(name) at \(fps) Hz" + (summary.isEmpty ? "" : ": \(summary)") + "\n"
        out += line(columns.map(\.name)) + "\n"
        for row in cells { out += line(row) + "\n" }
        let last = rows.last.flatMap { $0.first?.number } ?? 0
        out += "# \(rows.count) frames, \(String(format: "%.3f", last)) s\n"
        for item in outcome { out += "# \(item)\n" }
        return out
    }
}
