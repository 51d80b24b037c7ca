import CScrollDrive
import Foundation

extension PulldownPanelController {
    /// A colour as the panel uses it: red, green and blue channels as
    /// numbers in 0...255 (not rounded, so a transition between two colours
    /// is smooth).
    public struct Colour: Equatable, Hashable, Sendable, CustomStringConvertible {
        public let red: Double
        public let green: Double
        public let blue: Double

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
    /// seconds, alphas and scales plain numbers. Valid by construction: use a
    /// preset (`.article`, `.wechat`) or the throwing initialiser, which the
    /// C core validates (`sd_pulldown_config_validate`).
    ///
    /// The critical points cp0 < cp1 < cp2 < cp3 are pull distances d of the
    /// chat list (how far it is pulled below its resting position):
    /// - `criticalPoint0`: the centre ball starts to grow;
    /// - `criticalPoint1`: releasing while still moving down opens the panel;
    /// - `criticalPoint2`: the side balls are fully spread, the panel starts to show;
    /// - `criticalPoint3`: the indicator is gone, the reveal is complete.
    public struct Configuration: Equatable, Hashable, Sendable {
        /// cp0, points. Article 60, WeChat 80.
        public let criticalPoint0: CGFloat
        /// cp1, points. Article 90, WeChat 130.
        public let criticalPoint1: CGFloat
        /// cp2, points. Article 130, WeChat 160; also the pull-up distance at
        /// which the nav bar has turned back to `listColour`.
        public let criticalPoint2: CGFloat
        /// cp3, points. 240 in both presets.
        public let criticalPoint3: CGFloat
        /// Screen height H, points (736 by default: the seed's worked example).
        public let screenHeight: CGFloat
        /// Status bar + nav bar height T, points: 64 (88 on notched phones).
        /// The chat list's content inset top at rest.
        public let topBarHeight: CGFloat
        /// Tab bar height, points: 49 (83 on notched phones).
        public let tabBarHeight: CGFloat
        /// Opening (release -> open) and restoring (list back to rest), seconds: 0.35.
        public let transitionDuration: TimeInterval
        /// The panel's close after a pull-up release, seconds: 0.4.
        public let closeDuration: TimeInterval
        /// The slow return of the panel after a release that does not close, seconds: 1.5.
        public let returnDuration: TimeInterval
        /// Fraction of the return's time spent in its fast part, in (0, 1): 0.3.
        public let returnSplitTime: Double
        /// Fraction of the return's distance covered in its fast part, in (0, 1): 0.5.
        public let returnSplitDistance: Double
        /// How far the side balls move out from the centre, points: 16.
        public let ballSpread: CGFloat
        /// The centre ball's scale at cp1: 2.
        public let maximumBallScale: CGFloat
        /// The indicator is max(this, d) points high: 6.
        public let minimumIndicatorHeight: CGFloat
        /// Panel alpha reached at cp3 before release, 0...1: 0.3.
        public let revealPanelAlpha: CGFloat
        /// Mask alpha reached at cp3 before release, 0...1: 0.3.
        public let revealMaskAlpha: CGFloat
        /// Mask alpha while the panel is open, 0...1: 0.6.
        public let openMaskAlpha: CGFloat
        /// The hidden panel's horizontal scale, about its top edge: 0.6.
        public let hiddenPanelScaleX: CGFloat
        /// The hidden panel's vertical scale, about its top edge: 0.4.
        public let hiddenPanelScaleY: CGFloat
        /// Added to both scales between cp2 and cp3: 0.1.
        public let panelScaleGain: CGFloat
        /// The open panel's scroll view content height, in screen heights: 20.
        public let panelContentScreens: CGFloat
        /// The mini-program list's search bar height, points: 57.
        public let searchBarHeight: CGFloat
        /// A drag that leaves the mini-program list scrolled this far or
        /// further (points) closes the panel: 135.
        public let closeDragDistance: CGFloat
        /// Nav bar colour over the chat list: #EDEDED.
        public let listColour: Colour
        /// Nav bar colour while the panel is open: #FFFFFF.
        public let openColour: Colour

        /// The article's numbers: critical points 60 / 90 / 130 / 240.
        public static let article = Configuration(unchecked: sd_pulldown_config_article())

        /// WeChat's source numbers: the article's with critical points 80 / 130 / 160 / 240.
        public static let wechat = Configuration(unchecked: sd_pulldown_config_wechat())

