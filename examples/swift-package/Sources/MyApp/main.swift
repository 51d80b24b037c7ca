// A new user's first program: a bar driven by a simulated scroll view, as
// the README's "Adding ScrollDrive to an app" sets it up. It prints the bar's
// height as a finger scrolls the content up, and exits 1 if the numbers are
// not AirBar's.
import Foundation
import ScrollDrive
import ScrollDriveSim

let configuration = try Configuration(
    validatingCompactStateHeight: 64, normalStateHeight: 120, expandedStateHeight: 240)
var heights: [CGFloat] = []
let controller = BarController(configuration: configuration) { state in heights.append(state.height()) }
let scrollView = SimScrollView(configuration: .init(
    frame: CGRect(x: 0, y: 0, width: 390, height: 844), contentSize: CGSize(width: 390, height: 3000)))
controller.set(scrollable: scrollView)

// A finger drags the content 40 pt up in four frames at 60 Hz, then holds still and lifts.
var t = 0.0
scrollView.touchDown(at: CGPoint(x: 200, y: 600))
for step in 1...4 {
    t += 1.0 / 60
    scrollView.advance(to: t)
    scrollView.touchMoved(to: CGPoint(x: 200, y: 600 - 10 * Double(step)), fingerVelocity: SimVector(dx: 0, dy: 0))
}
scrollView.touchUp(at: CGPoint(x: 200, y: 560), fingerVelocity: SimVector(dx: 0, dy: 0))
scrollView.advance(to: t + 1)
print("bar heights:", heights.map { "\($0)" }.joined(separator: " "))
print("at rest: \(controller.state.height()) pt, progress \(controller.state.transitionProgress())")

// The bar follows the content 1:1 from its first reported move (AirBar only
// records the first offset), 10 pt a frame; the lift at 90 pt, nearer the
// compact 64 than the normal 120, snaps it to compact.
guard heights.suffix(4) == [110, 100, 90, 64], controller.state.height() == 64 else {
    print("unexpected heights: expected ... 110 100 90 64")
    exit(1)
}
