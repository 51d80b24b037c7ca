import CScrollDrive
import Foundation

/// Drives a 3-state expandable bar (compact / normal / expanded) from a
/// scroll view, as the AirBar library does: the bar height follows the
/// content offset, the expanded state becomes available only when a drag
/// starts at the top, and a drag that ends mid-transition snaps to the
/// nearest state.
///
/// The C core's `sd_bar` is the only copy of the configuration and the
/// state: every scroll-view report and every call becomes one `sd_bar_step`
/// event, and the controller performs the actions it returns on the scroll
/// view and delivers the resulting `Event`s in order.
///
/// Time: the controller keeps the core's clock (`time`, seconds). Scroll-view
/// reports happen at the clock; `tick(at:)` and the `at:` of other inputs
/// move it forwards (an earlier time counts as the clock).
///
/// Per frame: the controller's receiver (`BarReceiver`) is what its scroll
/// view calls. A scroll view that keeps its observers in a
/// `ScrollObserverList` reaches it with no reference counting; the state
/// goes to the observer as it is.
///
/// Threading: a controller is not `Sendable`. Create it, attach scroll views
/// and feed it events on one thread (the main thread in an app); the
/// observer is called synchronously on that thread.
public final class BarController: ScrollableObserver {
    /// What the controller tells its observer.
    public enum Event: Sendable {
        /// The state was assigned (including assignments that change
        /// nothing: a pan that begins always assigns, and attaching a scroll
        /// view reports the current state).
        case stateChanged(State)
    }

    /// AirBar's observer: called with the state after every state assignment.
    public typealias StateObserver = (State) -> Void

    /// Everything the controller knows and does; this class only forwards.
    let receiver: BarReceiver

    /// A controller reporting `Event`s to `observer`, with AirBar's default
    /// reducer unless told otherwise.
    @_disfavoredOverload
    public convenience init(configuration: Configuration, stateReducer: StateReducer = .default,
                            observer: @escaping (Event) -> Void = { _ in })
    {
        self.init(configuration: configuration, stateReducer: stateReducer,
                  stateObserver: { observer(.stateChanged($0)) })
    }

    /// AirBar's initialiser: the default reducer, states to `stateObserver`.
    public convenience init(configuration: Configuration, stateObserver: @escaping StateObserver) {
        self.init(configuration: configuration, stateReducer: .default, stateObserver: stateObserver)
    }

    /// AirBar's initialiser with a chosen reducer (custom transformers, a
    /// Swift closure or a C function), states to `stateObserver`, which is
    /// called with each state directly.
    public init(configuration: Configuration, stateReducer: StateReducer, stateObserver: @escaping StateObserver) {
        receiver = BarReceiver(configuration: configuration, stateReducer: stateReducer, observer: stateObserver)
    }

    /// A controller over a receiver that holds a valid core (restoring a `Snapshot`).
    init(receiver: BarReceiver) {
        self.receiver = receiver
    }

    deinit {
        receiver.retire(controller: self)
    }

    // MARK: - Reading

    /// The heights this controller works with (the core's).
    public var configuration: Configuration { receiver.configuration }

    /// The current state: offset -normal, expanded not available, until a
    /// scroll view moves it.
    public var state: State { receiver.state }

    /// The core's clock: the latest event time it accepted (seconds, from 0).
    public var time: TimeInterval { receiver.time }

    /// The frame at the clock.
    public var frame: Frame { receiver.frame }

    /// The frame at `time` (seconds), changing nothing; nil for a
    /// non-finite time. A time before the clock shows the frame at the clock.
    public func frame(at time: TimeInterval) -> Frame? { receiver.frame(at: time) }

    /// Moves the clock to `time` (seconds) and returns the frame there. A
    /// time that is not finite or negative changes nothing and returns the
    /// frame at the clock.
    @discardableResult
    public func tick(at time: TimeInterval) -> Frame { receiver.tick(at: time) }

    /// New heights (a rotation, a size change), the state kept: an offset
    /// outside the new compact...expanded range is clamped into it. The
    /// attached scroll view is preconfigured for the new heights and the
    /// state is reported. Throws, changing nothing, when the core rejects
    /// the configuration (never for one made by `Configuration`'s
    /// initialisers).
    public func reconfigure(_ configuration: Configuration) throws(ConfigurationError) {
        try receiver.reconfigure(configuration)
    }

    // MARK: - Attaching a scroll view

    /// Attaches `scrollable`: detaches the previous one, forgets what the
    /// controller tracked of it, preconfigures the new one, starts observing
    /// it, then reports the current state.
    public func set(scrollable: any Scrollable) { receiver.set(scrollable: scrollable, controller: self) }

    /// Makes `scrollable` look consistent with the current state without
    /// attaching it (e.g. before swapping scroll views with an animation):
    /// bottom inset fills the space below short content, top inset is the
    /// expanded or normal height, indicator inset is the normal height, and
    /// at the top (y <= 0) or when expanded the content offset moves to the
    /// state's offset, not animated. Nothing happens for non-finite geometry.
    public func preconfigure(scrollable: any Scrollable, at time: TimeInterval? = nil) {
        receiver.preconfigure(scrollable: scrollable, at: time)
    }

