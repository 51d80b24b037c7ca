import CScrollDrive
import Foundation
import ScrollDrive

/// A velocity in screen points per second (CGVector is not in every Foundation).
public struct SimVector: Equatable, Sendable {
    /// The horizontal component (points per second, or points).
    public var dx: Double
    /// The vertical component, positive downwards.
    public var dy: Double

    /// A vector of the given components.
    public init(dx: Double, dy: Double) {
        self.dx = dx
        self.dy = dy
    }

    /// The zero vector (a finger at rest).
    public static let zero = SimVector(dx: 0, dy: 0)
}

/// A vertical scroll view with UIScrollView's observable behaviour, driven by
/// a simulated finger and a clock instead of a screen.
///
/// The simulator owns time: it calls `advance(to:)` with absolute times
/// (seconds since the run started) and delivers touches between those calls.
/// The state machine is the C core's (`scrollview.h`); every position
/// comes from it (`simstep.h`, `motion.h`) as a
/// closed-form function of the time since the motion started, so a 60 Hz and
/// a 120 Hz clock see the same curve.
///
/// What it reproduces:
/// - **Dragging**: once a touch moves, the pan gesture begins; the content
///   follows the finger 1:1 inside the scrollable range and rubber-bands
///   past its ends (`bounces`), or stops at them (no bouncing).
/// - **Release**: the finger's velocity carries into exponential deceleration
///   (`decelerationRate` per millisecond); running into an edge hands over to
///   the bounce-back spring; a release past an edge springs back.
/// - **Touch-down** on moving content stops it (deceleration and bounce) where
///   it is; lifting without dragging lets content past an edge spring back.
/// - **`updateContentOffset(_:animated:)`** first stops deceleration, then
///   moves at once or animates over 0.25 s with UIKit's ease-in-out.
///
/// Order of reports, as UIKit delivers them to an observer registered after
/// the scroll view's own pan handler (AirBar's target-action observer): when
/// the pan begins, `.began` is reported with the content offset still where
/// the touch went down; on every move the content offset changes first, then
/// `.changed` is reported; when the finger lifts, the content moves to the
/// finger's last position (reported, with `.changed`), the release motion is
/// set up, and then `.ended` is reported, so an observer that calls
/// `updateContentOffset` from `.ended` stops the deceleration that just
/// started, as it does on a device. A content-offset change is reported only
/// when the offset actually changes.
///
/// Only the vertical axis moves; the finger's x is ignored.
///
/// The domain: lengths (frame, content size, insets, content offsets, the
/// finger's coordinates) within ±`maximumLength` points, velocities within
/// ±`maximumVelocity` points per second. Finite values outside it are
/// clamped to it where they are used (the scroll range is computed from the
/// clamped geometry, a requested offset and a finger's position are clamped
/// coordinate by coordinate, a finger's velocity is clamped); `contentSize`
/// and `requests` keep what the caller passed. Non-finite input never
/// enters: a touch-down at a non-finite location is ignored, a move or lift
/// to one leaves the finger where it was, a NaN finger velocity counts as 0
/// and an infinite one as ±`maximumVelocity`, a non-finite requested offset
/// is recorded but moves nothing, and non-finite geometry pins the scroll
/// range to the current offset. So for any input the content offset and
/// the velocity stay finite.
public final class SimScrollView: Scrollable, ObserverNotifying {
    /// Largest length the scroll view works with, points: the bottom sheet's
    /// SD_SHEET_MAX_LENGTH (1e9), a gesture script's bound too.
    public static let maximumLength: Double = SD_SCROLL_VIEW_MAX_LENGTH

    /// Largest velocity the scroll view works with, points per second: the
    /// bottom sheet's SD_SHEET_MAX_VELOCITY (1e12).
    public static let maximumVelocity: Double = SD_SCROLL_VIEW_MAX_VELOCITY

