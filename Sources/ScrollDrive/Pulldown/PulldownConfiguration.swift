import CScrollDrive
import Foundation

extension PulldownPanelController {
    /// A colour as the panel uses it: red, green and blue channels as
    /// numbers in 0...255 (not rounded, so a transition between two colours
    /// is smooth).
    public struct Colour: Equatable, Hashable, Sendable, CustomStringConvertible {
        /// The red channel, 0...255.
        public let red: Double
        /// The green channel, 0...255.
        public let green: Double
        /// The blue channel, 0...255.
        public let blue: Double

        /// A colour of the given channels (0...255 each).
        public init(red: Double, green: Double, blue: Double) {
            self.red = red
            self.green = green
            self.blue = blue
        }

        init(_ c: sd_pulldown_rgb) { self.init(red: c.red, green: c.green, blue: c.blue) }

        var cValue: sd_pulldown_rgb { sd_pulldown_rgb(red: red, green: green, blue: blue) }

        /// `#RRGGBB`, each channel clamped to 0...255 and rounded half up (NaN gives 00).
        public var hex: String {
            let bytes = [red, green, blue].map { sd_pulldown_channel_u8($0) }
            return "#" + bytes.map { String(format: "%02X", $0) }.joined()
        }

        public var description: String { hex }
    }

    /// Every number of the panel. Lengths and offsets in points, durations in
    /// seconds, alphas and scales plain numbers. A read-only view of the C
    /// core's `sd_pulldown_config`, valid by construction: use a preset
    /// (`.article`, `.wechat`) or the throwing initialiser, which the C core
    /// validates (`sd_pulldown_config_validate`).
    ///
    /// The critical points cp0 < cp1 < cp2 < cp3 are pull distances d of the
    /// chat list (how far it is pulled below its resting position):
    /// - `criticalPoint0`: the centre ball starts to grow;
    /// - `criticalPoint1`: releasing while still moving down opens the panel;
    /// - `criticalPoint2`: the side balls are fully spread, the panel starts to show;
    /// - `criticalPoint3`: the indicator is gone, the reveal is complete.
    public struct Configuration: Equatable, Hashable, Sendable {
        /// The C core's configuration: the only copy of the numbers, valid
        /// (checked by `sd_pulldown_config_validate` when it was made).
        package let cValue: sd_pulldown_config

