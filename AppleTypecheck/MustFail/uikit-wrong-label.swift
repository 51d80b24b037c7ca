// expect: incorrect argument label in call (have '_:animate:', expected '_:animated:')
import UIKit

@MainActor
func scrollToTop(_ scrollView: UIScrollView) { scrollView.setContentOffset(.zero, animate: true) }
