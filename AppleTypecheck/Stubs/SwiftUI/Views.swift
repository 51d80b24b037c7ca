// SwiftUI's views, containers and modifiers, as Apple documents the ones
// ScrollDrive's documentation uses. Declarations only (a body that must
// produce a view produces `EmptyView()`, and nothing runs); each names its
// page under https://developer.apple.com/documentation/.

import Foundation

// MARK: The view protocol and its builder

/// swiftui/view
@MainActor @preconcurrency public protocol View {
    /// swiftui/view/body-swift.associatedtype
    associatedtype Body: View
    /// swiftui/view/body-swift.property
    @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

/// swiftui/never (Never is a view that is never drawn)
extension Never: View {
    public typealias Body = Never
    public nonisolated var body: Never { fatalError() }
}

/// swiftui/viewbuilder
@resultBuilder public struct ViewBuilder {
    /// swiftui/viewbuilder/buildblock()
    public static func buildBlock() -> EmptyView { EmptyView() }
    /// swiftui/viewbuilder/buildblock(_:)
    public static func buildBlock<Content>(_ content: Content) -> Content where Content: View { content }
    /// swiftui/viewbuilder/buildblock(_:)-(each Content)
    public static func buildBlock<each Content>(_ content: repeat each Content) -> TupleView<(repeat each Content)>
        where repeat each Content: View { fatalError() }
    /// swiftui/viewbuilder/buildexpression(_:)
    public static func buildExpression<Content>(_ content: Content) -> Content where Content: View { content }
    /// swiftui/viewbuilder/buildif(_:)
    public static func buildIf<Content>(_ content: Content?) -> Content? where Content: View { content }
    /// swiftui/viewbuilder/buildeither(first:)
    public static func buildEither<TrueContent, FalseContent>(first: TrueContent)
        -> _ConditionalContent<TrueContent, FalseContent> where TrueContent: View, FalseContent: View { fatalError() }
    /// swiftui/viewbuilder/buildeither(second:)
    public static func buildEither<TrueContent, FalseContent>(second: FalseContent)
        -> _ConditionalContent<TrueContent, FalseContent> where TrueContent: View, FalseContent: View { fatalError() }
}

/// swiftui/emptyview
@frozen public struct EmptyView: View {
    /// swiftui/emptyview/init()
    public nonisolated init() {}
    public typealias Body = Never
    public nonisolated var body: Never { fatalError() }
}

/// swiftui/tupleview
@frozen public struct TupleView<T>: View {
    public typealias Body = Never
    public nonisolated var body: Never { fatalError() }
}

/// swiftui/_conditionalcontent
@frozen public struct _ConditionalContent<TrueContent, FalseContent>: View where TrueContent: View, FalseContent: View {
    public typealias Body = Never
    public nonisolated var body: Never { fatalError() }
}

/// swiftui/optional (an optional view is a view)
extension Optional: View where Wrapped: View {
    public typealias Body = Never
    public nonisolated var body: Never { fatalError() }
}

// MARK: State and bindings

/// swiftui/state
@frozen @propertyWrapper public struct State<Value>: DynamicProperty {
    /// swiftui/state/init(wrappedvalue:)
    public init(wrappedValue value: Value) { fatalError() }
    /// swiftui/state/init(initialvalue:)
    public init(initialValue value: Value) { fatalError() }
    /// swiftui/state/wrappedvalue
    public var wrappedValue: Value { get { fatalError() } nonmutating set { fatalError() } }
    /// swiftui/state/projectedvalue
    public var projectedValue: Binding<Value> { fatalError() }
}

/// swiftui/dynamicproperty
public protocol DynamicProperty {}

/// swiftui/binding
@frozen @propertyWrapper @dynamicMemberLookup public struct Binding<Value> {
    /// swiftui/binding/init(projectedvalue:)
    public init(projectedValue: Binding<Value>) { fatalError() }
    /// swiftui/binding/wrappedvalue
    public var wrappedValue: Value { get { fatalError() } nonmutating set { fatalError() } }
    /// swiftui/binding/projectedvalue
    public var projectedValue: Binding<Value> { fatalError() }
    /// swiftui/binding/subscript(dynamicmember:)
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        fatalError()
    }
}

// MARK: Geometry values

