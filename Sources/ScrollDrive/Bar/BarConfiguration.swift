import CScrollDrive
import Foundation

extension BarController {
    /// The bar's three heights, in points: compact <= normal <= expanded,
    /// all finite and >= 0. Wraps the C core's `sd_bar_config`, the only
    /// copy of the numbers.
    public struct Configuration: Hashable, Sendable {
        /// The C core's configuration (always valid).
        let cValue: sd_bar_config

        /// Height when the content is scrolled down (the smallest).
        public var compactStateHeight: CGFloat { cValue.compact }
        /// Height at rest at the top of the content.
        public var normalStateHeight: CGFloat { cValue.normal }
        /// Height when pulled down past the top (the largest).
        public var expandedStateHeight: CGFloat { cValue.expanded }

        /// AirBar's initialiser. It never fails, so AirBar code keeps
        /// compiling: a height that is NaN, infinite or negative is taken as
        /// 0, then normal is raised to compact and expanded to normal where
        /// they are smaller (valid input is kept as it is). Use
        /// `init(validatingCompactStateHeight:normalStateHeight:expandedStateHeight:)`
        /// to be told about bad values instead.
        public init(compactStateHeight: CGFloat, normalStateHeight: CGFloat, expandedStateHeight: CGFloat) {
            cValue = sd_bar_config_sanitized(Self.raw(compactStateHeight, normalStateHeight, expandedStateHeight))
        }

        /// Validates the heights and throws `ConfigurationError` naming the
        /// field and rule when they are not finite, negative, or out of order.
        public init(
            validatingCompactStateHeight compactStateHeight: CGFloat,
            normalStateHeight: CGFloat,
            expandedStateHeight: CGFloat
        ) throws(ConfigurationError) {
            var raw = Self.raw(compactStateHeight, normalStateHeight, expandedStateHeight)
            try ConfigurationError.check(surface: "bar") { sd_bar_config_validate(&raw, $0) }
            cValue = raw
        }

        /// A configuration the C core holds (valid by construction).
        init(cValue: sd_bar_config) {
            self.cValue = cValue
        }

        private static func raw(_ compact: CGFloat, _ normal: CGFloat, _ expanded: CGFloat) -> sd_bar_config {
            sd_bar_config(compact: compact, normal: normal, expanded: expanded)
        }

        private var heights: [CGFloat] { [compactStateHeight, normalStateHeight, expandedStateHeight] }

        public static func == (lhs: Self, rhs: Self) -> Bool { lhs.heights == rhs.heights }

        public func hash(into hasher: inout Hasher) { hasher.combine(heights) }
    }
}
