import Foundation

// Readable `print()` output for the refresh surface's public values: names
// and numbers a person reads. Numbers as `readableNumber` spells them.

extension RefreshController.HeaderState: CustomStringConvertible {
    /// `idle`, `pulling`, `refreshing` or `done`.
    public var description: String { rawValue }
}

extension RefreshController.HeaderState {
    /// What a header says in this state, in English: "Pull down to
    /// refresh", "Release to refresh", "Refreshing..." or "Refreshed".
    /// `RefreshableScrollView`'s default header shows it; to localise, draw
    /// your own header from the state.
    public var title: String {
        switch self {
        case .idle: "Pull down to refresh"
        case .pulling: "Release to refresh"
        case .refreshing: "Refreshing..."
        case .done: "Refreshed"
        }
    }
}

extension RefreshController.FooterState: CustomStringConvertible {
    /// `idle`, `loading` or `noMoreData`.
    public var description: String { rawValue }
}

extension RefreshController.State: CustomStringConvertible {
    /// `State(header: refreshing, footer: idle)`.
    public var description: String { "State(header: \(header), footer: \(footer))" }
}

extension RefreshController.Event: CustomStringConvertible {
    /// `headerStateChanged(pulling)`, `refresh`, `footerStateChanged(loading)` or `loadMore`.
    public var description: String {
        switch self {
        case let .headerStateChanged(state): return "headerStateChanged(\(state))"
        case .refresh: return "refresh"
        case let .footerStateChanged(state): return "footerStateChanged(\(state))"
        case .loadMore: return "loadMore"
        }
    }
}

extension RefreshController.Frame: CustomStringConvertible {
    /// The frame's time and state, then what the views apply:
    /// `Frame(time: 1, header: refreshing, footer: idle, animating: false, offsetDriven: false,
    /// pullDistance: 54, progress: 1, headerTop: -54, headerVisibleHeight: 54, insetTop: 54,
    /// insetBottom: 44, contentOffset: -54, footerTop: 2000, remainingDistance: 1200)`.
    public var description: String {
        "Frame(time: \(readableNumber(time)), header: \(state.header), footer: \(state.footer), "
            + "animating: \(isAnimating), offsetDriven: \(isOffsetDriven), "
            + "pullDistance: \(readableNumber(pullDistance)), progress: \(readableNumber(progress)), "
            + "headerTop: \(readableNumber(headerTop)), headerVisibleHeight: \(readableNumber(headerVisibleHeight)), "
            + "insetTop: \(readableNumber(insetTop)), insetBottom: \(readableNumber(insetBottom)), "
            + "contentOffset: \(readableNumber(contentOffset)), footerTop: \(readableNumber(footerTop)), "
            + "remainingDistance: \(readableNumber(remainingDistance)))"
    }
}
