import Foundation

/// A `Scrollable` that also says whether its content is still moving on
/// after a drag ended (decelerating or bouncing back), as UIScrollView's
/// `isDecelerating` does.
///
/// `Scrollable` reports pan states but not UIScrollView's "will decelerate"
/// and "did end decelerating". A controller that needs them
/// (`PulldownPanelController`) reads `isDecelerating` when a pan ends (the
/// scroll view has set up its release motion by then, as UIKit has when the
/// pan's other targets run), and while it is true checks it again on every
/// frame-clock tick: the first tick that finds it false is "deceleration
/// ended". A scroll view that does not adopt this is taken never to
/// decelerate; a host can still report the end itself (e.g. from
/// `scrollViewDidEndDecelerating`) with
/// `PulldownPanelController.scrollableDidEndDecelerating(_:)`.
///
/// The simulator's `SimScrollView` adopts it.
public protocol DeceleratingScrollable: Scrollable {
    /// The content is moving on after a drag ended: decelerating, or
    /// bouncing back from an edge. False while dragging or at rest.
    var isDecelerating: Bool { get }
}
