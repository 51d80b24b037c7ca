import CScrollDrive
import Foundation

extension BarController {
    /// What a reducer sees when the content offset changes.
    public struct StateReducerParameters {
        /// The scroll view that reported (its insets, size and frame are read as they are now).
        public let scrollable: any Scrollable
        /// The bar's heights.
        public let configuration: Configuration
        /// The content offset of the previous report (points).
        public let previousContentOffset: CGPoint
        /// The content offset just reported (points).
        public let contentOffset: CGPoint
        /// The bar's state before this report.
        public let state: State
    }

    /// What a delta-Y transformer sees: the reducer's parameters plus the
    /// delta so far (y - previous y after the transformers before it).
    public struct DeltaYTransformerParameters {
        /// The scroll view that reported.
        public let scrollable: any Scrollable
        /// The bar's heights.
        public let configuration: Configuration
        /// The content offset of the previous report (points).
        public let previousContentOffset: CGPoint
        /// The content offset just reported (points).
        public let contentOffset: CGPoint
        /// The bar's state before this report.
        public let state: State
        /// The delta so far: y - previous y after the transformers before this one (points).
        public let contentOffsetDeltaY: CGFloat
    }

    /// One link of a transformer chain.
    public enum DeltaYTransformer {
        /// AirBar's `ignoreTopDeltaYTransformer` (bounce above the top is ignored).
        case ignoreTop
        /// AirBar's `ignoreBottomDeltaYTransformer` (bounce below the bottom is ignored).
        case ignoreBottom
        /// AirBar's `cutOutStateRangeDeltaYTransformer` (the offset stays within the state range).
        case cutOutStateRange
        /// A Swift closure returning the new delta.
        case custom((DeltaYTransformerParameters) -> CGFloat)
        /// A C function with its context pointer (which the caller keeps alive).
        case c(sd_bar_transformer_fn, UnsafeMutableRawPointer?)

        /// AirBar's default chain.
        public static var defaultChain: [DeltaYTransformer] { [.ignoreTop, .ignoreBottom, .cutOutStateRange] }
    }

    /// How the controller turns a content-offset change into a new state.
    public enum StateReducer {
        /// AirBar's default reducer (ignore top, ignore bottom, cut out state
        /// range), fused into one C call per frame. The same numbers as
        /// `.transformers(DeltaYTransformer.defaultChain)`, faster.
        case `default`
        /// delta = y - previous y through `transformers` in order, then
        /// offset += delta (AirBar's `makeDefaultStateReducer(transformers:)`).
        case transformers([DeltaYTransformer])
        /// A Swift closure returning the new state.
        case custom((StateReducerParameters) -> State)
        /// A C reducer with its context pointer (which the caller keeps
        /// alive). It receives `delta_y = y - previous_y`.
        case c(sd_bar_reducer_fn, UnsafeMutableRawPointer?)
    }
}

/// Runs reducers other than the fused default one. Every chain, Swift
/// closures included, goes through the C core's `sd_bar_reduce_chain`: Swift
/// links are called back through a C trampoline, so the chain logic has one
/// home.
final class BarReducerRunner {
    private let reducer: BarController.StateReducer
    private var chain: [sd_bar_transformer] = []
    private var closures: [(BarController.DeltaYTransformerParameters) -> CGFloat] = []
    /// Context of the current call, read by the trampoline.
    fileprivate var current: (scrollable: any Scrollable, previous: CGPoint, offset: CGPoint, configuration: BarController.Configuration)?

    init(_ reducer: BarController.StateReducer) {
        self.reducer = reducer
        guard case let .transformers(list) = reducer else { return }
        let me = Unmanaged.passUnretained(self).toOpaque()
        for transformer in list {
            switch transformer {
            case .ignoreTop: chain.append(sd_bar_transformer(function: sd_bar_ignore_top, context: nil))
            case .ignoreBottom: chain.append(sd_bar_transformer(function: sd_bar_ignore_bottom, context: nil))
            case .cutOutStateRange:
                chain.append(sd_bar_transformer(function: sd_bar_cut_out_state_range, context: nil))
            case let .c(function, context): chain.append(sd_bar_transformer(function: function, context: context))
            case let .custom(closure):
                closures.append(closure)
                chain.append(sd_bar_transformer(function: swiftTransformerTrampoline, context: me))
            }
        }
    }

    /// Reduces one change; returns nil when the result is rejected (not finite).
    func reduce(state: BarController.State, scrollable: any Scrollable, previous: CGPoint, offset: CGPoint,
                geometry: sd_scroll_geometry) -> BarController.State?
    {
        let configuration = state.configuration
        switch reducer {
        case .default:
            var config = configuration.cValue, geo = geometry, s = state.cValue
            guard sd_bar_reduce(&config, &geo, &s, previous.y, offset.y) == SD_OK else { return nil }
            return BarController.State(s, configuration: configuration)
        case .transformers:
            var config = configuration.cValue, geo = geometry, s = state.cValue
            current = (scrollable, previous, offset, configuration)
            closureIndex = 0
            defer { current = nil }
            guard sd_bar_reduce_chain(chain, chain.count, &config, &geo, &s, previous.y, offset.y) == SD_OK
            else { return nil }
            return BarController.State(s, configuration: configuration)
        case let .custom(closure):
            let result = closure(BarController.StateReducerParameters(
                scrollable: scrollable, configuration: configuration, previousContentOffset: previous,
                contentOffset: offset, state: state))
            return result.offset.isFinite ? result : nil
        case let .c(function, context):
            var params = sd_bar_transform_params(
                previous_y: previous.y, y: offset.y, delta_y: offset.y - previous.y, reserved: 0,
                state: state.cValue, config: configuration.cValue, geometry: geometry)
            let s = function(&params, context)
            return s.offset.isFinite ? BarController.State(s, configuration: configuration) : nil
        }
    }

    /// Which Swift closure the trampoline calls next: closures run in chain order.
    fileprivate var closureIndex = 0

    fileprivate func callClosure(_ params: sd_bar_transform_params) -> CGFloat {
        guard let current else { return .nan }
        let closure = closures[closureIndex % closures.count]
        closureIndex += 1
        return closure(BarController.DeltaYTransformerParameters(
            scrollable: current.scrollable, configuration: current.configuration,
            previousContentOffset: current.previous, contentOffset: current.offset,
            state: BarController.State(params.state, configuration: current.configuration),
            contentOffsetDeltaY: params.delta_y))
    }
}

private func swiftTransformerTrampoline(_ params: UnsafePointer<sd_bar_transform_params>?,
                                        _ context: UnsafeMutableRawPointer?) -> Double
{
    guard let params, let context else { return .nan }
    let runner = Unmanaged<BarReducerRunner>.fromOpaque(context).takeUnretainedValue()
    return runner.callClosure(params.pointee)
}
