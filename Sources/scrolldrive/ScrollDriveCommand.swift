import ArgumentParser
import Foundation
import ScrollDrive

@main
struct ScrollDriveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scrolldrive",
        abstract: "Headless scroll- and gesture-driven UI: replay, simulate and measure.",
        discussion: """
            Exit status: 0 on success (and for --help), 2 for any bad input: a malformed trace or \
            script, a value out of range, an unwritable output file, an unknown option or argument, \
            an option value that is not a number.
            """,
        version: ScrollDriveVersion.string,
        subcommands: [BarCommand.self, BenchCommand.self, SimulateCommand.self, SweepCommand.self, ScenariosCommand.self,
                      PlaygroundCommand.self, CompareCommand.self]
    )

    /// Parses and runs like ArgumentParser's own `main()`, except that every
    /// error exits with status 2 (ArgumentParser's usage errors would be 64,
    /// EX_USAGE): one exit status for all bad input. Help still prints to
    /// standard output and exits 0; an `ExitCode` a command throws is kept
    /// (`reportingUserErrors` has printed its message already).
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let code as ExitCode {
            exit(withError: code)
        } catch {
            if exitCode(for: error).isSuccess { exit(withError: error) }
            let message = fullMessage(for: error)
            if !message.isEmpty { FileHandle.standardError.write(Data((message + "\n").utf8)) }
            Foundation.exit(2)
        }
    }
}
