import Foundation
@testable import ScrollDrive
import XCTest

/// A resize of a SwiftUI scroll view whose content size stays the same (a
/// rotation, split view, the first real layout after an all-zero one) reaches
/// every model's controller as a layout pass, as UIKit's content-size
/// observation reports every layout: the bar then runs AirBar's rules again
/// with the new height.
final class ContainerResizeTests: XCTestCase {
    /// Counts the content-size reports a link's scroll view gives its observers.
    private final class LayoutCounter: ScrollableObserver {
        var sizes: [CGSize] = []
        var frames: [CGFloat] = []
        func scrollable(_ scrollable: any Scrollable, didChangeContentOffset contentOffset: CGPoint) {}
        func scrollable(_ scrollable: any Scrollable, didChangeContentSize contentSize: CGSize) {
            sizes.append(contentSize)
            frames.append(scrollable.frame.height)
        }
        func scrollable(_ scrollable: any Scrollable, didChangePanGestureState state: PanGestureState) {}
    }

    /// A geometry as a view reports it, with the insets the link published
    /// applied (as content margins are).
    private static func geometry(y: CGFloat = 0, content: CGFloat = 2000, container: CGFloat,
                                 insets: EdgeInsets = .zero) -> ScrollViewGeometry {
        ScrollViewGeometry(contentOffset: CGPoint(x: 0, y: y), contentSize: CGSize(width: 390, height: content),
                           contentInsets: insets, containerSize: CGSize(width: 390, height: container))
    }

    /// A 43 / 84 / 145 bar first sees an all-zero
    /// geometry, then a container 812 pt tall with still no content. AirBar
    /// sets its 84 pt inset and asks for the offset -84; so does the model.
    func testBarRunsAirBarsRulesAgainWhenItsContainerIsResized() throws {
        try MainActor.assumeIsolated { try Self.checkBarRunsAirBarsRulesAgainWhenItsContainerIsResized() }
    }

    @MainActor
    private static func checkBarRunsAirBarsRulesAgainWhenItsContainerIsResized() throws {
        let bar = BarModel(configuration: Configuration(compactStateHeight: 43, normalStateHeight: 84,
                                                        expandedStateHeight: 145), roomInContent: false)
        bar.scroll.geometryChanged(ScrollViewGeometry())
        _ = bar.tick(at: 0)
        if let target = bar.scroll.scrollTarget { bar.scroll.scrollTargetApplied(target) }
        // The view applied the first target, then lays out for real.
        bar.scroll.geometryChanged(ScrollViewGeometry(contentOffset: CGPoint(x: 0, y: 0),
                                                      containerSize: CGSize(width: 375, height: 812)))
        _ = bar.tick(at: 0.1)
        XCTAssertEqual(bar.scroll.contentInsets.top, 84)
        XCTAssertEqual(bar.scroll.contentInsets.bottom, 812 - 43, "the room to collapse the bar")
        let target = try XCTUnwrap(bar.scroll.scrollTarget, "AirBar asks for the top again")
        XCTAssertEqual(target.contentOffset.y, -84)
        XCTAssertEqual(target.animation, .none)
    }

    /// Mid-drag, a resize runs the rules at once (the drag's geometry is not
    /// held), the bar keeps following the finger and the release still snaps.
    func testBarResizedMidDragCarriesOn() throws {
        try MainActor.assumeIsolated { try Self.checkBarResizedMidDragCarriesOn() }
    }

