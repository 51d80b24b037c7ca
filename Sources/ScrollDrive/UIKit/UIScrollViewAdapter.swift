#if canImport(UIKit)
import UIKit

/// Makes a `UIScrollView` a `Scrollable`: key-value observing of
/// `contentOffset` and `contentSize`, target-action on the pan gesture
/// recognizer, and AirBar's `updateContentOffset` (stop deceleration, then
/// animate 0.25 s ease-in-out). Kept thin on purpose: all behaviour lives in
/// the controllers and the C core, which are tested on every platform.
@MainActor
public final class UIScrollViewAdapter: NSObject {
    /// The adapted scroll view (held weakly).
    public private(set) weak var scrollView: UIScrollView?
    private var observers = ScrollObserverList()
    private var observations: [NSKeyValueObservation] = []

    public init(scrollView: UIScrollView) {
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
        // A gesture recognizer does not retain its targets, so the target is a
        // small proxy that the scroll view keeps alive and that forwards to
        // this adapter only while it exists: no deinit bookkeeping needed.
        let proxy = PanTargetProxy(adapter: self)
        objc_setAssociatedObject(scrollView, proxy.key, proxy, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        scrollView.panGestureRecognizer.addTarget(proxy, action: #selector(PanTargetProxy.panGestureChanged(_:)))
    }

    private func report(_ body: (any ScrollableObserver, UIScrollViewAdapter) -> Void) {
        observers.forEach { body($0, self) }
    }

    fileprivate func panGestureChanged(_ recognizer: UIPanGestureRecognizer) {
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

/// The pan gesture's target: retained by the scroll view, forwards to a weakly held adapter.
@MainActor
private final class PanTargetProxy: NSObject {
    weak var adapter: UIScrollViewAdapter?

    init(adapter: UIScrollViewAdapter) {
        self.adapter = adapter
    }

    /// A key unique to this proxy, for its associated-object slot on the scroll view.
    var key: UnsafeRawPointer { UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque()) }

    @objc func panGestureChanged(_ recognizer: UIPanGestureRecognizer) {
        adapter?.panGestureChanged(recognizer)
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
    /// AirBar's `set(scrollView:)`: attaches a `UIScrollView` through a
    /// `UIScrollViewAdapter` the controller keeps.
    @MainActor
    public func set(scrollView: UIScrollView) {
        let adapter = UIScrollViewAdapter(scrollView: scrollView)
        scrollViewAdapter = adapter
        set(scrollable: adapter)
    }

    /// AirBar's `preconfigure(scrollView:)`.
    @MainActor
    public func preconfigure(scrollView: UIScrollView) {
        preconfigure(scrollable: UIScrollViewAdapter(scrollView: scrollView))
    }
}
#endif
