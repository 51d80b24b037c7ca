// The two pieces every ScrollDrive view is made of: a scroll view wired to
// a model's `ScrollLink`, and the clock that ticks a model while it needs
// frames. Routing only: each closure is one call to the link or the model,
// whose rules (the room, the placement of a target, when to tick) are plain
// code tested on every platform.
#if canImport(SwiftUI)
import SwiftUI

@available(iOS 18, macOS 15, tvOS 18, watchOS 11, visionOS 2, *)
extension View {
    /// Wires this scroll view to `link`: its container as it appears (a
    /// `GeometryReader` around it, read with `onChange(of:initial: true)`,
    /// into `ScrollLink.containerAppeared(size:safeArea:)`), its geometry
    /// and phase (`onScrollGeometryChange`, `onScrollPhaseChange`) go in,
    /// and what the surface asks comes out: its margins (`contentMargins`,
    /// the link's own edges only), its scroll targets (a `ScrollPosition`
    /// this modifier keeps, each target acknowledged, the one asked on
    /// attaching included), the switch of scrolling (`scrollDisabled`) and
    /// the shift (`offset(y:)`). The scroll view takes all the room it is
    /// offered, as a `GeometryReader` does.
    ///
    /// Apply it to a `ScrollView`. A room the link asks for
    /// (`ScrollLink.contentRoom`, the bar's) is the content's business:
    /// ``ExpandableBarScrollView`` lays it out.
    public func scrollLink(_ link: ScrollLink) -> some View {
        ScrollLinked(content: self, link: link)
    }
}

/// A scroll view wired to a link (`View.scrollLink(_:)`).
@available(iOS 18, macOS 15, tvOS 18, watchOS 11, visionOS 2, *)
struct ScrollLinked<Content: View>: View {
    let content: Content
    let link: ScrollLink
    @SwiftUI.State private var position = ScrollPosition(edge: .top)

    var body: some View {
        GeometryReader { proxy in
            linked.onChange(of: proxy.size, initial: true) {
                link.containerAppeared(size: $1, safeArea: ScrollDrive.EdgeInsets(proxy.safeAreaInsets))
            }
        }
    }

    private var linked: some View {
        content
            .scrollPosition($position)
            .contentMargins(.top, link.contentInsets.top, for: .scrollContent)
            .contentMargins(.bottom, link.contentInsets.bottom, for: .scrollContent)
            .contentMargins(.top, link.indicatorInsets.top, for: .scrollIndicators)
            .scrollDisabled(!link.isScrollEnabled)
            .onScrollGeometryChange(for: ScrollViewGeometry.self, of: ScrollViewGeometry.init) {
                link.geometryChanged($1)
            }
            .onScrollPhaseChange { link.phaseChanged(to: ScrollViewPhase($1), geometry: ScrollViewGeometry($2.geometry)) }
            .onChange(of: link.scrollTarget, initial: true) { link.apply($1, to: &position) }
            .offset(y: link.contentShift)
    }
}

/// The display clock of a model: calls `tick` with each frame's time
/// (seconds since the reference date, the clock `DragGestureValue` uses)
/// while `isRunning`, and nothing at all otherwise, so at rest the display
/// is not kept at its frame rate. Place it in a background:
/// `.background(FrameClock(isRunning: model.needsFrames) { model.tick(at: $0) })`.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
public struct FrameClock: View {
    private let isRunning: Bool
    private let tick: @MainActor (TimeInterval) -> Void

    /// A clock that runs while `isRunning` (a model's `needsFrames`) and hands each frame's time to `tick`.
    public init(isRunning: Bool, tick: @escaping @MainActor (TimeInterval) -> Void) {
        self.isRunning = isRunning
        self.tick = tick
    }

    public var body: some View {
        TimelineView(.animation(paused: !isRunning)) { context in
            Color.clear.onChange(of: context.date) { tick($1.timeIntervalSinceReferenceDate) }
        }
    }
}
#endif
