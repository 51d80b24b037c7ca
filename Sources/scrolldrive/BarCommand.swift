import ArgumentParser
import Foundation
import ScrollDriveSim

struct BarCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bar",
        abstract: "The expandable bar (AirBar behaviour).",
        subcommands: [Replay.self]
    )

    struct Replay: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Replay a text trace of scroll-view events through a BarController.",
            discussion: """
                One event per line (blank lines and # comments skipped): cfg COMPACT NORMAL EXPANDED \
                (first), geom FRAME_HEIGHT CONTENT_HEIGHT, off Y, pan began|changed|ended|cancelled, \
                expand 0|1, pre [Y]. Prints `offset available height progress insetTop target` after \
                every event, numbers in the shortest spelling that reads back to the same double (1.4, \
                not 1.3999999999999999; target is nan when no content offset was requested).
                """
        )

        @Argument(help: "Trace file, or - for standard input.")
        var file: String = "-"

        @Flag(help: "Print the field names first.")
        var header = false

        @Flag(help: "Print each event (as written in the trace) before its result.")
        var echo = false

        func run() throws {
            try reportingUserErrors {
                let text = try readInput(file)
                let trace: BarTrace
                do {
                    trace = try BarTrace(parsing: text)
                } catch let error as BarTrace.ParseError {
                    throw UserError("\(file == "-" ? "<stdin>" : file):\(error.line): \(error.message)")
                }
                let rows = trace.replay().map(\.shortestText)
                var events: [String] = []
                if echo {
                    let source = text.split(separator: "\n", omittingEmptySubsequences: false)
                    events = trace.lines.map { line in
                        source[line.number - 1].split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
                            .joined(separator: " ")
                    }
                }
                let width = max(events.map(\.count).max() ?? 0, "event".count)
                func pad(_ s: String) -> String { s + String(repeating: " ", count: width - s.count) + "  " }
                var out = ""
                if header {
                    out += (echo ? pad("event") : "") + BarTrace.Row.fieldNames.joined(separator: " ") + "\n"
                }
                for (k, row) in rows.enumerated() { out += (echo ? pad(events[k]) : "") + row + "\n" }
                FileHandle.standardOutput.write(Data(out.utf8))
            }
        }
    }
}
