import Foundation

/// Insets of a scroll view's content or indicators, in points.
///
/// ScrollDrive's own type so the API is the same on every platform; the
/// UIKit adapter converts to and from `UIEdgeInsets`.
public struct EdgeInsets: Equatable, Hashable, Sendable {
    /// The inset above the content (points).
    public var top: CGFloat
    /// The inset left of the content (points).
    public var left: CGFloat
    /// The inset below the content (points).
    public var bottom: CGFloat
    /// The inset right of the content (points).
    public var right: CGFloat

    /// Insets of the given sizes, 0 by default (points).
    public init(top: CGFloat = 0, left: CGFloat = 0, bottom: CGFloat = 0, right: CGFloat = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// No inset on any side.
    public static let zero = EdgeInsets()
}

/// The states of a scroll view's pan gesture recognizer, as UIKit reports them.
public enum PanGestureState: String, Equatable, Hashable, Sendable, CaseIterable {
    /// The recognizer has not recognized a pan yet.
    case possible
    /// The finger moved far enough: a pan began.
    case began
    /// The finger moved during the pan.
    case changed
    /// The finger lifted: the pan ended.
    case ended
    /// The system cancelled the pan (another gesture took the touch).
    case cancelled
    /// The touch was not a pan.
    case failed
}

/// Receives what a `Scrollable` reports. Controllers (`BarController`, ...)
/// conform; so can anything that forwards scroll events by hand, e.g. from a
/// `UIScrollViewDelegate`.
public protocol ScrollableObserver: AnyObject {
    /// The content offset changed to `contentOffset` (points).
    func scrollable(_ scrollable: any Scrollable, didChangeContentOffset contentOffset: CGPoint)
    /// The content size changed to `contentSize` (points).
    func scrollable(_ scrollable: any Scrollable, didChangeContentSize contentSize: CGSize)
    /// The pan gesture recognizer moved to `state`.
    func scrollable(_ scrollable: any Scrollable, didChangePanGestureState state: PanGestureState)
}

extension Scrollable {
    /// Reduced motion's move as an ordinary animated one: for scroll views
    /// that do not animate it themselves.
    public func updateContentOffsetWithShortEaseOut(_ contentOffset: CGPoint) {
        updateContentOffset(contentOffset, animated: true)
    }
}

/// A scroll view as ScrollDrive sees it: what a controller reads, what it may
/// set, and how it hears about changes.
///
/// `UIScrollView` conforms through `UIScrollViewAdapter` (Apple platforms);
/// the simulator's `SimScrollView` and the test double `ManualScrollView`
/// conform directly. A conforming type reports every content-offset,
/// content-size and pan-state change to its observers, in the order they
/// happen, and holds its observers weakly.
public protocol Scrollable: AnyObject {
    /// Current content offset, in points (y grows as the content scrolls up).
    var contentOffset: CGPoint { get }
    /// The inset the content rests within, in points, in total: where the
    /// system adds a part of its own (UIKit's safe-area adjustment), its
    /// part included, so the content rests at -`contentInset.top` (UIKit's
    /// `adjustedContentInset`). Setting it sets the scroll view's own inset
    /// to what makes this total (`InsetAdjustment.own(forTotal:system:)`).
    /// Without a system part it is the scroll view's own inset.
    var contentInset: EdgeInsets { get set }
    /// The scroll indicators' inset, in points, in total as `contentInset`:
    /// the system's part (UIKit adds the safe area while
    /// `automaticallyAdjustsScrollIndicatorInsets` is on) included.
    var scrollIndicatorInsets: EdgeInsets { get set }
    /// Content size, in points.
    var contentSize: CGSize { get }
    /// The scroll view's frame, in points.
    var frame: CGRect { get }
    /// Moves the content offset. Implementations first stop any deceleration;
    /// when `animated`, they animate over 0.25 s (UIKit's ease-in-out), as
    /// AirBar's adapter does.
    func updateContentOffset(_ contentOffset: CGPoint, animated: Bool)
    /// Moves the content offset with reduced motion's short ease-out
    /// (0.15 s, `SD_SCROLL_SHORT_ANIMATION_DURATION`, along UIKit's
    /// ease-out), after stopping any deceleration: how a controller with
    /// reduced motion asks for an animated move (the bar's snap). The
    /// default implementation is `updateContentOffset(contentOffset, animated: true)`,
    /// so a scroll view written for AirBar keeps working.
    func updateContentOffsetWithShortEaseOut(_ contentOffset: CGPoint)
    /// Starts reporting changes to `observer` (held weakly).
    func addScrollObserver(_ observer: any ScrollableObserver)
    /// Stops reporting changes to `observer`.
    func removeScrollObserver(_ observer: any ScrollableObserver)
}
