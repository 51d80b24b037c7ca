// SwiftUI, as Apple documents the parts ScrollDrive uses. Declarations only:
// every body traps, nothing here runs. Each declaration names its page under
// https://developer.apple.com/documentation/. Where this differs from
// Apple's module on purpose, DIFFERENCES.md says so.

// Foundation and Core Graphics' geometry, as SwiftUI re-exports them.
@_exported import Foundation

/// coregraphics/cgvector — Core Graphics, which SwiftUI re-exports on Apple
/// platforms; Linux's Foundation has no CGVector (DIFFERENCES.md).
@frozen public struct CGVector: Equatable, Sendable {
    /// coregraphics/cgvector/dx
    public var dx: CGFloat
    /// coregraphics/cgvector/dy
    public var dy: CGFloat
    /// coregraphics/cgvector/init(dx:dy:)-(CGFloat,CGFloat)
    public init(dx: CGFloat, dy: CGFloat) { fatalError() }
}

/// swiftui/edgeinsets
@frozen public struct EdgeInsets: Equatable, Sendable {
    /// swiftui/edgeinsets/top
    public var top: CGFloat
    /// swiftui/edgeinsets/leading
    public var leading: CGFloat
    /// swiftui/edgeinsets/bottom
    public var bottom: CGFloat
    /// swiftui/edgeinsets/trailing
    public var trailing: CGFloat
    /// swiftui/edgeinsets/init(top:leading:bottom:trailing:)
    public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) { fatalError() }
    /// swiftui/edgeinsets/init()
    public init() { fatalError() }
}

/// swiftui/scrollgeometry
@available(iOS 18.0, macOS 15.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
public struct ScrollGeometry: Equatable, Sendable {
    /// swiftui/scrollgeometry/contentoffset
    public var contentOffset: CGPoint { get { fatalError() } set { fatalError() } }
    /// swiftui/scrollgeometry/contentsize
    public var contentSize: CGSize
    /// swiftui/scrollgeometry/contentinsets
    public var contentInsets: EdgeInsets
    /// swiftui/scrollgeometry/containersize
    public var containerSize: CGSize { get { fatalError() } set { fatalError() } }
    /// swiftui/scrollgeometry/init(contentoffset:contentsize:contentinsets:containersize:)
    public init(contentOffset: CGPoint, contentSize: CGSize, contentInsets: EdgeInsets, containerSize: CGSize) {
        fatalError()
    }
}

/// swiftui/scrollphase (@frozen: a switch over its cases is exhaustive)
@available(iOS 18.0, macOS 15.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
@frozen public enum ScrollPhase: Equatable, Hashable, Sendable {
    /// swiftui/scrollphase/idle
    case idle
    /// swiftui/scrollphase/tracking
    case tracking
    /// swiftui/scrollphase/interacting
    case interacting
    /// swiftui/scrollphase/decelerating
    case decelerating
    /// swiftui/scrollphase/animating
    case animating
    /// swiftui/scrollphase/isscrolling
    public var isScrolling: Bool { fatalError() }
}

/// swiftui/draggesture (not on tvOS)
@available(iOS 13.0, macOS 10.15, watchOS 6.0, visionOS 1.0, *)
@available(tvOS, unavailable)
public struct DragGesture: Sendable {
    /// swiftui/draggesture/value
    public struct Value: Equatable, Sendable {
        /// swiftui/draggesture/value/time
        public var time: Date
        /// swiftui/draggesture/value/location
        public var location: CGPoint
        /// swiftui/draggesture/value/startlocation
        public var startLocation: CGPoint
        /// swiftui/draggesture/value/translation
        public var translation: CGSize { fatalError() }
        /// swiftui/draggesture/value/velocity
        public var velocity: CGSize { fatalError() }
        /// swiftui/draggesture/value/predictedendlocation
        public var predictedEndLocation: CGPoint { fatalError() }
        /// swiftui/draggesture/value/predictedendtranslation
        public var predictedEndTranslation: CGSize { fatalError() }
    }
}

/// swiftui/scrollposition
@available(iOS 18.0, macOS 15.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
public struct ScrollPosition: Equatable, Sendable {
    /// swiftui/scrollposition/scrollto(y:)
    public mutating func scrollTo(y: CGFloat) { fatalError() }
    /// swiftui/scrollposition/scrollto(x:y:)
    public mutating func scrollTo(x: CGFloat, y: CGFloat) { fatalError() }
    /// swiftui/scrollposition/scrollto(edge:)
    public mutating func scrollTo(edge: Edge) { fatalError() }
}

/// swiftui/animation
@frozen public struct Animation: Equatable, Sendable {
    /// swiftui/animation/default
    public static let `default`: Animation = { fatalError() }()
    /// swiftui/animation/easeinout(duration:)
    public static func easeInOut(duration: TimeInterval) -> Animation { fatalError() }
    /// swiftui/animation/easeout(duration:)
    public static func easeOut(duration: TimeInterval) -> Animation { fatalError() }
    /// swiftui/animation/easein(duration:)
    public static func easeIn(duration: TimeInterval) -> Animation { fatalError() }
}

/// swiftui/withanimation(_:_:)
public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result {
    fatalError()
}
