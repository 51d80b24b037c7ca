import CScrollDrive
import Foundation

/// Drives WeChat's pull-down mini-program panel: pull the chat list down
/// past a critical point and release while still moving down, and a panel of
/// mini-programs opens over the screen; pull the open panel up and release,
/// and it closes again. Behaviour: the WeChat pull-down mini-program article.
///
/// All rules and arithmetic run in the C core (`scrolldrive/pulldown.h`): the
/// C struct `sd_pulldown` is the only copy of the configuration and the
/// state. This class turns scroll-view reports into the core's events,
/// performs the actions the core returns on the scroll views, and reports
/// `Event`s to its observer.
///
/// **Scroll views.** Attach up to three, each a `Scrollable`:
/// - `set(listScrollable:)`: the chat list (full screen, content inset top
///   = `topBarHeight` at rest; the controller keeps that inset and drives
///   the list's offset while the panel opens). A tick sets the inset when
///   the frame's differs from the one the list last showed (when attached,
///   at each of its reports) or the controller last set: an inset the app
///   changes is put back from the list's next report on;
/// - `set(panelScrollable:)`: the open panel's own (pull-up) scroll view;
///   its content offset is the pull-up distance u;
/// - `set(miniProgramListScrollable:)`: the mini-program list inside the
///   panel (content inset top 0, the search bar at its top): the search bar
///   snaps shown or hidden by drag direction, and a drag that leaves it
///   scrolled `closeDragDistance` or more closes the panel.
/// Content-offset changes become "offset changed" events, flagged
/// dragging between the pan's `.began` and `.ended`/`.cancelled`; `.began`
/// is "drag began" and `.ended`/`.cancelled` "drag ended".
///
/// **Deceleration.** `Scrollable` does not report UIScrollView's "will
/// decelerate" or "did end decelerating". A scroll view that adopts
/// `DeceleratingScrollable` supplies both: "will decelerate" is its
/// `isDecelerating` when the pan ends, "deceleration ended" is the first
/// `tick(at:)` that finds it false again. Other scroll views are taken never
/// to decelerate; their host may report the end with
/// `scrollableDidEndDecelerating(_:)`.
///
/// **Time.** The controller's clock `time` is the latest time it was given
/// (seconds, the caller's frame clock: e.g. a display link's
/// `targetTimestamp`, or the simulator's clock). Transitions (opening
/// 0.35 s, close 0.4 s, the 1.5 s slow return, restoring) are functions of
/// it: call `tick(at:)` once per frame. Each tick finishes due transitions,
/// drives the scroll views that follow a curve (the list while opening, the
/// panel during the return: every intermediate offset is set and reported,
/// so the nav colour follows it) and returns the `Frame`. Scroll-view
/// reports happen at the clock; the explicit inputs take an optional time
/// (nil: the clock). A time earlier than the clock counts as the clock.
///
/// **Explicit inputs.** `close(at:)` closes the open panel;
/// `miniProgramDidOpen(at:)` then `pageDidAppear(at:)`: opening a
/// mini-program closes the panel only once its page has appeared.
///
/// **Bad input.** A non-finite content offset, or a non-finite or negative
/// time, is ignored: the state stays bit for bit the same and nothing is
/// performed or reported.
///
/// Per frame: the controller's receiver (`PulldownReceiver`) is what its
/// scroll views call: through a `ScrollObserverList` with no reference
/// counting, and with no weak load of a scroll view per report.
///
/// Threading: a controller is not `Sendable`. Create it, attach scroll views,
/// tick it and feed it events on one thread (the main thread in an app); the
/// observer is called synchronously on that thread, with events in order
/// and once each (also when it calls back into the controller). Its
/// `State`, `Frame` and `Event` values are `Sendable`.
public final class PulldownPanelController: ScrollableObserver {
    /// What the controller tells its observer, in the order it happens.
    public enum Event: Equatable, Sendable {
        /// The state changed (a phase, a transition, an offset the machines
        /// keep): the new state.
        case stateChanged(State)
        /// The pull entered "pulling" (once per gesture): emit a light impact.
        case haptic
        /// A locking transition (opening, restoring, closing) started: disable user interaction.
        case interactionLocked
        /// The last locking transition ended: enable user interaction again.
        case interactionUnlocked
        /// The opening finished: the panel is open.
        case panelOpened
        /// The close finished: the panel is gone, everything at rest.
        case panelClosed
    }

