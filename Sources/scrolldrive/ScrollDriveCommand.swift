import ArgumentParser

@main
struct ScrollDriveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scrolldrive",
        abstract: "Headless scroll- and gesture-driven UI: replay, simulate and measure.",
        subcommands: [BarCommand.self, BenchCommand.self, SimulateCommand.self, ScenariosCommand.self]
    )
}
