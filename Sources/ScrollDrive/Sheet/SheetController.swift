import CScrollDrive
import Foundation

/// Drives a bottom sheet with detents (by default full, half and dismissed,
/// as in the AppCoda SwiftUI bottom-sheet chapter): the finger drags it, a release picks the next detent, a
/// spring moves it there, a tap on the backdrop dismisses it, and a scroll
/// view inside it shares the finger with it.
///
/// Every rule and every number comes from the C core (`sd_sheet_step`,
/// `sd_sheet_frame_at`, `sd_sheet_reconfigure`); the C struct is the only
/// copy of the configuration and the state. This class turns Swift calls
/// into core events and performs the actions the core returns.
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
/// when the core pins it at its top (UIKit's hand-off,
/// `Options.overscrollFollowsFinger`) or when scrolling is disabled. Past
/// the content's top the sheet reads the scroll view's own offset, rubber
/// band included (AppCoda's sheet), and after the overscroll return the
/// scroll view stays enabled 0.5 s (keep ticking while `isAnimating`). While
/// scrolling is disabled the content is kept at the offset the core expects
/// (its top) after every step.
///
/// **Input checks.** An input with a NaN or infinite value, a negative time,
/// or one that does not fit the state (a drag change with no drag, a drag
/// that begins on a dismissed sheet) is ignored: the methods return false
/// and nothing changes.
///
/// **Per frame.** The controller's receiver (`SheetReceiver`) holds the
/// state and does the work: ticks and drag inputs load the inner scroll
/// view (a weak reference) only when the core's actions need it, and its
/// reports reach the receiver through a `ScrollObserverList` with no
/// reference counting.
///
/// **Threading.** A controller is not `Sendable`. Create it, attach the
/// scroll view and feed it inputs and ticks on one thread (the main thread
/// in an app); the observer is called synchronously on that thread.
/// The observer may call back into the controller: events raised meanwhile
/// are queued and delivered after the current ones, so they still arrive in
/// order and once each.
public final class SheetController: ScrollableObserver {
    /// Everything the controller knows and does; this class only forwards.
    let receiver: SheetReceiver

    /// A sheet resting at `initialDetent`, clock 0; `observer` receives
    /// `willMove(to:)`, `didMove(to:)` and `dismissed`. Throws when the
    /// detent is not one of the configuration's (field "initial_detent").
    public init(configuration: Configuration, initialDetent: Detent,
                observer: @escaping (Event) -> Void = { _ in }) throws(ConfigurationError)
    {
        guard let index = configuration.index(of: initialDetent) else {
            throw ConfigurationError(surface: "sheet", field: "initial_detent",
                                     rule: "must be one of the configuration's detents", kind: .outOfRange)
        }
        var config = configuration.cValue
        var sheet = sd_sheet()
        try ConfigurationError.check(surface: "sheet") { sd_sheet_init(&sheet, &config, UInt32(index), $0) }
        receiver = SheetReceiver(sheet: sheet, observer: observer)
    }

    /// A controller over a receiver that holds a valid sheet (restoring a `Snapshot`).
    init(receiver: SheetReceiver) { self.receiver = receiver }

    deinit {
        receiver.retire(controller: self)
    }

    // MARK: - Configuration

    /// The configuration in force, as the core holds it.
    public var configuration: Configuration { receiver.configuration }

    /// New numbers (a rotation, a layout change, other thresholds or
    /// detents), the state kept: the sheet stays on its detent (by index) at
    /// the clock. At rest it moves to the detent's new top at once; a running
    /// spring is retargeted from where it is, with its velocity; no event
    /// fires. Throws, changing nothing, when the configuration does not have
    /// the sheet's current detent (field "detent_count").
    public func reconfigure(_ configuration: Configuration) throws(ConfigurationError) {
        try receiver.reconfigure(configuration)
    }