    /// Expands (on) or returns to normal (off) with an animated scroll, as
    /// AirBar's `expand(on:)`: on makes the expanded state available
    /// (reported), then the content moves to -expanded or -normal, then the
    /// top inset follows. Does nothing without an attached scroll view.
    public func expand(on: Bool, at time: TimeInterval? = nil) { receiver.expand(on: on, at: time) }

    // MARK: - ScrollableObserver (for scroll views that call the controller itself)

    public func scrollable(_ scrollable: any Scrollable, didChangeContentOffset contentOffset: CGPoint) {
        receiver.scrollable(scrollable, didChangeContentOffset: contentOffset)
    }

    public func scrollable(_ scrollable: any Scrollable, didChangeContentSize contentSize: CGSize) {
        receiver.scrollable(scrollable, didChangeContentSize: contentSize)
    }

    public func scrollable(_ scrollable: any Scrollable, didChangePanGestureState panState: PanGestureState) {
        receiver.scrollable(scrollable, didChangePanGestureState: panState)
    }
}

extension BarController: ReceivingController {
    var scrollReceiver: ScrollReceiver { receiver }
}

/// What a `BarController` knows and does: the core's `sd_bar` (in the
/// driver), the custom reducer, the attached scroll view; the reports of
/// that scroll view, the controller's inputs, and the actions performed.
/// Held by the controller, and by a `ScrollObserverList` it is registered
/// with; it holds neither the controller nor a scroll view strongly.
final class BarReceiver: ScrollReceiver {
    private let driver: SurfaceDriver<sd_bar, BarController.State>
    private let runner: BarReducerRunner?
    /// The app's state observer.
    private let observer: (BarController.State) -> Void
    /// The attached scroll view, held weakly. Its identity is also in the
    /// driver, for the per-report check that a report comes from it.
    private let attachment = ScrollableAttachment()

    convenience init(configuration: BarController.Configuration, stateReducer: BarController.StateReducer,
                     observer: @escaping (BarController.State) -> Void)
    {
        // The configuration is valid by construction, so init cannot fail.
        let bar = (try? sd_bar.make(configuration.cValue)) ?? sd_bar()
        self.init(core: bar, stateReducer: stateReducer, observer: observer)
    }

    /// A receiver over a core that is valid (initialised, or a restored snapshot).
    init(core: sd_bar, stateReducer: BarController.StateReducer, observer: @escaping (BarController.State) -> Void) {
        driver = SurfaceDriver(core: core)
        self.observer = observer
        runner = if case .default = stateReducer { nil } else { BarReducerRunner(stateReducer) }
    }

    /// The C core as it is now (a copy, for a snapshot).
    var core: sd_bar { driver.core }

    /// The controller went: stop observing, hear nothing more.
    func retire(controller: any ScrollableObserver) {
        isRetired = true
        attachment.detach(observer: controller)
    }

    // MARK: Reading

    var configuration: BarController.Configuration { BarController.Configuration(unchecked: driver.core.config) }

    var state: BarController.State {
        let core = driver.core
        return BarController.State(core.state, configuration: BarController.Configuration(unchecked: core.config))
    }

    var time: TimeInterval { driver.clock }

    var frame: BarController.Frame { BarController.Frame(cValue: driver.frameAtClock) }

    func frame(at time: TimeInterval) -> BarController.Frame? {
        driver.frame(at: time).map(BarController.Frame.init(cValue:))
    }

    func tick(at time: TimeInterval) -> BarController.Frame {
        _ = driver.step(sd_bar_event_frame(time))
        return frame(at: time) ?? frame
    }

    func reconfigure(_ configuration: BarController.Configuration) throws(ConfigurationError) {
        try driver.reconfigure(configuration.cValue)
        if let scrollable = attachment.scrollable { preconfigure(scrollable: scrollable) }
        driver.emit(state, to: observer)
    }

    // MARK: Attaching a scroll view

    /// Attaches `scrollable`, registering `controller` with it.
    func set(scrollable: any Scrollable, controller: any ScrollableObserver) {
        attachment.attach(scrollable, observer: controller, observingNow: false)
        driver.setAttached(scrollable)
        _ = driver.step(sd_bar_event_attach(time))
        preconfigure(scrollable: scrollable)
        attachment.startObserving(controller)
        driver.emit(state, to: observer)
    }

    func preconfigure(scrollable: any Scrollable, at time: TimeInterval? = nil) {
        let event = sd_bar_event_preconfigure(time ?? self.time, scrollable.frame.height,
                                              scrollable.contentSize.height, scrollable.contentOffset.y)
        if let actions = driver.step(event) { perform(actions, on: scrollable) }
    }

