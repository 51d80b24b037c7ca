import Observation
import ScrollDrive
import SwiftUI

/// A feed that refreshes when pulled down past the header, and loads its
/// next page as the end comes near, until there is no more.
struct FeedScreen: View {
    /// The feed owns its refresh model, made once, when first shown.
    @SwiftUI.State private var feed = Feed()

    var body: some View {
        RefreshableScrollView(feed.refresh) {
            LazyVStack { ForEach(feed.items) { FeedRow(item: $0) } }
        }
    }
}

/// The feed's items, and the refresh model that reloads and extends them.
@MainActor
@Observable
final class Feed {
    private(set) var items: [FeedItem] = FeedItem.page(0)
    private var pages = 1
    /// Made on first use, so a `Feed` that SwiftUI makes and drops again
    /// (a view's initialiser runs on every update of its parent) costs nothing.
    @ObservationIgnored private(set) lazy var refresh = RefreshModel(
        refresh: { [weak self] in await self?.reload() },
        loadMore: { [weak self] in await self?.loadNextPage() ?? .noMoreData })

    func reload() async {
        try? await Task.sleep(for: .seconds(1))
        items = FeedItem.page(0)
        pages = 1
    }

    func loadNextPage() async -> RefreshModel.LoadResult {
        guard pages < 5 else { return .noMoreData }
        try? await Task.sleep(for: .milliseconds(600))
        items += FeedItem.page(pages)
        pages += 1
        return .loaded
    }
}

struct FeedRow: View {
    let item: FeedItem

    var body: some View {
        Text(item.text).frame(maxWidth: .infinity, minHeight: 96)
    }
}
