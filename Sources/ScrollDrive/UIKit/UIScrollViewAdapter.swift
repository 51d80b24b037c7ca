// UIKit's scroll view as a `Scrollable`. UIKit is on iOS, iPadOS, Mac
// Catalyst, tvOS and visionOS; watchOS has a UIKit module without
// `UIScrollView`, hence the second term.
#if canImport(UIKit) && !os(watchOS)
import UIKit

/// Makes a `UIScrollView` a `Scrollable`: key-value observing of
/// `contentOffset` and `contentSize`, target-action on the pan gesture
/// recognizer, and content-offset moves with `setContentOffset(_:animated:)`.
/// Kept thin on purpose: all behaviour lives in the controllers and the C
/// core, which are tested on every platform.
///
/// **Insets are totals.** UIKit adds the safe area (status bar, navigation
/// bar, home indicator) to a scroll view's `contentInset` and rests the
/// content at `-adjustedContentInset.top`. The adapter gives the
/// controllers `adjustedContentInset` and, when a controller sets an inset,
/// sets the scroll view's own `contentInset` to the total it asks for minus
/// UIKit's part (`InsetAdjustment`), so the content rests where the
/// controller says under any `contentInsetAdjustmentBehavior`. The scroll
/// indicators' insets work the same way while
/// `automaticallyAdjustsScrollIndicatorInsets` is on.
///
/// **Moves report every frame.** An animated move is UIKit's own
/// `setContentOffset(_:animated: true)`: the offset is reported frame by
/// frame as it changes and a finger that touches the list takes over at
/// once. A move first stops any deceleration.
///
/// One adapter per scroll view: `adapter(for:)` makes it on first use and
/// the scroll view keeps it (an associated object), so attaching the same
/// scroll view again adds no observation and no gesture target. The adapter
/// holds the scroll view weakly, so there is no cycle; it goes with the
/// scroll view.
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

    /// UIKit's part of the content inset: adjusted minus own.
    private static func systemPart(of scrollView: UIScrollView) -> EdgeInsets {
        InsetAdjustment.systemPart(adjusted: EdgeInsets(scrollView.adjustedContentInset),
                                   own: EdgeInsets(scrollView.contentInset))
    }

    /// UIKit's part of the indicators' inset: the content's while it adjusts them.
    private static func indicatorSystemPart(of scrollView: UIScrollView) -> EdgeInsets {
        scrollView.automaticallyAdjustsScrollIndicatorInsets ? systemPart(of: scrollView) : .zero
    }
}

extension UIScrollViewAdapter: @preconcurrency Scrollable, @preconcurrency ScrollEnabling,
    @preconcurrency DeceleratingScrollable
{
    public var contentOffset: CGPoint { scrollView?.contentOffset ?? .zero }

    /// The adjusted content inset; setting it sets the own inset that makes
    /// this total.
    public var contentInset: EdgeInsets {
        get { scrollView.map { EdgeInsets($0.adjustedContentInset) } ?? .zero }
        set {
            guard let scrollView else { return }
            let own = InsetAdjustment.own(forTotal: newValue, system: Self.systemPart(of: scrollView))
            scrollView.contentInset = UIEdgeInsets(own)
        }
    }

    /// The vertical indicator's inset, UIKit's part included; setting it
    /// sets the own inset that makes this total.
    public var scrollIndicatorInsets: EdgeInsets {
        get {
            guard let scrollView else { return .zero }
            return InsetAdjustment.total(own: EdgeInsets(scrollView.verticalScrollIndicatorInsets),
                                         system: Self.indicatorSystemPart(of: scrollView))
        }
        set {
            guard let scrollView else { return }
            let own = InsetAdjustment.own(forTotal: newValue, system: Self.indicatorSystemPart(of: scrollView))
            scrollView.verticalScrollIndicatorInsets = UIEdgeInsets(own)
        }
    }

    public var contentSize: CGSize { scrollView?.contentSize ?? .zero }
    public var frame: CGRect { scrollView?.frame ?? .zero }

    /// The scroll view's `isScrollEnabled` (false once it is gone).
    public var isScrollEnabled: Bool {
        get { scrollView?.isScrollEnabled ?? false }
        set { scrollView?.isScrollEnabled = newValue }
    }

    /// The adapted scroll view's `isDecelerating` (false once it is gone).
    public var isDecelerating: Bool { scrollView?.isDecelerating ?? false }

    /// Stops any deceleration, then `setContentOffset(_:animated:)`: an
    /// animated move is UIKit's, reported frame by frame and cancelled by a
    /// touch. Reduced motion's short move takes the same path (UIKit offers
    /// no duration for it).
    public func updateContentOffset(_ contentOffset: CGPoint, animated: Bool) {
        guard let scrollView else { return }
        // Setting the current offset without animation stops a deceleration.
        scrollView.setContentOffset(scrollView.contentOffset, animated: false)
        scrollView.setContentOffset(contentOffset, animated: animated)
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
#endif