    /// `reconfigure` with the container `containerHeight` points tall, the
    /// content `contentHeight` and the safe area's insets (nil: unchanged):
    /// a rotation or split view. Throws, changing nothing, when the detents
    /// do not fit the new geometry; returns true once applied (a resting
    /// sheet is on its detent's new top at once).
    @discardableResult
    public func resize(containerHeight: CGFloat, contentHeight: CGFloat? = nil, safeAreaTop: CGFloat? = nil,
                       safeAreaBottom: CGFloat? = nil) throws(ConfigurationError) -> Bool
    {
        try reconfigure(configuration.resized(containerHeight: containerHeight, contentHeight: contentHeight,
                                              safeAreaTop: safeAreaTop, safeAreaBottom: safeAreaBottom))
        return true
    }

    // MARK: - Reading

    /// The clock: the latest time the core has accepted, seconds.
    public var time: TimeInterval { receiver.time }

    /// The sheet at the clock.
    public var frame: Frame { receiver.frame }

    /// The sheet as it would show at `time` (seconds), changing nothing; nil
    /// when `time` is not finite.
    public func frame(at time: TimeInterval) -> Frame? { receiver.frame(at: time) }

    /// The state at the clock.
    public var state: State { frame.state }

    /// A spring is moving the sheet (until the tick that lands it), or the
    /// inner scroll view's disable after the overscroll return is still to
    /// come (0.5 s after it, as AppCoda's sheet does): keep ticking.
    public var isAnimating: Bool { receiver.needsTicks }

    /// Whether the inner scroll view is enabled (the sheet is committed to the first detent).
    public var isInnerScrollEnabled: Bool { receiver.isInnerScrollEnabled }

    // MARK: - Inputs

    /// Advances the clock to `time` (seconds) and returns the frame at the
    /// clock then (`time`, or the clock when `time` is earlier). Lands a
    /// spring that has ended (reporting `didMove`, and `dismissed` at the
    /// dismissed detent). A non-finite or negative time changes nothing and
    /// returns the frame at the clock.
    @discardableResult
    public func tick(at time: TimeInterval) -> Frame {
        receiver.step(sd_sheet_event_frame(time))
        return frame
    }

    /// A finger went down on the sheet's inner content. Grabs a moving
    /// sheet where it is, keeping its velocity. At the first detent at rest
    /// the inner content has the finger first. `contentOffset` defaults to
    /// the attached scroll view's.
    @discardableResult
    public func dragBegan(at time: TimeInterval? = nil, contentOffset: CGFloat? = nil) -> Bool {
        receiver.step(sd_sheet_event_drag_began(time ?? self.time, contentOffset ?? receiver.currentContentOffset))
    }

    /// A finger went down on the sheet outside its inner content (its
    /// handle or title bar): a drag of the sheet itself at any detent, which
    /// never scrolls the content. At the first detent it moves the sheet by
    /// the translation and, released, springs back to the first detent
    /// (unless `Options.releasesFromFirstDetent`). Continue with
    /// `dragChanged` and `dragEnded` as for any drag.
    @discardableResult
    public func handleDragBegan(at time: TimeInterval? = nil) -> Bool {
        receiver.step(sd_sheet_event_handle_drag_began(time ?? self.time))
    }

    /// The finger moved `translation` points since it went down (positive
    /// down). `contentOffset` defaults to the attached scroll view's: what it
    /// reports, rubber band included (AppCoda's sheet reads it past the
    /// content's top).
    @discardableResult
    public func dragChanged(translation: CGFloat, at time: TimeInterval? = nil,
                            contentOffset: CGFloat? = nil) -> Bool
    {
        receiver.step(sd_sheet_event_drag_changed(time ?? self.time, translation,
                                                  contentOffset ?? receiver.currentContentOffset))
    }

    /// The finger lifted at `velocity` points per second (positive down):
    /// the sheet springs to the detent the release picks. Report a cancelled
    /// gesture as a release with velocity 0.
    @discardableResult
    public func dragEnded(velocity: CGFloat, at time: TimeInterval? = nil) -> Bool {
        receiver.step(sd_sheet_event_drag_ended(time ?? self.time, velocity))
    }

