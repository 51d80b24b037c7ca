import Foundation

/// A built-in gesture script with a name and a one-line description, run by
/// `scrolldrive simulate NAME` and listed by `scrolldrive scenarios`.
///
/// A scenario is a gesture script in JSON (the same format as script
/// files), so `scrolldrive scenarios --show NAME` prints a starting point
/// for writing one's own.
public struct Scenario: Sendable {
    /// The name `scrolldrive simulate` takes (surface first: `bar-fling`).
    public let name: String
    /// What it does, in a sentence.
    public let summary: String
    /// The gesture script (JSON).
    public let script: String

    /// A scenario of a name, a sentence and a gesture script (JSON).
    public init(name: String, summary: String, script: String) {
        self.name = name
        self.summary = summary
        self.script = script
    }

    /// The script, read. Built-in scenarios always read (a test checks them all).
    public func gestureScript() throws(ScriptError) -> GestureScript {
        var s = try GestureScript(json: script, name: name)
        if s.summary.isEmpty { s.summary = summary }
        return s
    }
}

/// Every built-in scenario. Adding one is one line here (define it next to
/// its surface, e.g. in `BarScenarios.swift`).
public enum Scenarios {
    /// Every built-in scenario, surface by surface.
    public static let all: [Scenario] = [
        .barFling,
        .barExpandSnap,
        .barFlingCompact,
        .barTopFling,
        .barReleaseMid,
        .barShortContent,
        .barTapStop,
        .barExitUntilCollapsed,
        .barSnapDirection,
        .barNoSnap,
        .barExpandAtTop,
        .barLargeTitle,
        .barSafeArea,
        .barReducedMotion,
    ] + Scenario.sheetScenarios + Scenario.pulldownScenarios
        + Scenario.refreshScenarios

    /// The scenario called `name`, or nil.
    public static func named(_ name: String) -> Scenario? { all.first { $0.name == name } }
}