    func expand(on: Bool, at time: TimeInterval? = nil) {
        guard let scrollable = attachment.scrollable,
              let actions = driver.step(sd_bar_event_expand(time ?? self.time, on ? 1 : 0))
        else { return }
        perform(actions, on: scrollable)
    }

    // MARK: Reports (per frame: no weak load, no reference counting here)

    override func scrollable(_ scrollable: any Scrollable, didChangeContentOffset contentOffset: CGPoint) {
        guard driver.isAttached(scrollable) else { return }
        if let runner {
            reduce(with: runner, scrollable, contentOffset)
            return
        }
        // The OFFSET step without building an event, compiled in here
        // (scrolldrive/bar_report.h); a report happens at the clock.
        var geometry = Self.geometry(of: scrollable)
        var flags: UInt32 = 0
        let x = contentOffset.x, y = contentOffset.y
        guard driver.withCore({ sd_bar_report_offset_inline(&$0, x, y, &geometry, &flags) }) == SD_OK,
              flags & UInt32(SD_BAR_ACTION_STATE) != 0
        else { return }
        driver.emit(state, to: observer)
    }

    override func scrollable(_ scrollable: any Scrollable, didChangeContentSize contentSize: CGSize) {
        guard driver.isAttached(scrollable) else { return }
        let event = sd_bar_event_content_size(time, contentSize.width, contentSize.height, scrollable.frame.height,
                                              scrollable.contentOffset.y)
        if let actions = driver.step(event) { perform(actions, on: scrollable) }
    }

    override func scrollable(_ scrollable: any Scrollable, didChangePanGestureState panState: PanGestureState) {
        guard driver.isAttached(scrollable) else { return }
        let type: sd_bar_event_type
        switch panState {
        case .began: type = SD_BAR_EVENT_PAN_BEGAN
        case .changed: type = SD_BAR_EVENT_PAN_CHANGED
        case .ended: type = SD_BAR_EVENT_PAN_ENDED
        case .possible, .cancelled, .failed: return
        }
        // The pan step without building an event; a report happens at the clock.
        let y = scrollable.contentOffset.y
        var actions = sd_bar_actions()
        guard driver.withCore({ sd_bar_report_pan(&$0, type.rawValue, y, &actions, nil) }) == SD_OK,
              actions.flags != 0 // most of a drag's reports ask for nothing
        else { return }
        perform(actions, on: scrollable)
    }

    // MARK: Custom reducers

    /// AirBar's observation rules in the core (TRACK), the custom reducer
    /// here, its result back into the core (ASSIGN).
    private func reduce(with runner: BarReducerRunner, _ scrollable: any Scrollable, _ contentOffset: CGPoint) {
        guard let tracked = driver.step(sd_bar_event_track(time, contentOffset.x, contentOffset.y)),
              tracked.has(SD_BAR_ACTION_REDUCE),
              let next = runner.reduce(state: state, scrollable: scrollable,
                                       previous: CGPoint(x: tracked.previous_x, y: tracked.previous_y),
                                       offset: contentOffset, geometry: Self.geometry(of: scrollable)),
              let assigned = driver.step(sd_bar_event_assign(time, next.cValue))
        else { return }
        perform(assigned, on: scrollable)
    }

    // MARK: Performing the core's actions

    static func geometry(of scrollable: any Scrollable) -> sd_scroll_geometry {
        let inset = scrollable.contentInset
        return sd_scroll_geometry(inset_top: inset.top, inset_bottom: inset.bottom,
                                  content_height: scrollable.contentSize.height,
                                  frame_height: scrollable.frame.height)
    }

    /// Performs what a step asked for, in the order `sd_bar_actions` documents.
    private func perform(_ actions: sd_bar_actions, on scrollable: any Scrollable) {
        if actions.has(SD_BAR_ACTION_STATE) { driver.emit(state, to: observer) }
        func move() {
            guard actions.has(SD_BAR_ACTION_SCROLL) else { return }
            let target = CGPoint(x: scrollable.contentOffset.x, y: actions.target_y)
            if actions.has(SD_BAR_ACTION_ANIMATED), actions.has(SD_BAR_ACTION_REDUCED_MOTION) {
                scrollable.updateContentOffsetWithShortEaseOut(target)
            } else {
                scrollable.updateContentOffset(target, animated: actions.has(SD_BAR_ACTION_ANIMATED))
            }
        }
        if actions.has(SD_BAR_ACTION_SCROLL_FIRST) { move() }
        if actions.has(SD_BAR_ACTION_INSET_BOTTOM) { scrollable.contentInset.bottom = actions.inset_bottom }
        if actions.has(SD_BAR_ACTION_INSET_TOP) { scrollable.contentInset.top = actions.inset_top }
        if actions.has(SD_BAR_ACTION_INDICATOR_TOP) { scrollable.scrollIndicatorInsets.top = actions.indicator_top }
        if !actions.has(SD_BAR_ACTION_SCROLL_FIRST) { move() }
    }
}