    /// The backdrop was tapped: what `Configuration.backdropTap` says (by
    /// default an animated move to `.dismissed`); nothing at or below the
    /// largest undimmed detent, and nothing on a modal sheet
    /// (`.interactiveDismissDisabled`). False when the tap should dismiss
    /// and the configuration has no dismissed detent.
    @discardableResult
    public func backdropTapped(at time: TimeInterval? = nil) -> Bool {
        receiver.step(sd_sheet_event_backdrop_tap(time ?? self.time))
    }

    /// Moves to `detent`, with the spring (from where the sheet is, at its
    /// velocity when it is already moving) or at once, with the same spring
    /// and events as a release. False, and nothing changes, when `detent` is
    /// not one of the configuration's or a drag is in progress (between
    /// `dragBegan` and `dragEnded`: a programmatic change never takes the
    /// sheet from the finger).
    @discardableResult
    public func move(to detent: Detent, animated: Bool = true, at time: TimeInterval? = nil) -> Bool {
        guard let index = configuration.index(of: detent) else { return false }
        return receiver.step(sd_sheet_event_move(time ?? self.time, UInt32(index), animated ? 1 : 0))
    }

    // MARK: - The keyboard

    /// The keyboard is moving to a new frame, as UIKit's
    /// `keyboardWillChangeFrameNotification` says: its top edge `top` in the
    /// sheet's container (points from the container's top; at or below its
    /// bottom when the keyboard hides; above its top, the keyboard is as
    /// tall as the container and no taller), the animation's `duration` (seconds,
    /// 0...10) and `curve` (`UIView.AnimationCurve`'s raw value: 0...3, or 7,
    /// the keyboard's own, taken as ease-in-out). What the sheet does is
    /// `Configuration.keyboardBehavior`'s (see `KeyboardBehavior`): with no
    /// finger down it moves to its detent's rest top for the new keyboard
    /// (`restTop(of:)`) along the keyboard's curve and duration (`.extend`,
    /// `.interactive` and `.fillParent` first take a shown sheet to the
    /// first detent as the keyboard appears), and back to the detent it came
    /// from when the keyboard goes, unless a drag or `move(to:)` chose a
    /// detent meanwhile. With a finger on the sheet it stays under the
    /// finger; the release lands on the rest tops of the keyboard then.
    /// False, and nothing changes, for a value outside those ranges.
    @discardableResult
    public func keyboardWillChange(top: CGFloat, duration: TimeInterval, curve: Int = 7,
                                   at time: TimeInterval? = nil) -> Bool
    {
        guard let raw = UInt32(exactly: curve) else { return false }
        return receiver.step(sd_sheet_event_keyboard(time ?? self.time, top, duration, raw))
    }

    /// The keyboard's height over the container's bottom at `time` (the
    /// controller's clock by default), points: where its animation is then,
    /// 0...the container's height (a shorter container after `resize` caps it).
    /// How much of the sheet it covers is `Frame.keyboardOverlap`.
    public func keyboardHeight(at time: TimeInterval? = nil) -> CGFloat {
        let at = time ?? self.time
        return receiver.read { sd_sheet_keyboard_height_at($0, at) }
    }

    /// Where the sheet rests at `detent` with the keyboard as it is now (its
    /// final height once it has moved): the detent's top, or with
    /// `.rise`, `.interactive` and `.fillParent` the top the keyboard gives
    /// it (`sd_sheet_rest_top`). Nil when `detent` is not one of the configuration's.
    public func restTop(of detent: Detent) -> CGFloat? {
        guard let index = configuration.index(of: detent) else { return nil }
        return receiver.read { sheet -> CGFloat? in
            var top = 0.0
            return sd_sheet_rest_top(sheet, UInt32(index), &top) == SD_OK ? top : nil
        }
    }

    // MARK: - The inner scroll view

    /// Attaches the scroll view inside the sheet (nil detaches): observes it,
    /// and brings it in line with the core (scrolling enabled only at the
    /// first detent; away from it, the content at the core's offset).
    public func set(scrollable: (any Scrollable)?) { receiver.set(scrollable: scrollable, controller: self) }

