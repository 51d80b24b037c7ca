import CScrollDrive
import Foundation

extension BarController {
    /// What a view applies at one time: the bar's height and where it is
    /// between its states. Wraps the C core's `sd_bar_frame`.
    public struct Frame: Equatable, Sendable {
        let cValue: sd_bar_frame

        /// The time this frame is for (seconds; never before the controller's clock).
        public var time: TimeInterval { cValue.time }
        /// The negated bar height, in points.
        public var offset: CGFloat { cValue.offset }
        /// The bar height, in points.
        public var height: CGFloat { cValue.height }
        /// Transition progress, 0 (compact) ... 1 (normal) ... 2 (expanded).
        public var transitionProgress: CGFloat { cValue.progress }
        /// Which transition the height is in.
        public var stateRange: State.StateRange { State.StateRange(sd_bar_range(cValue.range)) }
        /// Whether the expanded state is available.
        public var isExpandedStateAvailable: Bool { cValue.expanded_available != 0 }

        public static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.time == rhs.time && lhs.offset == rhs.offset && lhs.transitionProgress == rhs.transitionProgress
                && lhs.isExpandedStateAvailable == rhs.isExpandedStateAvailable
        }
    }
}
