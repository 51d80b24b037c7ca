import ArgumentParser
import Foundation
import ScrollDriveSim

struct ScenariosCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scenarios",
        abstract: "List the built-in scenarios of `scrolldrive simulate`.",
        discussion: """
            Each name starts with the surface it runs: bar- (the 3-state bar), sheet- (the bottom sheet), \
            pulldown- (the pull-down mini-program panel) or refresh- (pull to refresh and load more). With --show NAME, prints that scenario's gesture \
            script (JSON), a starting point for your own (format in docs/gesture-scripts.md).
            """
    )

    @Option(help: "Print the gesture script of this scenario instead of the list.")
    var show: String?

    func run() throws {
        try reportingUserErrors {
            var out = ""
            if let show {
                guard let scenario = Scenarios.named(show) else {
                    throw UserError("\(show): no such scenario (scenarios: \(Scenarios.all.map(\.name).joined(separator: ", ")))")
                }
                out = scenario.script + "\n"
            } else {
                let width = Scenarios.all.map(\.name.count).max() ?? 0
                for scenario in Scenarios.all {
                    out += scenario.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + scenario.summary + "\n"
                }
            }
            FileHandle.standardOutput.write(Data(out.utf8))
        }
    }
}
