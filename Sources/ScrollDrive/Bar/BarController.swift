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
public final class BarController: ScrollableObserver, ScrollObserverCoreOwner {
    /// Called with the state after every state assignment, including ones
    /// that change nothing (a pan that begins always assigns).
    public typealias StateObserver = (State) -> Void

    /// The heights this controller works with.
    public let configuration: Configuration

    /// What scroll views notify in this controller's place: the bar, the
    /// reducer and the observer live there (see `BarObservation`).
    private let observation: BarObservation
    var scrollObserverCore: ScrollObserverCore { observation }

    private weak var scrollable: (any Scrollable)?
    private var previousContentSize: CGSize?
    #if canImport(UIKit)
    var scrollViewAdapter: AnyObject?
    #endif

    private var bar: sd_bar { observation.bar }

    private var stateObserver: StateObserver { observation.stateObserver }

    /// The current state: offset -normal, expanded not available, until a
    /// scroll view moves it.
    public var state: State { State(observation.bar.state, configuration: configuration) }

    /// A controller with AirBar's default reducer.
    public convenience init(configuration: Configuration, stateObserver: @escaping StateObserver) {
        self.init(configuration: configuration, stateReducer: .default, stateObserver: stateObserver)
    }

    /// A controller with a chosen reducer (custom transformers, a Swift
    /// closure or a C function).
    public init(configuration: Configuration, stateReducer: StateReducer, stateObserver: @escaping StateObserver) {
        self.configuration = configuration
        let runner: BarReducerRunner? = if case .default = stateReducer { nil } else { BarReducerRunner(stateReducer) }
        observation = BarObservation(configuration: configuration, runner: runner, stateObserver: stateObserver)
        observation.observer = self
    }

    deinit {
        observation.isLive = false
        scrollable?.removeScrollObserver(self)
    }

    // MARK: - Attaching a scroll view

    /// Attaches `scrollable`: detaches the previous one, preconfigures the
    /// new one, starts observing it, then reports the current state.
    public func set(scrollable: any Scrollable) {
        self.scrollable?.removeScrollObserver(self)
        self.scrollable = scrollable
        observation.scrollableID = ObjectIdentifier(scrollable)
        sd_bar_reset_tracking(&observation.bar)
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
        guard sd_bar_expand(&config, &observation.bar.state, on ? 1 : 0, &actions) == SD_OK else { return }
        perform(actions, on: scrollable)
    }

    // MARK: - ScrollableObserver

    public func scrollable(_ scrollable: any Scrollable, didChangeContentOffset contentOffset: CGPoint) {
        observation.reduce(scrollable, contentOffset)
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
        case .began: status = sd_bar_pan_began(&config, &observation.bar.state, y, &actions)
        case .changed: status = sd_bar_pan_changed(&config, &observation.bar.state, y, &actions)
        case .ended:
            var s = bar.state
            status = sd_bar_pan_ended(&config, &s, y, &actions)
        case .possible, .cancelled, .failed: return
        }
        if status == SD_OK { perform(actions, on: scrollable) }
    }

    // MARK: - Performing the core's actions

    static func geometry(of scrollable: any Scrollable) -> sd_scroll_geometry {
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

/// A bar controller's `ScrollObserverCore`: the state, reducer and observer
/// of the per-frame path, notified by scroll views in the controller's
/// place. Content-offset changes are handled here entirely; size and pan
/// changes (rare) go to the controller while it is alive (the default).
final class BarObservation: ScrollObserverCore {
    let configuration: BarController.Configuration
    let runner: BarReducerRunner?
    let stateObserver: BarController.StateObserver
    // Read and written on every content-offset change, on one thread (a
    // controller is not Sendable), so the runtime's dynamic exclusivity
    // checks (a thread-local lookup per access on Linux, costlier than the
    // C reduction) are off.
    @exclusivity(unchecked) var bar = sd_bar()
    /// The identity of the attached scroll view, so the per-frame check
    /// that an event comes from it needs no weak load. Only an object
    /// created at its address after it died, and registered with the
    /// controller by hand, could pass as it.
    @exclusivity(unchecked) var scrollableID: ObjectIdentifier?
    init(configuration: BarController.Configuration, runner: BarReducerRunner?,
         stateObserver: @escaping BarController.StateObserver)
    {
        self.configuration = configuration
        self.runner = runner
        self.stateObserver = stateObserver
        var config = configuration.cValue
        super.init()
        // The configuration is valid by construction, so this cannot fail.
        _ = sd_bar_init(&bar, &config, nil)
    }

    private var state: BarController.State { BarController.State(bar.state, configuration: configuration) }

    package override func contentOffsetChanged(_ scrollable: any Scrollable, _ contentOffset: CGPoint) {
        reduce(scrollable, contentOffset)
    }

    /// One content-offset change: AirBar's skip/record rules, the reducer, and the observer.
    func reduce(_ scrollable: any Scrollable, _ contentOffset: CGPoint) {
        guard ObjectIdentifier(scrollable) == scrollableID else { return }
        guard let runner else {
            var geometry = BarController.geometry(of: scrollable)
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
        let geometry = BarController.geometry(of: scrollable)
        guard let next = runner.reduce(state: state, scrollable: scrollable,
                                       previous: CGPoint(x: previousX, y: previousY), offset: contentOffset,
                                       geometry: geometry)
        else { return }
        bar.state = next.cValue
        stateObserver(state)
    }
}