    /// Starting geometry and behaviour.
    public struct Configuration: Equatable, Sendable {
        /// The scroll view's frame, in points (a phone screen by default).
        public var frame: CGRect
        /// Content size, in points.
        public var contentSize: CGSize
        /// Initial content offset, in points.
        public var contentOffset: CGPoint
        /// Initial content inset, in points: the scroll view's own, as
        /// UIKit's `contentInset` (the safe area's part comes on top of it,
        /// see `contentInsetAdjustmentBehavior`).
        public var contentInset: EdgeInsets
        /// The safe area's insets, in points (UIKit's `safeAreaInsets`: an
        /// iPhone 15 has 59 at the top, 34 at the bottom). None by default.
        public var safeAreaInsets: EdgeInsets
        /// Whether the safe area is added to the content inset, as UIKit's
        /// `contentInsetAdjustmentBehavior` (`.automatic` by default, as in UIKit).
        public var contentInsetAdjustmentBehavior: ContentInsetAdjustmentBehavior
        /// Whether the content rubber-bands past its ends (UIScrollView.bounces).
        public var bounces: Bool
        /// Whether a drag may begin when the content fits inside the frame
        /// (UIScrollView.alwaysBounceVertical; table views behave as if on).
        public var alwaysBounceVertical: Bool
        /// Deceleration rate per millisecond, 0 < rate < 1: 0.998 (UIKit's
        /// `.normal`) or 0.99 (`.fast`).
        public var decelerationRate: Double

        /// A configuration; by default a 390 x 844 phone screen over 2400 pt
        /// of content at rest at the top, bouncing, at UIKit's normal rate.
        public init(
            frame: CGRect = CGRect(x: 0, y: 0, width: 390, height: 844),
            contentSize: CGSize = CGSize(width: 390, height: 2400),
            contentOffset: CGPoint = .zero,
            contentInset: EdgeInsets = .zero,
            safeAreaInsets: EdgeInsets = .zero,
            contentInsetAdjustmentBehavior: ContentInsetAdjustmentBehavior = .automatic,
            bounces: Bool = true,
            alwaysBounceVertical: Bool = true,
            decelerationRate: Double = SD_DECELERATION_RATE_NORMAL
        ) {
            self.frame = frame
            self.contentSize = contentSize
            self.contentOffset = contentOffset
            self.contentInset = contentInset
            self.safeAreaInsets = safeAreaInsets
            self.contentInsetAdjustmentBehavior = contentInsetAdjustmentBehavior
            self.bounces = bounces
            self.alwaysBounceVertical = alwaysBounceVertical
            self.decelerationRate = decelerationRate
        }
    }

    /// What the scroll view is doing, for traces and plots.
    public enum Phase: String, Equatable, Sendable, CaseIterable {
        /// At rest, untouched.
        case idle
        /// A finger is down but has not started a drag.
        case touching
        /// The pan gesture is active: the content follows the finger.
        case dragging
        /// Released with velocity: exponential deceleration.
        case decelerating
        /// Springing back to an edge (after running into it or being released past it).
        case bouncing
        /// An animated `updateContentOffset`.
        case animating
    }

    /// A content-offset request received through `updateContentOffset(_:animated:)`.
    public struct Request: Equatable, Sendable {
        /// When it came (seconds since the run started).
        public let time: Double
        /// The content offset when it came.
        public let from: CGPoint
        /// The requested content offset.
        public let contentOffset: CGPoint
        /// Whether the move was to be animated (0.25 s, UIKit's ease-in-out;
        /// with `shortEaseOut`, reduced motion's 0.15 s ease-out).
        public let animated: Bool
        /// The move was reduced motion's short ease-out (`updateContentOffsetWithShortEaseOut`).
        public let shortEaseOut: Bool

        /// A request as the scroll view records it.
        public init(time: Double, from: CGPoint, contentOffset: CGPoint, animated: Bool, shortEaseOut: Bool = false) {
            self.time = time
            self.from = from
            self.contentOffset = contentOffset
            self.animated = animated
            self.shortEaseOut = shortEaseOut
        }
    }

