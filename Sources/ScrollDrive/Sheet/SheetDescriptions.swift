import Foundation

// Readable `print()` output for the sheet's public values (its `Detent` and
// `Event` print as code writes them, in SheetConfiguration.swift and
// SheetState.swift). Numbers as `readableNumber` spells them.

extension SheetController.DragState: CustomStringConvertible {
    /// `inactive`, `pressing` or `dragging(translation: 12.5)`.
    public var description: String {
        switch self {
        case .inactive: return "inactive"
        case .pressing: return "pressing"
        case let .dragging(translation): return "dragging(translation: \(readableNumber(translation)))"
        }
    }
}

extension SheetController.State: CustomStringConvertible {
    /// `State(detent: .full, detentIndex: 0, drag: inactive, position: 50)`: the
    /// detent as the case it was made from where one matches.
    public var description: String {
        "State(detent: \(detent), detentIndex: \(detentIndex), drag: \(drag), position: \(readableNumber(position)))"
    }
}

extension SheetController.Frame: CustomStringConvertible {
    /// The frame's time, what the views apply, then the state:
    /// `Frame(time: 0.5, sheetTop: 422, velocity: 0, backdropAlpha: 0.5, backgroundOffset: -10,
    /// contentOffset: 0, innerScrollEnabled: false, contentScrolling: false, animating: false,
    /// backgroundInteractive: false, state: State(...))`.
    public var description: String {
        "Frame(time: \(readableNumber(time)), sheetTop: \(readableNumber(sheetTop)), "
            + "velocity: \(readableNumber(velocity)), backdropAlpha: \(readableNumber(backdropAlpha)), "
            + "backgroundOffset: \(readableNumber(backgroundOffset)), contentOffset: \(readableNumber(contentOffset)), "
            + "innerScrollEnabled: \(isInnerScrollEnabled), contentScrolling: \(isContentScrolling), "
            + "animating: \(isAnimating), backgroundInteractive: \(isBackgroundInteractive), state: \(state))"
    }
}
