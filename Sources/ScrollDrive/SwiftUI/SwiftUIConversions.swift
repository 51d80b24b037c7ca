// SwiftUI's own values into ScrollDrive's, one initialiser each, and a
// scroll target onto a `ScrollPosition`: all the Apple-only code of the
// models, kept to field-for-field copies (nothing here compiles off Apple
// platforms, so nothing here decides anything; the models and their tests
// hold every rule).
#if canImport(SwiftUI)
import SwiftUI

extension ScrollDrive.EdgeInsets {
    /// SwiftUI's `EdgeInsets`, edge for edge (leading and trailing as left and right).
    public init(_ insets: SwiftUI.EdgeInsets) {
        self.init(top: insets.top, left: insets.leading, bottom: insets.bottom, right: insets.trailing)
    }
}

@available(iOS 18, macOS 15, tvOS 18, watchOS 11, visionOS 2, *)
extension ScrollViewGeometry {
    /// SwiftUI's `ScrollGeometry`, field for field (leading and trailing as left and right).
    public init(_ geometry: ScrollGeometry) {
        self.init(contentOffset: geometry.contentOffset, contentSize: geometry.contentSize,
                  contentInsets: ScrollDrive.EdgeInsets(geometry.contentInsets),
                  containerSize: geometry.containerSize)
    }
}

@available(iOS 18, macOS 15, tvOS 18, watchOS 11, visionOS 2, *)
extension ScrollViewPhase {
    /// SwiftUI's `ScrollPhase`, case for case (`ScrollPhase` is frozen: it has no other case).
    public init(_ phase: ScrollPhase) {
        switch phase {
        case .idle: self = .idle
        case .tracking: self = .tracking
        case .interacting: self = .interacting
        case .decelerating: self = .decelerating
        case .animating: self = .animating
        }
    }
}

// DragGesture does not exist on tvOS.
#if !os(tvOS)
@available(iOS 17, macOS 14, watchOS 10, visionOS 1, *)
extension DragGestureValue {
    /// SwiftUI's `DragGesture.Value`; its time as seconds since the reference
    /// date, the clock `TimelineView`'s `context.date` gives `tick(at:)`.
    public init(_ value: DragGesture.Value) {
        self.init(translation: value.translation, velocity: value.velocity,
                  predictedEndTranslation: value.predictedEndTranslation,
                  time: value.time.timeIntervalSinceReferenceDate)
    }
}
#endif

@available(iOS 18, macOS 15, tvOS 18, watchOS 11, visionOS 2, *)
extension ScrollLink {
    /// Applies `target` (the link's `scrollTarget`, from `onChange`) to
    /// `position` with its animation: `scrollTo(edge:)` or `scrollTo(y:)`
    /// as its placement says, and the acknowledgement in the same
    /// transaction, so the view's shift (`contentShift`) moves with the
    /// scroll. Nothing for nil.
    public func apply(_ target: ScrollTarget?, to position: inout ScrollPosition) {
        guard let target else { return }
        let animation: Animation? = switch target.animation {
        case .none: nil
        case let .easeInOut(duration): .easeInOut(duration: duration)
        case let .easeOut(duration): .easeOut(duration: duration)
        }
        withAnimation(animation) {
            switch target.placement {
            case .top: position.scrollTo(edge: .top)
            case .bottom: position.scrollTo(edge: .bottom)
            case let .offset(y): position.scrollTo(y: y)
            }
            scrollTargetApplied(target)
        }
    }
}
#endif
