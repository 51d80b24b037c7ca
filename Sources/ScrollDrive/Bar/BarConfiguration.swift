import CScrollDrive
import Foundation

extension BarController {
    /// The bar's three heights, in points: compact <= normal <= expanded,
    /// all finite and >= 0.
    public struct Configuration: Equatable, Hashable, Sendable {
        /// Height when the content is scrolled down (the smallest).
        public let compactStateHeight: CGFloat
        /// Height at rest at the top of the content.
        public let normalStateHeight: CGFloat
        /// Height when pulled down past the top (the largest).
        public let expandedStateHeight: CGFloat

        /// AirBar's initialiser. It never fails, so AirBar code keeps
        /// compiling: a height that is NaN, infinite or negative is taken as
        /// 0, then normal is raised to compact and expanded to normal where
        /// they are smaller (valid input is kept as it is). Use
        /// `init(validatingCompactStateHeight:normalStateHeight:expandedStateHeight:)`
        /// to be told about bad values instead.
        public init(compactStateHeight: CGFloat, normalStateHeight: CGFloat, expandedStateHeight: CGFloat) {
            let clean = sd_bar_config_sanitized(
                sd_bar_config(compact: compactStateHeight, normal: normalStateHeight, expanded: expandedStateHeight))
            self.init(unchecked: clean)
        }

        /// Validates the heights and throws `ConfigurationError` naming the
        /// field and rule when they are not finite, negative, or out of order.
        public init(
            validatingCompactStateHeight compactStateHeight: CGFloat,
            normalStateHeight: CGFloat,
            expandedStateHeight: CGFloat
        ) throws(ConfigurationError) {
            var raw = sd_bar_config(compact: compactStateHeight, normal: normalStateHeight, expanded: expandedStateHeight)
            try ConfigurationError.check(surface: "bar") { sd_bar_config_validate(&raw, $0) }
            self.init(unchecked: raw)
        }

        private init(unchecked config: sd_bar_config) {
            compactStateHeight = config.compact
            normalStateHeight = config.normal
            expandedStateHeight = config.expanded
        }

        /// The C core's view of this configuration.
        var cValue: sd_bar_config {
            sd_bar_config(compact: compactStateHeight, normal: normalStateHeight, expanded: expandedStateHeight)
        }
    }
}
