import Foundation
import ScrollDrive
import ScrollDriveSim
import XCTest

/// `print()` of SimScrollView's public values (issue 15).
final class SimDescriptionTests: XCTestCase {
    func testValuesPrintReadably() {
        XCTAssertEqual("\(SimVector(dx: 0, dy: -600))", "(dx: 0, dy: -600)")
        XCTAssertEqual("\(SimVector(dx: 1.5, dy: -0.25))", "(dx: 1.5, dy: -0.25)")
        XCTAssertEqual(SimScrollView.Phase.allCases.map { "\($0)" },
                       ["idle", "touching", "dragging", "decelerating", "bouncing", "animating"])
        XCTAssertEqual("\(SimScrollView.ScrollRange(min: -64, max: 2156))", "-64...2156")
        XCTAssertEqual("\(SimScrollView.Request(time: 1.5, from: CGPoint(x: 0, y: 40), contentOffset: .zero, animated: true))",
                       "Request(time: 1.5, from: (0, 40), contentOffset: (0, 0), animated: true)")
        XCTAssertEqual("\(SimScrollView.Configuration())",
                       "Configuration(frame: (0, 0, 390, 844), contentSize: (390, 2400), contentOffset: (0, 0), "
                           + "contentInset: (top: 0, left: 0, bottom: 0, right: 0), bounces: true, "
                           + "alwaysBounceVertical: true, decelerationRate: 0.998)")
        let scrollView = SimScrollView(name: "list", configuration: .init(contentInset: EdgeInsets(top: 64)))
        XCTAssertEqual("\(scrollView.scrollRange)", "-64...1556")
        scrollView.touchDown(at: CGPoint(x: 200, y: 400))
        scrollView.advance(to: 0.1)
        scrollView.touchMoved(to: CGPoint(x: 200, y: 380), fingerVelocity: SimVector(dx: 0, dy: -200))
        XCTAssertEqual("\(scrollView)", "SimScrollView(name: list, contentOffset: (0, 20), velocity: 200, phase: dragging)")
    }
}