/// swiftui/edge
@frozen public enum Edge: Int8, CaseIterable, Sendable {
    case top, leading, bottom, trailing
    /// swiftui/edge/set
    @frozen public struct Set: OptionSet, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        /// swiftui/edge/set/top
        public static let top: Edge.Set = Edge.Set(rawValue: 1)
        /// swiftui/edge/set/leading
        public static let leading: Edge.Set = Edge.Set(rawValue: 2)
        /// swiftui/edge/set/bottom
        public static let bottom: Edge.Set = Edge.Set(rawValue: 4)
        /// swiftui/edge/set/trailing
        public static let trailing: Edge.Set = Edge.Set(rawValue: 8)
        /// swiftui/edge/set/all
        public static let all: Edge.Set = Edge.Set(rawValue: 15)
        /// swiftui/edge/set/horizontal
        public static let horizontal: Edge.Set = Edge.Set(rawValue: 10)
        /// swiftui/edge/set/vertical
        public static let vertical: Edge.Set = Edge.Set(rawValue: 5)
    }
}

/// swiftui/alignment
@frozen public struct Alignment: Equatable, Sendable {
    /// swiftui/alignment/top
    public static let top: Alignment = { fatalError() }()
    /// swiftui/alignment/center
    public static let center: Alignment = { fatalError() }()
    /// swiftui/alignment/bottom
    public static let bottom: Alignment = { fatalError() }()
}

/// swiftui/horizontalalignment
@frozen public struct HorizontalAlignment: Equatable, Sendable {
    /// swiftui/horizontalalignment/center
    public static let center: HorizontalAlignment = { fatalError() }()
}

/// swiftui/unitpoint
@frozen public struct UnitPoint: Hashable, Sendable {
    /// swiftui/unitpoint/top
    public static let top: UnitPoint = { fatalError() }()
    /// swiftui/unitpoint/center
    public static let center: UnitPoint = { fatalError() }()
}

/// swiftui/safearearegions
@frozen public struct SafeAreaRegions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// swiftui/safearearegions/all
    public static let all: SafeAreaRegions = SafeAreaRegions(rawValue: 3)
    /// swiftui/safearearegions/container
    public static let container: SafeAreaRegions = SafeAreaRegions(rawValue: 1)
    /// swiftui/safearearegions/keyboard
    public static let keyboard: SafeAreaRegions = SafeAreaRegions(rawValue: 2)
}

/// swiftui/contentmarginplacement
public struct ContentMarginPlacement: Sendable {
    /// swiftui/contentmarginplacement/automatic
    public static var automatic: ContentMarginPlacement { fatalError() }
    /// swiftui/contentmarginplacement/scrollcontent
    public static var scrollContent: ContentMarginPlacement { fatalError() }
    /// swiftui/contentmarginplacement/scrollindicators
    public static var scrollIndicators: ContentMarginPlacement { fatalError() }
}

/// swiftui/geometryproxy
public struct GeometryProxy {
    /// swiftui/geometryproxy/size
    public var size: CGSize { fatalError() }
    /// swiftui/geometryproxy/safeareainsets
    public var safeAreaInsets: EdgeInsets { fatalError() }
}

