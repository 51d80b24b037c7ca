import Foundation
import ScrollDrive

/// A scroll view that moves only when told to: the test double and trace
/// replayer's scroll view. It reports the changes made through its `set...`
/// methods to its observers, and records (but does not perform) the content
/// offsets a controller asks for through `updateContentOffset(_:animated:)`.
public final class ManualScrollView: Scrollable, ObserverNotifying {
    /// A content-offset request from a controller.
    public struct Request: Equatable, Sendable {
        /// The content offset asked for.
        public let contentOffset: CGPoint
        /// Whether the move was to be animated.
        public let animated: Bool

        /// A request for `contentOffset`.
        public init(contentOffset: CGPoint, animated: Bool) {
            self.contentOffset = contentOffset
            self.animated = animated
        }
    }

    public var contentOffset: CGPoint { storedContentOffset }
    public var contentInset: EdgeInsets {
        get { storedContentInset }
        set { storedContentInset = newValue }
    }
    public var scrollIndicatorInsets: EdgeInsets = .zero
    public var contentSize: CGSize { storedContentSize }
    public var frame: CGRect {
        get { storedFrame }
        set { storedFrame = newValue }
    }
    /// Every request received, oldest first.
    public private(set) var requests: [Request] = []
    let observers = ScrollObserverList()

    // What a controller reads on every frame, in private stored properties
    // behind the public ones: the compiler sees every access to them (none
    // overlaps another) and checks exclusivity at compile time instead of on
    // every access at run time, which it must do for a public stored
    // property of a class.
    private var storedContentOffset: CGPoint
    private var storedContentInset: EdgeInsets = .zero
    private var storedContentSize: CGSize
    private var storedFrame: CGRect

    /// An all-zero scroll view unless told otherwise.
    public init(contentOffset: CGPoint = .zero, contentSize: CGSize = .zero, frame: CGRect = .zero) {
        storedContentOffset = contentOffset
        storedContentSize = contentSize
        storedFrame = frame
    }

    /// Moves the content offset and reports it.
    public func setContentOffset(_ offset: CGPoint) {
        storedContentOffset = offset
        notify { $0.scrollable(self, didChangeContentOffset: offset) }
    }

    /// Changes the content size and reports it.
    public func setContentSize(_ size: CGSize) {
        storedContentSize = size
        notify { $0.scrollable(self, didChangeContentSize: size) }
    }

    /// Reports a pan gesture state.
    public func setPanGestureState(_ state: PanGestureState) {
        notify { $0.scrollable(self, didChangePanGestureState: state) }
    }

    /// Records the request; the content offset does not change.
    public func updateContentOffset(_ contentOffset: CGPoint, animated: Bool) {
        requests.append(Request(contentOffset: contentOffset, animated: animated))
    }

    public func addScrollObserver(_ observer: any ScrollableObserver) { observers.add(observer) }
    public func removeScrollObserver(_ observer: any ScrollableObserver) { observers.remove(observer) }
}
