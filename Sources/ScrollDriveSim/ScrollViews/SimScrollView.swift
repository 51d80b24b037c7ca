import CScrollDrive
import Foundation
import ScrollDrive

/// A velocity in screen points per second (CGVector is not in every Foundation).
public struct SimVector: Equatable, Sendable {
    public var dx: Double
    public var dy: Double

    public init(dx: Double, dy: Double) {
        self.dx = dx
        self.dy = dy
    }

    public static let zero = SimVector(dx: 0, dy: 0)
}

/// A vertical scroll view with UIScrollView's observable behaviour, driven by
/// a simulated finger and a clock instead of a screen.
///
/// The simulator owns time: it calls `advance(to:)` with absolute times
/// (seconds since the run started) and delivers touches between those calls.
/// Every position comes from the C core (`simstep.h`, `motion.h`) as a
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
    public static let maximumLength = 1e9

    /// Largest velocity the scroll view works with, points per second: the
    /// bottom sheet's SD_SHEET_MAX_VELOCITY (1e12).
    public static let maximumVelocity = 1e12

    /// Starting geometry and behaviour.
    public struct Configuration: Equatable, Sendable {
        /// The scroll view's frame, in points (a phone screen by default).
        public var frame: CGRect
        /// Content size, in points.
        public var contentSize: CGSize
        /// Initial content offset, in points.
        public var contentOffset: CGPoint
        /// Initial content inset, in points.
        public var contentInset: EdgeInsets
        /// Whether the content rubber-bands past its ends (UIScrollView.bounces).
        public var bounces: Bool
        /// Whether a drag may begin when the content fits inside the frame
        /// (UIScrollView.alwaysBounceVertical; table views behave as if on).
        public var alwaysBounceVertical: Bool
        /// Deceleration rate per millisecond, 0 < rate < 1: 0.998 (UIKit's
        /// `.normal`) or 0.99 (`.fast`).
        public var decelerationRate: Double

        public init(
            frame: CGRect = CGRect(x: 0, y: 0, width: 390, height: 844),
            contentSize: CGSize = CGSize(width: 390, height: 2400),
            contentOffset: CGPoint = .zero,
            contentInset: EdgeInsets = .zero,
            bounces: Bool = true,
            alwaysBounceVertical: Bool = true,
            decelerationRate: Double = SD_DECELERATION_RATE_NORMAL
        ) {
            self.frame = frame
            self.contentSize = contentSize
            self.contentOffset = contentOffset
            self.contentInset = contentInset
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
        public let animated: Bool

        public init(time: Double, from: CGPoint, contentOffset: CGPoint, animated: Bool) {
            self.time = time
            self.from = from
            self.contentOffset = contentOffset
            self.animated = animated
        }
    }

    /// A name for traces (column prefix when a surface has several scroll views).
    public let name: String
    public private(set) var contentOffset: CGPoint
    public var contentInset: EdgeInsets
    public var scrollIndicatorInsets: EdgeInsets = .zero
    public private(set) var contentSize: CGSize
    public var frame: CGRect
    public var bounces: Bool
    public var alwaysBounceVertical: Bool
    /// Deceleration rate per millisecond for the next release (0 < rate < 1).
    public var decelerationRate: Double
    /// A finger is on the scroll view.
    public private(set) var isTracking = false
    /// The pan gesture is active (the finger has moved since it went down).
    public private(set) var isDragging = false
    /// The content is moving on after a release (decelerating or bouncing back).
    public var isDecelerating: Bool {
        if case .release = motion { return true }
        return false
    }
    /// The content's velocity along y, in points per second: from the finger
    /// while dragging, from the motion afterwards, 0 at rest.
    public private(set) var velocity: Double = 0
    /// The clock: the time of the last `advance(to:)` (seconds).
    public private(set) var time: Double = 0
    /// Every `updateContentOffset` request, oldest first.
    public private(set) var requests: [Request] = []
    /// The finger's last position (screen points), while tracking.
    public private(set) var fingerLocation: CGPoint?

    private enum Motion {
        case release(sd_scroll_motion, start: Double)
        case animation(from: Double, to: Double, start: Double)
    }

    private var motion: Motion?
    var observers = ScrollObserverList()
    private var touchDownLocation = CGPoint.zero
    /// Raw drag offset (see simstep.h) and finger y when the drag's reference was taken.
    private var dragBaseRaw = 0.0
    private var dragBaseFingerY = 0.0

    public init(name: String = "scroll", configuration: Configuration = Configuration()) {
        self.name = name
        contentOffset = Self.clamped(configuration.contentOffset) ?? .zero
        contentInset = configuration.contentInset
        contentSize = configuration.contentSize
        frame = configuration.frame
        bounces = configuration.bounces
        alwaysBounceVertical = configuration.alwaysBounceVertical
        decelerationRate = configuration.decelerationRate
    }

    // MARK: - Reading

    /// The range the content offset rests in, in points: from `min`
    /// (-inset top) to `max` (the bottom edge; never below `min`).
    public struct ScrollRange: Equatable, Sendable {
        public let min: Double
        public let max: Double

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
        var b = sd_scroll_bounds(min: 0, max: 0)
        let top = Double(contentInset.top), bottom = Double(contentInset.bottom)
        let content = Double(contentSize.height), height = Double(frame.height)
        if !(top.isFinite && bottom.isFinite && content.isFinite && height.isFinite)
            || sd_scroll_bounds_make(Self.clamped(top), Self.clamped(bottom), Self.clamped(content),
                                     Self.clamped(height), &b, nil) != SD_OK
        {
            // Non-finite geometry: pin the range to the current offset so nothing moves.
            b = sd_scroll_bounds(min: contentOffset.y, max: contentOffset.y)
        }
        return b
    }

    /// What the scroll view is doing now.
    public var phase: Phase {
        if isDragging { return .dragging }
        if isTracking { return .touching }
        switch motion {
        case let .release(m, start)?:
            if m.kind == SD_SCROLL_MOTION_RETURN.rawValue { return .bouncing }
            if m.kind == SD_SCROLL_MOTION_BOUNCE.rawValue, time - start >= m.edge_time { return .bouncing }
            return .decelerating
        case .animation?: return .animating
        case nil: return .idle
        }
    }

    private var isAnimating: Bool {
        if case .animation? = motion { return true }
        return false
    }

    /// Nothing touches or moves the content.
    public var isAtRest: Bool { !isTracking && motion == nil }

    private var canDrag: Bool {
        let b = bounds
        return alwaysBounceVertical || b.max > b.min
    }

    private var dimension: Double {
        frame.height > 0 && frame.height.isFinite ? Swift.min(Double(frame.height), Self.maximumLength) : 1
    }

    // MARK: - The domain

    /// `x` clamped to ±maximumLength (finite `x`).
    private static func clamped(_ x: Double) -> Double {
        Swift.min(Swift.max(x, -maximumLength), maximumLength)
    }

    /// `p` clamped to ±maximumLength in each coordinate; nil when not finite.
    private static func clamped(_ p: CGPoint) -> CGPoint? {
        guard p.x.isFinite, p.y.isFinite else { return nil }
        return CGPoint(x: clamped(Double(p.x)), y: clamped(Double(p.y)))
    }

    /// A finger's velocity along y within ±maximumVelocity (NaN: 0).
    private static func clampedVelocity(_ v: SimVector) -> Double {
        v.dy.isNaN ? 0 : Swift.min(Swift.max(v.dy, -maximumVelocity), maximumVelocity)
    }

    // MARK: - Time

    /// Moves the clock to `time` (seconds; earlier times are ignored) and the
    /// content to where its motion has it then, reporting the change.
    public func advance(to time: Double) {
        guard time >= self.time else { return }
        self.time = time
        switch motion {
        case let .release(m, start)?:
            var plan = m
            let sample = sd_scroll_motion_sample(&plan, time - start)
            let done = sd_scroll_motion_done(&plan, time - start) != 0
            if done { motion = nil }
            velocity = done ? 0 : sample.velocity
            move(toY: sample.position)
        case let .animation(from, to, start)?:
            var curve = sd_timing_ease_in_out
            let sample = sd_scroll_animation_sample(from, to, SD_SCROLL_ANIMATION_DURATION, &curve, time - start)
            let done = time - start >= SD_SCROLL_ANIMATION_DURATION
            if done { motion = nil }
            velocity = done ? 0 : sample.velocity
            move(toY: sample.position)
        case nil:
            break
        }
    }

    // MARK: - Touches

    /// A finger touches down at `location` (screen points). Stops a
    /// deceleration or bounce where the content is now; an animated
    /// `updateContentOffset` keeps running until a drag begins. A touch at
    /// a non-finite location is ignored.
    public func touchDown(at location: CGPoint) {
        guard let location = Self.clamped(location) else { return }
        if isTracking { touchCancelled() }
        isTracking = true
        touchDownLocation = location
        fingerLocation = location
        if case .release? = motion {
            motion = nil
            velocity = 0
        }
    }

    /// The finger moved to `location` with `fingerVelocity` (screen points
    /// per second). The first move away from the touch-down point begins the
    /// pan (unless the content cannot scroll and `alwaysBounceVertical` is off).
    public func touchMoved(to location: CGPoint, fingerVelocity: SimVector) {
        guard isTracking else { return }
        let location = Self.clamped(location) ?? fingerLocation ?? touchDownLocation
        let fingerMoved = location != fingerLocation
        fingerLocation = location
        if !isDragging {
            guard location.y != touchDownLocation.y, canDrag else { return }
            beginDrag()
        }
        var b = bounds
        let raw = dragBaseRaw - (location.y - dragBaseFingerY)
        velocity = -Self.clampedVelocity(fingerVelocity) * sd_scroll_drag_slope(raw, &b, dimension, bounces ? 1 : 0)
        move(toY: sd_scroll_drag_offset(raw, &b, dimension, bounces ? 1 : 0))
        // UIKit reports every touch move, even one the edge swallows; a
        // finger that holds still (velocity updates only) reports nothing.
        if fingerMoved { report(.changed) }
    }

    /// The finger lifts at `location` with `fingerVelocity` (screen points
    /// per second). A drag ends: the content moves to the finger's position,
    /// the release motion starts, then `.ended` is reported. A finger that
    /// lifts without having moved (a tap) leaves the content where it is,
    /// unless it is past an edge: then it springs back.
    public func touchUp(at location: CGPoint, fingerVelocity: SimVector) {
        guard isTracking else { return }
        let location = Self.clamped(location) ?? fingerLocation ?? touchDownLocation
        // Lifting somewhere else means the finger moved there first.
        if location != fingerLocation { touchMoved(to: location, fingerVelocity: fingerVelocity) }
        let wasDragging = isDragging
        isTracking = false
        isDragging = false
        fingerLocation = nil
        var contentVelocity = 0.0
        if wasDragging {
            var b = bounds
            let raw = dragBaseRaw - (location.y - dragBaseFingerY)
            contentVelocity = -Self.clampedVelocity(fingerVelocity)
                * sd_scroll_drag_slope(raw, &b, dimension, bounces ? 1 : 0)
        }
        if wasDragging || !isAnimating { release(velocity: contentVelocity) }
        if wasDragging { report(.ended) }
    }

    /// The system cancels the touch (an alert, a call): a drag reports
    /// `.cancelled`; the content stays, or springs back when past an edge.
    public func touchCancelled() {
        guard isTracking else { return }
        let wasDragging = isDragging
        isTracking = false
        isDragging = false
        fingerLocation = nil
        if wasDragging || !isAnimating { release(velocity: 0) }
        if wasDragging { report(.cancelled) }
    }

    private func beginDrag() {
        isDragging = true
        // The finger takes over from an animation as well.
        motion = nil
        velocity = 0
        report(.began)
        // Observers of `.began` may change the insets (the bar does): the
        // reference is taken in the range that holds from now on.
        rebaseDrag(fingerY: touchDownLocation.y)
    }

    private func rebaseDrag(fingerY: Double) {
        var b = bounds
        dragBaseRaw = sd_scroll_drag_raw(contentOffset.y, &b, dimension, bounces ? 1 : 0)
        dragBaseFingerY = fingerY
    }

    private func release(velocity contentVelocity: Double) {
        var b = bounds
        var plan = sd_scroll_motion()
        let status = sd_scroll_motion_release(contentOffset.y, contentVelocity, &b, decelerationRate,
                                              bounces ? 1 : 0, &plan, nil)
        velocity = 0
        guard status == SD_OK, plan.kind != SD_SCROLL_MOTION_REST.rawValue else {
            motion = nil
            return
        }
        motion = .release(plan, start: time)
        velocity = plan.velocity
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
        motion = nil
        velocity = 0
        guard let contentOffset = Self.clamped(contentOffset) else { return }
        if isDragging {
            setOffset(contentOffset)
            rebaseDrag(fingerY: fingerLocation.map { Double($0.y) } ?? dragBaseFingerY)
            return
        }
        if animated, contentOffset.y != self.contentOffset.y {
            let from = self.contentOffset.y
            setOffset(CGPoint(x: contentOffset.x, y: from))
            motion = .animation(from: from, to: contentOffset.y, start: time)
        } else {
            setOffset(contentOffset)
        }
    }

    /// Changes the content size and reports it.
    public func setContentSize(_ size: CGSize) {
        contentSize = size
        notify { $0.scrollable(self, didChangeContentSize: size) }
    }

    public func addScrollObserver(_ observer: any ScrollableObserver) { observers.add(observer) }
    public func removeScrollObserver(_ observer: any ScrollableObserver) { observers.remove(observer) }

    // MARK: - Reporting

    private func move(toY y: Double) {
        setOffset(CGPoint(x: contentOffset.x, y: y))
    }

    private func setOffset(_ offset: CGPoint) {
        guard offset != contentOffset else { return }
        contentOffset = offset
        notify { $0.scrollable(self, didChangeContentOffset: offset) }
    }

    private func report(_ state: PanGestureState) {
        notify { $0.scrollable(self, didChangePanGestureState: state) }
    }
}

/// The pull-down panel asks whether a released scroll view moves on.
extension SimScrollView: DeceleratingScrollable {}
