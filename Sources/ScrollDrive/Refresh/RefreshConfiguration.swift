import CScrollDrive
import Foundation

extension RefreshController {
    /// Every number of the refresh surface: lengths in points, durations in
    /// seconds. A read-only view of the C core's `sd_refresh_config`, valid
    /// by construction: use the preset (`.mjRefresh`) or the throwing
    /// initialiser, which the C core validates (`sd_refresh_config_validate`).
    ///
    /// The pull distance of a content offset y is max(0, -(y +
    /// `contentInsetTop`)): how far the content is pulled below its resting
    /// place.
    public struct Configuration: Equatable, Hashable, Sendable {
        /// The C core's configuration: the only copy of the numbers, valid
        /// (checked by `sd_refresh_config_validate` when it was made).
        package let cValue: sd_refresh_config

        /// The scroll view's content inset top at rest (a nav bar), points.
        public var contentInsetTop: CGFloat { cValue.content_inset_top }
        /// The scroll view's content inset bottom at rest (a tab bar), points;
        /// the footer adds its height to it.
        public var contentInsetBottom: CGFloat { cValue.content_inset_bottom }
        /// The scroll view's height, points (> 0). MJRefresh preset: 667.
        public var viewportHeight: CGFloat { cValue.viewport_height }
        /// The header's height, points (> 0): what refreshing adds to the inset top. MJRefresh: 54.
        public var headerHeight: CGFloat { cValue.header_height }
        /// A release pulled further than this (points, > 0) refreshes. MJRefresh: 54.
        public var pullThreshold: CGFloat { cValue.pull_threshold }
        /// The motion that brings the header into view when refreshing begins, seconds. MJRefresh: 0.25.
        public var beginDuration: TimeInterval { cValue.begin_duration }
        /// The motion that scrolls the header away when refreshing ends, seconds. MJRefresh: 0.4.
        public var endDuration: TimeInterval { cValue.end_duration }
        /// An end of refreshing takes effect this long after refreshing began at
        /// the earliest, seconds (never before the begin motion is over). MJRefresh: 0.
        public var minimumRefreshingTime: TimeInterval { cValue.min_refreshing_time }
        /// The footer's height, points. MJRefresh: 44.
        public var footerHeight: CGFloat { cValue.footer_height }
        /// The footer loads when the end is at most this far below the
        /// viewport's bottom, points (or `footerTriggerFraction` of the
        /// content height, whichever is larger). MJRefresh: 0 (wholly visible).
        public var footerTriggerDistance: CGFloat { cValue.footer_trigger_distance }
        /// The footer's trigger depth as a fraction of the content height, 0...1. MJRefresh: 0.
        public var footerTriggerFraction: Double { cValue.footer_trigger_fraction }
        /// Whether pulling refreshes.
        public var isHeaderEnabled: Bool { cValue.header_enabled != 0 }
        /// Whether the footer loads more.
        public var isFooterEnabled: Bool { cValue.footer_enabled != 0 }
        /// Reduced motion (pass the platform's accessibility setting, UIKit's
        /// `UIAccessibility.isReduceMotionEnabled`): the header's begin and
        /// end motions keep their curve and end and last at most 0.2 s
        /// (`SD_REFRESH_REDUCED_MOTION_DURATION`); what the finger drives is
        /// unchanged. False by default (MJRefresh's).
        public var reducedMotion: Bool { cValue.options & UInt32(SD_REFRESH_OPTION_REDUCED_MOTION) != 0 }

        /// MJRefresh's numbers (`MJRefreshConst.h`): header 54, footer 44,
        /// begin 0.25 s, end 0.4 s, no minimum refreshing time, the footer
        /// firing when wholly visible; insets 0, a 667-point viewport.
        public static let mjRefresh = Configuration(unchecked: sd_refresh_config_mjrefresh())

        /// `base` (MJRefresh's numbers by default) with the values given here
        /// changed. Throws `ConfigurationError` (surface "refresh") naming the
        /// first field that breaks a rule, with the C core's field name
        /// ("pull_threshold", "footer_trigger_fraction", ...): every value
        /// finite, not negative and at most 1e6; the viewport, header height
        /// and pull threshold > 0; the trigger fraction within 0...1.
        /// `reducedMotion` switches the short motions on or off.
        public init(
            base: Configuration = .mjRefresh,
            contentInsetTop: CGFloat? = nil,
            contentInsetBottom: CGFloat? = nil,
            viewportHeight: CGFloat? = nil,
            headerHeight: CGFloat? = nil,
            pullThreshold: CGFloat? = nil,
            beginDuration: TimeInterval? = nil,
            endDuration: TimeInterval? = nil,
            minimumRefreshingTime: TimeInterval? = nil,
            footerHeight: CGFloat? = nil,
            footerTriggerDistance: CGFloat? = nil,
            footerTriggerFraction: Double? = nil,
            isHeaderEnabled: Bool? = nil,
            isFooterEnabled: Bool? = nil,
            reducedMotion: Bool? = nil
        ) throws(ConfigurationError) {
            var c = base.cValue
            func set<Value: BinaryFloatingPoint>(_ field: WritableKeyPath<sd_refresh_config, Double>, _ value: Value?) {
                if let value { c[keyPath: field] = Double(value) }
            }
            set(\.content_inset_top, contentInsetTop)
            set(\.content_inset_bottom, contentInsetBottom)
            set(\.viewport_height, viewportHeight)
            set(\.header_height, headerHeight)
            set(\.pull_threshold, pullThreshold)
            set(\.begin_duration, beginDuration)
            set(\.end_duration, endDuration)
            set(\.min_refreshing_time, minimumRefreshingTime)
            set(\.footer_height, footerHeight)
            set(\.footer_trigger_distance, footerTriggerDistance)
            set(\.footer_trigger_fraction, footerTriggerFraction)
            if let isHeaderEnabled { c.header_enabled = isHeaderEnabled ? 1 : 0 }
            if let isFooterEnabled { c.footer_enabled = isFooterEnabled ? 1 : 0 }
            setFlag(UInt32(SD_REFRESH_OPTION_REDUCED_MOTION), in: &c.options, to: reducedMotion)
            try self.init(validating: c)
        }

        /// A C configuration, checked by the C validator.
        init(validating c: sd_refresh_config) throws(ConfigurationError) {
            var raw = c
            try ConfigurationError.check(surface: "refresh") { sd_refresh_config_validate(&raw, $0) }
            cValue = raw
        }

        /// A C configuration known to be valid (the preset, or the one a core holds).
        init(unchecked c: sd_refresh_config) { cValue = c }

        /// Equal when every number is the same, bit for bit.
        public static func == (a: Configuration, b: Configuration) -> Bool {
            sameBytes(a.cValue, b.cValue)
        }

        public func hash(into hasher: inout Hasher) {
            hashBytes(of: cValue, into: &hasher)
        }

        /// The pull distance of content offset `y` (points), as the core computes it; nil when `y` is not finite.
        public func pullDistance(contentOffset y: CGFloat) -> CGFloat? {
            var c = cValue
            var d = 0.0
            return sd_refresh_pull_distance(&c, Double(y), &d) == SD_OK ? d : nil
        }
    }
}