    /// Everything the controller knows and does; this class only forwards.
    let receiver: PulldownReceiver

    /// A controller at rest (panel closed), clock 0.
    /// - Parameters:
    ///   - configuration: the numbers; `.article` by default.
    ///   - observer: told about every `Event`.
    public init(configuration: Configuration = .article, observer: @escaping (Event) -> Void = { _ in }) {
        receiver = PulldownReceiver(configuration: configuration, observer: observer)
    }

    /// A controller over a receiver that holds a valid core (restoring a `Snapshot`).
    init(receiver: PulldownReceiver) { self.receiver = receiver }

    deinit {
        receiver.retire(controller: self)
    }

    /// The numbers this controller works with (read from the core).
    public var configuration: Configuration { receiver.configuration }

    /// New numbers (e.g. another screen height after a rotation), the state
    /// and the clock kept: a running transition continues under the new
    /// durations and geometry, offsets stay until the scroll views report
    /// new ones. Throws, changing nothing, when the core rejects them.
    public func reconfigure(_ configuration: Configuration) throws(ConfigurationError) {
        try receiver.reconfigure(configuration)
    }

    /// The controller's clock: the latest time it was given, seconds.
    public var time: TimeInterval { receiver.time }

    /// The current state.
    public var state: State { receiver.state }

    /// The frame at the clock.
    public var frame: Frame { receiver.frame }

    /// The frame at `time` from the current state, without stepping anything
    /// (a transition that has ended at `time` shows its end; a time before the
    /// clock counts as the clock); nil when `time` is not finite.
    public func frame(at time: TimeInterval) -> Frame? { receiver.frame(at: time) }

    // MARK: - Attaching scroll views

    /// Attaches the chat list's scroll view (nil detaches), starts observing
    /// it, and takes its current content offset as the starting point.
    public func set(listScrollable: (any Scrollable)?) {
        receiver.attach(listScrollable, as: .list, controller: self)
    }

    /// Attaches the panel's (pull-up) scroll view (nil detaches).
    public func set(panelScrollable: (any Scrollable)?) {
        receiver.attach(panelScrollable, as: .panel, controller: self)
    }

    /// Attaches the mini-program list's scroll view (nil detaches).
    public func set(miniProgramListScrollable: (any Scrollable)?) {
        receiver.attach(miniProgramListScrollable, as: .miniProgramList, controller: self)
    }

    // MARK: - The frame clock

    /// One frame of the caller's clock at absolute time `time` (seconds):
    /// reports ended decelerations, finishes due transitions, performs the
    /// core's actions, applies the scroll-view parts of the frame to the
    /// attached scroll views, and returns the frame. A non-finite or
    /// negative `time` changes nothing and returns the frame at the clock.
    @discardableResult
    public func tick(at time: TimeInterval) -> Frame { receiver.tick(at: time) }

    // MARK: - Explicit inputs

    /// Closes the open panel at `time` (nil: the clock), as a pull-up release
    /// does: the panel closes over `closeDuration`, the list restores.
    /// Returns false, changing nothing, unless the panel is open and settled.
    @discardableResult
    public func close(at time: TimeInterval? = nil) -> Bool {
        receiver.send(sd_pulldown_event_close(time ?? self.time))
    }

    /// A mini-program was opened from the panel at `time` (nil: the clock;
    /// its page is being pushed): the panel closes once `pageDidAppear(at:)`
    /// says the page is on screen. Ignored unless the panel is open. (Opening
    /// search from the search bar does not close the panel: do not call this
    /// then.)
    public func miniProgramDidOpen(at time: TimeInterval? = nil) {
        receiver.send(sd_pulldown_event_applet_opened(time ?? self.time))
    }

    /// The page pushed after `miniProgramDidOpen(at:)` has appeared at `time`
    /// (nil: the clock): the panel closes now, under it. Ignored when no
    /// mini-program was opened.
    public func pageDidAppear(at time: TimeInterval? = nil) {
        receiver.send(sd_pulldown_event_page_appeared(time ?? self.time))
    }