    @MainActor
    private static func checkBarResizedMidDragCarriesOn() throws {
        let bar = BarModel(configuration: Configuration(compactStateHeight: 64, normalStateHeight: 120,
                                                        expandedStateHeight: 240), roomInContent: false)
        func report(_ y: CGFloat, _ container: CGFloat) -> ScrollViewGeometry {
            geometry(y: y, content: 2000, container: container, insets: bar.scroll.contentInsets)
        }
        bar.scroll.geometryChanged(report(-120, 844))
        _ = bar.tick(at: 0)
        if let target = bar.scroll.scrollTarget { bar.scroll.scrollTargetApplied(target) }
        // Scrolled down 320 pt: compact. A drag that then pulls the content down.
        bar.scroll.geometryChanged(report(200, 844))
        _ = bar.tick(at: 0.05)
        XCTAssertEqual(bar.state.height(), 64)
        bar.scroll.phaseChanged(to: .interacting, geometry: report(200, 844))
        bar.scroll.geometryChanged(report(180, 844))
        _ = bar.tick(at: 0.1)
        XCTAssertEqual(bar.state.height(), 84)
        // Rotated mid-drag: same content, a shorter container.
        bar.scroll.geometryChanged(report(170, 390))
        _ = bar.tick(at: 0.15)
        XCTAssertEqual(bar.state.height(), 94, "the drag's move still moves the bar")
        XCTAssertEqual(bar.scroll.contentInsets.bottom, 0, "preconfigured for the new height (2000 pt of content)")
        XCTAssertEqual(bar.scroll.contentInsets.top, 120)
        bar.scroll.geometryChanged(report(160, 390))
        bar.scroll.phaseChanged(to: .decelerating, geometry: report(160, 390))
        _ = bar.tick(at: 0.2)
        XCTAssertEqual(bar.state.height(), 104)
        let snap = try XCTUnwrap(bar.scroll.scrollTarget, "a release between states snaps")
        XCTAssertEqual(snap.contentOffset.y, 160 - 16, "to normal, the nearer state: 16 pt further down")
    }

    /// Every model's links report a resize with the same content size to
    /// their controller, outside a drag (at the next tick) and during one (at once).
    func testEveryModelsControllerHearsTheResize() throws {
        try MainActor.assumeIsolated { try Self.checkEveryModelsControllerHearsTheResize() }
    }

    @MainActor
    private static func checkEveryModelsControllerHearsTheResize() throws {
        let bar = BarModel(configuration: Configuration(compactStateHeight: 64, normalStateHeight: 120,
                                                        expandedStateHeight: 240), roomInContent: false)
        let refresh = RefreshModel(refresh: {})
        let pulldown = PulldownPanelModel()
        let sheet = try SheetModel(configuration: .seed(containerHeight: 800), initialDetent: .full)
        let links: [(String, ScrollLink, () -> Void)] = [
            ("bar.scroll", bar.scroll, { _ = bar.tick(at: 1) }),
            ("refresh.scroll", refresh.scroll, { _ = refresh.tick(at: 1) }),
            ("pulldown.list", pulldown.list, { _ = pulldown.tick(at: 1) }),
            ("pulldown.panel", pulldown.panel, { _ = pulldown.tick(at: 1) }),
            ("pulldown.miniProgramList", pulldown.miniProgramList, { _ = pulldown.tick(at: 1) }),
            ("sheet.inner", sheet.inner, { _ = sheet.tick(at: 1) }),
        ]
        for (name, link, tick) in links {
            // As a SwiftUI view reports: with the margins the link published.
            func geometry(y: CGFloat, container: CGFloat) -> ScrollViewGeometry {
                Self.geometry(y: y, container: container, insets: link.contentInsets)
            }
            link.geometryChanged(geometry(y: 0, container: 844))
            let counter = LayoutCounter()
            link.view.addScrollObserver(counter)
            let y = link.view.contentOffset.y
            link.geometryChanged(geometry(y: y, container: 390))
            tick()
            XCTAssertEqual(counter.sizes, [CGSize(width: 390, height: 2000)], "\(name): a resize is a layout pass")
            XCTAssertEqual(counter.frames, [390], name)
            // The same geometry again: no layout pass.
            link.geometryChanged(geometry(y: y, container: 390))
            tick()
            XCTAssertEqual(counter.sizes.count, 1, name)
            // During a drag, at once.
            link.phaseChanged(to: .interacting, geometry: geometry(y: y, container: 390))
            link.geometryChanged(geometry(y: y + 10, container: 600))
            XCTAssertEqual(counter.frames, [390, 600], "\(name): mid-drag")
            link.phaseChanged(to: .idle, geometry: geometry(y: y + 10, container: 600))
            link.view.removeScrollObserver(counter)
        }
    }
}
