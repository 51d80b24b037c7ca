import CScrollDrive
import Foundation

/// Drives a bottom sheet with detents (by default the seed's full, half and
/// dismissed): the finger drags it, a release picks the next detent, a
/// spring moves it there, a tap on the backdrop dismisses it, and a scroll
/// view inside it shares the finger with it.
///
/// Every rule and every number comes from the C core (`sd_sheet_step`,
/// `sd_sheet_sample`); this class turns Swift calls into core events and
/// performs the actions the core returns.
///
/// **Time.** There are no timers. The caller owns the clock and passes
/// absolute times in seconds (a display link's timestamp, the simulator's
/// clock): `tick(at:)` once per display frame, and optionally `at:` on each
/// input (without it, an input happens at the controller's clock, the latest
/// time it has seen). Motion is a closed-form function of time, so any frame
/// rate samples the same curve; times never run backwards (an earlier time
/// counts as the clock). Keep ticking while `isAnimating`: the tick past a
/// spring's settle time lands it and reports `didMove`.
///
/// **The finger.** The caller reports the sheet's drag (`dragBegan`,
/// `dragChanged(translation:)`, `dragEnded(velocity:)`), also when the
/// finger is on the inner content. The core needs the translation and the
/// inner content offset of the same instant, so each drag input reads the
/// attached scroll view's offset when it is called (or takes `contentOffset:`):
/// report a move after the scroll view has applied it.
///
/// **The inner scroll view** (`set(scrollable:)`): the controller enables
/// it only at the first detent (through `ScrollEnabling` when it adopts it;
/// otherwise `Frame.isInnerScrollEnabled` says so and the controller undoes
/// any scroll while disabled), and sets its content offset, not animated,
/// when the core pins it at its top during a hand-off or when the sheet
/// leaves the first detent. While scrolling is disabled the content is kept
/// at the offset the core expects (its top) after every step.
///
/// **Input checks.** An input with a NaN or infinite value, a negative time,
/// or one that does not fit the state (a drag change with no drag, a drag
/// that begins on a dismissed sheet) is ignored: the methods return false
/// and nothing changes.
///
/// **Threading.** A controller is not `Sendable`. Create it, attach the
/// scroll view and feed it inputs and ticks on one thread (the main thread
/// in an app); the event observer is called synchronously on that thread.
/// The observer may call back into the controller: events raised meanwhile
/// are queued and delivered after the current ones, so they still arrive in
/// order and once each.
public final class SheetController: ScrollableObserver {
    /// Receives `willMove(to:)`, `didMove(to:)` and `dismissed`.
    public typealias EventObserver = (Event) -> Void

    /// The configuration in force (its container and content heights follow `resize`).
    public private(set) var configuration: Configuration

    private var sheet: sd_sheet
    private let eventObserver: EventObserver
    private weak var scrollable: (any Scrollable)?
    private var queuedEvents: [Event] = []
    private var isDelivering = false
    /// Set while the controller changes the scroll view, to ignore the echo.
    private var isPerforming = false

    /// A sheet resting at `initialDetent`, clock 0. Throws when the detent is
    /// not one of the configuration's (field "initial_detent").
    public init(configuration: Configuration, initialDetent: Detent,
                eventObserver: @escaping EventObserver = { _ in }) throws(ConfigurationError)
    {
        guard let index = configuration.index(of: initialDetent) else {
            throw ConfigurationError(surface: "sheet", field: "initial_detent",
                                     rule: "must be one of the configuration's detents", kind: .outOfRange)
        }
        self.configuration = configuration
        self.eventObserver = eventObserver
        var config = configuration.cValue
        sheet = sd_sheet()
        try ConfigurationError.check(surface: "sheet") { sd_sheet_init(&sheet, &config, UInt32(index), $0) }
    }

    deinit {
        scrollable?.removeScrollObserver(self)
    }

    // MARK: - Reading

    /// The clock: the latest time the controller has seen, seconds.
    public var time: TimeInterval { sheet.state.time }

    /// The sheet at the clock.
    public var frame: Frame {
        var f = sd_sheet_frame()
        _ = sd_sheet_sample(&sheet, sheet.state.time, &f)
        return Frame(f, time: sheet.state.time, configuration: configuration)
    }

    /// The sheet as it would show at `time` (seconds), changing nothing; nil
    /// when `time` is not finite.
    public func frame(at time: TimeInterval) -> Frame? {
        var f = sd_sheet_frame()
        guard sd_sheet_sample(&sheet, time, &f) == SD_OK else { return nil }
        return Frame(f, time: time, configuration: configuration)
    }