    /// A name for traces (column prefix when a surface has several scroll views).
    public let name: String
    /// The state machine (scrollview.h): the one home of the scroll view's logic.
    ///
    /// Accessed without run-time exclusivity checks (on Linux each costs a
    /// thread-local lookup, more than a frame's glue): every access is one
    /// statement inside this class, a read or a C call on `&core` that calls
    /// nothing back, and observers are only called between them (`deliver`
    /// and `report` run after the C call has returned), so no access can
    /// overlap another. Observers that move the content from their callback
    /// (the bar's snap) are exercised by BarSurface's and SimScrollView's tests.
    @exclusivity(unchecked) private var core = sd_scroll_view()
    public var contentOffset: CGPoint { CGPoint(x: core.offset_x, y: core.offset_y) }
    /// The inset the content rests within, in total (UIKit's
    /// `adjustedContentInset`): the own inset plus the safe area's part.
    /// Setting it sets the own inset to the total minus that part, as the
    /// UIKit adapter does; the physics use the total.
    public var contentInset: EdgeInsets {
        get { storedContentInset }
        set {
            storedContentInset = newValue
            core.inset_top = Double(newValue.top)
            core.inset_bottom = Double(newValue.bottom)
        }
    }
    /// The indicators' inset in total: the own inset plus the safe area's
    /// part while `automaticallyAdjustsScrollIndicatorInsets` is on.
    public var scrollIndicatorInsets: EdgeInsets {
        get { storedIndicatorInsets }
        set { storedIndicatorInsets = newValue }
    }
    /// The safe area's insets (points).
    public let safeAreaInsets: EdgeInsets
    /// Whether the safe area is added to the content inset.
    public let contentInsetAdjustmentBehavior: ContentInsetAdjustmentBehavior
    /// Whether the indicators' inset gets the safe area's part too (UIKit's
    /// `automaticallyAdjustsScrollIndicatorInsets`, on by default).
    public var automaticallyAdjustsScrollIndicatorInsets = true
    /// The part of the content inset the system adds: the safe area's top
    /// and bottom under `.automatic`, nothing under `.never`.
    public var systemContentInset: EdgeInsets { contentInsetAdjustmentBehavior.systemPart(of: safeAreaInsets) }
    /// The scroll view's own content inset, what UIKit's `contentInset`
    /// holds: the total minus the system's part.
    public var ownContentInset: EdgeInsets {
        get { InsetAdjustment.own(forTotal: contentInset, system: systemContentInset) }
        set { contentInset = InsetAdjustment.total(own: newValue, system: systemContentInset) }
    }
    /// The indicators' own inset, what UIKit's `verticalScrollIndicatorInsets` holds.
    public var ownScrollIndicatorInsets: EdgeInsets {
        InsetAdjustment.own(forTotal: scrollIndicatorInsets,
                            system: automaticallyAdjustsScrollIndicatorInsets ? systemContentInset : .zero)
    }
    public private(set) var contentSize: CGSize {
        get { storedContentSize }
        set {
            storedContentSize = newValue
            core.content_height = Double(newValue.height)
        }
    }
    public var frame: CGRect {
        get { storedFrame }
        set {
            storedFrame = newValue
            core.frame_height = Double(newValue.height)
        }
    }
    // What a controller reads on every report, in private stored properties
    // behind the public ones: the compiler sees every access to them and
    // checks exclusivity at compile time instead of on every access at run
    // time, as it must for a public stored property of a class.
    private var storedContentInset = EdgeInsets.zero
    private var storedIndicatorInsets = EdgeInsets.zero
    private var storedContentSize = CGSize.zero
    private var storedFrame = CGRect.zero
    /// Whether the content rubber-bands past its ends (UIScrollView.bounces).
    public var bounces: Bool {
        get { core.bounces != 0 }
        set { core.bounces = newValue ? 1 : 0 }
    }
    /// Whether a drag may begin when the content fits inside the frame.
    public var alwaysBounceVertical: Bool {
        get { core.always_bounce != 0 }
        set { core.always_bounce = newValue ? 1 : 0 }
    }
    /// Deceleration rate per millisecond for the next release (0 < rate < 1).
    public var decelerationRate: Double {
        get { core.rate }
        set { core.rate = newValue }
    }
    /// A finger is on the scroll view.
    public var isTracking: Bool { core.tracking != 0 }
    /// The pan gesture is active (the finger has moved since it went down).
    public var isDragging: Bool { core.dragging != 0 }
    /// The content is moving on after a release (decelerating or bouncing back).
    public var isDecelerating: Bool { core.motion == UInt32(SD_SCROLL_VIEW_RELEASE) }
    /// The content's velocity along y, in points per second: from the finger
    /// while dragging, from the motion afterwards, 0 at rest.
    public var velocity: Double { sd_scroll_view_velocity(&core) }
    /// The clock: the time of the last `advance(to:)` (seconds).
    public var time: Double { core.time }
    /// Every `updateContentOffset` request, oldest first.
    public private(set) var requests: [Request] = []
    /// The finger's last position (screen points), while tracking.
    public var fingerLocation: CGPoint? {
        core.has_finger != 0 ? CGPoint(x: core.finger_x, y: core.finger_y) : nil
    }

    var observers = ScrollObserverList()

