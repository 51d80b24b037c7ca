import Foundation

// Readable `print()` output for the pull-down's public values: names and
// numbers a person reads, never the C structs behind them. Numbers are
// spelled by `readableNumber` (BarDescriptions.swift).

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
        "State(list: \(listPhase), pullDistance: \(readableNumber(pullDistance)), listOffset: \(readableNumber(listContentOffset)), "
            + "listTransition: \(listTransition), panel: \(panelPhase), pullUp: \(readableNumber(panelPullUpDistance)), "
            + "panelTransition: \(panelTransition), open: \(isOpen), locked: \(isInteractionLocked), "
            + "panelDragging: \(isPanelDragging), waitingForPage: \(isWaitingForPage))"
    }
}

extension PulldownPanelController.Ball: CustomStringConvertible {
    /// `(alpha: 1, x: -20, scale: 1)`.
    public var description: String { "(alpha: \(readableNumber(alpha)), x: \(readableNumber(x)), scale: \(readableNumber(scale)))" }
}

extension PulldownPanelController.Indicator: CustomStringConvertible {
    /// `Indicator(alpha: 1, height: 60, left: (...), centre: (...), right: (...))`.
    public var description: String {
        "Indicator(alpha: \(readableNumber(alpha)), height: \(readableNumber(height)), left: \(left), centre: \(centre), right: \(right))"
    }
}

extension PulldownPanelController.Frame: CustomStringConvertible {
    /// The frame's time, then what a view applies, grouped by view.
    public var description: String {
        "Frame(time: \(readableNumber(time)), navigationBar: (top: \(readableNumber(navigationBarTop)), colour: \(navigationBarColour)), "
            + "indicator: \(indicator), container: \(readableNumber(containerAlpha)), "
            + "panel: (alpha: \(readableNumber(panelAlpha)), scale: \(readableNumber(panelScaleX))x\(readableNumber(panelScaleY)), "
            + "y: \(readableNumber(panelY)), contentOffset: \(readableNumber(panelContentOffset)), "
            + "contentHeight: \(readableNumber(panelContentHeight)), driven: \(isPanelOffsetDriven)), "
            + "mask: \(readableNumber(maskAlpha)), weather: (alpha: \(readableNumber(weatherAlpha)), y: \(readableNumber(weatherY))), "
            + "tabBar: (alpha: \(readableNumber(tabBarAlpha)), y: \(readableNumber(tabBarY))), "
            + "list: (y: \(readableNumber(listY)), insetTop: \(readableNumber(listInsetTop)), contentOffset: \(readableNumber(listContentOffset)), "
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
