import CScrollDrive
import Foundation

/// Drives WeChat's pull-down mini-program panel: pull the chat list down
/// past a critical point and release while still moving down, and a panel of
/// mini-programs opens over the screen; pull the open panel up and release,
/// and it closes again. Behaviour: seed 002 and DESIGN.md ("Pull-down panel").
///
/// All rules and arithmetic run in the C core (`scrolldrive/pulldown.h`):
/// this class turns scroll-view reports into the core's events, performs
/// the actions the core returns on the scroll views, and hands out the
/// core's per-frame values.
///
/// **Scroll views.** Attach up to three, each a `Scrollable`:
/// - `set(listScrollable:)`: the chat list (full screen, content inset top
///   = `topBarHeight` at rest; the controller keeps that inset and drives
///   the list's offset while the panel opens);
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
/// **Time.** Transitions (opening 0.35 s, close 0.4 s, the 1.5 s slow return,
/// restoring) are functions of absolute time: call `tick(at:)` once per frame
/// with your frame clock's time (e.g. a display link's `targetTimestamp`, or
/// the simulator's clock). Each tick finishes due transitions, drives the
/// scroll views that follow a curve (the list while opening, the panel during
/// the return: every intermediate offset is set and reported, so the nav
/// colour follows it), and reports one `Frame`. Scroll events are stamped
/// with `clock()` when a clock was given (use the frame clock's time base),
/// else with the time of the latest tick (0 before the first).
///
/// **Explicit inputs.** `close()` closes the open panel;
/// `miniProgramDidOpen()` then `pageDidAppear()`: opening a mini-program
/// closes the panel only once its page has appeared.
///
/// **Bad input.** A non-finite content offset or time is ignored: the state
/// stays bit for bit the same and nothing is performed or reported.
///
/// Threading: a controller is not `Sendable`. Create it, attach scroll views,
/// tick it and feed it events on one thread (the main thread in an app); the
/// observers are called synchronously on that thread. Its `State` and
/// `Frame` values are `Sendable`.
public final class PulldownPanelController: ScrollableObserver {
    /// Called with the frame of every successful `tick(at:)`.
    public typealias FrameObserver = (Frame) -> Void
    /// Called whenever the state changes (after an event or a tick that
    /// changed it), with the new state.
    public typealias StateObserver = (State) -> Void
    /// Absolute time in seconds, in the same time base as `tick(at:)`.
    public typealias Clock = () -> TimeInterval

    /// The numbers this controller works with.
    public let configuration: Configuration

    private let cConfiguration: sd_pulldown_config
    private var machines: sd_pulldown
    private let frameObserver: FrameObserver
    private let stateObserver: StateObserver?
    private let clock: Clock?
    private var reportedState: State

    /// The time of the latest successful `tick(at:)`, nil before the first.
    public private(set) var lastTickTime: TimeInterval?

    private enum Source: Int, CaseIterable {
        case list, panel, miniProgramList

        var cValue: sd_pulldown_source {
            switch self {
            case .list: return SD_PULLDOWN_SOURCE_LIST
            case .panel: return SD_PULLDOWN_SOURCE_PANEL
            case .miniProgramList: return SD_PULLDOWN_SOURCE_APPLETS
            }
        }
    }

    /// One attached scroll view and what the controller knows about its gesture.
    private struct Attachment {
        weak var scrollable: (any Scrollable)?
        var id: ObjectIdentifier?
        /// Between the pan's `.began` and its end.
        var dragging = false
        /// The drag ended with deceleration; "deceleration ended" not sent yet.
        var awaitingDecelerationEnd = false
    }

    private var attachments = [Attachment](repeating: Attachment(), count: Source.allCases.count)

    /// A controller at rest (panel closed).
    /// - Parameters:
    ///   - configuration: the numbers; `.article` by default.
    ///   - clock: stamps scroll events (see "Time" above); nil stamps them
    ///     with the latest tick's time.
    ///   - stateObserver: told about every state change.
    ///   - frameObserver: told about every tick's frame.
    public init(configuration: Configuration = .article, clock: Clock? = nil,
                stateObserver: StateObserver? = nil, frameObserver: @escaping FrameObserver)
    {
        self.configuration = configuration
        cConfiguration = configuration.cValue
        self.clock = clock
        self.stateObserver = stateObserver
        self.frameObserver = frameObserver
        var c = cConfiguration
        var p = sd_pulldown()
        // The configuration is valid by construction, so this cannot fail.
        _ = sd_pulldown_init(&p, &c, nil)
        machines = p
        reportedState = State(p, configuration: configuration)
    }