    /// Reports that `scrollable` (an attached scroll view) finished
    /// decelerating, for scroll views that do not adopt
    /// `DeceleratingScrollable` (e.g. forwarded from
    /// `scrollViewDidEndDecelerating`), at the clock. Ignored for other
    /// scroll views and non-finite offsets.
    public func scrollableDidEndDecelerating(_ scrollable: any Scrollable) {
        receiver.scrollableDidEndDecelerating(scrollable)
    }

    // MARK: - ScrollableObserver (for scroll views that call the controller itself)

    public func scrollable(_ scrollable: any Scrollable, didChangeContentOffset contentOffset: CGPoint) {
        receiver.scrollable(scrollable, didChangeContentOffset: contentOffset)
    }

    public func scrollable(_ scrollable: any Scrollable, didChangeContentSize contentSize: CGSize) {}

    public func scrollable(_ scrollable: any Scrollable, didChangePanGestureState panState: PanGestureState) {
        receiver.scrollable(scrollable, didChangePanGestureState: panState)
    }
}

extension PulldownPanelController: ReceivingController {
    var scrollReceiver: ScrollReceiver { receiver }
}

/// What a `PulldownPanelController` knows and does (the core's
/// `sd_pulldown` in the driver, its three scroll views, their gestures);
/// held by the controller and by the scroll views' `ScrollObserverList`s,
/// holding neither strongly.
final class PulldownReceiver: ScrollReceiver {
    typealias Event = PulldownPanelController.Event
    typealias State = PulldownPanelController.State
    typealias Frame = PulldownPanelController.Frame
    typealias Configuration = PulldownPanelController.Configuration

    private let driver: SurfaceDriver<sd_pulldown, Event>
    /// The app\'s observer of the controller\'s events.
    private let observer: (Event) -> Void
    /// The state last reported, at an address of its own: each step
    /// compares it with the core's in place and rewrites it in place when it
    /// changed (a stored property would be copied out for the comparison,
    /// twice a frame). Allocated by `init`, freed by `deinit`, used only by
    /// this receiver's methods.
    private let reported: UnsafeMutablePointer<State>

    enum Source: Int, CaseIterable {
        case list, panel, miniProgramList

        var cValue: sd_pulldown_source {
            switch self {
            case .list: return SD_PULLDOWN_SOURCE_LIST
            case .panel: return SD_PULLDOWN_SOURCE_PANEL
            case .miniProgramList: return SD_PULLDOWN_SOURCE_APPLETS
            }
        }
    }

    /// The attached scroll views, one per `Source` (weakly held).
    private let listView = ScrollableAttachment(), panelView = ScrollableAttachment(),
        appletsView = ScrollableAttachment()
    /// Per source (bit `Source.rawValue`): between the pan's `.began` and its end.
    private var draggingBits: UInt8 = 0
    /// Per source: the drag ended with deceleration; "deceleration ended" not sent yet.
    private var awaitingBits: UInt8 = 0
    /// The chat list's content inset top as the controller last saw it (when
    /// attaching it, at each of its reports) or set it; NaN without a list.
    /// A tick loads the list (a weak load, and a release that is slow for
    /// a weakly referenced object) only when its frame's inset differs from
    /// this or the frame drives the list's offset.
    private var listInsetTop = CGFloat.nan

    private func attachment(_ source: Source) -> ScrollableAttachment {
        switch source {
        case .list: listView
        case .panel: panelView
        case .miniProgramList: appletsView
        }
    }

    private func isDragging(_ source: Source) -> Bool { draggingBits & (1 << source.rawValue) != 0 }
    private func isAwaiting(_ source: Source) -> Bool { awaitingBits & (1 << source.rawValue) != 0 }

    private func setDragging(_ source: Source, _ on: Bool) {
        draggingBits = on ? draggingBits | (1 << source.rawValue) : draggingBits & ~(1 << source.rawValue)
    }

    private func setAwaiting(_ source: Source, _ on: Bool) {
        awaitingBits = on ? awaitingBits | (1 << source.rawValue) : awaitingBits & ~(1 << source.rawValue)
    }

