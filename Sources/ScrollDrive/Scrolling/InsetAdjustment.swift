import Foundation

/// How a scroll view's own content inset and the system's part of it make
/// the inset its content rests within: UIKit's adjusted content inset.
///
/// Since iOS 11 UIKit adds a part of its own to a scroll view's
/// `contentInset` (by default the safe area: the status bar, a navigation
/// bar, the home indicator) and rests the content at
/// `-adjustedContentInset.top`. Every `Scrollable` gives ScrollDrive the
/// total, so the controllers' numbers are where the content really is; a
/// scroll view that has a system part (UIKit's, the simulator's) takes the
/// total a controller asks for and keeps its own part as the rest, the rule
/// MJRefresh settled on: own = wanted − (adjusted − own). The arithmetic is
/// here, once, for the UIKit adapter and the simulator.
public enum InsetAdjustment {
    /// The system's part of an adjusted inset: `adjusted` − `own`, edge by edge.
    public static func systemPart(adjusted: EdgeInsets, own: EdgeInsets) -> EdgeInsets {
        difference(adjusted, own)
    }

    /// The own inset that makes the total `total` when the system adds
    /// `system`: `total` − `system`, edge by edge (negative where the total
    /// is smaller than the system's part).
    public static func own(forTotal total: EdgeInsets, system: EdgeInsets) -> EdgeInsets {
        difference(total, system)
    }

    /// `a` − `b`, edge by edge.
    private static func difference(_ a: EdgeInsets, _ b: EdgeInsets) -> EdgeInsets {
        EdgeInsets(top: a.top - b.top, left: a.left - b.left, bottom: a.bottom - b.bottom, right: a.right - b.right)
    }

    /// The total the system makes of `own`: `own` + `system`, edge by edge.
    public static func total(own: EdgeInsets, system: EdgeInsets) -> EdgeInsets {
        EdgeInsets(top: own.top + system.top, left: own.left + system.left,
                   bottom: own.bottom + system.bottom, right: own.right + system.right)
    }
}

/// Whether a scroll view adds the safe area to its content inset, as
/// UIKit's `UIScrollView.ContentInsetAdjustmentBehavior` says; the
/// simulator's `SimScrollView` models the two cases apps use.
public enum ContentInsetAdjustmentBehavior: String, Equatable, Hashable, Sendable, CaseIterable {
    /// UIKit's default: the safe area's top and bottom are added to the
    /// content inset (the case of a view controller's vertically scrolling
    /// view), so the content rests below the status and navigation bars and
    /// ends above the home indicator.
    case automatic
    /// Nothing is added: the content inset is the scroll view's own.
    case never

    /// The part of `safeArea` this behaviour adds to a vertically scrolling
    /// view's content inset (points): the top and bottom for `.automatic`,
    /// nothing for `.never`.
    public func systemPart(of safeArea: EdgeInsets) -> EdgeInsets {
        switch self {
        case .automatic: EdgeInsets(top: safeArea.top, bottom: safeArea.bottom)
        case .never: .zero
        }
    }
}