    /// The state at the clock.
    public var state: State { frame.state }

    /// A spring is moving the sheet (until the tick that lands it): keep ticking.
    public var isAnimating: Bool { sheet.state.flags & UInt32(SD_SHEET_STATE_ANIMATING) != 0 }

    /// Whether the inner scroll view is enabled (the sheet is committed to the first detent).
    public var isInnerScrollEnabled: Bool { sheet.state.flags & UInt32(SD_SHEET_STATE_SCROLL_ENABLED) != 0 }

    // MARK: - Inputs

    /// Advances the clock to `time` (seconds) and returns the frame to show.
    /// Lands a spring past its settle time (reporting `didMove`, and
    /// `dismissed` at the dismissed detent). A non-finite or negative time
    /// changes nothing and returns the frame at the clock.
    @discardableResult
    public func tick(at time: TimeInterval) -> Frame {
        var event = sd_sheet_frame_tick(time)
        guard let actions = step(&event) else { return frame }
        return Frame(actions.frame, time: sheet.state.time, configuration: configuration)
    }

    /// A finger went down on the sheet or its inner content. Grabs a moving
    /// sheet where it is, keeping its velocity. At the first detent at rest
    /// the inner content has the finger first. `contentOffset` defaults to
    /// the attached scroll view's.
    @discardableResult
    public func dragBegan(at time: TimeInterval? = nil, contentOffset: CGFloat? = nil) -> Bool {
        var event = sd_sheet_drag_began(time ?? self.time, contentOffset ?? currentContentOffset)
        return step(&event) != nil
    }

    /// The finger moved `translation` points since it went down (positive
    /// down). `contentOffset` defaults to the attached scroll view's.
    @discardableResult
    public func dragChanged(translation: CGFloat, at time: TimeInterval? = nil,
                            contentOffset: CGFloat? = nil) -> Bool
    {
        var event = sd_sheet_drag_changed(time ?? self.time, translation, contentOffset ?? currentContentOffset)
        return step(&event) != nil
    }

    /// The finger lifted at `velocity` points per second (positive down):
    /// the sheet springs to the detent the release picks. Report a cancelled
    /// gesture as a release with velocity 0.
    @discardableResult
    public func dragEnded(velocity: CGFloat, at time: TimeInterval? = nil) -> Bool {
        var event = sd_sheet_drag_ended(time ?? self.time, velocity)
        return step(&event) != nil
    }

    /// The backdrop was tapped: an animated move to `.dismissed`. False when
    /// the configuration has no dismissed detent.
    @discardableResult
    public func backdropTapped(at time: TimeInterval? = nil) -> Bool {
        var event = sd_sheet_backdrop_tap(time ?? self.time)
        return step(&event) != nil
    }

    /// Moves to `detent`, with the spring (from where the sheet is, at its
    /// velocity when it is already moving) or at once. During a drag it
    /// takes the sheet from the finger. False when `detent` is not one of the
    /// configuration's.
    @discardableResult
    public func move(to detent: Detent, animated: Bool = true, at time: TimeInterval? = nil) -> Bool {
        guard let index = configuration.index(of: detent) else { return false }
        var event = sd_sheet_move(time ?? self.time, UInt32(index), animated ? 1 : 0)
        return step(&event) != nil
    }

    /// The container became `containerHeight` points tall (a rotation, a
    /// layout change), and the content `contentHeight` (nil: unchanged). The
    /// sheet stays on its detent: at rest it moves to the detent's new top, a
    /// running spring is retargeted from where it is; no event fires.
    /// Throws, changing nothing, when the detents do not fit the new
    /// geometry; returns false, changing nothing, for a bad time.
    @discardableResult
    public func resize(containerHeight: CGFloat, contentHeight: CGFloat? = nil,
                       at time: TimeInterval? = nil) throws(ConfigurationError) -> Bool
    {
        let resized = try configuration.resized(containerHeight: containerHeight, contentHeight: contentHeight)
        var event = sd_sheet_resize(time ?? self.time, resized.containerHeight, resized.contentHeight)
        var next = sheet, actions = sd_sheet_actions()
        guard sd_sheet_step(&next, &event, &actions) == SD_OK else { return false }
        sheet = next
        configuration = resized
        perform(actions)
        return true
    }

