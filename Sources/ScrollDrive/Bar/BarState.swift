import CScrollDrive
import Foundation

extension BarController {
    /// An immutable snapshot of the bar: its offset (-height, points),
    /// whether the expanded state is available, and its configuration.
    /// Wraps the C core's `sd_bar_state` with the configuration it is
    /// measured against.
    public struct State: Equatable, Sendable {
        /// The C core's state.
        let cValue: sd_bar_state
        /// The heights this state is measured against.
        public let configuration: Configuration

        /// The negated bar height, in points: -compact...-expanded once the
        /// bar has followed a scroll view with the default reducer.
        public var offset: CGFloat { cValue.offset }
        /// Whether the offset may go below -normal towards -expanded.
        public var isExpandedStateAvailable: Bool { cValue.expanded_available != 0 }

        /// A state with the given values, for custom reducers and tests.
        public init(offset: CGFloat, isExpandedStateAvailable: Bool, configuration: Configuration) {
            self.init(sd_bar_state(offset: offset, expanded_available: isExpandedStateAvailable ? 1 : 0, reserved: 0),
                      configuration: configuration)
        }

        init(_ state: sd_bar_state, configuration: Configuration) {
            cValue = state
            self.configuration = configuration
        }

        public static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.offset == rhs.offset && lhs.isExpandedStateAvailable == rhs.isExpandedStateAvailable
                && lhs.configuration == rhs.configuration
        }

        /// The bar height in points (-offset).
        public func height() -> CGFloat { -offset }

        /// Which transition the offset is in.
        public enum StateRange: Equatable, Sendable {
            /// Between compact (progress 0) and normal (1).
            case compactNormal
            /// Between normal (1) and expanded (2).
            case normalExpanded

            init(_ range: sd_bar_range) {
                self = range == SD_BAR_RANGE_COMPACT_NORMAL ? .compactNormal : .normalExpanded
            }
        }

        /// `.compactNormal` when offset > -normal, else `.normalExpanded`.
        public func stateRange() -> StateRange {
            var config = configuration.cValue
            return StateRange(sd_bar_range_of(&config, offset))
        }

        /// Transition progress from 0 (compact) through 1 (normal) to 2
        /// (expanded). For a 100/200/300 bar: -170 gives 0.7, -240 gives 1.4.
        public func transitionProgress() -> CGFloat {
            var config = configuration.cValue
            return sd_bar_progress(&config, offset)
        }

        /// A value for one transition: a fixed value or a range the progress
        /// is mapped into.
        public enum ValueRangeType: Equatable, Sendable {
            /// The same value all through the transition (the range v...v).
            case value(CGFloat)
            /// From the first value at the transition's start to the second at its end.
            case range(CGFloat, CGFloat)

            var bounds: (CGFloat, CGFloat) {
                switch self {
                case let .value(v): return (v, v)
                case let .range(lo, hi): return (lo, hi)
                }
            }
        }

        /// The progress mapped into `compactNormalRange` (from progress
        /// 0...1) or `normalExpandedRange` (from 1...2), by the current range.
        /// AirBar's example: `value(compactNormalRange: .range(0, 1),
        /// normalExpandedRange: .value(1))` fades a background in as the bar
        /// grows from compact to normal.
        public func value(compactNormalRange: ValueRangeType, normalExpandedRange: ValueRangeType) -> CGFloat {
            var config = configuration.cValue
            let (cnLo, cnHi) = compactNormalRange.bounds
            let (neLo, neHi) = normalExpandedRange.bounds
            return sd_bar_value(&config, offset, cnLo, cnHi, neLo, neHi)
        }

        /// This state with `delta` added to the offset (AirBar's `add(offset:)`).
        public func adding(offset delta: CGFloat) -> State {
            State(offset: offset + delta, isExpandedStateAvailable: isExpandedStateAvailable,
                  configuration: configuration)
        }

        /// This state with availability set.
        public func setting(isExpandedStateAvailable available: Bool) -> State {
            State(offset: offset, isExpandedStateAvailable: available, configuration: configuration)
        }
    }
}
