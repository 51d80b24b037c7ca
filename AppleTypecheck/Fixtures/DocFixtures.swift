// What the documentation's examples take from the app around them: its views
// and scroll views, its data and its work. Each example is typechecked with
// `import DocFixtures` added (scripts/apple-typecheck.sh); nothing here is
// ScrollDrive's API, and nothing runs.

import QuartzCore
import ScrollDrive
import SwiftUI
import UIKit

// MARK: UIKit screens

/// The bar's view and its background (the UIKit examples resize and fade them).
@MainActor public var bar: UIView { fatalError() }
@MainActor public var background: UIView { fatalError() }
/// The scroll views the controllers attach to.
@MainActor public var tableView: UITableView { fatalError() }
@MainActor public var scrollView: UIScrollView { fatalError() }
@MainActor public var list: UIScrollView { fatalError() }
@MainActor public var chatList: UIScrollView { fatalError() }
@MainActor public var panelList: UIScrollView { fatalError() }
@MainActor public var innerList: UIScrollView { fatalError() }
/// The display link whose timestamp drives `tick(at:)`.
@MainActor public var displayLink: CADisplayLink { fatalError() }
/// A bar configuration made in an earlier example.
public let configuration = Configuration(compactStateHeight: 64, normalStateHeight: 120, expandedStateHeight: 240)
/// Where an example collects the pull-down's events.
@MainActor public var events: [PulldownPanelController.Event] = []
/// The app's reload and next page.
@MainActor public func reload() {}
@MainActor public func loadNextPage() {}

// MARK: SwiftUI screens

public struct StayRow: View {
    public init(index: Int) {}
    public var body: some View { Text("stay") }
}

public struct SearchBar: View {
    public init(progress: CGFloat) {}
    public var body: some View { Text("search") }
}

public struct Restaurant: Identifiable, Hashable, Sendable {
    public let id: Int
}

public let restaurants: [Restaurant] = []

public struct HandleBar: View {
    public init() {}
    public var body: some View { Text("handle") }
}

public struct RestaurantDetails: View {
    public init(restaurant: Restaurant) {}
    public var body: some View { Text("details") }
}

public struct BasicImageRow: View {
    public init(restaurant: Restaurant) {}
    public var body: some View { Text("row") }
}

public struct MiniProgramPanel: View {
    public init() {}
    public var body: some View { Text("panel") }
}

public struct ChatRows: View {
    public init() {}
    public var body: some View { Text("chats") }
}

public struct ThreeBalls: View {
    public init(indicator: PulldownPanelController.Indicator) {}
    public var body: some View { Text("balls") }
}

public struct NavigationBar: View {
    public init(colour: PulldownPanelController.Colour) {}
    public var body: some View { Text("nav") }
}

public struct RefreshHeader: View {
    public init(state: RefreshController.HeaderState, progress: CGFloat) {}
    public var body: some View { Text("header") }
}

public struct FeedItem: Identifiable, Sendable {
    public let id: Int
}

/// The feed a refresh reloads and pages.
@MainActor public final class Feed {
    public init() {}
    public var items: [FeedItem] = []
    public func reload() async {}
    /// Loads the next page; false when there is none.
    public func loadNextPage() async -> Bool { false }
}

public struct FeedRow: View {
    public init(item: FeedItem) {}
    public var body: some View { Text("item") }
}

/// The app's analytics.
@MainActor public enum analytics {
    public static func log(_ message: String) {}
}
