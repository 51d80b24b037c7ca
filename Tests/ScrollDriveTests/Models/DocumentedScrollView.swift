import Foundation
@testable import ScrollDrive

/// A SwiftUI scroll view as far as Apple documents it, driven by hand: what
/// a component over a `ScrollLink` builds (the room and the least content
/// height, the link's margins, the shift) on top of a safe area, and a
/// `ScrollPosition` that reaches only what it is documented to reach:
/// `scrollTo(edge:)` the content's edges inside its insets, `scrollTo(y:)`
/// an offset clamped to the content's size. A surface that relied on more
/// would miss its place here.
@MainActor
final class DocumentedScrollView {
    let link: ScrollLink
    /// The system's insets (a notched phone: 59 top, 34 bottom).
    var safeArea: EdgeInsets
    /// The app's rows (points).
    var rowsHeight: CGFloat
    var container: CGSize
    /// SwiftUI's content offset (points; the content's top at 0).
    private(set) var y: CGFloat = 0
    private(set) var phase: ScrollViewPhase = .idle
    /// Targets applied, in order.
    private(set) var applied: [ScrollTarget] = []

    init(link: ScrollLink, safeArea: EdgeInsets = EdgeInsets(top: 59, bottom: 34), rowsHeight: CGFloat = 3000,
         container: CGSize = CGSize(width: 390, height: 844))
    {
        self.link = link
        self.safeArea = safeArea
        self.rowsHeight = rowsHeight
        self.container = container
        y = -(safeArea.top + link.contentInsets.top)   // ScrollPosition(edge: .top)
    }

    /// The content as laid out: the room, then the rows at their least height.
    var contentHeight: CGFloat { link.contentRoom + max(rowsHeight, link.minimumContentHeight) }
    /// What `ScrollGeometry.contentInsets` holds: the safe area and the margins.
    var insets: EdgeInsets { InsetAdjustment.total(own: link.contentInsets, system: safeArea) }
    var topEdge: CGFloat { -insets.top }
    var bottomEdge: CGFloat { max(topEdge, contentHeight + insets.bottom - container.height) }

    var geometry: ScrollViewGeometry {
        ScrollViewGeometry(contentOffset: CGPoint(x: 0, y: y), contentSize: CGSize(width: container.width, height: contentHeight),
                           contentInsets: insets, containerSize: container)
    }

    /// Where the app's first row is on screen (points below the container's top).
    var rowsTop: CGFloat { link.contentRoom - y + link.contentShift }

    /// Reports the geometry (`onScrollGeometryChange`), then applies a target if one is asked.
    func report() {
        link.geometryChanged(geometry)
        applyTarget()
    }

    /// `onChange(of: link.scrollTarget)`: `ScrollPosition` as documented, then the acknowledgement.
    func applyTarget() {
        guard let target = link.scrollTarget else { return }
        switch target.placement {
        case .top: y = topEdge
        case .bottom: y = bottomEdge
        case let .offset(value): y = min(max(value, 0), max(0, contentHeight - container.height))
        }
        applied.append(target)
        link.scrollTargetApplied(target)
        link.geometryChanged(geometry)
    }

    /// Moves the content without a report (the caller reports when it wants).
    func move(to newY: CGFloat) { y = newY }

    func setPhase(_ new: ScrollViewPhase) {
        phase = new
        link.phaseChanged(to: new, geometry: geometry)
        applyTarget()
    }

    /// A finger drags the content by `dy` (up positive) in `steps` moves, then lifts.
    func drag(by dy: CGFloat, steps: Int = 10, tick: (Int) -> Void = { _ in }) {
        setPhase(.interacting)
        for k in 0..<steps {
            y += dy / CGFloat(steps)
            report()
            tick(k)
        }
        setPhase(.idle)
    }
}