    // MARK: - The inner scroll view

    /// Attaches the scroll view inside the sheet (nil detaches): observes it,
    /// and brings it in line with the core (scrolling enabled only at the
    /// first detent; away from it, the content at the core's offset).
    public func set(scrollable: (any Scrollable)?) {
        self.scrollable?.removeScrollObserver(self)
        self.scrollable = scrollable
        guard let scrollable else { return }
        scrollable.addScrollObserver(self)
        isPerforming = true
        defer { isPerforming = false }
        (scrollable as? any ScrollEnabling)?.isScrollEnabled = isInnerScrollEnabled
        if !isInnerScrollEnabled { holdContentOffset(of: scrollable) }
    }

    public func scrollable(_ scrollable: any Scrollable, didChangeContentOffset contentOffset: CGPoint) {
        guard scrollable === self.scrollable, !isPerforming, !isInnerScrollEnabled,
              !(scrollable is any ScrollEnabling)
        else { return }
        // A scroll view that cannot be disabled is held where the core wants it.
        isPerforming = true
        defer { isPerforming = false }
        holdContentOffset(of: scrollable)
    }

    /// Content size is not the sheet's concern (fit-content detents take the
    /// sheet's content height through `resize`).
    public func scrollable(_ scrollable: any Scrollable, didChangeContentSize contentSize: CGSize) {}

    /// The scroll view's own pan is not a drag input: the caller reports the
    /// sheet's drag with its translation (see the class comment).
    public func scrollable(_ scrollable: any Scrollable, didChangePanGestureState state: PanGestureState) {}

    private var currentContentOffset: CGFloat {
        if let scrollable { return scrollable.contentOffset.y }
        return sheet.state.content_offset
    }

    private func holdContentOffset(of scrollable: any Scrollable) {
        let y = sheet.state.content_offset
        guard scrollable.contentOffset.y != y else { return }
        scrollable.updateContentOffset(CGPoint(x: scrollable.contentOffset.x, y: y), animated: false)
    }

    // MARK: - Stepping the core and performing its actions

    /// One core step; nil (nothing changed) when the core rejects the event.
    private func step(_ event: inout sd_sheet_event) -> sd_sheet_actions? {
        var actions = sd_sheet_actions()
        guard sd_sheet_step(&sheet, &event, &actions) == SD_OK else { return nil }
        perform(actions)
        return actions
    }

    /// Performs what a step asked for, in the order `sd_sheet_actions`
    /// documents: the scroll view first, then the events. Starting and
    /// stopping the spring need nothing here (`isAnimating` tells the caller
    /// whether to keep ticking).
    private func perform(_ actions: sd_sheet_actions) {
        func has(_ flag: Int) -> Bool { actions.flags & UInt32(flag) != 0 }
        if let scrollable {
            isPerforming = true
            if has(SD_SHEET_ACTION_SET_SCROLL_ENABLED) {
                (scrollable as? any ScrollEnabling)?.isScrollEnabled = actions.scroll_enabled != 0
            }
            if has(SD_SHEET_ACTION_SET_CONTENT_OFFSET) {
                scrollable.updateContentOffset(CGPoint(x: scrollable.contentOffset.x, y: actions.content_offset),
                                               animated: false)
            }
            // The core learns the content offset only from drag inputs; content
            // that scrolled on after the last drag (deceleration, code) is
            // brought to the core's offset too once scrolling is disabled.
            if !isInnerScrollEnabled { holdContentOffset(of: scrollable) }
            isPerforming = false
        }
        guard actions.notices != 0 else { return }
        let detent = configuration.detents[Int(actions.detent)]
        func noticed(_ notice: Int) -> Bool { actions.notices & UInt32(notice) != 0 }
        if noticed(SD_SHEET_NOTICE_WILL_MOVE) { queuedEvents.append(.willMove(to: detent)) }
        if noticed(SD_SHEET_NOTICE_DID_MOVE) { queuedEvents.append(.didMove(to: detent)) }
        if noticed(SD_SHEET_NOTICE_DISMISSED) { queuedEvents.append(.dismissed) }
        deliverEvents()
    }

    /// Delivers queued events in order; a call made from inside the observer
    /// only queues, and the outer call delivers.
    private func deliverEvents() {
        guard !isDelivering else { return }
        isDelivering = true
        defer { isDelivering = false }
        while !queuedEvents.isEmpty {
            eventObserver(queuedEvents.removeFirst())
        }
    }
}