    deinit {
        for a in attachments { a.scrollable?.removeScrollObserver(self) }
    }

    /// The current state.
    public var state: State { State(machines, configuration: configuration) }

    /// The frame at `time` from the current state, without stepping anything
    /// (a transition whose duration has elapsed counts as finished); nil
    /// when `time` is not finite.
    public func frame(at time: TimeInterval) -> Frame? {
        var c = cConfiguration, list = machines.list, panel = machines.panel, f = sd_pulldown_frame()
        guard sd_pulldown_frame_at(&c, &list, &panel, time, &f) == SD_OK else { return nil }
        return Frame(f, time: time, state: state)
    }

    // MARK: - Attaching scroll views

    /// Attaches the chat list's scroll view (nil detaches), starts observing
    /// it, and takes its current content offset as the starting point.
    public func set(listScrollable: (any Scrollable)?) { attach(listScrollable, as: .list) }

    /// Attaches the panel's (pull-up) scroll view (nil detaches).
    public func set(panelScrollable: (any Scrollable)?) { attach(panelScrollable, as: .panel) }

    /// Attaches the mini-program list's scroll view (nil detaches).
    public func set(miniProgramListScrollable: (any Scrollable)?) { attach(miniProgramListScrollable, as: .miniProgramList) }

    private func attach(_ scrollable: (any Scrollable)?, as source: Source) {
        attachments[source.rawValue].scrollable?.removeScrollObserver(self)
        attachments[source.rawValue] = Attachment(scrollable: scrollable, id: scrollable.map(ObjectIdentifier.init))
        guard let scrollable else { return }
        scrollable.addScrollObserver(self)
        // As a layout pass would on a device: the first offset is the
        // reference the first drag's motion is measured from.
        send(source, sd_pulldown_event_offset(scrollable.contentOffset.y, 0, now))
    }

    private func source(of scrollable: any Scrollable) -> Source? {
        let id = ObjectIdentifier(scrollable)
        for source in Source.allCases where attachments[source.rawValue].id == id {
            // The identity matches a live object only if it is that object.
            if attachments[source.rawValue].scrollable != nil { return source }
        }
        return nil
    }

    private func scrollable(_ source: Source) -> (any Scrollable)? { attachments[source.rawValue].scrollable }

    /// The time scroll events are stamped with.
    private var now: TimeInterval { clock?() ?? lastTickTime ?? 0 }

    // MARK: - The frame clock

    /// One frame of the caller's clock at absolute time `time` (seconds):
    /// reports ended decelerations, finishes due transitions, performs the
    /// core's actions, applies the scroll-view parts of the frame to the
    /// attached scroll views, then reports the frame. Returns it; nil (and
    /// nothing changes) when `time` is not finite.
    @discardableResult
    public func tick(at time: TimeInterval) -> Frame? {
        guard time.isFinite else { return nil }
        lastTickTime = time
        for source in Source.allCases where attachments[source.rawValue].awaitingDecelerationEnd {
            guard let view = scrollable(source) as? any DeceleratingScrollable else {
                attachments[source.rawValue].awaitingDecelerationEnd = false
                continue
            }
            if !view.isDecelerating { decelerationEnded(source, offset: view.contentOffset.y, time: time) }
        }
        var c = cConfiguration, actions = sd_pulldown_actions(), f = sd_pulldown_frame()
        guard sd_pulldown_tick(&c, &machines, time, &actions, &f) == SD_OK else { return nil }
        perform(actions)
        apply(f)
        reportStateIfChanged()
        let frame = Frame(f, time: time, state: state)
        frameObserver(frame)
        return frame
    }

    /// Sets what the frame says the scroll views show and the controller owns.
    private func apply(_ f: sd_pulldown_frame) {
        if let list = scrollable(.list) {
            if list.contentInset.top != f.list_inset_top { list.contentInset.top = f.list_inset_top }
            if f.list_offset_driven != 0, list.contentOffset.y != f.list_offset {
                list.updateContentOffset(CGPoint(x: list.contentOffset.x, y: f.list_offset), animated: false)
            }
        }
        if f.panel_offset_driven != 0, let panel = scrollable(.panel), panel.contentOffset.y != f.panel_offset {
            panel.updateContentOffset(CGPoint(x: panel.contentOffset.x, y: f.panel_offset), animated: false)
        }
    }