/// swiftui/scrollphasechangecontext
@available(iOS 18.0, macOS 15.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
public struct ScrollPhaseChangeContext {
    /// swiftui/scrollphasechangecontext/geometry
    public var geometry: ScrollGeometry { fatalError() }
    /// swiftui/scrollphasechangecontext/velocity
    public var velocity: CGVector? { fatalError() }
}

extension ScrollPosition {
    /// swiftui/scrollposition/init(edge:)
    public init(edge: Edge) { fatalError() }
}

// MARK: Views

/// swiftui/text
@frozen public struct Text: View, Equatable, Sendable {
    /// swiftui/text/init(_:tablename:bundle:comment:) (a string literal, localized)
    public nonisolated init(_ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil,
                            comment: StaticString? = nil) { fatalError() }
    /// swiftui/text/init(_:)-9d1g4 (a stored string, not localized; disfavoured as
    /// in SwiftUI's interface, so that a literal is a key: DIFFERENCES.md)
    @_disfavoredOverload
    public nonisolated init<S>(_ content: S) where S: StringProtocol { fatalError() }
    public typealias Body = Never
    public nonisolated var body: Never { fatalError() }
}

/// swiftui/localizedstringkey
@frozen public struct LocalizedStringKey: Equatable, ExpressibleByStringLiteral, Sendable {
    public init(stringLiteral value: String) { fatalError() }
}

/// swiftui/color
@frozen public struct Color: View, ShapeStyle, Hashable, Sendable {
    /// swiftui/color/clear
    public static let clear: Color = { fatalError() }()
    /// swiftui/color/black
    public static let black: Color = { fatalError() }()
    /// swiftui/color/gray
    public static let gray: Color = { fatalError() }()
    /// swiftui/color/opacity(_:)
    public func opacity(_ opacity: Double) -> Color { fatalError() }
    public typealias Body = Never
    public nonisolated var body: Never { fatalError() }
}

/// swiftui/shapestyle
public protocol ShapeStyle: Sendable {}

/// swiftui/backgroundstyle
@frozen public struct BackgroundStyle: ShapeStyle {
    /// swiftui/backgroundstyle/init()
    public init() {}
}

extension ShapeStyle where Self == BackgroundStyle {
    /// swiftui/shapestyle/background
    public static var background: BackgroundStyle { fatalError() }
}

/// swiftui/shape
public protocol Shape: Sendable, View {}

/// swiftui/insettableshape
public protocol InsettableShape: Shape {}

/// swiftui/roundedrectangle
@frozen public struct RoundedRectangle: InsettableShape {
    /// swiftui/roundedrectangle/init(cornerradius:style:)
    public nonisolated init(cornerRadius: CGFloat) { fatalError() }
    public typealias Body = Never
    public nonisolated var body: Never { fatalError() }
}

extension Shape where Self == RoundedRectangle {
    /// swiftui/shape/rect(cornerradius:style:)
    public static func rect(cornerRadius: CGFloat) -> Self { fatalError() }
}

/// swiftui/circle
@frozen public struct Circle: Shape {
    /// swiftui/circle/init()
    public nonisolated init() { fatalError() }
    public typealias Body = Never
    public nonisolated var body: Never { fatalError() }
}

/// swiftui/rectangle
@frozen public struct Rectangle: InsettableShape {
    /// swiftui/rectangle/init()
    public nonisolated init() { fatalError() }
    public typealias Body = Never
    public nonisolated var body: Never { fatalError() }
}

/// swiftui/fillstyle
@frozen public struct FillStyle: Equatable {
    /// swiftui/circle
@frozen public struct Circle: Shape {
    /// swiftui/circle/init()
    public nonisolated init() { fatalError() }
    public typealias Body = Never
    public nonisolated var body: Never { fatalError() }
}

/// swiftui/rectangle
@frozen public struct Rectangle: InsettableShape {
    /// swiftui/rectangle/init()
    public nonisolated init() { fatalError() }
    public typealias Body = Never
    public nonisolated var body: Never { fatalError() }
}

/// swiftui/fillstyle/init(eofill:antialiased:)
    public init(eoFill: Bool = false, antialiased: Bool = true) {}
}

/// swiftui/zstack
@frozen public struct ZStack<Content>: View where Content: View {
    /// swiftui/zstack/init(alignment:content:)
    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) { fatalError() }
    public typealias Body = Never
    public nonisolated var body: Never { fatalError() }
}

/// swiftui/vstack
@frozen public struct VStack<Content>: View where Content: View {
    /// swiftui/vstack/init(alignment:spacing:content:)
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
                @ViewBuilder content: () -> Content) { fatalError() }
    public typealias Body = Never
    public nonisolated var body: Never { fatalError() }
}

/// swiftui/lazyvstack
public struct LazyVStack<Content>: View where Content: View {
    /// swiftui/lazyvstack/init(alignment:spacing:pinnedviews:content:)
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
                @ViewBuilder content: () -> Content) { fatalError() }
    public typealias Body = Never
    public nonisolated var body: Never { fatalError() }
}

/// swiftui/axis
@frozen public enum Axis: Int8, CaseIterable, Sendable {
    case horizontal, vertical
    /// swiftui/axis/set
    @frozen public struct Set: OptionSet, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        /// swiftui/axis/set/vertical
        public static let vertical: Axis.Set = Axis.Set(rawValue: 2)
        /// swiftui/axis/set/horizontal
        public static let horizontal: Axis.Set = Axis.Set(rawValue: 1)
    }
}

