import CScrollDrive
import Foundation

extension BarController {
    /// How the bar follows the content (`sd_bar_config.policy`). Empty is
    /// AirBar's bar: it comes back on any upward scroll, snaps to the
    /// nearest height when the finger lifts, and expands only in a drag that
    /// begins at the top. The names follow Android's AppBarLayout scroll
    /// flags and Flutter's SliverAppBar.
    public struct ScrollPolicy: OptionSet, Hashable, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }

        /// Exit until collapsed (AppBarLayout `scroll|exitUntilCollapsed`
        /// without `enterAlways`; a SliverAppBar that is not `floating`): an
        /// upward scroll grows the bar only as the content's top comes back.
        public static let exitUntilCollapsed = ScrollPolicy(rawValue: UInt32(SD_BAR_POLICY_EXIT_UNTIL_COLLAPSED))
        /// Snap by the release's direction (Flutter SliverAppBar `snap`):
        /// scrolled down in the drag, the bar collapses to the lower height of
        /// its range; scrolled up, it opens to the higher one. (Android
        /// AppBarLayout's `snap` snaps to the nearer edge, the default.)
        public static let snapByDirection = ScrollPolicy(rawValue: UInt32(SD_BAR_POLICY_SNAP_DIRECTION))
        /// No snap when the finger lifts. Not with `.snapByDirection`.
        public static let noSnap = ScrollPolicy(rawValue: UInt32(SD_BAR_POLICY_NO_SNAP))
        /// The expanded state whenever the content is at its top in a drag,
        /// not only when the drag began there (SliverAppBar `stretch`).
        public static let expandWheneverAtTop = ScrollPolicy(rawValue: UInt32(SD_BAR_POLICY_EXPAND_AT_TOP))
        /// The large-title style (iOS navigation bars with
        /// `prefersLargeTitles`): two states, inline (compact) and large
        /// (normal); the expanded height is only how far a pull at the top
        /// stretches the bar, and a release never rests there. The frame's
        /// title scale and alphas (`Frame.titleScale`, ...) follow the bar.
        public static let largeTitle = ScrollPolicy(rawValue: UInt32(SD_BAR_POLICY_LARGE_TITLE))
        /// Reduced motion (pass the platform's accessibility setting, UIKit's
        /// `UIAccessibility.isReduceMotionEnabled`): the bar's animated moves
        /// (a release's snap, `expand(on:)`) are short ease-outs, 0.15 s
        /// (the scroll view's `updateContentOffsetWithShortEaseOut`), to the
        /// same targets; the finger's part is unchanged; `Frame.isReducedMotion`.
        public static let reducedMotion = ScrollPolicy(rawValue: UInt32(SD_BAR_POLICY_REDUCED_MOTION))
    }

    /// The bar's three heights, in points: compact <= normal <= expanded,
    /// all finite and >= 0, its scroll policy and the safe area above it.
    /// Wraps the C core's `sd_bar_config`, the only copy of the numbers.
    public struct Configuration: Hashable, Sendable {
        /// The C core's configuration (always valid).
        package let cValue: sd_bar_config

        /// Height when the content is scrolled down (the smallest).
        public var compactStateHeight: CGFloat { cValue.compact }
        /// Height at rest at the top of the content.
        public var normalStateHeight: CGFloat { cValue.normal }
        /// Height when pulled down past the top (the largest).
        public var expandedStateHeight: CGFloat { cValue.expanded }
        /// How the bar follows the content (empty: AirBar's).
        public var scrollPolicy: ScrollPolicy { ScrollPolicy(rawValue: cValue.policy) }
        /// The safe area's top inset above the bar (the status bar), points;
        /// 0 for AirBar's bar. The bar sits below it and the heights are its
        /// own; the content runs under both, so the insets the controller
        /// sets include it (content inset top = safe area + height) and the
        /// content rests at y = -(safe area + normal).
        public var safeAreaTop: CGFloat { cValue.safe_area_top }

        /// AirBar's initialiser. It never fails, so AirBar code keeps
        /// compiling: a height that is NaN, infinite or negative is taken as
        /// 0, then normal is raised to compact and expanded to normal where
        /// they are smaller (valid input is kept as it is). Use
        /// `init(validatingCompactStateHeight:normalStateHeight:expandedStateHeight:)`
        /// to be told about bad values instead.
        public init(compactStateHeight: CGFloat, normalStateHeight: CGFloat, expandedStateHeight: CGFloat) {
            cValue = sd_bar_config_sanitized(Self.raw(compactStateHeight, normalStateHeight, expandedStateHeight))
        }

        /// Validates the heights, the policy and the safe area and throws
        /// `ConfigurationError` naming the field and rule when a height is not
        /// finite, negative, or out of order, the policy has both
        /// `.snapByDirection` and `.noSnap` (field "policy"), or the safe
        /// area's top inset is not finite, negative or above 1e6 points
        /// (field "safe_area_top"). Pass the window's `safeAreaInsets.top`
        /// (the status bar) as `safeAreaTop` when the bar sits below it.
        public init(
            validatingCompactStateHeight compactStateHeight: CGFloat,
            normalStateHeight: CGFloat,
            expandedStateHeight: CGFloat,
            scrollPolicy: ScrollPolicy = [],
            safeAreaTop: CGFloat = 0
        ) throws(ConfigurationError) {
            var raw = Self.raw(compactStateHeight, normalStateHeight, expandedStateHeight)
            raw.policy = scrollPolicy.rawValue
            raw.safe_area_top = safeAreaTop
            try ConfigurationError.check(surface: "bar") { sd_bar_config_validate(&raw, $0) }
            cValue = raw
        }

        /// A configuration the C core holds (valid by construction).
        init(unchecked c: sd_bar_config) { cValue = c }

        private static func raw(_ compact: CGFloat, _ normal: CGFloat, _ expanded: CGFloat) -> sd_bar_config {
            sd_bar_config(compact: compact, normal: normal, expanded: expanded)
        }

        private var heights: [CGFloat] { [compactStateHeight, normalStateHeight, expandedStateHeight] }

        public static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.heights == rhs.heights && lhs.scrollPolicy == rhs.scrollPolicy && lhs.safeAreaTop == rhs.safeAreaTop
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(heights)
            hasher.combine(scrollPolicy)
            hasher.combine(safeAreaTop)
        }
    }
}
