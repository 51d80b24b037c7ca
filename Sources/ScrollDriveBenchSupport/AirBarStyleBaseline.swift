import Foundation
import ScrollDrive

// A plain-Swift expandable bar written the way AirBar is written, as the
// baseline ScrollDrive's benchmarks are compared against: immutable state
// structs, a reducer made of delta-Y transformers that are closures over
// parameter structs, a class-bound scrollable protocol the transformers read
// the geometry through, and a controller whose `state` setter calls the
// observer. Nothing here calls the C core.
//
// It exists for the comparison only (it is not an API). It reproduces the
// default reducer's arithmetic in the same order of operations, so it gives
// the same heights as ScrollDrive to the last bit; the parity test checks
// that on the benchmark trace. Only what the benchmark exercises is here:
// content-offset changes and the pan-began rule that makes the expanded
// state available.

/// What the baseline's transformers read from a scroll view (class-bound, as AirBar's `Scrollable`).
public protocol BaselineScrollable: AnyObject {
    var contentOffset: CGPoint { get }
    var contentInset: EdgeInsets { get set }
    var contentSize: CGSize { get }
    var frame: CGRect { get }
}

/// The baseline bar's heights (points).
public struct BaselineBarConfiguration: Sendable {
    public let compactStateHeight: CGFloat
    public let normalStateHeight: CGFloat
    public let expandedStateHeight: CGFloat

    public init(compactStateHeight: CGFloat, normalStateHeight: CGFloat, expandedStateHeight: CGFloat) {
        self.compactStateHeight = compactStateHeight
        self.normalStateHeight = normalStateHeight
        self.expandedStateHeight = expandedStateHeight
    }
}

/// The baseline bar's state: offset = -height.
public struct BaselineBarState: Sendable {
    public let offset: CGFloat
    public let isExpandedStateAvailable: Bool
    public let configuration: BaselineBarConfiguration

    public func height() -> CGFloat { -offset }

    func adding(offset delta: CGFloat) -> BaselineBarState {
        BaselineBarState(offset: offset + delta, isExpandedStateAvailable: isExpandedStateAvailable,
                         configuration: configuration)
    }

    func with(expandedStateAvailable available: Bool) -> BaselineBarState {
        BaselineBarState(offset: offset, isExpandedStateAvailable: available, configuration: configuration)
    }
}

/// What a reducer receives on each content-offset change.
public struct BaselineReducerParameters {
    let scrollable: BaselineScrollable
    let configuration: BaselineBarConfiguration
    let previousContentOffset: CGPoint
    let contentOffset: CGPoint
    let state: BaselineBarState
}

/// What each delta-Y transformer receives: the reducer's parameters and the delta so far.
public struct BaselineTransformerParameters {
    let scrollable: BaselineScrollable
    let configuration: BaselineBarConfiguration
    let previousContentOffset: CGPoint
    let contentOffset: CGPoint
    let state: BaselineBarState
    let deltaY: CGFloat
}

public typealias BaselineReducer = (BaselineReducerParameters) -> BaselineBarState
/// `@Sendable` only so the three built-in transformers can be globals in Swift 6 (they capture nothing).
public typealias BaselineTransformer = @Sendable (BaselineTransformerParameters) -> CGFloat

/// A reducer that folds the content-offset delta through `transformers`,
/// each seeing a fresh parameter struct, then adds the result to the offset.
public func makeBaselineReducer(transformers: [BaselineTransformer]) -> BaselineReducer {
    return { input in
        let rawDelta = input.contentOffset.y - input.previousContentOffset.y
        let delta = transformers.reduce(rawDelta) { soFar, transform in
            transform(BaselineTransformerParameters(
                scrollable: input.scrollable, configuration: input.configuration,
                previousContentOffset: input.previousContentOffset, contentOffset: input.contentOffset,
                state: input.state, deltaY: soFar))
        }
        return input.state.adding(offset: delta)
    }
}

/// Bounce above the top does not move the bar.
public let baselineIgnoreTop: BaselineTransformer = { p in
    let start = p.scrollable.contentInset.top
    var delta = p.deltaY
    if p.previousContentOffset.y < -start || p.contentOffset.y < -start {
        delta += min(0, p.previousContentOffset.y + start)
    }
    return delta
}

