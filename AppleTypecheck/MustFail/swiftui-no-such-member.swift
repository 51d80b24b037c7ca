// expect: has no member 'dragging'
import SwiftUI

@available(iOS 18, macOS 15, tvOS 18, watchOS 11, visionOS 2, *)
func isDragging(_ phase: ScrollPhase) -> Bool { phase == .dragging }