    convenience init(configuration: Configuration, observer: @escaping (Event) -> Void) {
        var c = configuration.cValue
        var core = sd_pulldown()
        // The configuration is valid by construction, so this cannot fail.
        _ = sd_pulldown_init(&core, &c, nil)
        self.init(core: core, observer: observer)
    }

    /// A receiver over a core that is valid (initialised, or a restored snapshot).
    init(core: sd_pulldown, observer: @escaping (Event) -> Void) {
        driver = SurfaceDriver(core: core)
        self.observer = observer
        reported = .allocate(capacity: 1)
        reported.initialize(to: State(core))
    }

    deinit {
        reported.deinitialize(count: 1)
        reported.deallocate()
    }

    /// The C core as it is now (a copy, for a snapshot).
    var core: sd_pulldown { driver.core }

    /// The controller went: stop observing, hear nothing more.
    func retire(controller: any ScrollableObserver) {
        isRetired = true
        for source in Source.allCases { attachment(source).detach(observer: controller) }
    }

    /// The numbers this controller works with (read from the core).
    var configuration: Configuration { Configuration(unchecked: driver.core.config) }

    /// New numbers (e.g. another screen height after a rotation), the state
    /// and the clock kept: a running transition continues under the new
    /// durations and geometry, offsets stay until the scroll views report
    /// new ones. Throws, changing nothing, when the core rejects them.
    func reconfigure(_ configuration: Configuration) throws(ConfigurationError) {
        try driver.reconfigure(configuration.cValue)
        let unchanged = driver.read { State.matches(reported, $0) }
        // New numbers can move the pull distance without changing the
        // machines (which is all `==` compares): the kept state follows.
        reported.pointee = driver.read { State(at: $0) }
        if !unchanged { driver.emit(.stateChanged(reported.pointee), to: observer) }
    }

    /// The controller's clock: the latest time it was given, seconds.
    var time: TimeInterval { driver.clock }

    /// The current state: the one last reported. Every change to the core
    /// goes through `send` or `reconfigure`, which bring it up to date.
    var state: State { reported.pointee }

    /// The frame at the clock.
    var frame: Frame {
        @inline(__always) get { Frame(driver.frameAtClock, time: time, state: state) }
    }

    /// A view showing the surface needs frames (`sd_pulldown_needs_frames`).
    var needsFrames: Bool { driver.read { sd_pulldown_needs_frames($0) != 0 } }

    /// The frame at `time` from the current state, without stepping anything
    /// (a transition that has ended at `time` shows its end; a time before the
    /// clock counts as the clock); nil when `time` is not finite.
    func frame(at time: TimeInterval) -> Frame? {
        guard let f = driver.frame(at: time) else { return nil }
        return Frame(f, time: Swift.max(time, self.time), state: state)
    }

    // MARK: - Attaching scroll views

    func attach(_ scrollable: (any Scrollable)?, as source: Source, controller: any ScrollableObserver) {
        attachment(source).attach(scrollable, observer: controller)
        driver.setAttached(scrollable, role: source.rawValue)
        setDragging(source, false)
        setAwaiting(source, false)
        if source == .list { listInsetTop = scrollable?.contentInset.top ?? .nan }
        guard let scrollable else { return }
        // As a layout pass would on a device: the first offset is the
        // reference the first drag's motion is measured from.
        send(sd_pulldown_event_offset(time, source.cValue, scrollable.contentOffset.y, 0))
    }

    /// Which attached scroll view `scrollable` is (no weak load).
    private func source(of scrollable: any Scrollable) -> Source? {
        driver.role(of: scrollable).flatMap(Source.init(rawValue:))
    }

    private func scrollable(_ source: Source) -> (any Scrollable)? { attachment(source).scrollable }

    // MARK: - The frame clock

