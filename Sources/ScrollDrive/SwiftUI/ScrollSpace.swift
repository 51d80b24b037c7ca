import Foundation

// How a SwiftUI scroll view's numbers become the ones a controller works
// in, and a controller's wish back into what `ScrollPosition` documents.
// Plain arithmetic, used by `LinkedScrollView` and tested on Linux; the
// SwiftUI components only route its results.
//
// Three things separate the two sides:
//  - the system's part of the insets: SwiftUI's `ScrollGeometry.contentInsets`
//    hold the safe area and the app's own content margins as well as the
//    margins the link published; the controller sees only its own insets
//    and offsets measured from them (`InsetSplit`);
//  - the room: a space of a fixed height that a component places inside
//    the content, above the app's rows (the bar's room for its heights), so
//    that every target the surface asks for lies inside the content;
//  - the shift: an offset of the scroll view itself that a component
//    applies when a surface asks for a place beyond an edge (a pull held
//    by the pull-down or the refresh header), since `ScrollPosition` reaches
//    no further than the content's edges.

/// The system's part of the insets SwiftUI reports, told from the margins
/// a link published.
///
/// SwiftUI reports one total per edge. The link knows the margins it
/// published, but not whether a given report was laid out with the latest
/// ones or the ones before (a report can arrive between a publish and the
/// layout that applies it). So the system's part is kept as it is while
/// either explains the report, and is only measured again when neither
/// does: then the system itself changed (a rotation, a keyboard, the app's
/// own margins).
struct InsetSplit: Equatable {
    /// The safe area and the app's margins, edge by edge (points).
    private(set) var system = EdgeInsets.zero
    /// The margins published last, and the ones before them.
    private(set) var margins = EdgeInsets.zero
    private var previousMargins = EdgeInsets.zero

    /// The link published `new` as its margins.
    mutating func published(_ new: EdgeInsets) {
        guard new != margins else { return }
        previousMargins = margins
        margins = new
    }

    /// SwiftUI reported `total`; returns whether the system's part changed.
    @discardableResult
    mutating func reported(_ total: EdgeInsets) -> Bool {
        let withLatest = InsetAdjustment.systemPart(adjusted: total, own: margins)
        if withLatest == system { return false }
        if InsetAdjustment.systemPart(adjusted: total, own: previousMargins) == system { return false }
        system = withLatest
        return true
    }
}

/// Where `ScrollPosition` is told to go for a target, and the shift the
/// view applies with it: what Apple documents reaching, the content's top
/// or bottom edge (`scrollTo(edge:)`) or an offset inside the content
/// (`scrollTo(y:)`, which Apple says is clamped to the content's size).
public enum ScrollPlacement: Equatable, Hashable, Sendable {
    /// `scrollTo(edge: .top)`: the content's top at the top of its margins.
    case top
    /// `scrollTo(edge: .bottom)`: the content's end at the bottom of its margins.
    case bottom
    /// `scrollTo(y:)` with this offset, inside the content (points).
    case offset(CGFloat)
}

/// The arithmetic between a SwiftUI scroll view and a controller, for one
/// geometry (see the file's comment).
struct ScrollSpace: Equatable {
    /// The system's part of the insets.
    var system: EdgeInsets
    /// The margins the link published (the edges the surface sets outside the room).
    var margins: EdgeInsets
    /// The room above the app's content, inside SwiftUI's content (points).
    var room: CGFloat
    /// The view's shift, down positive (points).
    var shift: CGFloat

    /// What SwiftUI's offset becomes for the controller, added to it: the
    /// system's top inset less the room and the view's shift.
    @inline(__always)
    var offsetBias: CGFloat { system.top - room - shift }

    /// The controller's content offset for SwiftUI's `y`.
    @inline(__always)
    func controllerOffset(_ y: CGFloat) -> CGFloat { y + offsetBias }

    /// The controller's content height for SwiftUI's.
    @inline(__always)
    func controllerContentHeight(_ height: CGFloat) -> CGFloat { max(0, height - room) }

    /// The least height of the app's content under a room of `room > 0`
    /// that must reach `reach` points below it: the container inside the
    /// system's top inset, less the reach (0 without a room).
    func minimumContentHeight(containerHeight: CGFloat, reach: CGFloat) -> CGFloat {
        room > 0 ? max(0, containerHeight - system.top - reach) : 0
    }

    /// The controller's frame height for SwiftUI's container (the area inside the system's insets).
    @inline(__always)
    func controllerFrameHeight(_ container: CGFloat) -> CGFloat { max(0, container - system.top - system.bottom) }

    /// SwiftUI's offset at the content's top edge.
    func topEdge() -> CGFloat { -(system.top + margins.top) }

    /// SwiftUI's offset at the content's bottom edge (the top edge when
    /// everything fits in the container).
    func bottomEdge(contentHeight: CGFloat, containerHeight: CGFloat) -> CGFloat {
        max(topEdge(), contentHeight + system.bottom + margins.bottom - containerHeight)
    }

    /// How the view reaches the controller's offset `y`: a documented place
    /// and the shift that makes up the rest (0 inside the content and at
    /// its edges).
    func placement(for y: CGFloat, contentHeight: CGFloat, containerHeight: CGFloat)
        -> (placement: ScrollPlacement, shift: CGFloat)
    {
        let wanted = y - system.top + room
        let top = topEdge(), bottom = bottomEdge(contentHeight: contentHeight, containerHeight: containerHeight)
        let contentEnd = max(0, contentHeight - containerHeight)
        // Half a point either way is the edge itself (rounding in layout).
        if abs(wanted - top) <= 0.5 { return (.top, 0) }
        if abs(wanted - bottom) <= 0.5 { return (.bottom, 0) }
        if wanted >= 0, wanted <= contentEnd { return (.offset(wanted), 0) }
        // Outside the content: from the nearer edge, with the view shifted
        // by the rest (down for a place above the top).
        if wanted < 0 || wanted < top { return (.top, top - wanted) }
        return (.bottom, bottom - wanted)
    }
}