        /// cp0, points. Article 60, WeChat 80.
        public var criticalPoint0: CGFloat { cValue.cp0 }
        /// cp1, points. Article 90, WeChat 130.
        public var criticalPoint1: CGFloat { cValue.cp1 }
        /// cp2, points. Article 130, WeChat 160; also the pull-up distance at
        /// which the nav bar has turned back to `listColour`.
        public var criticalPoint2: CGFloat { cValue.cp2 }
        /// cp3, points. 240 in both presets.
        public var criticalPoint3: CGFloat { cValue.cp3 }
        /// Screen height H, points (736 by default: the article's worked example).
        public var screenHeight: CGFloat { cValue.screen_height }
        /// Status bar + nav bar height T, points: 64 (88 on notched phones).
        /// The chat list's content inset top at rest.
        public var topBarHeight: CGFloat { cValue.top_bar_height }
        /// Tab bar height, points: 49 (83 on notched phones).
        public var tabBarHeight: CGFloat { cValue.tab_bar_height }
        /// Opening (release -> open) and restoring (list back to rest), seconds: 0.35.
        public var transitionDuration: TimeInterval { cValue.transition_duration }
        /// The panel's close after a pull-up release, seconds: 0.4.
        public var closeDuration: TimeInterval { cValue.close_duration }
        /// The slow return of the panel after a release that does not close, seconds: 1.5.
        public var returnDuration: TimeInterval { cValue.return_duration }
        /// Fraction of the return's time spent in its fast part, in (0, 1): 0.3.
        public var returnSplitTime: Double { cValue.return_split_time }
        /// Fraction of the return's distance covered in its fast part, in (0, 1): 0.5.
        public var returnSplitDistance: Double { cValue.return_split_distance }
        /// How far the side balls move out from the centre, points: 16.
        public var ballSpread: CGFloat { cValue.ball_spread }
        /// The centre ball's scale at cp1: 2.
        public var maximumBallScale: CGFloat { cValue.ball_max_scale }
        /// The indicator is max(this, d) points high: 6.
        public var minimumIndicatorHeight: CGFloat { cValue.min_indicator_height }
        /// Panel alpha reached at cp3 before release, 0...1: 0.3.
        public var revealPanelAlpha: CGFloat { cValue.reveal_panel_alpha }
        /// Mask alpha reached at cp3 before release, 0...1: 0.3.
        public var revealMaskAlpha: CGFloat { cValue.reveal_mask_alpha }
        /// Mask alpha while the panel is open, 0...1: 0.6.
        public var openMaskAlpha: CGFloat { cValue.open_mask_alpha }
        /// The hidden panel's horizontal scale, about its top edge: 0.6.
        public var hiddenPanelScaleX: CGFloat { cValue.panel_scale_x }
        /// The hidden panel's vertical scale, about its top edge: 0.4.
        public var hiddenPanelScaleY: CGFloat { cValue.panel_scale_y }
        /// Added to both scales between cp2 and cp3: 0.1.
        public var panelScaleGain: CGFloat { cValue.panel_scale_gain }
        /// The open panel's scroll view content height, in screen heights: 20.
        public var panelContentScreens: CGFloat { cValue.panel_content_screens }
        /// The mini-program list's search bar height, points: 57.
        public var searchBarHeight: CGFloat { cValue.search_bar_height }
        /// A drag that leaves the mini-program list scrolled this far or
        /// further (points) closes the panel: 135.
        public var closeDragDistance: CGFloat { cValue.close_drag_distance }
        /// Nav bar colour over the chat list: #EDEDED.
        public var listColour: Colour { Colour(cValue.list_colour) }
        /// Nav bar colour while the panel is open: #FFFFFF.
        public var openColour: Colour { Colour(cValue.open_colour) }
        /// Reduced motion (pass the platform's accessibility setting, UIKit's
        /// `UIAccessibility.isReduceMotionEnabled`): every transition keeps
        /// its curve and end state and lasts at most 0.2 s
        /// (`SD_PULLDOWN_REDUCED_MOTION_DURATION`: the opening and restore
        /// 0.35 -> 0.2 s, the close 0.4 -> 0.2 s, the slow return 1.5 -> 0.2 s);
        /// what the finger drives is unchanged. False by default.
        public var reducedMotion: Bool { cValue.options & UInt32(SD_PULLDOWN_OPTION_REDUCED_MOTION) != 0 }

        /// The article's numbers: critical points 60 / 90 / 130 / 240.
        public static let article = Configuration(unchecked: sd_pulldown_config_article())

        /// The numbers of the article's open-source companion app (CoderMikeHe/WeChat): the article's,
        /// with critical points 80 / 130 / 160 / 240.
        public static let wechat = Configuration(unchecked: sd_pulldown_config_wechat())

