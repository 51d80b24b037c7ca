// One spelling for every surface: `set(scrollView:)` (and the pull-down's
// named scroll views) attaches a `UIScrollView` through its one
// `UIScrollViewAdapter`.
#if canImport(UIKit) && !os(watchOS)
import UIKit

extension BarController {
    /// AirBar's `set(scrollView:)`: attaches `scrollView` (through its
    /// `UIScrollViewAdapter`), preconfigures it, observes it and reports the
    /// current state.
    @MainActor
    public func set(scrollView: UIScrollView) {
        set(scrollable: UIScrollViewAdapter.adapter(for: scrollView))
    }

    /// AirBar's `preconfigure(scrollView:)`, through the scroll view's one
    /// adapter (nothing new is registered with the scroll view).
    @MainActor
    public func preconfigure(scrollView: UIScrollView) {
        preconfigure(scrollable: UIScrollViewAdapter.adapter(for: scrollView))
    }
}

extension RefreshController {
    /// Attaches `scrollView` (nil detaches) through its `UIScrollViewAdapter`:
    /// gives it the surface's insets (totals, UIKit's safe area included),
    /// reports its content height and offset to the core and observes it.
    @MainActor
    public func set(scrollView: UIScrollView?) {
        set(scrollable: scrollView.map { UIScrollViewAdapter.adapter(for: $0) })
    }
}

extension SheetController {
    /// Attaches the scroll view inside the sheet (nil detaches) through its
    /// `UIScrollViewAdapter`; the sheet switches its `isScrollEnabled`.
    @MainActor
    public func set(scrollView: UIScrollView?) {
        set(scrollable: scrollView.map { UIScrollViewAdapter.adapter(for: $0) })
    }
}

extension PulldownPanelController {
    /// Attaches the chat list's scroll view (nil detaches) through its
    /// `UIScrollViewAdapter`.
    @MainActor
    public func set(listScrollView: UIScrollView?) {
        set(listScrollable: listScrollView.map { UIScrollViewAdapter.adapter(for: $0) })
    }

    /// Attaches the panel's (pull-up) scroll view (nil detaches).
    @MainActor
    public func set(panelScrollView: UIScrollView?) {
        set(panelScrollable: panelScrollView.map { UIScrollViewAdapter.adapter(for: $0) })
    }

    /// Attaches the mini-program list's scroll view (nil detaches).
    @MainActor
    public func set(miniProgramListScrollView: UIScrollView?) {
        set(miniProgramListScrollable: miniProgramListScrollView.map { UIScrollViewAdapter.adapter(for: $0) })
    }
}
#endif
