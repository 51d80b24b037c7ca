import CScrollDrive
import Foundation

/// Drives a 3-state expandable bar (compact / normal / expanded) from a
/// scroll view, as AirBar does: the bar height follows the content offset,
/// the expanded state becomes available only when a drag starts at the top,
/// and a drag that ends mid-transition snaps to the nearest state.
///
/// All arithmetic runs in the C core (`CScrollDrive`); with the default
/// reducer each content-offset change is one C call.
///
/// Threading: a controller is not `Sendable`. Create it, attach scroll views
/// and feed it events on one thread (the main thread in an app); the
/// observer is called synchronously on that thread.
public final class BarController: ScrollableObserver {
    /// Called with the state after every state assignment, including ones
    /// that change nothing (a pan that begins always assigns).
    public typealias StateObserver = (State) -> Void

    /// The heights this controller works with.
    public let configuration: Configuration

    private let stateObserver: StateObserver
    private let runner: BarReducerRunner?
    private var bar: sd_bar
    private weak var scrollable: (any Scrollable)?
    private var previousContentSize: CGSize?
    #if canImport(UIKit)
    var scrollViewAdapter: AnyObject?
    #endif

    /// The current state: offset -normal, expanded not available, until a
    /// scroll view moves it.
    public var state: State { State(bar.state, configuration: configuration) }

    /// A controller with AirBar's default reducer.
    public convenience init(configuration: Configuration, stateObserver: @escaping StateObserver) {
        self.init(configuration: configuration, stateReducer: .default, stateObserver: stateObserver)
    }

    /// A controller with a chosen reducer (custom transformers, a Swift
    /// closure or a C function).
    public init(configuration: Configuration, stateReducer: StateReducer, stateObserver: @escaping StateObserver) {
        self.configuration = configuration
        self.stateObserver = stateObserver
        if case .default = stateReducer { runner = nil } else { runner = BarReducerRunner(stateReducer) }
        var config = configuration.cValue
        bar = sd_bar()
        // The configuration is valid by construction, so this cannot fail.
        _ = sd_bar_init(&bar, &config, nil)
    }

    deinit {
        scrollable?.removeScrollObserver(self)
    }

    // MARK: - Attaching a scroll view

    /// Attaches `scrollable`: detaches the previous one, preconfigures the
    /// new one, starts observing it, then reports the current state.
    public func set(scrollable: any Scrollable) {
        self.scrollable?.removeScrollObserver(self)
        self.scrollable = scrollable
        sd_bar_reset_tracking(&bar)
        previousContentSize = nil
        preconfigure(scrollable: scrollable)
        scrollable.addScrollObserver(self)
        stateObserver(state)
    }

    /// Makes `scrollable` look consistent with the current state without
    /// attaching it (e.g. before swapping scroll views with an animation):
    /// bottom inset fills the space below short content, top inset is the
    /// expanded or normal height, indicator inset is the normal height, and
    /// at the top (y <= 0) or when expanded the content offset moves to the
    /// state's offset, not animated.
    public func preconfigure(scrollable: any Scrollable) {
        var config = configuration.cValue, s = bar.state, actions = sd_bar_actions()
        guard sd_bar_preconfigure(&config, &s, scrollable.frame.height, scrollable.contentSize.height,
                                  scrollable.contentOffset.y, &actions) == SD_OK
        else { return }
        perform(actions, on: scrollable)
    }

    /// Expands (on) or returns to normal (off) with an animated scroll, as
    /// AirBar's `expand(on:)`: on makes the expanded state available
    /// (reported), then the content moves to -expanded or -normal, then the
    /// top inset follows. Does nothing without an attached scroll view.
    public func expand(on: Bool) {
        guard let scrollable else { return }
        var config = configuration.cValue, actions = sd_bar_actions()
        guard sd_bar_expand(&config, &bar.state, on ? 1 : 0, &actions) == SD_OK else { return }
        perform(actions, on: scrollable)
    }

    // MARK: - ScrollableObserver

    public func scrollable(_ scrollable: any Scrollable, didChangeContentOffset contentOffset: CGPoint) {
        guard scrollable === self.scrollable else { return }
        guard let runner else {
            var geometry = Self.geometry(of: scrollable)
            if sd_bar_content_offset_changed(&bar, &geometry, contentOffset.x, contentOffset.y)
                == SD_BAR_OFFSET_REDUCED
            {
                stateObserver(state)
            }
            return
        }
        let previousX = bar.previous_x
        var previousY = 0.0
        guard sd_bar_track_offset(&bar, contentOffset.x, contentOffset.y, &previousY) == SD_BAR_OFFSET_REDUCED
        else { return }
        let geometry = Self.geometry(of: scrollable)
        guard let next = runner.reduce(state: state, scrollable: scrollable,
                                       previous: CGPoint(x: previousX, y: previousY), offset: contentOffset,
                                       geometry: geometry)
        else { return }
        bar.state = next.cValue
        stateObserver(state)
    }

    public func scrollable(_ scrollable: any Scrollable, didChangeContentSize contentSize: CGSize) {
        guard scrollable === self.scrollable, contentSize != previousContentSize else { return }
        previousContentSize = contentSize
        preconfigure(scrollable: scrollable)
    }

    public func scrollable(_ scrollable: any Scrollable, didChangePanGestureState panState: PanGestureState) {
        guard scrollable === self.scrollable else { return }
        var config = configuration.cValue, actions = sd_bar_actions()
        let y = scrollable.contentOffset.y
        let status: sd_status
        switch panState {
        case .began: status = sd_bar_pan_began(&config, &bar.state, y, &actions)
        case .changed: status = sd_bar_pan_changed(&config, &bar.state, y, &actions)
        case .ended:
            var s = bar.state
            status = sd_bar_pan_ended(&config, &s, y, &actions)
        case .possible, .cancelled, .failed: return
        }
        if status == SD_OK { perform(actions, on: scrollable) }
    }

    // MARK: - Performing the core's actions

    private static func geometry(of scrollable: any Scrollable) -> sd_scroll_geometry {
        let inset = scrollable.contentInset
        return sd_scroll_geometry(inset_top: inset.top, inset_bottom: inset.bottom,
                                  content_height: scrollable.contentSize.height,
                                  frame_height: scrollable.frame.height)
    }

    /// Performs what a step asked for, in the order `sd_bar_actions` documents.
    private func perform(_ actions: sd_bar_actions, on scrollable: any Scrollable) {
        let flags = actions.flags
        func has(_ flag: Int) -> Bool { flags & UInt32(flag) != 0 }
        if has(SD_BAR_ACTION_STATE) { stateObserver(state) }
        func move() {
            guard has(SD_BAR_ACTION_SCROLL) else { return }
            scrollable.updateContentOffset(CGPoint(x: scrollable.contentOffset.x, y: actions.target_y),
                                           animated: has(SD_BAR_ACTION_ANIMATED))
        }
        if has(SD_BAR_ACTION_SCROLL_FIRST) { move() }
        if has(SD_BAR_ACTION_INSET_BOTTOM) { scrollable.contentInset.bottom = actions.inset_bottom }
        if has(SD_BAR_ACTION_INSET_TOP) { scrollable.contentInset.top = actions.inset_top }
        if has(SD_BAR_ACTION_INDICATOR_TOP) { scrollable.scrollIndicatorInsets.top = actions.indicator_top }
        if !has(SD_BAR_ACTION_SCROLL_FIRST) { move() }
    }
}