        /// `base` (the article's numbers by default) with the values given
        /// here changed. Throws `ConfigurationError` (surface "pulldown")
        /// naming the first field that breaks a rule, with the C core's
        /// field name ("cp1", "screen_height", "list_colour.red", ...): every
        /// value finite; lengths, scales and durations not negative
        /// (durations and the screen height > 0); cp0 < cp1 < cp2 < cp3 <
        /// screenHeight, topBarHeight < screenHeight, tabBarHeight <=
        /// screenHeight; the return splits strictly between 0 and 1; alphas in
        /// 0...1; colour channels in 0...255; screenHeight and the scales at
        /// most 1e6. `reducedMotion` switches the short transitions on or off.
        public init(
            base: Configuration = .article,
            criticalPoint0: CGFloat? = nil,
            criticalPoint1: CGFloat? = nil,
            criticalPoint2: CGFloat? = nil,
            criticalPoint3: CGFloat? = nil,
            screenHeight: CGFloat? = nil,
            topBarHeight: CGFloat? = nil,
            tabBarHeight: CGFloat? = nil,
            transitionDuration: TimeInterval? = nil,
            closeDuration: TimeInterval? = nil,
            returnDuration: TimeInterval? = nil,
            returnSplitTime: Double? = nil,
            returnSplitDistance: Double? = nil,
            ballSpread: CGFloat? = nil,
            maximumBallScale: CGFloat? = nil,
            minimumIndicatorHeight: CGFloat? = nil,
            revealPanelAlpha: CGFloat? = nil,
            revealMaskAlpha: CGFloat? = nil,
            openMaskAlpha: CGFloat? = nil,
            hiddenPanelScaleX: CGFloat? = nil,
            hiddenPanelScaleY: CGFloat? = nil,
            panelScaleGain: CGFloat? = nil,
            panelContentScreens: CGFloat? = nil,
            searchBarHeight: CGFloat? = nil,
            closeDragDistance: CGFloat? = nil,
            listColour: Colour? = nil,
            openColour: Colour? = nil,
            reducedMotion: Bool? = nil
        ) throws(ConfigurationError) {
            var c = base.cValue
            func set<Value: BinaryFloatingPoint>(_ field: WritableKeyPath<sd_pulldown_config, Double>, _ value: Value?) {
                if let value { c[keyPath: field] = Double(value) }
            }
            set(\.cp0, criticalPoint0)
            set(\.cp1, criticalPoint1)
            set(\.cp2, criticalPoint2)
            set(\.cp3, criticalPoint3)
            set(\.screen_height, screenHeight)
            set(\.top_bar_height, topBarHeight)
            set(\.tab_bar_height, tabBarHeight)
            set(\.transition_duration, transitionDuration)
            set(\.close_duration, closeDuration)
            set(\.return_duration, returnDuration)
            set(\.return_split_time, returnSplitTime)
            set(\.return_split_distance, returnSplitDistance)
            set(\.ball_spread, ballSpread)
            set(\.ball_max_scale, maximumBallScale)
            set(\.min_indicator_height, minimumIndicatorHeight)
            set(\.reveal_panel_alpha, revealPanelAlpha)
            set(\.reveal_mask_alpha, revealMaskAlpha)
            set(\.open_mask_alpha, openMaskAlpha)
            set(\.panel_scale_x, hiddenPanelScaleX)
            set(\.panel_scale_y, hiddenPanelScaleY)
            set(\.panel_scale_gain, panelScaleGain)
            set(\.panel_content_screens, panelContentScreens)
            set(\.search_bar_height, searchBarHeight)
            set(\.close_drag_distance, closeDragDistance)
            if let listColour { c.list_colour = listColour.cValue }
            if let openColour { c.open_colour = openColour.cValue }
            setFlag(UInt32(SD_PULLDOWN_OPTION_REDUCED_MOTION), in: &c.options, to: reducedMotion)
            try self.init(validating: c)
        }

        /// A C configuration, checked by the C validator.
        init(validating c: sd_pulldown_config) throws(ConfigurationError) {
            var raw = c
            try ConfigurationError.check(surface: "pulldown") { sd_pulldown_config_validate(&raw, $0) }
            cValue = raw
        }

        /// A C configuration known to be valid (a preset, or the one a core holds).
        init(unchecked c: sd_pulldown_config) { cValue = c }

        /// Equal when every number is the same, bit for bit.
        public static func == (a: Configuration, b: Configuration) -> Bool {
            sameBytes(a.cValue, b.cValue)
        }

        public func hash(into hasher: inout Hasher) {
            hashBytes(of: cValue, into: &hasher)
        }

        // MARK: - Per-offset values (the C core's pure functions)

        /// The pull distance d = max(0, -(y + topBarHeight)) of a chat-list
        /// content offset y; nil when y is not finite.
        public func pullDistance(listContentOffset y: CGFloat) -> CGFloat? {
            var c = cValue, out = 0.0
            return sd_pulldown_pull_distance(&c, y, &out) == SD_OK ? out : nil
        }

        /// The three-ball indicator at pull distance `d` (the article's stage
        /// table); nil when `d` is not finite.
        public func indicator(pullDistance d: CGFloat) -> Indicator? {
            var c = cValue, out = sd_pulldown_indicator()
            return sd_pulldown_indicator_at(&c, d, &out) == SD_OK ? Indicator(out) : nil
        }

        /// The panel before release at pull distance `d`; nil when `d` is not finite.
        public func reveal(pullDistance d: CGFloat) -> Reveal? {
            var c = cValue, out = sd_pulldown_reveal()
            return sd_pulldown_reveal_at(&c, d, &out) == SD_OK ? Reveal(out) : nil
        }

        /// The nav bar colour at pull-up distance `u`: `openColour` at 0,
        /// `listColour` from cp2 on (#F6F6F6 at cp2 / 2 with the defaults);
        /// nil when `u` is not finite.
        public func navigationBarColour(pullUpDistance u: CGFloat) -> Colour? {
            var c = cValue, out = sd_pulldown_rgb()
            return sd_pulldown_nav_colour(&c, u, &out) == SD_OK ? Colour(out) : nil
        }