    /// One frame of the caller's clock at absolute time `time` (seconds):
    /// reports ended decelerations, finishes due transitions, performs the
    /// core's actions, applies the scroll-view parts of the frame to the
    /// attached scroll views, and returns the frame. A non-finite or
    /// negative `time` changes nothing and returns the frame at the clock.
    @inline(__always)
    func tick(at time: TimeInterval) -> Frame {
        guard time.isFinite, time >= 0 else { return frame }
        if awaitingBits != 0 {
            for source in Source.allCases where isAwaiting(source) {
                guard let view = scrollable(source) as? any DeceleratingScrollable else {
                    setAwaiting(source, false)
                    continue
                }
                if !view.isDecelerating { decelerationEnded(source, offset: view.contentOffset.y, time: time) }
            }
        }
        send(sd_pulldown_event_frame(time))
        // The core's frame is applied, then wrapped once, in the return value.
        let f = driver.frameAtClock
        apply(f)
        return Frame(f, time: self.time, state: reported.pointee)
    }

    /// Sets what the frame says the scroll views show and the controller
    /// owns. Inlined into `tick`, so the frame is read where it was made.
    @inline(__always)
    private func apply(_ f: sd_pulldown_frame) {
        if f.list_inset_top != listInsetTop || f.list_offset_driven != 0, let list = scrollable(.list) {
            if list.contentInset.top != f.list_inset_top { list.contentInset.top = f.list_inset_top }
            listInsetTop = f.list_inset_top
            if f.list_offset_driven != 0, list.contentOffset.y != f.list_offset {
                list.updateContentOffset(CGPoint(x: list.contentOffset.x, y: f.list_offset), animated: false)
            }
        }
        if f.panel_offset_driven != 0, let panel = scrollable(.panel), panel.contentOffset.y != f.panel_offset {
            panel.updateContentOffset(CGPoint(x: panel.contentOffset.x, y: f.panel_offset), animated: false)
        }
    }

    /// Reports that `scrollable` (an attached scroll view) finished
    /// decelerating, for scroll views that do not adopt
    /// `DeceleratingScrollable` (e.g. forwarded from
    /// `scrollViewDidEndDecelerating`), at the clock. Ignored for other
    /// scroll views and non-finite offsets.
    func scrollableDidEndDecelerating(_ scrollable: any Scrollable) {
        guard let source = source(of: scrollable) else { return }
        decelerationEnded(source, offset: scrollable.contentOffset.y, time: time)
    }

    private func decelerationEnded(_ source: Source, offset: CGFloat, time: TimeInterval) {
        setAwaiting(source, false)
        send(sd_pulldown_event_deceleration_ended(time, source.cValue, offset))
    }

    // MARK: - ScrollableObserver

    override func scrollable(_ scrollable: any Scrollable, didChangeContentOffset contentOffset: CGPoint) {
        guard let source = source(of: scrollable) else { return }
        if source == .list { listInsetTop = scrollable.contentInset.top }
        let dragging: Int32 = isDragging(source) ? 1 : 0
        send(sd_pulldown_event_offset(time, source.cValue, contentOffset.y, dragging))
    }

    override func scrollable(_ scrollable: any Scrollable, didChangeContentSize contentSize: CGSize) {}

    override func scrollable(_ scrollable: any Scrollable, didChangePanGestureState panState: PanGestureState) {
        guard let source = source(of: scrollable) else { return }
        // The gesture's bookkeeping follows the pan even when the offset is
        // not finite; the core rejects the event itself then.
        let y = scrollable.contentOffset.y
        switch panState {
        case .began:
            setDragging(source, true)
            setAwaiting(source, false)
            send(sd_pulldown_event_drag_began(time, source.cValue, y))
        case .ended, .cancelled:
            guard isDragging(source) else { return }
            setDragging(source, false)
            let decelerates = (scrollable as? any DeceleratingScrollable)?.isDecelerating ?? false
            setAwaiting(source, decelerates)
            send(sd_pulldown_event_drag_ended(time, source.cValue, y, decelerates ? 1 : 0))
        case .possible, .changed, .failed:
            return
        }
    }

    // MARK: - Stepping the core and performing its actions

    /// Steps the core with one event; on success performs the actions and
    /// reports the events. Returns whether the core accepted the event (a
    /// rejected one changes nothing).
    @discardableResult @inline(__always)
    func send(_ event: sd_pulldown_event) -> Bool {
        guard let actions = driver.step(event) else { return false }
        // Most steps (a tick, an offset) ask for nothing: no call then.
        if actions.flags & Self.performedActions != 0 { perform(actions) }
        reportStateIfChanged()
        if actions.flags & Self.reportedActions != 0 { report(actions) }
        return true
    }