    /// A scroll view at rest at time 0; `name` prefixes its columns in traces
    /// when a surface has several.
    public init(name: String = "scroll", configuration: Configuration = Configuration()) {
        self.name = name
        safeAreaInsets = configuration.safeAreaInsets
        contentInsetAdjustmentBehavior = configuration.contentInsetAdjustmentBehavior
        let system = configuration.contentInsetAdjustmentBehavior.systemPart(of: configuration.safeAreaInsets)
        let total = InsetAdjustment.total(own: configuration.contentInset, system: system)
        contentInset = total
        storedIndicatorInsets = system
        contentSize = configuration.contentSize
        frame = configuration.frame
        var config = sd_scroll_view_config()
        config.offset_x = Double(configuration.contentOffset.x)
        config.offset_y = Double(configuration.contentOffset.y)
        config.inset_top = Double(total.top)
        config.inset_bottom = Double(total.bottom)
        config.content_height = Double(configuration.contentSize.height)
        config.frame_height = Double(configuration.frame.height)
        config.rate = configuration.decelerationRate
        config.bounces = configuration.bounces ? 1 : 0
        config.always_bounce = configuration.alwaysBounceVertical ? 1 : 0
        // Only NULL pointers and flags other than 0/1 are rejected: neither can happen here.
        _ = sd_scroll_view_init(&core, &config, nil)
    }

    // MARK: - Reading

    /// The range the content offset rests in, in points: from `min`
    /// (-inset top) to `max` (the bottom edge; never below `min`).
    public struct ScrollRange: Equatable, Sendable {
        /// The top edge: -inset top (points).
        public let min: Double
        /// The bottom edge, never below `min` (points).
        public let max: Double

        /// A range from `min` to `max`.
        public init(min: Double, max: Double) {
            self.min = min
            self.max = max
        }
    }

    /// The range the content offset rests in (min = -inset top). Non-finite
    /// geometry pins it to the current offset.
    public var scrollRange: ScrollRange {
        let b = bounds
        return ScrollRange(min: b.min, max: b.max)
    }

    /// `scrollRange` as the C core's motion functions take it.
    var bounds: sd_scroll_bounds {
        var copy = core
        return sd_scroll_view_bounds(&copy)
    }

    /// What the scroll view is doing now.
    public var phase: Phase {
        var copy = core
        switch sd_scroll_view_phase_of(&copy) {
        case SD_SCROLL_VIEW_TOUCHING: return .touching
        case SD_SCROLL_VIEW_DRAGGING: return .dragging
        case SD_SCROLL_VIEW_DECELERATING: return .decelerating
        case SD_SCROLL_VIEW_BOUNCING: return .bouncing
        case SD_SCROLL_VIEW_ANIMATING: return .animating
        default: return .idle
        }
    }

    /// Nothing touches or moves the content.
    public var isAtRest: Bool { core.tracking == 0 && core.motion == UInt32(SD_SCROLL_VIEW_NO_MOTION) }

    // MARK: - Time

    /// Moves the clock to `time` (seconds; earlier times are ignored) and the
    /// content to where its motion has it then, reporting the change.
    public func advance(to time: Double) {
        deliver(sd_scroll_view_advance(&core, time))
    }

    // MARK: - Touches

    /// A finger touches down at `location` (screen points). Stops a
    /// deceleration or bounce where the content is now; an animated
    /// `updateContentOffset` keeps running until a drag begins. A touch at
    /// a non-finite location is ignored.
    public func touchDown(at location: CGPoint) {
        guard location.x.isFinite, location.y.isFinite else { return }
        if isTracking { touchCancelled() }
        deliver(sd_scroll_view_touch_down(&core, Double(location.x), Double(location.y)))
    }

    /// The finger moved to `location` with `fingerVelocity` (screen points
    /// per second). The first move away from the touch-down point begins the
    /// pan (unless the content cannot scroll and `alwaysBounceVertical` is off).
    public func touchMoved(to location: CGPoint, fingerVelocity: SimVector) {
        var flags = sd_scroll_view_touch_moved(&core, Double(location.x), Double(location.y), fingerVelocity.dy)
        if flags & UInt32(SD_SCROLL_VIEW_BEGAN) != 0 {
            report(.began)
            // Observers of `.began` may change the insets (the bar does): the
            // reference is taken in the range that holds from now on.
            flags = sd_scroll_view_drag_follow(&core)
        }
        deliver(flags)
    }