        /// Custom values, each defaulting to the article's. Throws
        /// `ConfigurationError` (surface "pulldown") naming the first field
        /// that breaks a rule, with the C core's field name ("cp1",
        /// "screen_height", "list_colour.red", ...): every value finite;
        /// lengths, scales and durations not negative (durations and the
        /// screen height > 0); cp0 < cp1 < cp2 < cp3 < screenHeight,
        /// topBarHeight < screenHeight, tabBarHeight <= screenHeight; the
        /// return splits strictly between 0 and 1; alphas in 0...1; colour
        /// channels in 0...255.
        public init(
            criticalPoint0: CGFloat = Configuration.article.criticalPoint0,
            criticalPoint1: CGFloat = Configuration.article.criticalPoint1,
            criticalPoint2: CGFloat = Configuration.article.criticalPoint2,
            criticalPoint3: CGFloat = Configuration.article.criticalPoint3,
            screenHeight: CGFloat = Configuration.article.screenHeight,
            topBarHeight: CGFloat = Configuration.article.topBarHeight,
            tabBarHeight: CGFloat = Configuration.article.tabBarHeight,
            transitionDuration: TimeInterval = Configuration.article.transitionDuration,
            closeDuration: TimeInterval = Configuration.article.closeDuration,
            returnDuration: TimeInterval = Configuration.article.returnDuration,
            returnSplitTime: Double = Configuration.article.returnSplitTime,
            returnSplitDistance: Double = Configuration.article.returnSplitDistance,
            ballSpread: CGFloat = Configuration.article.ballSpread,
            maximumBallScale: CGFloat = Configuration.article.maximumBallScale,
            minimumIndicatorHeight: CGFloat = Configuration.article.minimumIndicatorHeight,
            revealPanelAlpha: CGFloat = Configuration.article.revealPanelAlpha,
            revealMaskAlpha: CGFloat = Configuration.article.revealMaskAlpha,
            openMaskAlpha: CGFloat = Configuration.article.openMaskAlpha,
            hiddenPanelScaleX: CGFloat = Configuration.article.hiddenPanelScaleX,
            hiddenPanelScaleY: CGFloat = Configuration.article.hiddenPanelScaleY,
            panelScaleGain: CGFloat = Configuration.article.panelScaleGain,
            panelContentScreens: CGFloat = Configuration.article.panelContentScreens,
            searchBarHeight: CGFloat = Configuration.article.searchBarHeight,
            closeDragDistance: CGFloat = Configuration.article.closeDragDistance,
            listColour: Colour = Configuration.article.listColour,
            openColour: Colour = Configuration.article.openColour
        ) throws(ConfigurationError) {
            var raw = sd_pulldown_config(
                cp0: criticalPoint0, cp1: criticalPoint1, cp2: criticalPoint2, cp3: criticalPoint3,
                screen_height: screenHeight, top_bar_height: topBarHeight, tab_bar_height: tabBarHeight,
                transition_duration: transitionDuration, close_duration: closeDuration,
                return_duration: returnDuration, return_split_time: returnSplitTime,
                return_split_distance: returnSplitDistance, ball_spread: ballSpread,
                ball_max_scale: maximumBallScale, min_indicator_height: minimumIndicatorHeight,
                reveal_panel_alpha: revealPanelAlpha, reveal_mask_alpha: revealMaskAlpha,
                open_mask_alpha: openMaskAlpha, panel_scale_x: hiddenPanelScaleX, panel_scale_y: hiddenPanelScaleY,
                panel_scale_gain: panelScaleGain, panel_content_screens: panelContentScreens,
                search_bar_height: searchBarHeight, close_drag_distance: closeDragDistance,
                list_colour: listColour.cValue, open_colour: openColour.cValue)
            try ConfigurationError.check(surface: "pulldown") { sd_pulldown_config_validate(&raw, $0) }
            self.init(unchecked: raw)
        }

        private init(unchecked c: sd_pulldown_config) {
            criticalPoint0 = c.cp0
            criticalPoint1 = c.cp1
            criticalPoint2 = c.cp2
            criticalPoint3 = c.cp3
            screenHeight = c.screen_height
            topBarHeight = c.top_bar_height
            tabBarHeight = c.tab_bar_height
            transitionDuration = c.transition_duration
            closeDuration = c.close_duration
            returnDuration = c.return_duration
            returnSplitTime = c.return_split_time
            returnSplitDistance = c.return_split_distance
            ballSpread = c.ball_spread
            maximumBallScale = c.ball_max_scale
            minimumIndicatorHeight = c.min_indicator_height
            revealPanelAlpha = c.reveal_panel_alpha
            revealMaskAlpha = c.reveal_mask_alpha
            openMaskAlpha = c.open_mask_alpha
            hiddenPanelScaleX = c.panel_scale_x
            hiddenPanelScaleY = c.panel_scale_y
            panelScaleGain = c.panel_scale_gain
            panelContentScreens = c.panel_content_screens
            searchBarHeight = c.search_bar_height
            closeDragDistance = c.close_drag_distance
            listColour = Colour(c.list_colour)
            openColour = Colour(c.open_colour)
        }

        /// The C core's view of this configuration.
        var cValue: sd_pulldown_config {
            sd_pulldown_config(
                cp0: criticalPoint0, cp1: criticalPoint1, cp2: criticalPoint2, cp3: criticalPoint3,
                screen_height: screenHeight, top_bar_height: topBarHeight, tab_bar_height: tabBarHeight,
                transition_duration: transitionDuration, close_duration: closeDuration,
                return_duration: returnDuration, return_split_time: returnSplitTime,
                return_split_distance: returnSplitDistance, ball_spread: ballSpread,
                ball_max_scale: maximumBallScale, min_indicator_height: minimumIndicatorHeight,
                reveal_panel_alpha: revealPanelAlpha, reveal_mask_alpha: revealMaskAlpha,
                open_mask_alpha: openMaskAlpha, panel_scale_x: hiddenPanelScaleX, panel_scale_y: hiddenPanelScaleY,
                panel_scale_gain: panelScaleGain, panel_content_screens: panelContentScreens,
                search_bar_height: searchBarHeight, close_drag_distance: closeDragDistance,
                list_colour: listColour.cValue, open_colour: openColour.cValue)
        }

        // MARK: - Per-offset values (the C core's pure functions)

        /// The pull distance d = max(0, -(y + topBarHeight)) of a chat-list
        /// content offset y; nil when y is not finite.
        public func pullDistance(listContentOffset y: CGFloat) -> CGFloat? {
            var c = cValue, out = 0.0
            return sd_pulldown_pull_distance(&c, y, &out) == SD_OK ? out : nil
        }

        /// The three-ball indicator at pull distance `d` (the seed's stage
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
        public let alpha: CGFloat
        public let scale: CGFloat
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
        /// Side balls are translated (scale 1), the centre one is scaled (x 0).
        public let left: Ball
        public let centre: Ball
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
        public let panelAlpha: CGFloat
        /// The panel's scale about its top edge.
        public let panelScaleX: CGFloat
        public let panelScaleY: CGFloat
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
        public let progress: CGFloat
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