/// swiftui/scrollview
public struct ScrollView<Content>: View where Content: View {
    /// swiftui/scrollview/init(_:showsindicators:content:)
    public init(_ axes: Axis.Set = .vertical, showsIndicators: Bool = true, @ViewBuilder content: () -> Content) {
        fatalError()
    }
    public typealias Body = Never
    public nonisolated var body: Never { fatalError() }
}

/// swiftui/foreach
public struct ForEach<Data, ID, Content> where Data: RandomAccessCollection, ID: Hashable {}

extension ForEach: View where Content: View {
    public typealias Body = Never
    public nonisolated var body: Never { fatalError() }
}

extension ForEach where Data == Range<Int>, ID == Int, Content: View {
    /// swiftui/foreach/init(_:content:)-(Range<Int>) (a constant range)
    public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) { fatalError() }
}

extension ForEach where ID == Data.Element.ID, Content: View, Data.Element: Identifiable {
    /// swiftui/foreach/init(_:content:)
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) { fatalError() }
}

/// swiftui/list
@MainActor @preconcurrency public struct List<SelectionValue, Content>: View where SelectionValue: Hashable, Content: View {
    public typealias Body = Never
    public nonisolated var body: Never { fatalError() }
}

extension List {
    /// swiftui/list/init(_:selection:rowcontent:)-(Data,Binding<SelectionValue?>,_)
    public init<Data, RowContent>(_ data: Data, selection: Binding<SelectionValue?>?,
                                  @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent)
        where Content == ForEach<Data, Data.Element.ID, RowContent>, Data: RandomAccessCollection,
              RowContent: View, Data.Element: Identifiable { fatalError() }
}

/// swiftui/navigationstack
@MainActor @preconcurrency public struct NavigationStack<Data, Root>: View where Root: View {
    public typealias Body = Never
    public nonisolated var body: Never { fatalError() }
}

extension NavigationStack where Data == Never {
    /// swiftui/navigationstack/init(root:)
    public init(@ViewBuilder root: () -> Root) { fatalError() }
}

/// swiftui/geometryreader
@frozen public struct GeometryReader<Content>: View where Content: View {
    /// swiftui/geometryreader/init(content:)
    public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) { fatalError() }
    public typealias Body = Never
    public nonisolated var body: Never { fatalError() }
}

/// swiftui/picker
@MainActor @preconcurrency public struct Picker<Label, SelectionValue, Content>: View
    where Label: View, SelectionValue: Hashable, Content: View
{
    public typealias Body = Never
    public nonisolated var body: Never { fatalError() }
}

extension Picker where Label == Text {
    /// swiftui/picker/init(_:selection:content:)-(LocalizedStringKey,_,_)
    public init(_ titleKey: LocalizedStringKey, selection: Binding<SelectionValue>,
                @ViewBuilder content: () -> Content) { fatalError() }
}

/// swiftui/navigationlink
@MainActor @preconcurrency public struct NavigationLink<Label, Destination>: View where Label: View, Destination: View {
    public typealias Body = Never
    public nonisolated var body: Never { fatalError() }
}

extension NavigationLink where Label == Text {
    /// swiftui/navigationlink/init(_:destination:)
    public nonisolated init(_ titleKey: LocalizedStringKey, @ViewBuilder destination: () -> Destination) {
        fatalError()
    }
}

extension List where SelectionValue == Never {
    /// swiftui/list/init(content:)
    public init(@ViewBuilder content: () -> Content) { fatalError() }
}

// MARK: Apps and scenes

/// swiftui/app
@MainActor @preconcurrency public protocol App {
    /// swiftui/app/body-swift.associatedtype
    associatedtype Body: Scene
    /// swiftui/app/body-swift.property
    @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
    /// swiftui/app/init()
    @MainActor @preconcurrency init()
}

extension App {
    /// swiftui/app/main()
    @MainActor @preconcurrency public static func main() { fatalError() }
}

