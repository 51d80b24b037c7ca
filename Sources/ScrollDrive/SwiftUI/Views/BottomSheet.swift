#if canImport(SwiftUI) && !os(tvOS)
import SwiftUI

@available(iOS 18, macOS 15, watchOS 11, visionOS 2, *)
@available(tvOS, unavailable)
extension View {
    /// Shows `model`'s bottom sheet over this view, drop-in: a handle and
    /// a scroll view of `content` that follow the sheet's detents (half,
    /// full, dismissed), a backdrop that dims and dismisses, and this view
    /// moved as the frame says.
    ///
    /// ```swift
    /// RestaurantList(selection: $selected)
    ///     .bottomSheet(sheet) { RestaurantDetails(restaurant: restaurant) }
    /// ```
    ///
    /// Present and move it through the model's two-way values
    /// (`sheet.isPresented = true`, a `Picker` on `$sheet.selectedDetent`).
    /// Drags are measured in this view's space, which does not move with
    /// the sheet; a drag the system cancels ends as a cancel. The
    /// container's size and safe area go to the model as they change; a
    /// size its detents do not fit is left out (the sheet keeps the last
    /// one that fitted). The clock runs only while the sheet needs frames.
    /// Needs iOS 18, macOS 15, watchOS 11 or visionOS 2; not on tvOS
    /// (no drags there).
    public func bottomSheet<Content: View>(_ model: SheetModel, @ViewBuilder content: () -> Content) -> some View {
        BottomSheet(model: model, background: self, content: content())
    }
}

/// The sheet over its background (`View.bottomSheet(_:content:)`).
@available(iOS 18, macOS 15, watchOS 11, visionOS 2, *)
@available(tvOS, unavailable)
struct BottomSheet<Background: View, Content: View>: View {
    let model: SheetModel
    let background: Background
    let content: Content
    /// Reset by SwiftUI when a drag ends or the system cancels it.
    @GestureState private var isDragging = false
    /// The space drags are measured in: the container, which the sheet moves within.
    private static var space: NamedCoordinateSpace { .named("ScrollDrive.BottomSheet") }

    var body: some View {
        GeometryReader { proxy in
            ZStack(alignment: .top) {
                background.offset(y: model.frame.backgroundOffset)
                Color.black.opacity(model.frame.backdropAlpha)
                    .ignoresSafeArea()
                    .allowsHitTesting(model.isPresented)
                    .onTapGesture { model.backdropTapped() }
                VStack(spacing: 0) {
                    SheetHandle()
                        .gesture(drag { model.handleDragChanged($0) })
                    ScrollView { content }
                        .scrollLink(model.inner)
                        .simultaneousGesture(drag { model.dragChanged($0) })
                }
                .frame(height: proxy.size.height, alignment: .top)
                .background(.background, in: .rect(cornerRadius: 12))
                .offset(y: model.frame.sheetTop)
            }
            .coordinateSpace(Self.space)
            .onChange(of: proxy.size.height, initial: true) {
                try? model.layoutChanged(containerHeight: $1, safeAreaTop: proxy.safeAreaInsets.top,
                                         safeAreaBottom: proxy.safeAreaInsets.bottom)
            }
            .onChange(of: isDragging) { model.dragGestureActiveChanged($1) }
        }
        .background(FrameClock(isRunning: model.needsFrames) { model.tick(at: $0) })
    }

    /// A drag in the container's space: its moves to `changed`, its end to the model.
    private func drag(_ changed: @escaping @MainActor (DragGestureValue) -> Void) -> some Gesture {
        DragGesture(coordinateSpace: Self.space)
            .updating($isDragging) { _, dragging, _ in dragging = true }
            .onChanged { changed(DragGestureValue($0)) }
            .onEnded { model.dragEnded(DragGestureValue($0)) }
    }
}

/// The grabber at the sheet's top, with room around it for a finger.
@available(iOS 18, macOS 15, watchOS 11, visionOS 2, *)
@available(tvOS, unavailable)
struct SheetHandle: View {
    var body: some View {
        Color.gray.opacity(0.5)
            .frame(width: 36, height: 5)
            .background(.background, in: .rect(cornerRadius: 2.5))
            .frame(maxWidth: .infinity, minHeight: 24)
            .contentShape(Rectangle())
    }
}
#endif
