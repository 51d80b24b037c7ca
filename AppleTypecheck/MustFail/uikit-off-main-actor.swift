// expect: main actor-isolated property 'contentOffset' can not be referenced from a nonisolated context
import UIKit

nonisolated func offset(of scrollView: UIScrollView) -> CGPoint { scrollView.contentOffset }
