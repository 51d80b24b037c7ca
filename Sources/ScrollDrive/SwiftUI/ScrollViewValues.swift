import Foundation

// The values SwiftUI hands an app, as ScrollDrive's own small types: SwiftUI
// does not exist off Apple's platforms, and a type of the same name as
// SwiftUI's would be ambiguous in every file that imports both. Each
// mirrors its SwiftUI counterpart field by field (same names, same units,
// same meaning), and on Apple platforms converts from it in one call
// (SwiftUIConversions.swift).

/// A scroll view's geometry, as SwiftUI's `ScrollGeometry` reports it to
/// `onScrollGeometryChange(for:of:action:)` (iOS 18 / macOS 15).
///
/// Coordinates are UIKit's (`UIScrollView`'s, which is also what SwiftUI's
/// `ScrollGeometry.contentOffset` is): the content offset is the point of
/// the content at the container's top-left corner, so it is
/// `-contentInsets.top` at the top and goes further negative while the
/// content is pulled down past its top (rubber-banding).
public struct ScrollViewGeometry: Equatable, Hashable, Sendable {
    /// The content offset, points (`ScrollGeometry.contentOffset`).
    public var contentOffset: CGPoint
    /// The size of the content, points (`ScrollGeometry.contentSize`).
    public var contentSize: CGSize
    /// The insets around the content, points (`ScrollGeometry.contentInsets`):
    /// the content margins the view applies, e.g. a model's `ScrollLink.contentInsets`.
    public var contentInsets: EdgeInsets
    /// The size of the scroll view's visible area, points (`ScrollGeometry.containerSize`).
    public var containerSize: CGSize

    /// A geometry with the given values (all zero by default).
    public init(contentOffset: CGPoint = .zero, contentSize: CGSize = .zero, contentInsets: EdgeInsets = .zero,
                containerSize: CGSize = .zero)
    {
        self.contentOffset = contentOffset
        self.contentSize = contentSize
        self.contentInsets = contentInsets
        self.containerSize = containerSize
    }

    /// Every number is finite (a geometry with a NaN or an infinity is ignored).
    var isFinite: Bool {
        contentOffset.x.isFinite && contentOffset.y.isFinite && contentSize.width.isFinite
            && contentSize.height.isFinite && containerSize.width.isFinite && containerSize.height.isFinite
            && contentInsets.top.isFinite && contentInsets.left.isFinite && contentInsets.bottom.isFinite
            && contentInsets.right.isFinite
    }
}

/// What a scroll view is doing, as SwiftUI's `ScrollPhase` reports it to
/// `onScrollPhaseChange` (iOS 18 / macOS 15), case for case.
public enum ScrollViewPhase: String, Equatable, Hashable, Sendable, CaseIterable {
    /// Nothing moves the content.
    case idle
    /// A finger is down but has not moved the content yet. Apple: not every
    /// platform or kind of scroll reports it, so nothing depends on it.
    case tracking
    /// A finger moves the content (UIKit's pan: began, changed).
    case interacting
    /// The content moves on after the finger lifted (a fling, a bounce back).
    case decelerating
    /// The content moves to a position set in code (`ScrollPosition`, `scrollTo`).
    case animating

    /// The content moves or a finger is on it (every phase but `.idle`), as `ScrollPhase.isScrolling`.
    public var isScrolling: Bool { self != .idle }
}

/// A drag, as SwiftUI's `DragGesture.Value` reports it to `onChanged` and
/// `onEnded`, on the model's clock.
public struct DragGestureValue: Equatable, Hashable, Sendable {
    /// How far the finger moved since it went down, points (positive right and down).
    public var translation: CGSize
    /// The finger's velocity, points per second (positive down) (`DragGesture.Value.velocity`, iOS 17).
    public var velocity: CGSize
    /// Where the drag would end if the finger lifted now with its velocity, points.
    public var predictedEndTranslation: CGSize
    /// When the value was reported, seconds on the clock the app passes to
    /// the model's `tick(at:)` (`DragGesture.Value.time` as
    /// `timeIntervalSinceReferenceDate` when ticks come from `TimelineView`'s `context.date`).
    public var time: TimeInterval

    /// A drag value; the predicted end is the translation unless given.
    public init(translation: CGSize, velocity: CGSize = .zero, predictedEndTranslation: CGSize? = nil,
                time: TimeInterval)
    {
        self.translation = translation
        self.velocity = velocity
        self.predictedEndTranslation = predictedEndTranslation ?? translation
        self.time = time
    }
}

/// A move of a scroll view's content that a surface asks the app to make
/// (the bar's snap, a sheet holding its list at the top, the pull-down
/// driving the chat list): an observed value of a `ScrollLink` that the
/// view applies and then acknowledges with `ScrollLink.scrollTargetApplied(_:)`.
///
/// `contentOffset` is the surface's wish, in the controller's coordinates;
/// `placement` and `contentShift` are how a SwiftUI view gets there with
/// what Apple documents: `ScrollPosition` to an edge or to an offset inside
/// the content, and the scroll view shifted by the rest (0 unless the wish
/// lies beyond an edge). `ScrollLink.apply(_:to:)` does both.
public struct ScrollTarget: Equatable, Hashable, Sendable {
    /// How the content gets there.
    public enum Animation: Equatable, Hashable, Sendable {
        /// At once (UIKit's `setContentOffset(_:animated: false)`).
        case none
        /// UIKit's animated move: ease-in-out over `duration` seconds (0.25).
        case easeInOut(duration: TimeInterval)
        /// Reduced motion's short move: ease-out over `duration` seconds (0.15).
        case easeOut(duration: TimeInterval)
    }

    /// Where the content goes, points, in the controller's coordinates
    /// (measured from the scroll view's own insets, as `ScrollLink` reports to it).
    public let contentOffset: CGPoint
    /// How it gets there.
    public let animation: Animation
    /// Counts the link's requests from 1: two requests for the same place are two targets.
    public let id: UInt64
    /// Where `ScrollPosition` goes for it (`scrollTo(edge:)` or `scrollTo(y:)`).
    public let placement: ScrollPlacement
    /// How far the view shifts itself down (points; negative is up) to show
    /// the content where the surface wants it beyond an edge; 0 otherwise.
    /// It stays until the next target's.
    public let contentShift: CGFloat

    /// A target; made by a `ScrollLink` (public for tests and previews).
    /// Without a placement it is `scrollTo(y:)` at `contentOffset.y`, unshifted.
    public init(contentOffset: CGPoint, animation: Animation, id: UInt64, placement: ScrollPlacement? = nil,
                contentShift: CGFloat = 0)
    {
        self.contentOffset = contentOffset
        self.animation = animation
        self.id = id
        self.placement = placement ?? .offset(contentOffset.y)
        self.contentShift = contentShift
    }
}
