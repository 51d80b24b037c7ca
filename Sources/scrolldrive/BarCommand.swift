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
                every event (%.17g; target is nan when no content offset was requested).
                """
        )

        @Argument(help: "Trace file, or - for standard input.")
        var file: String = "-"

        func run() throws {
            try reportingUserErrors {
                let text = try readInput(file)
                let trace: BarTrace
                do {
                    trace = try BarTrace(parsing: text)
                } catch let error as BarTrace.ParseError {
                    throw UserError("\(file == "-" ? "<stdin>" : file):\(error.line): \(error.message)")
                }
                var out = ""
                for row in trace.replay() { out += row.text + "\n" }
                FileHandle.standardOutput.write(Data(out.utf8))
            }
        }
    }
}
