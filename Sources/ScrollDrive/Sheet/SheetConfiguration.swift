import CScrollDrive
import Foundation

extension SheetController {
    /// Where a sheet can rest. Positions are the sheet's top edge, in points
    /// from the top of the container (the view the sheet lives in), growing
    /// downwards.
    public enum Detent: Hashable, Sendable, CustomStringConvertible {
        /// Top at `fraction` of the container height (with safe-area insets,
        /// of the space between them: top = safe area top + `fraction` *
        /// (height - both insets), as gorhom and UIKit measure it); 0...1
        /// (AppCoda's half: 0.5).
        case fraction(CGFloat)
        /// Top `points` below the container top; 0...container height (AppCoda's full: 50).
        case points(CGFloat)
        /// As tall as the content (`Configuration.contentHeight`): top =
        /// max(`minimumTop`, container height - content height), so the
        /// sheet never rises above `minimumTop` points (0...container height).
        case fitContent(minimumTop: CGFloat)
        /// Off screen, top at the container height. Only as the last detent,
        /// after at least one other; reaching it reports `dismissed`, and a
        /// backdrop tap moves here.
        case dismissed

        /// AppCoda's full sheet: top 50 pt below the container top.
        public static let full = Detent.points(50)
        /// AppCoda's half sheet: top at half the container height.
        public static let half = Detent.fraction(0.5)
        /// AppCoda's detents, from the top: full, half, dismissed.
        public static let seed: [Detent] = [.full, .half, .dismissed]

        /// The detent as code writes it: `.full`, `.half`, `.dismissed`, or
        /// `.fraction(0.4)`, `.points(120.0)`, `.fitContent(minimumTop: 80.0)`
        /// where no named detent matches.
        public var description: String {
            switch self {
            case .full: return ".full"
            case .half: return ".half"
            case let .fraction(f): return ".fraction(\(f))"
            case let .points(p): return ".points(\(p))"
            case let .fitContent(top): return ".fitContent(minimumTop: \(top))"
            case .dismissed: return ".dismissed"
            }
        }

        /// The detent a C slot holds (a valid configuration's slots below its count).
        init(_ detent: sd_sheet_detent) {
            switch detent.kind {
            case UInt32(SD_SHEET_DETENT_FRACTION.rawValue): self = .fraction(detent.value)
            case UInt32(SD_SHEET_DETENT_POINTS.rawValue): self = .points(detent.value)
            case UInt32(SD_SHEET_DETENT_FIT_CONTENT.rawValue): self = .fitContent(minimumTop: detent.value)
            default: self = .dismissed
            }
        }

        var cValue: sd_sheet_detent {
            switch self {
            case let .fraction(f): return sd_sheet_detent_fraction(f)
            case let .points(p): return sd_sheet_detent_points(p)
            case let .fitContent(top): return sd_sheet_detent_fit_content(top)
            case .dismissed: return sd_sheet_detent_dismissed()
            }
        }
    }

    /// The sheet's spring, m x'' + c x' + k (x - target) = 0 (SwiftUI's
    /// `interpolatingSpring(mass:stiffness:damping:)`): all finite,
    /// stiffness > 0, damping > 0, mass > 0, sqrt(stiffness / mass) <= 1e6 per
    /// second, and a
    /// spring that settles: its slowest decay is at least 0.01 per second
    /// (the sheet's validator, `sd_sheet_config_validate`, states the rules).
    public struct Spring: Hashable, Sendable {
        /// Spring constant k.
        public let stiffness: Double
        /// Damping coefficient c (the damping ratio is c / (2 sqrt(k m))).
        public let damping: Double
        /// Mass (> 0).
        public let mass: Double

        /// A spring with these coefficients; `Configuration`'s initialiser validates them.
        public init(stiffness: Double, damping: Double, mass: Double = 1) {
            self.stiffness = stiffness
            self.damping = damping
            self.mass = mass
        }

        /// AppCoda's spring: stiffness 200, damping 25, mass 1.
        public static var seed: Spring { Spring(sd_sheet_config_default(1).spring) }

        init(_ spring: sd_spring) {
            self.init(stiffness: spring.stiffness, damping: spring.damping, mass: spring.mass)
        }

        var cValue: sd_spring { sd_spring(stiffness: stiffness, damping: damping, mass: mass) }
    }

