#if canImport(UIKit)
import UIKit

/// Makes a `UIScrollView` a `Scrollable`: key-value observing of
/// `contentOffset` and `contentSize`, target-action on the pan gesture
/// recognizer, and AirBar's `updateContentOffset` (stop deceleration, then
/// animate 0.25 s ease-in-out). Kept thin on purpose: all behaviour lives in
/// the controllers and the C core, which are tested on every platform.
///
/// One adapter per scroll view: `adapter(for:)` makes it on first use and
/// the scroll view keeps it (an associated object), so asking again, for
/// `set(scrollView:)` or `preconfigure(scrollView:)` as often as you like,
/// adds no observation and no gesture target. The adapter holds the scroll
/// view weakly, so there is no cycle; it goes with the scroll view.
@MainActor
public final class UIScrollViewAdapter: NSObject {
    /// The adapted scroll view (held weakly).
    public private(set) weak var scrollView: UIScrollView?
    private let observers = ScrollObserverList()
    private var observations: [NSKeyValueObservation] = []

    /// The key of the adapter's associated-object slot on its scroll view.
    private static let associationKey = UnsafeRawPointer(UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1))

    /// The adapter of `scrollView`, made and attached to it on first use.
    public static func adapter(for scrollView: UIScrollView) -> UIScrollViewAdapter {
        if let existing = objc_getAssociatedObject(scrollView, associationKey) as? UIScrollViewAdapter {
            return existing
        }
        let adapter = UIScrollViewAdapter(observing: scrollView)
        objc_setAssociatedObject(scrollView, associationKey, adapter, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        return adapter
    }

    private init(observing scrollView: UIScrollView) {
        self.scrollView = scrollView
        super.init()
        observations.append(scrollView.observe(\.contentOffset, options: [.new]) { [weak self] _, change in
            guard let value = change.newValue else { return }
            MainActor.assumeIsolated { self?.report { $0.scrollable($1, didChangeContentOffset: value) } }
        })
        observations.append(scrollView.observe(\.contentSize, options: [.new]) { [weak self] _, change in
            guard let value = change.newValue else { return }
            MainActor.assumeIsolated { self?.report { $0.scrollable($1, didChangeContentSize: value) } }
        })
        // A gesture recognizer does not retain its targets; the scroll view
        // retains this adapter, so the target lives as long as the recognizer.
        scrollView.panGestureRecognizer.addTarget(self, action: #selector(panGestureChanged(_:)))
    }

    private func report(_ body: (any ScrollableObserver, UIScrollViewAdapter) -> Void) {
        observers.forEach { body($0, self) }
    }

    @objc private func panGestureChanged(_ recognizer: UIPanGestureRecognizer) {
        let state: PanGestureState
        switch recognizer.state {
        case .possible: state = .possible
        case .began: state = .began
        case .changed: state = .changed
        case .ended: state = .ended
        case .cancelled: state = .cancelled
        case .failed: state = .failed
        @unknown default: return
        }
        report { $0.scrollable($1, didChangePanGestureState: state) }
    }
}

extension UIScrollViewAdapter: @preconcurrency Scrollable {
    public var contentOffset: CGPoint { scrollView?.contentOffset ?? .zero }

    public var contentInset: EdgeInsets {
        get { scrollView.map { EdgeInsets($0.contentInset) } ?? .zero }
        set { scrollView?.contentInset = UIEdgeInsets(newValue) }
    }

    public var scrollIndicatorInsets: EdgeInsets {
        get { scrollView.map { EdgeInsets($0.verticalScrollIndicatorInsets) } ?? .zero }
        set { scrollView?.verticalScrollIndicatorInsets = UIEdgeInsets(newValue) }
    }

    public var contentSize: CGSize { scrollView?.contentSize ?? .zero }
    public var frame: CGRect { scrollView?.frame ?? .zero }

    public func updateContentOffset(_ contentOffset: CGPoint, animated: Bool) {
        guard let scrollView else { return }
        // Setting the current offset without animation stops a deceleration.
        scrollView.setContentOffset(scrollView.contentOffset, animated: false)
        guard animated else {
            scrollView.contentOffset = contentOffset
            return
        }
        UIView.animate(withDuration: 0.25, delay: 0, options: [.curveEaseInOut]) {
            scrollView.contentOffset = contentOffset
        }
    }

    public func updateContentOffsetWithShortEaseOut(_ contentOffset: CGPoint) {
        guard let scrollView else { return }
        scrollView.setContentOffset(scrollView.contentOffset, animated: false)
        UIView.animate(withDuration: SD_SCROLL_SHORT_ANIMATION_DURATION, delay: 0, options: [.curveEaseOut]) {
            scrollView.contentOffset = contentOffset
        }
    }

    public func addScrollObserver(_ observer: any ScrollableObserver) { observers.add(observer) }
    public func removeScrollObserver(_ observer: any ScrollableObserver) { observers.remove(observer) }
}

extension EdgeInsets {
    init(_ insets: UIEdgeInsets) {
        self.init(top: insets.top, left: insets.left, bottom: insets.bottom, right: insets.right)
    }
}

extension UIEdgeInsets {
    init(_ insets: EdgeInsets) {
        self.init(top: insets.top, left: insets.left, bottom: insets.bottom, right: insets.right)
    }
}

extension BarController {
    /// AirBar's `set(scrollView:)`: attaches a `UIScrollView` through its
    /// `UIScrollViewAdapter`.
    @MainActor
    public func set(scrollView: UIScrollView) {
        set(scrollable: UIScrollViewAdapter.adapter(for: scrollView))
    }

    /// AirBar's `preconfigure(scrollView:)`, through the scroll view's one
    /// adapter (nothing new is registered with the scroll view).
    @MainActor
    public func preconfigure(scrollView: UIScrollView) {
        preconfigure(scrollable: UIScrollViewAdapter.adapter(for: scrollView))
    }
}
#endif