    // MARK: - ScrollableObserver (for scroll views that call the controller itself)

    public func scrollable(_ scrollable: any Scrollable, didChangeContentOffset contentOffset: CGPoint) {
        receiver.scrollable(scrollable, didChangeContentOffset: contentOffset)
    }

    /// Content size is not the sheet's concern (fit-content detents take the
    /// sheet's content height through `reconfigure` or `resize`).
    public func scrollable(_ scrollable: any Scrollable, didChangeContentSize contentSize: CGSize) {}

    /// The scroll view's own pan is not a drag input: the caller reports the
    /// sheet's drag with its translation (see the class comment).
    public func scrollable(_ scrollable: any Scrollable, didChangePanGestureState state: PanGestureState) {}
}

extension SheetController: ReceivingController {
    var scrollReceiver: ScrollReceiver { receiver }
}

/// What a `SheetController` knows and does (the core's `sd_sheet` in the
/// driver, the inner scroll view); held by the controller and by the inner
/// scroll view's `ScrollObserverList`, holding neither strongly.
final class SheetReceiver: ScrollReceiver {
    /// The driver delivers the events of one step as one item, so that
    /// events an observer causes come after all of them (`willMove`,
    /// `didMove`, `dismissed` of one step are never split).
    private let driver: SurfaceDriver<sd_sheet, SheetController.Event>
    /// The app's observer of the controller's events.
    private let observer: (SheetController.Event) -> Void
    private let attachment = ScrollableAttachment()
    /// Whether the attached scroll view adopts `ScrollEnabling` (asked once, when attached).
    private var innerCanBeDisabled = false
    /// The inner scroll view's content offset as it last reported it (or
    /// was read when attached): what the controller compares with the
    /// core's offset without loading the scroll view.
    private var innerOffset: CGFloat = 0
    /// Set while the controller changes the scroll view, to ignore the echo.
    private var isPerforming = false

    init(sheet: sd_sheet, observer: @escaping (SheetController.Event) -> Void) {
        driver = SurfaceDriver(core: sheet)
        self.observer = observer
    }

    /// The controller went: stop observing, hear nothing more.
    func retire(controller: any ScrollableObserver) {
        isRetired = true
        attachment.detach(observer: controller)
    }

    var configuration: SheetController.Configuration { SheetController.Configuration(unchecked: driver.core.config) }

    /// The C sheet as it is now (a copy, for a snapshot).
    var core: sd_sheet { driver.core }

    /// `body`'s answer from the C sheet, read in place (no copy).
    func read<R>(_ body: (UnsafePointer<sd_sheet>) -> R) -> R { driver.read(body) }

    func reconfigure(_ configuration: SheetController.Configuration) throws(ConfigurationError) {
        try driver.reconfigure(configuration.cValue)
    }

    var time: TimeInterval { driver.clock }

    var frame: SheetController.Frame { makeFrame(driver.frameAtClock, time: driver.clock) }

    func frame(at time: TimeInterval) -> SheetController.Frame? {
        driver.frame(at: time).map { makeFrame($0, time: time) }
    }

    /// A frame of the core's, with the detent it names read in place.
    private func makeFrame(_ f: sd_sheet_frame, time: TimeInterval) -> SheetController.Frame {
        SheetController.Frame(f, time: time, detent: detent(at: f.detent))
    }

    /// The configuration's detent `index`, read in place (no copy of the core).
    private func detent(at index: UInt32) -> SheetController.Detent {
        driver.read { sheet in
            let config = UnsafeRawPointer(sheet).advanced(by: MemoryLayout<sd_sheet>.offset(of: \.config)!)
            return SheetController.Detent(sd_sheet_config_detent(config.assumingMemoryBound(to: sd_sheet_config.self), index))
        }
    }

    /// The state's flags, read in place.
    private var stateFlags: UInt32 { driver.read { $0.pointee.state.flags } }