/// Bounce below the bottom does not move the bar.
public let baselineIgnoreBottom: BaselineTransformer = { p in
    let scrollable = p.scrollable
    let end = scrollable.contentSize.height - scrollable.frame.height + scrollable.contentInset.bottom
    var delta = p.deltaY
    if p.previousContentOffset.y > end || p.contentOffset.y > end {
        delta += max(0, p.previousContentOffset.y - end)
    }
    return delta
}

/// The offset stays between -compact and -normal (or -expanded when available).
public let baselineCutOutStateRange: BaselineTransformer = { p in
    let offset = p.state.offset
    if p.deltaY > 0 {
        return min(-p.configuration.compactStateHeight, offset + p.deltaY) - offset
    }
    let largest = p.state.isExpandedStateAvailable
        ? p.configuration.expandedStateHeight : p.configuration.normalStateHeight
    return max(-largest, offset + p.deltaY) - offset
}

/// A scroll view for the baseline: setting the content offset notifies the
/// observer closure, as AirBar's key-value observable does.
public final class BaselineScrollView: BaselineScrollable {
    public var contentOffset: CGPoint = .zero {
        didSet { contentOffsetObserver?(contentOffset) }
    }
    public var contentInset: EdgeInsets = .zero
    public var contentSize: CGSize
    public var frame: CGRect
    /// Called with every new content offset.
    public var contentOffsetObserver: ((CGPoint) -> Void)?
    /// Called with every pan gesture state.
    public var panStateObserver: ((PanGestureState) -> Void)?

    public init(contentSize: CGSize, frame: CGRect) {
        self.contentSize = contentSize
        self.frame = frame
    }

    public func reportPan(_ state: PanGestureState) { panStateObserver?(state) }
}

/// The baseline controller: holds the state, runs the reducer on every new
/// content offset and calls the observer whenever the state is assigned.
public final class BaselineBarController {
    public typealias Observer = (BaselineBarState) -> Void

    private let reducer: BaselineReducer
    private let configuration: BaselineBarConfiguration
    private let observer: Observer
    private weak var scrollable: BaselineScrollView?

    public private(set) var state: BaselineBarState {
        didSet { observer(state) }
    }

    public init(configuration: BaselineBarConfiguration,
                reducer: @escaping BaselineReducer = makeBaselineReducer(
                    transformers: [baselineIgnoreTop, baselineIgnoreBottom, baselineCutOutStateRange]),
                observer: @escaping Observer)
    {
        self.configuration = configuration
        self.reducer = reducer
        self.observer = observer
        state = BaselineBarState(offset: -configuration.normalStateHeight, isExpandedStateAvailable: false,
                                 configuration: configuration)
    }

    /// Starts following `scrollView`. The first offset reported is only
    /// remembered; an offset equal to the previous one is skipped.
    public func attach(_ scrollView: BaselineScrollView) {
        scrollable = scrollView
        var previous: CGPoint?
        scrollView.contentOffsetObserver = { [weak self] offset in
            guard previous != offset else { return }
            self?.contentOffsetChanged(from: previous, to: offset)
            previous = offset
        }
        scrollView.panStateObserver = { [weak self] pan in
            if pan == .began { self?.panBegan() }
        }
    }

    private func contentOffsetChanged(from previous: CGPoint?, to offset: CGPoint) {
        guard let previous, let scrollable else { return }
        state = reducer(BaselineReducerParameters(
            scrollable: scrollable, configuration: configuration, previousContentOffset: previous,
            contentOffset: offset, state: state))
    }

    /// AirBar's pan-began rule: expanded becomes available within 5 pt of
    /// the top (or stays available above it); the top inset follows.
    private func panBegan() {
        guard let scrollable else { return }
        let y = scrollable.contentOffset.y
        let top = -configuration.normalStateHeight
        let nearTop = top - 5 <= y && y <= top + 5
        let available = nearTop || (y < top && state.isExpandedStateAvailable)
        state = state.with(expandedStateAvailable: available)
        scrollable.contentInset.top = available ? configuration.expandedStateHeight : configuration.normalStateHeight
    }
}
