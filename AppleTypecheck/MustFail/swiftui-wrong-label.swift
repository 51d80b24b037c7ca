// expect: incorrect argument label in call (have 'offsetY:', expected 'y:')
import SwiftUI

@available(iOS 18, macOS 15, tvOS 18, watchOS 11, visionOS 2, *)
func scrollToTop(_ position: inout ScrollPosition) { position.scrollTo(offsetY: 0) }