    /// Behaviour beyond AppCoda's sheet; all off by default (its numbers).
    public struct Options: OptionSet, Hashable, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }

        /// A release picks the detent nearest to where the sheet would coast
        /// (deceleration `decelerationRate`), and a release faster than
        /// `flickVelocity` moves at least one detent in its direction;
        /// instead of AppCoda's 25% / 30% thresholds.
        public static let velocityProjection = Options(rawValue: UInt32(SD_SHEET_OPTION_PROJECTION))
        /// While dragged past the first or last detent, the sheet rubber-bands
        /// (UIScrollView's curve over the container height) instead of
        /// following the finger 1:1.
        public static let rubberBand = Options(rawValue: UInt32(SD_SHEET_OPTION_RUBBER_BAND))
        /// Backdrop alpha and background offset follow the sheet's position
        /// instead of switching with the presented state.
        public static let interpolatedBackdrop = Options(rawValue: UInt32(SD_SHEET_OPTION_INTERPOLATE_BACKDROP))
        /// The release velocity is added to the spring's initial velocity.
        public static let carryVelocity = Options(rawValue: UInt32(SD_SHEET_OPTION_CARRY_VELOCITY))
        /// No release and no overscroll return dismisses; dragged below the
        /// lowest shown detent the sheet rubber-bands and springs back
        /// (SwiftUI's `interactiveDismissDisabled`, UIKit's `isModalInPresentation`):
        /// backdrop taps are ignored too; only `move(to:)` dismisses.
        public static let interactiveDismissDisabled = Options(rawValue: UInt32(SD_SHEET_OPTION_NO_INTERACTIVE_DISMISS))
        /// A release moves at most one detent, however far the drag went
        /// (react-native-bottom-sheet #783; vaul's `snapToSequentialPoint`
        /// only turns off the velocity skip, so a long slow drag there still
        /// lands on the closest point).
        public static let sequentialSnapping = Options(rawValue: UInt32(SD_SHEET_OPTION_SEQUENTIAL))
        /// A drag at a detent below the first grows the sheet to the first
        /// detent, then scrolls the content (UIKit's
        /// `prefersScrollingExpandsWhenScrolledToEdge`, SwiftUI's
        /// `presentationContentInteraction(.resizes)`).
        public static let scrollingExpandsFirst = Options(rawValue: UInt32(SD_SHEET_OPTION_SCROLL_EXPANDS))
        /// Set by `Configuration(largestUndimmedDetent:)`.
        public static let undimmedDetent = Options(rawValue: UInt32(SD_SHEET_OPTION_UNDIMMED_DETENT))
        /// Set by `Configuration(dismissVelocity:)`.
        public static let dismissByVelocity = Options(rawValue: UInt32(SD_SHEET_OPTION_DISMISS_BY_VELOCITY))
        /// UIKit's overscroll hand-off: at the first detent, with the content
        /// pulled past its top, the sheet takes the finger and follows it 1:1
        /// while the content stays pinned at its top. Off (AppCoda's sheet),
        /// the sheet sits as far below the first detent as the scroll view
        /// reports its content pulled down, rubber band included.
        public static let overscrollFollowsFinger =
            Options(rawValue: UInt32(SD_SHEET_OPTION_OVERSCROLL_FOLLOWS_FINGER))
        /// A release at the first detent picks a detent by the thresholds or
        /// the options above, as from any other detent (UIKit's sheet,
        /// FloatingPanel). Off (AppCoda's sheet, whose release acts only at
        /// half), a drag released at the first detent springs back to it, and
        /// `velocityProjection`, `sequentialSnapping` and `dismissVelocity`
        /// act on releases from the other detents only.
        public static let releasesFromFirstDetent = Options(rawValue: UInt32(SD_SHEET_OPTION_RELEASE_FROM_FIRST))
        /// Reduced motion (set it from `UIAccessibility.isReduceMotionEnabled`):
        /// every move the sheet makes by itself is critically damped from
        /// rest, with no overshoot and no carried velocity, and lands exactly
        /// 0.25 s after it starts; where the finger drives nothing changes.
        /// `Frame.isReducedMotion` says so.
        public static let reducedMotion = Options(rawValue: UInt32(SD_SHEET_OPTION_REDUCED_MOTION))
    }

    /// How the sheet answers the keyboard (`sd_sheet_keyboard`). With K the
    /// keyboard's height once it has moved, the sheet rests at these tops
    /// while the keyboard is up (`SheetController.restTop(of:)`) and goes
    /// there along the keyboard's own curve and duration. `.extend`,
    /// `.interactive` and `.fillParent` are react-native-bottom-sheet's
    /// `keyboardBehavior` values of those names.
    ///
    /// When the keyboard hides, every behaviour goes back to the detent the
    /// sheet came from, unless a drag or `move(to:)` chose another detent
    /// meanwhile. (react-native-bottom-sheet's own `keyboardBlurBehavior:
    /// "restore"` lands on the highest detent instead, which its users report
    /// as a bug again and again: #811, #1545, #1894, #2545, #2761. This is
    /// what they ask for.)
    public enum KeyboardBehavior: UInt32, Hashable, Sendable, CaseIterable {
        /// The keyboard covers the sheet's bottom; nothing moves (the
        /// default). `Frame.keyboardOverlap` says how many points it covers.
        case ignore = 0
        /// The sheet rises with the keyboard at the same detent, its bottom
        /// on the keyboard's top, never above the first detent: each shown
        /// detent rests at max(top of the first, its top - K), so at the
        /// first detent nothing moves. ScrollDrive's own, not one of gorhom's.
        case rise = 1
        /// gorhom's "extend": the keyboard's appearance moves a shown sheet to
        /// the first detent, at its own top.
        case extend = 2
        /// gorhom's "interactive" (its default): from any shown detent the
        /// sheet goes to the first detent, which rests at max(safe area top,
        /// its top - K) while the keyboard is up, so the first detent's
        /// whole height stays above the keyboard as far as the safe area allows.
        case interactive = 3
        /// gorhom's "fillParent": from any shown detent the sheet goes to the
        /// first detent, which rests at the safe area's top while the keyboard is up.
        case fillParent = 4
    }

    /// What a tap on the backdrop does.
    public enum BackdropTap: UInt32, Hashable, Sendable, CaseIterable {
        /// Move to `.dismissed` (AppCoda's; refused without a dismissed detent).
        case dismiss = 0
        /// Move one detent down (nothing at the last one).
        case stepDown = 1
        /// Nothing.
        case nothing = 2
    }

    /// Everything that shapes a sheet, validated by the C core when built.
    /// Units: points, seconds, points per second. The C names of the fields
    /// (in `ConfigurationError.field`) are the snake-case spellings, and
    /// `detents[i]` is "detent<i>".
    ///
    /// A configuration is the C core's `sd_sheet_config`, validated; every
    /// property reads it.
    public struct Configuration: Hashable, Sendable {
        /// The validated C configuration (slots past `detent_count` zeroed).
        package let cValue: sd_sheet_config

        /// Container height, points (> 0).
        public var containerHeight: CGFloat { cValue.container_height }
        /// Content height for `.fitContent` detents, points (>= 0).
        public var contentHeight: CGFloat { cValue.content_height }
        /// Detents from the top, 1...5 of them, tops strictly increasing and
        /// inside the container; `.dismissed` only last.
        public var detents: [Detent] { (0..<detentCount).map(detent(at:)) }
        /// Behaviour beyond AppCoda's sheet.
        public var options: Options { Options(rawValue: cValue.options) }
        /// A release up by more than this fraction of the container height goes one detent up (>= 0).
        public var upThreshold: CGFloat { cValue.up_threshold }
        /// A release down by more than this fraction of the container height goes one detent down (>= 0).
        public var downThreshold: CGFloat { cValue.down_threshold }
        /// At the first detent, pulling the inner content down past its top
        /// by more than this many points returns the sheet to the second detent (>= 0).
        public var overscrollReturn: CGFloat { cValue.overscroll_return }
        /// Backdrop (black) opacity while the sheet is presented, 0...1.
        public var backdropAlpha: CGFloat { cValue.backdrop_alpha }
        /// How far the content behind moves up while the sheet is presented, points (>= 0).
        public var backgroundShift: CGFloat { cValue.background_shift }
        /// Duration of the background's move (ease-out), seconds (>= 0).
        public var backgroundDuration: TimeInterval { cValue.background_duration }
        /// The spring that moves the sheet between detents.
        public var spring: Spring { Spring(cValue.spring) }
        /// Initial velocity relative to the distance animated, per second
        /// (SwiftUI's `initialVelocity`): a move over d points starts at this * d points per second.
        public var springInitialVelocity: Double { cValue.spring_initial_velocity }
        /// Deceleration rate per millisecond for `.velocityProjection`, 0 < rate < 1.
        public var decelerationRate: Double { cValue.deceleration_rate }
        /// A release faster than this is a flick (`.velocityProjection` only), points per second (>= 0).
        public var flickVelocity: CGFloat { cValue.flick_velocity }
        /// At this detent or below it the backdrop is clear and the content
        /// behind takes touches (UIKit's `largestUndimmedDetentIdentifier`);
        /// nil: always dimmed.
        public var largestUndimmedDetent: Detent? {
            options.contains(.undimmedDetent) ? detent(at: Int(cValue.undimmed_detent)) : nil
        }
        /// What a backdrop tap does.
        public var backdropTap: BackdropTap { BackdropTap(rawValue: cValue.backdrop_tap) ?? .dismiss }
        /// A release faster than this downwards dismisses from any detent
        /// (FloatingPanel's removal interaction), points per second; nil: off.
        public var dismissVelocity: CGFloat? {
            options.contains(.dismissByVelocity) ? cValue.dismiss_velocity : nil
        }
        /// The safe area's top inset (status bar, notch), points (>= 0, below
        /// the container height): detents resolve below it (a fraction of the
        /// space between the two insets, points counted from it), and the
        /// sheet rubber-bands over the space under it. 0 by default.
        public var safeAreaTop: CGFloat { cValue.safe_area_top }
        /// The safe area's bottom inset (home indicator), points (>= 0, and
        /// with the top inset inside the container): a `.fraction` detent is
        /// a fraction of the space above it (and below the top inset), and a
        /// `.fitContent` detent adds it to the content. 0 by default.
        public var safeAreaBottom: CGFloat { cValue.safe_area_bottom }
        /// How the sheet answers the keyboard (`SheetController.keyboardWillChange`). `.ignore` by default.
        public var keyboardBehavior: KeyboardBehavior { KeyboardBehavior(rawValue: cValue.keyboard) ?? .ignore }

        /// A validated configuration. Every parameter left nil keeps the
        /// default (`sd_sheet_config_default`, the AppCoda SwiftUI
        /// bottom-sheet chapter's sheet): thresholds 25% up and 30% down,
        /// overscroll return 120 pt, backdrop 0.5, background shift 100 pt
        /// over 0.2 s, spring 200 / 25 / 1 with initial velocity 10,
        /// deceleration 0.998, flick 500 pt/s. So
        /// `try Configuration(containerHeight: 800)` is that sheet in an
        /// 800 pt container.
        ///
        /// Throws `ConfigurationError` (surface "sheet") naming the C field
        /// and the rule: a height or value not finite, a detent outside the
        /// container, detents out of order or `.dismissed` not last, more
        /// than 5 or no detents, a negative threshold, and so on
        /// (`sd_sheet_config_validate`), a `largestUndimmedDetent` that is not
        /// one of `detents` ("undimmed_detent"), a negative `dismissVelocity`,
        /// a negative or non-finite safe-area inset, a top inset not below the
        /// container height, insets that together exceed it ("safe_area_top",
        /// "safe_area_bottom").
        /// `.undimmedDetent` and `.dismissByVelocity` in `options` are ignored:
        /// the two parameters set them.
        public init(
            containerHeight: CGFloat,
            contentHeight: CGFloat = 0,
            detents: [Detent] = Detent.seed,
            options: Options = [],
            upThreshold: CGFloat? = nil,
            downThreshold: CGFloat? = nil,
            overscrollReturn: CGFloat? = nil,
            backdropAlpha: CGFloat? = nil,
            backgroundShift: CGFloat? = nil,
            backgroundDuration: TimeInterval? = nil,
            spring: Spring? = nil,
            springInitialVelocity: Double? = nil,
            decelerationRate: Double? = nil,
            flickVelocity: CGFloat? = nil,
            largestUndimmedDetent: Detent? = nil,
            backdropTap: BackdropTap = .dismiss,
            dismissVelocity: CGFloat? = nil,
            safeAreaTop: CGFloat = 0,
            safeAreaBottom: CGFloat = 0,
            keyboardBehavior: KeyboardBehavior = .ignore
        ) throws(ConfigurationError) {
            var c = sd_sheet_config_default(containerHeight)
            c.content_height = contentHeight
            c.safe_area_top = safeAreaTop
            c.safe_area_bottom = safeAreaBottom
            c.keyboard = keyboardBehavior.rawValue
            c.options = options.subtracting([.undimmedDetent, .dismissByVelocity]).rawValue
            c.backdrop_tap = backdropTap.rawValue
            if let largestUndimmedDetent {
                guard let index = detents.firstIndex(of: largestUndimmedDetent) else {
                    throw ConfigurationError(surface: "sheet", field: "undimmed_detent",
                                             rule: "must be one of the detents", kind: .outOfRange)
                }
                c.options |= Options.undimmedDetent.rawValue
                c.undimmed_detent = UInt32(index)
            }
            if let dismissVelocity {
                c.options |= Options.dismissByVelocity.rawValue
                c.dismiss_velocity = dismissVelocity
            }
            if let upThreshold { c.up_threshold = upThreshold }
            if let downThreshold { c.down_threshold = downThreshold }
            if let overscrollReturn { c.overscroll_return = overscrollReturn }
            if let backdropAlpha { c.backdrop_alpha = backdropAlpha }
            if let backgroundShift { c.background_shift = backgroundShift }
            if let backgroundDuration { c.background_duration = backgroundDuration }
            if let spring { c.spring = spring.cValue }
            if let springInitialVelocity { c.spring_initial_velocity = springInitialVelocity }
            if let decelerationRate { c.deceleration_rate = decelerationRate }
            if let flickVelocity { c.flick_velocity = flickVelocity }
            // Past the C struct's five slots the count alone is set, so the
            // core's validator reports it ("detent_count").
            c.detent_count = UInt32(clamping: detents.count)
            for index in 0..<Int(SD_SHEET_MAX_DETENTS) {
                let detent = index < detents.count ? detents[index].cValue : sd_sheet_detent()
                _ = sd_sheet_config_set_detent(&c, UInt32(index), detent)
            }
            try self.init(validating: c)
        }

        /// Validates a C configuration (`sd_sheet_config_validate`).
        init(validating c: sd_sheet_config) throws(ConfigurationError) {
            var c = c
            try ConfigurationError.check(surface: "sheet") { sd_sheet_config_validate(&c, $0) }
            cValue = c
        }

        /// A configuration the core already holds (valid).
        init(unchecked c: sd_sheet_config) { cValue = c }

        /// AppCoda's sheet for a container `containerHeight` points tall.
        public static func seed(containerHeight: CGFloat) throws(ConfigurationError) -> Configuration {
            try Configuration(containerHeight: containerHeight)
        }

        /// How many detents there are.
        var detentCount: Int { Int(cValue.detent_count) }

        /// Detent `index` (< `detents.count`), read from the C struct without building the array.
        func detent(at index: Int) -> Detent {
            var c = cValue
            return Detent(sd_sheet_config_detent(&c, UInt32(index)))
        }

        /// The same configuration in a container `containerHeight` tall with
        /// content `contentHeight` tall and the safe area's insets (nil:
        /// unchanged), validated again: what a rotation or split view changes.
        public func resized(containerHeight: CGFloat, contentHeight: CGFloat? = nil,
                            safeAreaTop: CGFloat? = nil, safeAreaBottom: CGFloat? = nil)
            throws(ConfigurationError) -> Configuration
        {
            var c = cValue
            c.container_height = containerHeight
            if let contentHeight { c.content_height = contentHeight }
            if let safeAreaTop { c.safe_area_top = safeAreaTop }
            if let safeAreaBottom { c.safe_area_bottom = safeAreaBottom }
            return try Configuration(validating: c)
        }

        /// Index of `detent` in `detents`, or nil.
        public func index(of detent: Detent) -> Int? {
            (0..<detentCount).first { self.detent(at: $0) == detent }
        }

        /// The top edge (points from the container top) of `detent` in this
        /// container, or nil when it is not one of `detents`.
        public func top(of detent: Detent) -> CGFloat? {
            guard let index = index(of: detent) else { return nil }
            var c = cValue, top = 0.0
            guard sd_sheet_detent_top(&c, UInt32(index), &top) == SD_OK else { return nil }
            return top
        }

        /// Where a drag released from `detent` after moving the sheet
        /// `translation` points (positive down) at `velocity` points per
        /// second (positive down) goes: AppCoda's thresholds, or velocity
        /// projection with `.velocityProjection` (`sd_sheet_release_target`).
        /// Nil when `detent` is not one of `detents` or an input is not finite.
        public func releaseTarget(from detent: Detent, translation: CGFloat, velocity: CGFloat) -> Detent? {
            guard let index = index(of: detent) else { return nil }
            var c = cValue, target: UInt32 = 0
            guard sd_sheet_release_target(&c, UInt32(index), translation, velocity, &target) == SD_OK else {
                return nil
            }
            return self.detent(at: Int(target))
        }

        // Two configurations are equal when their C structs are, byte for
        // byte (validated values are finite; unused slots are zero).
        public static func == (lhs: Configuration, rhs: Configuration) -> Bool {
            sameBytes(lhs.cValue, rhs.cValue)
        }

        public func hash(into hasher: inout Hasher) {
            hashBytes(of: cValue, into: &hasher)
        }
    }
}
