// UIKit, as Apple documents the parts ScrollDrive uses. Declarations only:
// every body traps, nothing here runs. Each declaration names its page under
// https://developer.apple.com/documentation/. Where this differs from
// Apple's module on purpose, DIFFERENCES.md says so.

@_exported import ObjectiveC
// Core Graphics' geometry, as UIKit re-exports it (from Linux's Foundation,
// the one copy the package under check also sees).
@_exported import struct Foundation.CGFloat
@_exported import struct Foundation.CGPoint
@_exported import struct Foundation.CGSize
@_exported import struct Foundation.CGRect
@_exported import typealias Foundation.TimeInterval

/// uikit/uiedgeinsets
public struct UIEdgeInsets: Equatable, Sendable {
    /// uikit/uiedgeinsets/top
    public var top: CGFloat
    /// uikit/uiedgeinsets/left
    public var left: CGFloat
    /// uikit/uiedgeinsets/bottom
    public var bottom: CGFloat
    /// uikit/uiedgeinsets/right
    public var right: CGFloat
    /// uikit/uiedgeinsets/init()
    public init() { fatalError() }
    /// uikit/uiedgeinsets/init(top:left:bottom:right:)-6ff7
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) { fatalError() }
    /// uikit/uiedgeinsets/zero
    public static let zero: UIEdgeInsets = { fatalError() }()
}

/// uikit/uiresponder
@MainActor open class UIResponder: NSObject {}

/// uikit/uiview
@MainActor open class UIView: UIResponder {
    /// uikit/uiview/frame
    open var frame: CGRect { get { fatalError() } set { fatalError() } }
    /// uikit/uiview/safeareainsets
    open var safeAreaInsets: UIEdgeInsets { fatalError() }
    /// uikit/uiview/alpha
    open var alpha: CGFloat { get { fatalError() } set { fatalError() } }
}

/// uikit/uigesturerecognizer
@MainActor open class UIGestureRecognizer: NSObject {
    /// uikit/uigesturerecognizer/state-swift.enum (not frozen: an Objective-C enum)
    public enum State: Int, @unchecked Sendable {
        case possible = 0
        case began = 1
        case changed = 2
        case ended = 3
        case cancelled = 4
        case failed = 5
        /// uikit/uigesturerecognizer/state-swift.enum/recognized
        public static var recognized: UIGestureRecognizer.State { fatalError() }
    }

    /// uikit/uigesturerecognizer/state-swift.property
    open var state: UIGestureRecognizer.State { get { fatalError() } set { fatalError() } }
    /// uikit/uigesturerecognizer/addtarget(_:action:)
    open func addTarget(_ target: Any, action: Selector) { fatalError() }
    /// uikit/uigesturerecognizer/removetarget(_:action:)
    open func removeTarget(_ target: Any?, action: Selector?) { fatalError() }
}

/// uikit/uipangesturerecognizer
@MainActor open class UIPanGestureRecognizer: UIGestureRecognizer {}

/// uikit/uiscrollview
@MainActor open class UIScrollView: UIView {
    /// uikit/uiscrollview/contentinsetadjustmentbehavior-swift.enum
    public enum ContentInsetAdjustmentBehavior: Int, @unchecked Sendable {
        case automatic = 0
        case scrollableAxes = 1
        case never = 2
        case always = 3
    }

    /// uikit/uiscrollview/contentoffset
    open var contentOffset: CGPoint { get { fatalError() } set { fatalError() } }
    /// uikit/uiscrollview/setcontentoffset(_:animated:)
    open func setContentOffset(_ contentOffset: CGPoint, animated: Bool) { fatalError() }
    /// uikit/uiscrollview/contentsize
    open var contentSize: CGSize { get { fatalError() } set { fatalError() } }
    /// uikit/uiscrollview/contentinset
    open var contentInset: UIEdgeInsets { get { fatalError() } set { fatalError() } }
    /// uikit/uiscrollview/adjustedcontentinset (iOS 11+)
    open var adjustedContentInset: UIEdgeInsets { fatalError() }
    /// uikit/uiscrollview/contentinsetadjustmentbehavior-swift.property (iOS 11+)
    open var contentInsetAdjustmentBehavior: UIScrollView.ContentInsetAdjustmentBehavior {
        get { fatalError() } set { fatalError() }
    }
    /// uikit/uiscrollview/verticalscrollindicatorinsets (iOS 11.1+)
    open var verticalScrollIndicatorInsets: UIEdgeInsets { get { fatalError() } set { fatalError() } }
    /// uikit/uiscrollview/automaticallyadjustsscrollindicatorinsets (iOS 13+)
    open var automaticallyAdjustsScrollIndicatorInsets: Bool { get { fatalError() } set { fatalError() } }
    /// uikit/uiscrollview/isscrollenabled
    open var isScrollEnabled: Bool { get { fatalError() } set { fatalError() } }
    /// uikit/uiscrollview/isdecelerating
    open var isDecelerating: Bool { fatalError() }
    /// uikit/uiscrollview/pangesturerecognizer
    open var panGestureRecognizer: UIPanGestureRecognizer { fatalError() }
}

/// uikit/uitableview
@MainActor open class UITableView: UIScrollView {}
