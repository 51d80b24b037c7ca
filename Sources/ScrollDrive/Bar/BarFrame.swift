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
        /// The large title's scale: height / normal above the normal
        /// height (a bar stretched by a pull at the top), else 1.
        public var titleScale: CGFloat { cValue.title_scale }
        /// The large title's opacity: 1 at the normal (large) height, 0 at
        /// or below halfway down to compact (inline), linear in between.
        public var largeTitleAlpha: CGFloat { cValue.large_title_alpha }
        /// The inline title's opacity: 1 - `largeTitleAlpha`.
        public var inlineTitleAlpha: CGFloat { cValue.inline_title_alpha }
        /// The bar's animated moves are reduced motion's short ease-outs
        /// (`ScrollPolicy.reducedMotion`).
        public var isReducedMotion: Bool { cValue.reduced_motion != 0 }

        public static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.time == rhs.time && lhs.offset == rhs.offset && lhs.transitionProgress == rhs.transitionProgress
                && lhs.isExpandedStateAvailable == rhs.isExpandedStateAvailable
                && lhs.isReducedMotion == rhs.isReducedMotion
        }
    }
}
