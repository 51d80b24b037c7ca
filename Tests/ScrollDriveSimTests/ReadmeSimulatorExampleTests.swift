import Foundation
import ScrollDrive
import ScrollDriveSim
import XCTest

/// docs/simscrollview.md's "Driving SimScrollView" example, kept compiling and checked.
final class ReadmeSimulatorExampleTests: XCTestCase {
    func testReadmeSimScrollViewExample() throws {
        var printed: [String] = []
        // The example's print(), recorded.
        func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }

        // --- docs/simscrollview.md: Driving SimScrollView ---
        let scrollView = SimScrollView(configuration: .init(
            frame: CGRect(x: 0, y: 0, width: 390, height: 844), contentSize: CGSize(width: 390, height: 3000)))
        // A finger drags the content 40 pt up in four frames at 60 Hz ...
        var t = 0.0
        scrollView.touchDown(at: CGPoint(x: 200, y: 600))
        for step in 1...4 {
            t += 1.0 / 60
            scrollView.advance(to: t)
            scrollView.touchMoved(to: CGPoint(x: 200, y: 600 - 10 * Double(step)),
                                  fingerVelocity: SimVector(dx: 0, dy: -600))
        }
        print(scrollView.contentOffset.y, scrollView.velocity, scrollView.phase)
        // ... and lifts while moving at 600 pt/s: the content decelerates.
        scrollView.touchUp(at: CGPoint(x: 200, y: 560), fingerVelocity: SimVector(dx: 0, dy: -600))
        scrollView.advance(to: t + 0.5)
        print(scrollView.contentOffset.y, scrollView.velocity, scrollView.phase)
        scrollView.advance(to: t + 10)
        print(scrollView.contentOffset.y, scrollView.velocity, scrollView.isAtRest)
        // --- end of README example ---
        // The drag moves the content 1:1; then, with k = 1000 ln 0.998 (motion.h),
        // v(t) = 600 e^(k t), x(t) = 40 + 600 (e^(k t) - 1) / k, and the
        // content rests where the velocity falls to 10 pt/s: 40 + (10 - 600) / k.
        let k = 1000 * log(0.998)
        let values = printed.map { $0.split(separator: " ").map(String.init) }
        XCTAssertEqual(values[0], ["40.0", "600.0", "dragging"])
        XCTAssertEqual(Double(values[1][0])!, 40 + 600 * (exp(k * 0.5) - 1) / k, accuracy: 1e-9)
        XCTAssertEqual(Double(values[1][1])!, 600 * exp(k * 0.5), accuracy: 1e-9)
        XCTAssertEqual(values[1][2], "decelerating")
        XCTAssertEqual(Double(values[2][0])!, 40 + (10 - 600) / k, accuracy: 1e-9)
        XCTAssertEqual(values[2][1...], ["0.0", "true"])
    }
}
