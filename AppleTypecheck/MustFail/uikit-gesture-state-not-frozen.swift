// expect: switch covers known cases, but 'UIGestureRecognizer.State' may have additional unknown values
import UIKit

@MainActor
func isMoving(_ recognizer: UIPanGestureRecognizer) -> Bool {
    switch recognizer.state {
    case .began, .changed: true
    case .possible, .ended, .cancelled, .failed: false
    }
}
