import Foundation
import ScrollDrive
import ScrollDriveSim
import XCTest

/// The README's Swift example, kept compiling and checked here.
final class ReadmeExampleTests: XCTestCase {
    func testReadmeBarExample() throws {
        // --- README: Swift example ---
        let configuration = try Configuration(
            validatingCompactStateHeight: 64, normalStateHeight: 120, expandedStateHeight: 240)
        var heights: [CGFloat] = []
        var alphas: [CGFloat] = []
        let controller = BarController(configuration: configuration) { state in
            heights.append(state.height())
            alphas.append(state.value(compactNormalRange: .range(0, 1), normalExpandedRange: .value(1)))
        }
        let scrollView = ManualScrollView(contentSize: CGSize(width: 375, height: 3000),
                                          frame: CGRect(x: 0, y: 0, width: 375, height: 812))
        controller.set(scrollable: scrollView)          // reports height 120
        scrollView.setContentOffset(CGPoint(x: 0, y: -120))
        scrollView.setContentOffset(CGPoint(x: 0, y: -92)) // scrolled 28 pt down: height 92
        // --- end of README example ---
        XCTAssertEqual(heights, [120, 92])
        XCTAssertEqual(alphas[1], 0.5)
    }
}