    /// A spring runs or the overscroll return's delayed disable is pending.
    var needsTicks: Bool { stateFlags & UInt32(SD_SHEET_STATE_ANIMATING | SD_SHEET_STATE_DISABLE_PENDING) != 0 }

    var isInnerScrollEnabled: Bool { stateFlags & UInt32(SD_SHEET_STATE_SCROLL_ENABLED) != 0 }

    /// A view showing the sheet needs frames at the clock (`sd_sheet_needs_frames`).
    var needsFrames: Bool { driver.read { sd_sheet_needs_frames($0, $0.pointee.state.time) != 0 } }

    /// The inner content offset the core expects, read in place.
    private var coreContentOffset: CGFloat { driver.read { $0.pointee.state.content_offset } }

    // MARK: The inner scroll view

    func set(scrollable: (any Scrollable)?, controller: any ScrollableObserver) {
        attachment.attach(scrollable, observer: controller)
        driver.setAttached(scrollable)
        guard let scrollable else { return }
        innerCanBeDisabled = scrollable is any ScrollEnabling
        innerOffset = scrollable.contentOffset.y
        isPerforming = true
        defer { isPerforming = false }
        (scrollable as? any ScrollEnabling)?.isScrollEnabled = isInnerScrollEnabled
        if !isInnerScrollEnabled { holdContentOffset(of: scrollable) }
    }

    override func scrollable(_ scrollable: any Scrollable, didChangeContentOffset contentOffset: CGPoint) {
        guard driver.isAttached(scrollable) else { return }
        innerOffset = contentOffset.y
        guard !isPerforming, !isInnerScrollEnabled, !innerCanBeDisabled else { return }
        // A scroll view that cannot be disabled is held where the core wants it.
        isPerforming = true
        defer { isPerforming = false }
        holdContentOffset(of: scrollable)
    }

    /// The attached scroll view's offset, or the core's without one.
    var currentContentOffset: CGFloat {
        if let scrollable = attachment.scrollable { return scrollable.contentOffset.y }
        return coreContentOffset
    }

    private func holdContentOffset(of scrollable: any Scrollable) {
        let y = coreContentOffset
        guard scrollable.contentOffset.y != y else { return }
        scrollable.updateContentOffset(CGPoint(x: scrollable.contentOffset.x, y: y), animated: false)
    }

    // MARK: Stepping the core and performing its actions

    /// One core step; false (nothing changed) when the core rejects the event.
    @discardableResult
    func step(_ event: sd_sheet_event) -> Bool {
        guard let actions = driver.step(event) else { return false }
        perform(actions)
        return true
    }

    /// Performs what a step asked for, in the order `sd_sheet_actions`
    /// documents: the scroll view first, then the events. Starting and
    /// stopping the spring need nothing here (`isAnimating` tells the caller
    /// whether to keep ticking). The scroll view is loaded only when an
    /// action is for it, or when scrolling is disabled and its content is
    /// not where the core wants it.
    private func perform(_ actions: sd_sheet_actions) {
        func has(_ flag: Int) -> Bool { actions.flags & UInt32(flag) != 0 }
        let needsView = has(SD_SHEET_ACTION_SET_SCROLL_ENABLED | SD_SHEET_ACTION_SET_CONTENT_OFFSET)
            || (!isInnerScrollEnabled && innerOffset != coreContentOffset)
        if needsView, let scrollable = attachment.scrollable {
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
        let detent = detent(at: actions.detent)
        func noticed(_ notice: Int) -> Bool { actions.notices & UInt32(notice) != 0 }
        var events: [SheetController.Event] = []
        if noticed(SD_SHEET_NOTICE_WILL_MOVE) { events.append(.willMove(to: detent)) }
        if noticed(SD_SHEET_NOTICE_DID_MOVE) { events.append(.didMove(to: detent)) }
        if noticed(SD_SHEET_NOTICE_DISMISSED) { events.append(.dismissed) }
        driver.emit(contentsOf: events, to: observer)
    }
}
