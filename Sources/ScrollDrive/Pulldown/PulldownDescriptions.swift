import Foundation

// Readable `print()` output for the pull-down's public values: names and
// numbers a person reads, never the C structs behind them. Numbers are in
// Swift's shortest round-trip spelling, without a trailing ".0".

private func number(_ x: CGFloat) -> String {
    let s = "\(Double(x))"
    return s.hasSuffix(".0") ? String(s.dropLast(2)) : s
}

extension PulldownPanelController.Phase: CustomStringConvertible {
    /// `idle`, `pulling` or `refreshing`.
    public var description: String { rawValue }
}

extension PulldownPanelController.Transition: CustomStringConvertible {
    /// `none`, `opening`, `restoring`, `closing` or `returning`.
    public var description: String { rawValue }
}

extension PulldownPanelController.State: CustomStringConvertible {
    /// `State(list: pulling, pullDistance: 75, listOffset: -163, listTransition: none, panel: idle,
    /// pullUp: 0, panelTransition: none, open: false, locked: false, panelDragging: false,
    /// waitingForPage: false)`.
    public var description: String {
        "State(list: \(listPhase), pullDistance: \(number(pullDistance)), listOffset: \(number(listContentOffset)), "
            + "listTransition: \(listTransition), panel: \(panelPhase), pullUp: \(number(panelPullUpDistance)), "
            + "panelTransition: \(panelTransition), open: \(isOpen), locked: \(isInteractionLocked), "
            + "panelDragging: \(isPanelDragging), waitingForPage: \(isWaitingForPage))"
    }
}

extension PulldownPanelController.Ball: CustomStringConvertible {
    /// `(alpha: 1, x: -20, scale: 1)`.
    public var description: String { "(alpha: \(number(alpha)), x: \(number(x)), scale: \(number(scale)))" }
}

extension PulldownPanelController.Indicator: CustomStringConvertible {
    /// `Indicator(alpha: 1, height: 60, left: (...), centre: (...), right: (...))`.
    public var description: String {
        "Indicator(alpha: \(number(alpha)), height: \(number(height)), left: \(left), centre: \(centre), right: \(right))"
    }
}

extension PulldownPanelController.Frame: CustomStringConvertible {
    /// The frame's time, then what a view applies, grouped by view.
    public var description: String {
        "Frame(time: \(number(time)), navigationBar: (top: \(number(navigationBarTop)), colour: \(navigationBarColour)), "
            + "indicator: \(indicator), container: \(number(containerAlpha)), "
            + "panel: (alpha: \(number(panelAlpha)), scale: \(number(panelScaleX))x\(number(panelScaleY)), "
            + "y: \(number(panelY)), contentOffset: \(number(panelContentOffset)), "
            + "contentHeight: \(number(panelContentHeight)), driven: \(isPanelOffsetDriven)), "
            + "mask: \(number(maskAlpha)), weather: (alpha: \(number(weatherAlpha)), y: \(number(weatherY))), "
            + "tabBar: (alpha: \(number(tabBarAlpha)), y: \(number(tabBarY))), "
            + "list: (y: \(number(listY)), insetTop: \(number(listInsetTop)), contentOffset: \(number(listContentOffset)), "
            + "driven: \(isListOffsetDriven)), interaction: \(isInteractionEnabled), haptic: \(hapticFired), "
            + "transitions: \(listTransition)/\(panelTransition))"
    }
}

extension PulldownPanelController.Event: CustomStringConvertible {
    /// `stateChanged(State(...))`, `haptic`, `interactionLocked`, ...
    public var description: String {
        switch self {
        case let .stateChanged(state): return "stateChanged(\(state))"
        case .haptic: return "haptic"
        case .interactionLocked: return "interactionLocked"
        case .interactionUnlocked: return "interactionUnlocked"
        case .panelOpened: return "panelOpened"
        case .panelClosed: return "panelClosed"
        }
    }
}