    // MARK: - Explicit inputs

    /// Closes the open panel (as a pull-up release does: the panel closes
    /// over `closeDuration`, the list restores). Returns false, changing
    /// nothing, unless the panel is open and settled.
    @discardableResult
    public func close() -> Bool {
        send(.list, sd_pulldown_event_close(0, now)) == SD_OK
    }

    /// A mini-program was opened from the panel (its page is being pushed):
    /// the panel closes once `pageDidAppear()` says the page is on screen.
    /// Ignored unless the panel is open. (Opening search from the search bar
    /// does not close the panel: do not call this then.)
    public func miniProgramDidOpen() {
        send(.miniProgramList, sd_pulldown_event_applet_opened(now))
    }

    /// The page pushed by `miniProgramDidOpen()` has appeared: the panel
    /// closes now, under it. Ignored when no mini-program was opened.
    public func pageDidAppear() {
        send(.miniProgramList, sd_pulldown_event_page_appeared(now))
    }

    /// Reports that `scrollable` (an attached scroll view) finished
    /// decelerating, for scroll views that do not adopt
    /// `DeceleratingScrollable` (e.g. forwarded from
    /// `scrollViewDidEndDecelerating`). Ignored for other scroll views and
    /// non-finite offsets.
    public func scrollableDidEndDecelerating(_ scrollable: any Scrollable) {
        guard let source = source(of: scrollable) else { return }
        decelerationEnded(source, offset: scrollable.contentOffset.y, time: now)
    }

    private func decelerationEnded(_ source: Source, offset: CGFloat, time: TimeInterval) {
        attachments[source.rawValue].awaitingDecelerationEnd = false
        send(source, sd_pulldown_event_deceleration_ended(offset, time))
    }

    // MARK: - ScrollableObserver

    public func scrollable(_ scrollable: any Scrollable, didChangeContentOffset contentOffset: CGPoint) {
        guard let source = source(of: scrollable) else { return }
        let dragging: Int32 = attachments[source.rawValue].dragging ? 1 : 0
        send(source, sd_pulldown_event_offset(contentOffset.y, dragging, now))
    }

    public func scrollable(_ scrollable: any Scrollable, didChangeContentSize contentSize: CGSize) {}

    public func scrollable(_ scrollable: any Scrollable, didChangePanGestureState panState: PanGestureState) {
        guard let source = source(of: scrollable) else { return }
        // The gesture's bookkeeping follows the pan even when the offset is
        // not finite; the core rejects the event itself then.
        let y = scrollable.contentOffset.y
        switch panState {
        case .began:
            attachments[source.rawValue].dragging = true
            attachments[source.rawValue].awaitingDecelerationEnd = false
            send(source, sd_pulldown_event_drag_began(y, now))
        case .ended, .cancelled:
            guard attachments[source.rawValue].dragging else { return }
            attachments[source.rawValue].dragging = false
            let decelerates = (scrollable as? any DeceleratingScrollable)?.isDecelerating ?? false
            attachments[source.rawValue].awaitingDecelerationEnd = decelerates
            send(source, sd_pulldown_event_drag_ended(y, decelerates ? 1 : 0, now))
        case .possible, .changed, .failed:
            return
        }
    }

    // MARK: - Stepping the core and performing its actions

    /// Steps the core with one event; on success performs the actions and
    /// reports a changed state. A rejected event changes nothing.
    @discardableResult
    private func send(_ source: Source, _ event: sd_pulldown_event) -> sd_status {
        var c = cConfiguration, e = event, actions = sd_pulldown_actions()
        let status = sd_pulldown_handle(&c, &machines, source.cValue, &e, &actions)
        guard status == SD_OK else { return status }
        perform(actions)
        reportStateIfChanged()
        return status
    }

    /// Performs what a step asked for: pins and offsets first, then the rest
    /// (as `sd_pulldown_actions` documents). Setting an offset reports it
    /// back to this controller, which the core ignores or records as it is.
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
            attachments[Source.panel.rawValue].awaitingDecelerationEnd = false
            panel.updateContentOffset(panel.contentOffset, animated: false)
        }
        // STATE, HAPTIC, LOCK/UNLOCK, transitions and CLOSE_PANEL show in
        // the state and the next frame.
    }

    private func reportStateIfChanged() {
        let current = state
        guard current != reportedState else { return }
        reportedState = current
        stateObserver?(current)
    }
}