    /// The actions `perform` carries out.
    private static let performedActions = UInt32(SD_PULLDOWN_ACTION_PIN_LIST_OFFSET | SD_PULLDOWN_ACTION_SET_PANEL_OFFSET
        | SD_PULLDOWN_ACTION_SCROLL_APPLETS | SD_PULLDOWN_ACTION_SET_APPLETS_OFFSET
        | SD_PULLDOWN_ACTION_STOP_PANEL_DECELERATION)
    /// The actions `report` turns into events.
    private static let reportedActions = UInt32(SD_PULLDOWN_ACTION_HAPTIC | SD_PULLDOWN_ACTION_LOCK_INTERACTION
        | SD_PULLDOWN_ACTION_UNLOCK_INTERACTION | SD_PULLDOWN_ACTION_FINISH_TRANSITION)

    /// Performs what a step asked for, in the order `sd_pulldown_actions`
    /// documents: offsets first. Setting an offset reports it back to this
    /// controller, which the core ignores or records as it is.
    private func perform(_ a: sd_pulldown_actions) {
        func has(_ flag: Int) -> Bool { a.flags & UInt32(flag) != 0 }
        func move(_ source: Source, to y: Double, animated: Bool) {
            guard let view = scrollable(source) else { return }
            view.updateContentOffset(CGPoint(x: view.contentOffset.x, y: y), animated: animated)
        }
        if has(SD_PULLDOWN_ACTION_PIN_LIST_OFFSET) { move(.list, to: a.list_offset, animated: false) }
        if has(SD_PULLDOWN_ACTION_SET_PANEL_OFFSET) { move(.panel, to: a.panel_offset, animated: false) }
        if has(SD_PULLDOWN_ACTION_SCROLL_APPLETS) { move(.miniProgramList, to: a.applets_offset, animated: true) }
        if has(SD_PULLDOWN_ACTION_SET_APPLETS_OFFSET) { move(.miniProgramList, to: a.applets_offset, animated: false) }
        if has(SD_PULLDOWN_ACTION_STOP_PANEL_DECELERATION), let panel = scrollable(.panel) {
            // `updateContentOffset` first stops deceleration (the Scrollable contract).
            setAwaiting(.panel, false)
            panel.updateContentOffset(panel.contentOffset, animated: false)
        }
    }

    /// The events of one step's actions (after its state, which `send`
    /// reports first).
    private func report(_ a: sd_pulldown_actions) {
        func has(_ flag: Int) -> Bool { a.flags & UInt32(flag) != 0 }
        func finished(_ t: sd_pulldown_transition) -> Bool {
            has(SD_PULLDOWN_ACTION_FINISH_TRANSITION) && a.finished & (1 << t.rawValue) != 0
        }
        if has(SD_PULLDOWN_ACTION_HAPTIC) { driver.emit(.haptic, to: observer) }
        if has(SD_PULLDOWN_ACTION_LOCK_INTERACTION) { driver.emit(.interactionLocked, to: observer) }
        if has(SD_PULLDOWN_ACTION_UNLOCK_INTERACTION) { driver.emit(.interactionUnlocked, to: observer) }
        if finished(SD_PULLDOWN_TRANSITION_OPEN) { driver.emit(.panelOpened, to: observer) }
        if finished(SD_PULLDOWN_TRANSITION_CLOSE) { driver.emit(.panelClosed, to: observer) }
    }

    /// The state is compared in place: no copy of the reported state
    /// unless it changed.
    private func reportStateIfChanged() {
        guard !driver.read({ State.matches(reported, $0) }) else { return }
        reportState()
    }

    /// The core's state becomes the reported one and goes to the observer.
    /// Out of line, so that the comparison above (every step; most find
    /// nothing changed) does not pay for this part's stack.
    @inline(never)
    private func reportState() {
        reported.pointee = driver.read { State(at: $0) }
        driver.emit(.stateChanged(reported.pointee), to: observer)
    }
}