/// swiftui/scene
@MainActor @preconcurrency public protocol Scene {
    /// swiftui/scene/body-swift.associatedtype
    associatedtype Body: Scene
    /// swiftui/scene/body-swift.property
    @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

extension Never: Scene {}

/// swiftui/scenebuilder
@resultBuilder public struct SceneBuilder {
    /// swiftui/scenebuilder/buildblock(_:)
    public static func buildBlock<Content>(_ content: Content) -> Content where Content: Scene { content }
    /// swiftui/scenebuilder/buildexpression(_:)
    public static func buildExpression<Content>(_ content: Content) -> Content where Content: Scene { content }
}

/// swiftui/windowgroup
public struct WindowGroup<Content>: Scene where Content: View {
    /// swiftui/windowgroup/init(content:)
    public nonisolated init(@ViewBuilder content: () -> Content) { fatalError() }
    public typealias Body = Never
    public nonisolated var body: Never { fatalError() }
}

// MARK: The timeline

/// swiftui/timelineschedule
public protocol TimelineSchedule {}

/// swiftui/animationtimelineschedule
public struct AnimationTimelineSchedule: TimelineSchedule, Sendable {}

extension TimelineSchedule where Self == AnimationTimelineSchedule {
    /// swiftui/timelineschedule/animation
    public static var animation: AnimationTimelineSchedule { fatalError() }
    /// swiftui/timelineschedule/animation(minimuminterval:paused:)
    public static func animation(minimumInterval: Double? = nil, paused: Bool = false) -> AnimationTimelineSchedule {
        fatalError()
    }
}

/// swiftui/timelineview
public struct TimelineView<Schedule, Content> where Schedule: TimelineSchedule {
    /// swiftui/timelineview/context
    public struct Context {
        /// swiftui/timelineview/context/date
        public let date: Date
    }
}

/// swiftui/timelineviewdefaultcontext
public typealias TimelineViewDefaultContext = TimelineView<EveryMinuteTimelineSchedule, Never>.Context

/// swiftui/everyminutetimelineschedule
public struct EveryMinuteTimelineSchedule: TimelineSchedule, Sendable {}

extension TimelineView: View where Content: View {
    /// swiftui/timelineview/init(_:content:)
    public init(_ schedule: Schedule, @ViewBuilder content: @escaping (TimelineViewDefaultContext) -> Content) {
        fatalError()
    }
    public typealias Body = Never
    public nonisolated var body: Never { fatalError() }
}

// MARK: Gestures

/// swiftui/gesture
@MainActor @preconcurrency public protocol Gesture<Value> {
    /// swiftui/gesture/value
    associatedtype Value
}

/// swiftui/gesturemask
@frozen public struct GestureMask: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// swiftui/gesturemask/all
    public static let all: GestureMask = GestureMask(rawValue: 3)
}

/// swiftui/coordinatespaceprotocol
public protocol CoordinateSpaceProtocol {}

/// swiftui/localcoordinatespace
public struct LocalCoordinateSpace: CoordinateSpaceProtocol {}

extension CoordinateSpaceProtocol where Self == LocalCoordinateSpace {
    /// swiftui/coordinatespaceprotocol/local
    public static var local: LocalCoordinateSpace { fatalError() }
}

/// swiftui/namedcoordinatespace
@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
public struct NamedCoordinateSpace: CoordinateSpaceProtocol, Equatable {}

@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
extension CoordinateSpaceProtocol where Self == NamedCoordinateSpace {
    /// swiftui/coordinatespaceprotocol/named(_:)
    public static func named(_ name: some Hashable) -> NamedCoordinateSpace { fatalError() }
}

@available(tvOS, unavailable)
extension DragGesture: Gesture {
    /// swiftui/draggesture/init(minimumdistance:coordinatespace:)
    public init(minimumDistance: CGFloat = 10, coordinateSpace: some CoordinateSpaceProtocol = .local) { fatalError() }
}

/// swiftui/gesturestate
@frozen @propertyWrapper public struct GestureState<Value>: DynamicProperty {
    /// swiftui/gesturestate/init(wrappedvalue:)
    public init(wrappedValue: Value) { fatalError() }
    /// swiftui/gesturestate/wrappedvalue
    public var wrappedValue: Value { fatalError() }
    /// swiftui/gesturestate/projectedvalue
    public var projectedValue: GestureState<Value> { fatalError() }
}