    /// The finger lifts at `location` with `fingerVelocity` (screen points
    /// per second). A drag ends: the content moves to the finger's position,
    /// the release motion starts, then `.ended` is reported. A finger that
    /// lifts without having moved (a tap) leaves the content where it is,
    /// unless it is past an edge: then it springs back.
    public func touchUp(at location: CGPoint, fingerVelocity: SimVector) {
        let (x, y) = (Double(location.x), Double(location.y))
        var flags = sd_scroll_view_touch_up(&core, x, y, fingerVelocity.dy)
        if flags & UInt32(SD_SCROLL_VIEW_MOVE_FIRST) != 0 {
            // Lifting somewhere else means the finger moved there first.
            touchMoved(to: location, fingerVelocity: fingerVelocity)
            flags = sd_scroll_view_touch_up(&core, x, y, fingerVelocity.dy)
        }
        deliver(flags)
    }

    /// The system cancels the touch (an alert, a call): a drag reports
    /// `.cancelled`; the content stays, or springs back when past an edge.
    public func touchCancelled() {
        deliver(sd_scroll_view_touch_cancelled(&core))
    }

    // MARK: - Scrollable

    /// Stops any deceleration or bounce, then moves the content offset: at
    /// once, or over 0.25 s along UIKit's ease-in-out curve (reported frame by
    /// frame as the clock advances). During a drag the change applies at once
    /// and the finger carries on from the new offset. The request is
    /// recorded as given; an offset beyond ±maximumLength is clamped to it,
    /// a non-finite one only stops the motion.
    public func updateContentOffset(_ contentOffset: CGPoint, animated: Bool) {
        requests.append(Request(time: time, from: self.contentOffset, contentOffset: contentOffset,
                                animated: animated))
        move(to: contentOffset, animation: animated ? 1 : 0)
    }

    /// A tap on the status bar: the content scrolls to its top, -`contentInset.top`
    /// (the safe area included), over 0.25 s along UIKit's ease-in-out, as
    /// UIKit's scroll-to-top does. Not recorded in `requests` (nothing asked
    /// for it but the user).
    public func tapStatusBar() {
        move(to: CGPoint(x: contentOffset.x, y: -contentInset.top), animation: 1)
    }

    /// Reduced motion's move: a 0.15 s ease-out (`SD_SCROLL_ANIMATED_SHORT`).
    public func updateContentOffsetWithShortEaseOut(_ contentOffset: CGPoint) {
        requests.append(Request(time: time, from: self.contentOffset, contentOffset: contentOffset,
                                animated: true, shortEaseOut: true))
        move(to: contentOffset, animation: SD_SCROLL_ANIMATED_SHORT)
    }

    /// The core's offset change (`animation` as sd_scroll_view_update_offset takes it), reported.
    private func move(to contentOffset: CGPoint, animation: Int32) {
        let flags = sd_scroll_view_update_offset(&core, Double(contentOffset.x), Double(contentOffset.y), animation)
        deliver(flags)
        if flags & UInt32(SD_SCROLL_VIEW_REBASE) != 0 { sd_scroll_view_drag_rebase(&core) }
    }

    /// Changes the content size and reports it.
    public func setContentSize(_ size: CGSize) {
        contentSize = size
        notify { $0.scrollable(self, didChangeContentSize: size) }
    }

    public func addScrollObserver(_ observer: any ScrollableObserver) { observers.add(observer) }
    public func removeScrollObserver(_ observer: any ScrollableObserver) { observers.remove(observer) }

    // MARK: - Reporting

    /// Reports what a step of the core says, in scrollview.h's order: the
    /// offset change, then the pan state.
    private func deliver(_ flags: UInt32) {
        if flags & UInt32(SD_SCROLL_VIEW_OFFSET) != 0 {
            let offset = contentOffset
            notify { $0.scrollable(self, didChangeContentOffset: offset) }
        }
        if flags & UInt32(SD_SCROLL_VIEW_CHANGED) != 0 { report(.changed) }
        if flags & UInt32(SD_SCROLL_VIEW_ENDED) != 0 { report(.ended) }
        if flags & UInt32(SD_SCROLL_VIEW_CANCELLED) != 0 { report(.cancelled) }
    }

    private func report(_ state: PanGestureState) {
        notify { $0.scrollable(self, didChangePanGestureState: state) }
    }
}

/// The pull-down panel asks whether a released scroll view moves on.
extension SimScrollView: DeceleratingScrollable {}
