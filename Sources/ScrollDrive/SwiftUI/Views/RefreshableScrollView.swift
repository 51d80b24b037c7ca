#if canImport(SwiftUI)
import SwiftUI

/// A scroll view with MJRefresh's pull-to-refresh header, drop-in: pull
/// your content down past the threshold and let go, and the model runs
/// your `refresh` closure while the header stays in view, as
/// `.refreshable` does.
///
/// ```swift
/// @SwiftUI.State private var refresh = RefreshModel(refresh: { await feed.reload() })
///
/// RefreshableScrollView(refresh) {
///     LazyVStack { ForEach(feed.items) { FeedRow(item: $0) } }
/// }
/// ```
///
/// The header sits above your content, `configuration.headerHeight` tall,
/// drawn by `header` from the model's frame (by default a line of text, the
/// state's `title`). While refreshing, the scroll view's top margin holds it
/// in view. The footer's state is `refresh.frame.state.footer`: draw it at
/// the end of your content. The clock runs only while the header moves or
/// an end waits. Needs iOS 18, macOS 15, tvOS 18, watchOS 11 or visionOS 2.
@available(iOS 18, macOS 15, tvOS 18, watchOS 11, visionOS 2, *)
public struct RefreshableScrollView<Content: View, Header: View>: View {
    private let model: RefreshModel
    private let content: Content
    private let header: (RefreshController.Frame) -> Header

    /// `content` under a header drawn by `header` from the frame.
    public init(_ model: RefreshModel, @ViewBuilder content: () -> Content,
                @ViewBuilder header: @escaping (RefreshController.Frame) -> Header)
    {
        self.model = model
        self.content = content()
        self.header = header
    }

    public var body: some View {
        ScrollView {
            ZStack(alignment: .top) {
                content
                header(model.frame)
                    .frame(height: model.configuration.headerHeight)
                    .offset(y: model.frame.headerTop)
            }
        }
        .scrollLink(model.scroll)
        .background(FrameClock(isRunning: model.needsFrames) { model.tick(at: $0) })
    }
}

@available(iOS 18, macOS 15, tvOS 18, watchOS 11, visionOS 2, *)
extension RefreshableScrollView where Header == Text {
    /// `content` under the default header: the header state's `title`.
    public init(_ model: RefreshModel, @ViewBuilder content: () -> Content) {
        self.init(model, content: content) { Text($0.state.header.title) }
    }
}
#endif
