#if canImport(SwiftUI)
import SwiftUI

/// AirBar's expandable bar over a scroll view, drop-in: a `ScrollView` of
/// your content under a bar of your drawing, whose height follows the
/// scroll as AirBar's does (compact, normal, expanded).
///
/// ```swift
/// @SwiftUI.State private var bar = BarModel(configuration: .airBar)
///
/// ExpandableBarScrollView(bar) {
///     LazyVStack { ForEach(stays) { StayRow(stay: $0) } }
/// } bar: { frame in
///     SearchBar(progress: frame.transitionProgress)
/// }
/// ```
///
/// The bar is drawn at the top of this view's safe area, `frame.height`
/// tall; the first row rests just below it. Above your content the scroll
/// view holds the bar's room (`bar.scroll.contentRoom`, the expanded
/// height), and your content is at least `bar.scroll.minimumContentHeight`
/// tall, so every place the bar asks the content to go lies inside the
/// content, where `ScrollPosition` is documented to reach. The clock runs
/// only while the bar needs frames. Needs iOS 18, macOS 15, tvOS 18,
/// watchOS 11 or visionOS 2 (`onScrollGeometryChange`).
@available(iOS 18, macOS 15, tvOS 18, watchOS 11, visionOS 2, *)
public struct ExpandableBarScrollView<Content: View, Bar: View>: View {
    private let model: BarModel
    private let content: Content
    private let bar: (BarController.Frame) -> Bar

    /// `content` scrolled under `bar`, which is drawn from the bar's frame.
    public init(_ model: BarModel, @ViewBuilder content: () -> Content,
                @ViewBuilder bar: @escaping (BarController.Frame) -> Bar)
    {
        self.model = model
        self.content = content()
        self.bar = bar
    }

    public var body: some View {
        ZStack(alignment: .top) {
            ScrollView {
                VStack(spacing: 0) {
                    Color.clear.frame(height: model.scroll.contentRoom)
                    content.frame(minHeight: model.scroll.minimumContentHeight, alignment: .top)
                }
            }
            .scrollLink(model.scroll)
            bar(model.frame).frame(height: model.frame.height)
        }
        .background(FrameClock(isRunning: model.needsFrames) { model.tick(at: $0) })
    }
}
#endif