/// swiftui/transaction
@frozen public struct Transaction {}

/// swiftui/gesturestategesture
@frozen public struct GestureStateGesture<Base, State>: Gesture where Base: Gesture {
    public typealias Value = Base.Value
}

extension Gesture {
    /// swiftui/gesture/updating(_:body:)
    @MainActor @preconcurrency
    public func updating<State>(_ state: GestureState<State>,
                                body: @escaping (Self.Value, inout State, inout Transaction) -> Void)
        -> GestureStateGesture<Self, State> { fatalError() }
}

/// swiftui/_changedgesture
@frozen public struct _ChangedGesture<Content>: Gesture where Content: Gesture {
    public typealias Value = Content.Value
}

/// swiftui/_endedgesture
@frozen public struct _EndedGesture<Content>: Gesture where Content: Gesture {
    public typealias Value = Content.Value
}

extension Gesture where Value: Equatable {
    /// swiftui/gesture/onchanged(_:)
    public func onChanged(_ action: @escaping (Self.Value) -> Void) -> _ChangedGesture<Self> { fatalError() }
}

extension Gesture {
    /// swiftui/gesture/onended(_:)
    public func onEnded(_ action: @escaping (Self.Value) -> Void) -> _EndedGesture<Self> { fatalError() }
}

/// swiftui/sensoryfeedback
public struct SensoryFeedback: Equatable, Sendable {
    /// swiftui/sensoryfeedback/weight
    public struct Weight: Equatable, Sendable {
        /// swiftui/sensoryfeedback/weight/light
        public static let light: SensoryFeedback.Weight = { fatalError() }()
    }
    /// swiftui/sensoryfeedback/impact(weight:intensity:)
    public static func impact(weight: SensoryFeedback.Weight = .medium, intensity: Double = 1.0) -> SensoryFeedback {
        fatalError()
    }
}

extension SensoryFeedback.Weight {
    /// swiftui/sensoryfeedback/weight/medium
    public static let medium: SensoryFeedback.Weight = { fatalError() }()
}

/// swiftui/toolbarcontent
public protocol ToolbarContent {}

// MARK: Modifiers

