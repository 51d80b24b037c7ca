// A scroll view written the way an app writes one against ScrollDrive's
// public API, and nothing else (this file imports only ScrollDrive): the
// `Scrollable` that `bar/swift-app-scrollable` drives a `BarController`
// through. Its setter notifies through the public `ScrollObserverList`,
// and its pan recognizer's action reports after the offset moved, as
// UIKit orders them.

import Foundation
import ScrollDrive

/// An app's own `Scrollable`: a final class with private stored
/// properties. Content-offset requests (the bar's snaps) are counted, not
/// performed: the trace it plays already holds where the view went.
public final class AppScrollView: Scrollable {
    private let observers = ScrollObserverList()
    private var offset: CGPoint = .zero
    private var inset: EdgeInsets = .zero
    private var indicatorInset: EdgeInsets = .zero
    private var size: CGSize
    private var viewFrame: CGRect
    private var requestCount = 0

    public init(contentSize: CGSize, frame: CGRect) {
        size = contentSize
        viewFrame = frame
    }

    public var contentOffset: CGPoint {
        get { offset }
        set {
            offset = newValue
            observers.forEach { $0.scrollable(self, didChangeContentOffset: newValue) }
        }
    }

    public var contentInset: EdgeInsets {
        get { inset }
        set { inset = newValue }
    }

    public var scrollIndicatorInsets: EdgeInsets {
        get { indicatorInset }
        set { indicatorInset = newValue }
    }

    public var contentSize: CGSize { size }
    public var frame: CGRect { viewFrame }

    /// How many times a controller asked to move the content.
    public var requests: Int { requestCount }

    /// The pan recognizer's action.
    public func panRecognizerChanged(_ state: PanGestureState) {
        observers.forEach { $0.scrollable(self, didChangePanGestureState: state) }
    }

    public func updateContentOffset(_ contentOffset: CGPoint, animated: Bool) { requestCount += 1 }
    public func addScrollObserver(_ observer: any ScrollableObserver) { observers.add(observer) }
    public func removeScrollObserver(_ observer: any ScrollableObserver) { observers.remove(observer) }
}
