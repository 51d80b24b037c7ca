import Foundation

// Readable `print()` output for the bar's public values: names and numbers a
// person reads, never the C structs behind them.

/// A number as the surfaces' descriptions print it: Swift's shortest
/// round-trip spelling without a trailing ".0" (170, 0.7, -0.0, nan). Shared
/// by the descriptions of ScrollDrive and ScrollDriveSim.
package func readableNumber<T: BinaryFloatingPoint>(_ x: T) -> String {
    let s = "\(Double(x))"
    return s.hasSuffix(".0") ? String(s.dropLast(2)) : s
}

extension BarController.State.StateRange: CustomStringConvertible {
    /// `compactNormal` or `normalExpanded`.
    public var description: String {
        switch self {
        case .compactNormal: return "compactNormal"
        case .normalExpanded: return "normalExpanded"
        }
    }
}

extension BarController.ScrollPolicy: CustomStringConvertible {
    /// The policies set, by name: `[]`, `[snapByDirection, largeTitle]`.
    public var description: String {
        let names: [(BarController.ScrollPolicy, String)] = [
            (.exitUntilCollapsed, "exitUntilCollapsed"), (.snapByDirection, "snapByDirection"),
            (.noSnap, "noSnap"), (.expandWheneverAtTop, "expandWheneverAtTop"), (.largeTitle, "largeTitle"),
            (.reducedMotion, "reducedMotion"),
        ]
        var parts = names.filter { contains($0.0) }.map(\.1)
        let unknown = rawValue & ~names.reduce(0) { $0 | $1.0.rawValue }
        if unknown != 0 { parts.append("rawValue: \(unknown)") }
        return "[" + parts.joined(separator: ", ") + "]"
    }
}

extension BarController.Configuration: CustomStringConvertible {
    /// `Configuration(heights: 100/200/300, policy: [])`: compact, normal and
    /// expanded heights in points, then the scroll policies, then the safe
    /// area above the bar when there is one (`, safeAreaTop: 47`).
    public var description: String {
        "Configuration(heights: \(readableNumber(compactStateHeight))/\(readableNumber(normalStateHeight))/"
            + "\(readableNumber(expandedStateHeight)), policy: \(scrollPolicy)"
            + (safeAreaTop != 0 ? ", safeAreaTop: \(readableNumber(safeAreaTop)))" : ")")
    }
}

extension BarController.State: CustomStringConvertible {
    /// `State(offset: -170, progress: 0.7, range: compactNormal, expandedAvailable: true,
    /// heights: 100/200/300)`: the offset (-height, points), where it is between the
    /// states, and the heights it is measured against.
    public var description: String {
        "State(offset: \(readableNumber(offset)), progress: \(readableNumber(transitionProgress())), "
            + "range: \(stateRange()), expandedAvailable: \(isExpandedStateAvailable), "
            + "heights: \(readableNumber(configuration.compactStateHeight))/"
            + "\(readableNumber(configuration.normalStateHeight))/\(readableNumber(configuration.expandedStateHeight)))"
    }
}

extension BarController.Frame: CustomStringConvertible {
    /// `Frame(time: 0.5, height: 170, progress: 0.7, range: compactNormal, expandedAvailable: true,
    /// titleScale: 1, largeTitleAlpha: 0.4, inlineTitleAlpha: 0.6)`.
    public var description: String {
        "Frame(time: \(readableNumber(time)), height: \(readableNumber(height)), "
            + "progress: \(readableNumber(transitionProgress)), range: \(stateRange), "
            + "expandedAvailable: \(isExpandedStateAvailable), titleScale: \(readableNumber(titleScale)), "
            + "largeTitleAlpha: \(readableNumber(largeTitleAlpha)), inlineTitleAlpha: \(readableNumber(inlineTitleAlpha)))"
    }
}

extension BarController.Event: CustomStringConvertible {
    /// `stateChanged(State(...))`.
    public var description: String {
        switch self {
        case let .stateChanged(state): return "stateChanged(\(state))"
        }
    }
}