extension View {
    /// swiftui/view/frame(width:height:alignment:)
    nonisolated public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center)
        -> some View { EmptyView() }
    /// swiftui/view/frame(minwidth:idealwidth:maxwidth:minheight:idealheight:maxheight:alignment:)
    nonisolated public func frame(minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil,
                                  minHeight: CGFloat? = nil, idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil,
                                  alignment: Alignment = .center) -> some View { EmptyView() }
    /// swiftui/view/coordinatespace(_:)
    @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
    nonisolated public func coordinateSpace(_ name: NamedCoordinateSpace) -> some View { EmptyView() }
    /// swiftui/view/contentshape(_:eofill:)
    nonisolated public func contentShape<S>(_ shape: S, eoFill: Bool = false) -> some View where S: Shape {
        EmptyView()
    }
    /// swiftui/view/offset(x:y:)
    nonisolated public func offset(x: CGFloat = 0, y: CGFloat = 0) -> some View { EmptyView() }
    /// swiftui/view/opacity(_:)
    nonisolated public func opacity(_ opacity: Double) -> some View { EmptyView() }
    /// swiftui/view/scaleeffect(x:y:anchor:)
    nonisolated public func scaleEffect(x: CGFloat = 1.0, y: CGFloat = 1.0, anchor: UnitPoint = .center)
        -> some View { EmptyView() }
    /// swiftui/view/allowshittesting(_:)
    nonisolated public func allowsHitTesting(_ enabled: Bool) -> some View { EmptyView() }
    /// swiftui/view/ignoressafearea(_:edges:)
    nonisolated public func ignoresSafeArea(_ regions: SafeAreaRegions = .all, edges: Edge.Set = .all)
        -> some View { EmptyView() }
    /// swiftui/view/background(_:alignment:)
    nonisolated public func background<Background>(_ background: Background, alignment: Alignment = .center)
        -> some View where Background: View { EmptyView() }
    /// swiftui/view/background(_:in:fillstyle:)
    nonisolated public func background<S, T>(_ style: S, in shape: T, fillStyle: FillStyle = FillStyle())
        -> some View where S: ShapeStyle, T: InsettableShape { EmptyView() }
    /// swiftui/view/ontapgesture(count:perform:)
    nonisolated public func onTapGesture(count: Int = 1, perform action: @escaping () -> Void) -> some View {
        EmptyView()
    }
    /// swiftui/view/gesture(_:including:)
    nonisolated public func gesture<T>(_ gesture: T, including mask: GestureMask = .all) -> some View
        where T: Gesture { EmptyView() }
    /// swiftui/view/simultaneousgesture(_:including:)
    nonisolated public func simultaneousGesture<T>(_ gesture: T, including mask: GestureMask = .all) -> some View
        where T: Gesture { EmptyView() }
    /// swiftui/view/scrolldisabled(_:)
    nonisolated public func scrollDisabled(_ disabled: Bool) -> some View { EmptyView() }
    /// swiftui/view/scrollposition(_:anchor:)
    @available(iOS 18.0, macOS 15.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    nonisolated public func scrollPosition(_ position: Binding<ScrollPosition>, anchor: UnitPoint? = nil)
        -> some View { EmptyView() }
    /// swiftui/view/contentmargins(_:_:for:)-(Edge.Set,CGFloat?,_)
    nonisolated public func contentMargins(_ edges: Edge.Set = .all, _ length: CGFloat?,
                                           for placement: ContentMarginPlacement = .automatic) -> some View {
        EmptyView()
    }
    /// swiftui/view/onscrollgeometrychange(for:of:action:)
    @available(iOS 18.0, macOS 15.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    nonisolated public func onScrollGeometryChange<T>(for type: T.Type, of transform: @escaping (ScrollGeometry) -> T,
                                                      action: @escaping (T, T) -> Void) -> some View
        where T: Equatable { EmptyView() }
    /// swiftui/view/onscrollphasechange(_:)-(ScrollPhase,ScrollPhase)
    @available(iOS 18.0, macOS 15.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    nonisolated public func onScrollPhaseChange(_ action: @escaping (ScrollPhase, ScrollPhase) -> Void)
        -> some View { EmptyView() }
    /// swiftui/view/onscrollphasechange(_:)-(ScrollPhase,ScrollPhase,ScrollPhaseChangeContext)
    @available(iOS 18.0, macOS 15.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    nonisolated public func onScrollPhaseChange(
        _ action: @escaping (ScrollPhase, ScrollPhase, ScrollPhaseChangeContext) -> Void) -> some View {
        EmptyView()
    }
    /// swiftui/view/onchange(of:initial:_:)-4psgg
    nonisolated public func onChange<V>(of value: V, initial: Bool = false, _ action: @escaping (V, V) -> Void)
        -> some View where V: Equatable { EmptyView() }
    /// swiftui/view/onchange(of:initial:_:)-8wgw9
    nonisolated public func onChange<V>(of value: V, initial: Bool = false, _ action: @escaping () -> Void)
        -> some View where V: Equatable { EmptyView() }
    /// swiftui/view/navigationtitle(_:)-avgj
    nonisolated public func navigationTitle(_ titleKey: LocalizedStringKey) -> some View { EmptyView() }
    /// swiftui/view/toolbar(content:)-5w0tj
    nonisolated public func toolbar<Content>(@ViewBuilder content: () -> Content) -> some View
        where Content: View { EmptyView() }
    /// swiftui/view/tag(_:includeoptional:)
    nonisolated public func tag<V>(_ tag: V, includeOptional: Bool = true) -> some View where V: Hashable {
        EmptyView()
    }
    /// swiftui/view/sensoryfeedback(_:trigger:condition:)
    nonisolated public func sensoryFeedback<T>(_ feedback: SensoryFeedback, trigger: T,
                                               condition: @escaping (T, T) -> Bool) -> some View
        where T: Equatable { EmptyView() }
    /// swiftui/view/task(priority:_:) — with `@_inheritActorContext`, which
    /// SwiftUI's interface has and its page does not show (DIFFERENCES.md)
    nonisolated public func task(priority: TaskPriority = .userInitiated,
                                 @_inheritActorContext _ action: @escaping @isolated(any) @Sendable () async -> Void)
        -> some View {
        EmptyView()
    }
}