        /// The pull-up mirror values at pull-up distance `u`; nil when `u` is not finite.
        public func mirror(pullUpDistance u: CGFloat) -> Mirror? {
            var c = cValue, out = sd_pulldown_mirror()
            return sd_pulldown_mirror_at(&c, u, &out) == SD_OK ? Mirror(out) : nil
        }

        /// The slow return's offset `elapsed` seconds after it started from
        /// `from`: fast then slow, exactly `from * (1 - returnSplitDistance)`
        /// at `returnSplitTime * returnDuration`, 0 from `returnDuration` on;
        /// nil when an input is not finite.
        public func returnOffset(from: CGFloat, elapsed: TimeInterval) -> CGFloat? {
            var c = cValue, out = 0.0
            return sd_pulldown_return_offset(&c, from, elapsed, &out) == SD_OK ? out : nil
        }

        /// How long `transition` runs, seconds (0 for `.none`).
        public func duration(of transition: Transition) -> TimeInterval {
            var c = cValue
            return sd_pulldown_transition_duration(&c, transition.cValue)
        }
    }

    /// One ball of the indicator: alpha, scale about its centre, and x shift
    /// from the indicator's centre line (points).
    public struct Ball: Equatable, Sendable {
        /// The ball's opacity, 0...1.
        public let alpha: CGFloat
        /// The ball's scale about its centre (1: its drawn size).
        public let scale: CGFloat
        /// The ball's shift from the indicator's centre line, points (negative: left).
        public let x: CGFloat

        init(_ b: sd_pulldown_ball) {
            alpha = b.alpha
            scale = b.scale
            x = b.x
        }
    }

    /// The three-ball indicator between the screen top and the nav bar.
    public struct Indicator: Equatable, Sendable {
        /// The indicator view's alpha: 0 once the pull passes cp3 (hidden).
        public let alpha: CGFloat
        /// The indicator view's height, points: max(minimumIndicatorHeight, d).
        public let height: CGFloat
        /// The left ball: translated (scale 1), never scaled.
        public let left: Ball
        /// The centre ball: scaled, never translated (x 0).
        public let centre: Ball
        /// The right ball: translated (scale 1), never scaled.
        public let right: Ball

        init(_ i: sd_pulldown_indicator) {
            alpha = i.alpha
            height = i.height
            left = Ball(i.left)
            centre = Ball(i.centre)
            right = Ball(i.right)
        }
    }

    /// The panel container before release, as the pull reveals it.
    public struct Reveal: Equatable, Sendable {
        /// 0 while d <= cp2 (hidden), else 1.
        public let containerAlpha: CGFloat
        /// The panel's alpha: 0 -> 0.3 from cp2 to cp3, held past cp3.
        public let panelAlpha: CGFloat
        /// The panel's horizontal scale about its top edge: 0.6 -> 0.7 from cp2 to cp3.
        public let panelScaleX: CGFloat
        /// The panel's vertical scale about its top edge: 0.4 -> 0.5 from cp2 to cp3.
        public let panelScaleY: CGFloat
        /// The dark mask's alpha: 0 -> 0.3 from cp2 to cp3.
        public let maskAlpha: CGFloat

        init(_ r: sd_pulldown_reveal) {
            containerAlpha = r.container_alpha
            panelAlpha = r.panel_alpha
            panelScaleX = r.panel_scale_x
            panelScaleY = r.panel_scale_y
            maskAlpha = r.mask_alpha
        }
    }

    /// The open panel pulled up by u: progress = max(H - u, 0) / H and what
    /// follows from it.
    public struct Mirror: Equatable, Sendable {
        /// max(H - u, 0) / H: 1 with the panel fully open, 0 once pulled up by H.
        public let progress: CGFloat
        /// The dark mask's alpha: 0.6 * progress.
        public let maskAlpha: CGFloat
        /// The panel's and the weather layer's alpha.
        public let panelAlpha: CGFloat
        /// The panel's and the weather layer's y (-u), points.
        public let panelY: CGFloat
        /// The pull-down offset the chat list sees: H - u, points.
        public let listOffset: CGFloat

        init(_ m: sd_pulldown_mirror) {
            progress = m.progress
            maskAlpha = m.mask_alpha
            panelAlpha = m.panel_alpha
            panelY = m.panel_y
            listOffset = m.list_offset
        }
    }
}
