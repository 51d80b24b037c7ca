import CScrollDrive
import Foundation

/// The `Scrollable` a model's controller is attached to: a SwiftUI scroll
/// view as the controller sees it, made of the values the view reports
/// (`ScrollViewGeometry`, `ScrollViewPhase`) and recording what the
/// controller asks of it (a content offset, insets, scrolling on or off)
/// for its `ScrollLink` to publish.
///
/// The mapping from SwiftUI's values to UIKit's reports lives here, once:
///
/// | SwiftUI | the controller hears |
/// |---|---|
/// | the phase becomes `.interacting` | pan `.began`, at the content offset the controller last heard (before this frame's geometry) |
/// | a geometry change while `.interacting` | the content offset (and size) change, then pan `.changed` |
/// | the phase leaves `.interacting` | this frame's geometry, still as a drag (offset, `.changed`), then pan `.ended` |
/// | a geometry change in any other phase | the content offset (and size) change, held until the frame's phase change or the next tick |
/// | `.tracking`, `.decelerating`, `.animating`, `.idle` among themselves | nothing (`isDecelerating` follows `.decelerating`) |
///
/// Why: UIKit reports a pan's `.began` with the content still where the
/// finger went down and its `.ended` after the last move; the bar's rules
/// (expanded is offered when a drag begins within 5 pt of the top, a
/// release snaps from where the last move left it) depend on that order.
/// SwiftUI does not say whether a frame's geometry change or its phase
/// change comes first, so a geometry change outside a drag waits until it is
/// known whether the same frame begins one: a change into `.interacting`
/// goes before the frame's geometry, a change out of it after, whichever
/// callback came first. `.tracking` is not reported everywhere, so it maps
/// to nothing; a drag cancelled by the system ends as `.ended` (SwiftUI
/// does not tell a cancel from a lift). A move of the finger that leaves
/// the content where it was is no report at all in SwiftUI, so the
/// controller hears no `.changed` for it.
///
/// A content-offset request without animation takes effect here at once
/// and is reported (UIKit's `setContentOffset(_:animated: false)` reports
/// before it returns); an animated one is only recorded: the view animates
/// and reports the geometry as it goes. The insets and the scroll switch a
/// controller sets stay as it set them; the view's reports tell only the
/// system's part of the insets beside them.
///
/// The controller's numbers are not SwiftUI's (`ScrollSpace`): its insets
/// are the ones it set, its offsets are measured from them (SwiftUI's
/// offset plus the system's part of the top inset, less the room and the
/// view's shift), its content is SwiftUI's less the room, and its frame is
/// the container inside the system's insets. A target it asks for carries
/// its placement in SwiftUI's terms.
///
/// Not `Sendable`; owned by its link and used on the main actor.
final class LinkedScrollView: Scrollable, ScrollEnabling, DeceleratingScrollable {
    private let observers = ScrollObserverList()
    private var offset: CGPoint = .zero
    private var inset: EdgeInsets = .zero
    private var indicatorInset: EdgeInsets = .zero
    /// The controller's content size and frame size (see the class comment).
    private var size: CGSize = .zero
    private var frameSize: CGSize = .zero
    /// SwiftUI's container size, as last reported.
    private var container: CGSize = .zero
    /// The system's part of the reported insets, and the margins published.
    private var split = InsetSplit()
    /// The room above the app's content (0: none), and how far below the
    /// room the content must reach (see `minimumContentHeight`).
    private(set) var room: CGFloat = 0
    private var roomReach: CGFloat = 0
    /// The view's shift, as of the last acknowledged target.
    private(set) var shift: CGFloat = 0
    /// `ScrollSpace.offsetBias`, kept as the system's part, the room and
    /// the shift change, so a frame's report pays one addition.
    private var offsetBias: CGFloat = 0
    /// The insets and content size of the last report (a report with the
    /// same ones and the same container is only a move).
    private var lastInsets = EdgeInsets.zero
    private var lastContentSize: CGSize = .zero
    /// `minimumContentHeight`, kept as the container, the system's top and the room change.
    private(set) var minimumContentHeight: CGFloat = 0
    /// The room, the shift or the least content height changed since the
    /// link last published them (private and stored, read through
    /// `layoutChangedSincePublish`: see `scrollEnabled`).
    private var layoutFlag = false
    var layoutChangedSincePublish: Bool { layoutFlag }
    private(set) var phase: ScrollViewPhase = .idle
    /// A geometry reported outside a drag, not yet handed on (see the class comment).
    private(set) var pending: ScrollViewGeometry?
    /// The view has reported a geometry (the first one attaches the controller).
    private(set) var hasGeometry = false

    // What the controller asked for, for the link to publish.
    /// The margins for the link to publish: the controller's insets, less
    /// the top with a room (the room is in the content instead).
    var publishedMargins: EdgeInsets { split.margins }
    private(set) var requestedIndicatorInset: EdgeInsets?
    /// The target the view is asked for; every assignment counts in
    /// `targetRevision` (a new request, or the same one placed again).
    private(set) var target: ScrollTarget? {
        didSet { revision &+= 1 }
    }
    private var revision: UInt64 = 0
    /// Counts the changes of `target` (the link republishes when it moved).
    var targetRevision: UInt64 { revision }
    /// Behind `isScrollEnabled`: a private stored property's accesses are
    /// checked at compile time (an internal one's at run time, on every
    /// publish: measured, about 60 instructions a frame).
    private var scrollEnabled = true
    private var targets: UInt64 = 0

    // MARK: Scrollable

    var contentOffset: CGPoint { offset }
    var contentInset: EdgeInsets {
        get { inset }
        set {
            inset = newValue
            let margins = room > 0 ? EdgeInsets(top: 0, left: newValue.left, bottom: newValue.bottom,
                                                right: newValue.right) : newValue
            // The link publishes them at the end of this input: a report
            // laid out with them may come before that.
            split.published(margins)
            placePendingTargetAgain()
        }
    }
    var scrollIndicatorInsets: EdgeInsets {
        get { indicatorInset }
        set {
            indicatorInset = newValue
            requestedIndicatorInset = newValue
        }
    }
    var contentSize: CGSize { size }
    var frame: CGRect { CGRect(origin: .zero, size: frameSize) }
    var isScrollEnabled: Bool {
        get { scrollEnabled }
        set { scrollEnabled = newValue }
    }
    var isDecelerating: Bool { phase == .decelerating }

    func updateContentOffset(_ contentOffset: CGPoint, animated: Bool) {
        request(contentOffset, animated
            ? .easeInOut(duration: SD_SCROLL_ANIMATION_DURATION) : .none)
    }

    func updateContentOffsetWithShortEaseOut(_ contentOffset: CGPoint) {
        request(contentOffset, .easeOut(duration: SD_SCROLL_SHORT_ANIMATION_DURATION))
    }

    func addScrollObserver(_ observer: any ScrollableObserver) { observers.add(observer) }
    func removeScrollObserver(_ observer: any ScrollableObserver) { observers.remove(observer) }

    /// The arithmetic between SwiftUI's numbers and the controller's now.
    var space: ScrollSpace {
        ScrollSpace(system: split.system, margins: split.margins, room: room, shift: shift)
    }

    /// Records a request; one without animation moves the content now.
    private func request(_ point: CGPoint, _ animation: ScrollTarget.Animation) {
        guard point.x.isFinite, point.y.isFinite else { return }
        targets &+= 1
        target = placed(ScrollTarget(contentOffset: point, animation: animation, id: targets))
        targetFlag = true
        noteActivity()
        guard animation == .none else { return }
        // A geometry held from before this request happened before it.
        flush()
        setOffset(point)
    }

    /// `target` with its placement and shift for the margins and sizes in force.
    private func placed(_ target: ScrollTarget) -> ScrollTarget {
        let place = space.placement(for: target.contentOffset.y, contentHeight: laidOutContentHeight,
                                    containerHeight: container.height)
        return ScrollTarget(contentOffset: target.contentOffset, animation: target.animation, id: target.id,
                            placement: place.placement, contentShift: place.shift)
    }

    /// The margins or sizes changed while a target waits for the view: it
    /// is placed again (same number), so the view applies it as they are
    /// now (a pull-down that pins its list, then changes the list's inset
    /// in the same frame).
    private func placePendingTargetAgain() {
        if let waiting = target { target = placed(waiting) }
    }

    /// The view applied `applied` (or anything later): it is no longer asked for.
    func acknowledge(_ applied: ScrollTarget) {
        if applied.id <= targets, applied.contentShift != shift {
            shift = applied.contentShift
            layoutDerivedValuesChanged()
        }
        if let target, target.id <= applied.id {
            self.target = nil
            targetFlag = false
            noteActivity()
        }
    }

    // MARK: Activity (the models' needsFrames)

    // Mirrors of "moving", "a geometry held" and "a target asked", in private
    // stored properties: kept where those change and read with no run-time
    // exclusivity check (see `scrollEnabled`), so the per-frame reports pay
    // a few instructions for them.
    private var movingFlag = false
    private var pendingFlag = false
    private var targetFlag = false
    private var activeFlag = false
    private var activityFlipped = false

    /// The scroll view is moving (interacting, decelerating or animating),
    /// holds a geometry for the next tick, or asks the view to scroll.
    var isActive: Bool { activeFlag }

    /// Whether `isActive` changed since the last call (for the link to tell its model).
    func takeActivityFlip() -> Bool {
        guard activityFlipped else { return false }
        activityFlipped = false
        return true
    }

    private func enter(_ newPhase: ScrollViewPhase) {
        phase = newPhase
        switch newPhase {
        case .interacting, .decelerating, .animating: movingFlag = true
        case .idle, .tracking: movingFlag = false
        }
        noteActivity()
    }

    private func noteActivity() {
        let now = movingFlag || pendingFlag || targetFlag
        if now != activeFlag {
            activeFlag = now
            activityFlipped = true
        }
    }

    // MARK: The room and the margins

    /// Places a room of `height` points above the app's content, which
    /// the content must extend `reach` points below, so that every offset
    /// from `-height` down to `-reach` lies inside the content (the bar:
    /// its expanded and compact heights). Set before the first geometry.
    func placeRoom(height: CGFloat, reach: CGFloat) {
        room = max(0, height)
        roomReach = max(0, reach)
        let own = inset
        contentInset = own
        layoutDerivedValuesChanged()
    }

    /// Recomputes what follows from the system's insets, the container, the
    /// room and the shift (`ScrollSpace` says how): the offset bias and the
    /// least content height (0 before the first geometry).
    private func layoutDerivedValuesChanged() {
        let space = self.space
        offsetBias = space.offsetBias
        minimumContentHeight = hasGeometry ? space.minimumContentHeight(containerHeight: container.height, reach: roomReach) : 0
        layoutFlag = true
    }

    /// The link published the room, the shift and the least content height.
    func layoutPublished() { layoutFlag = false }

    /// A released drag or a settled scroll that left the content in the
    /// room above the controller's top inset goes back to it, as UIKit's
    /// scroll view bounces back to its inset (only with a room, and only
    /// when the controller asked for nothing meanwhile).
    private func returnFromRoom(unlessAskedSince asked: UInt64) {
        guard room > 0, targets == asked else { return }
        flush()
        guard offset.y < -inset.top - 0.5 else { return }
        request(CGPoint(x: offset.x, y: -inset.top), .easeInOut(duration: SD_SCROLL_ANIMATION_DURATION))
    }

    // MARK: The view's reports

    /// The view's first geometry: taken as it is, reporting nothing (the
    /// controller is attached to it next).
    func start(with geometry: ScrollViewGeometry) {
        hasGeometry = true
        _ = take(geometry)
        offset = CGPoint(x: geometry.contentOffset.x, y: geometry.contentOffset.y + offsetBias)
    }

    /// Takes `geometry`'s insets and sizes; returns whether the
    /// controller's frame changed or the system's insets did.
    @inline(never)
    private func take(_ geometry: ScrollViewGeometry) -> Bool {
        let systemChanged = split.reported(geometry.contentInsets)
        lastInsets = geometry.contentInsets
        lastContentSize = geometry.contentSize
        container = geometry.containerSize
        layoutDerivedValuesChanged()
        let space = self.space
        let newFrame = CGSize(width: container.width, height: space.controllerFrameHeight(container.height))
        let resized = newFrame != frameSize
        frameSize = newFrame
        size = CGSize(width: geometry.contentSize.width, height: space.controllerContentHeight(laidOutContentHeight))
        placePendingTargetAgain()
        return resized || systemChanged
    }

    /// SwiftUI's content height as the view lays it out: with a room, the
    /// app's content is at least `minimumContentHeight` (the view applies
    /// it with the values that asked for it), so a report made before
    /// that layout counts it already.
    private var laidOutContentHeight: CGFloat {
        guard room > 0 else { return lastContentSize.height }
        return max(lastContentSize.height, room + minimumContentHeight)
    }

    /// Reports the current content offset once, as a layout pass does after
    /// a controller is attached (it records the first offset it hears).
    func reportLayoutPass() {
        let point = offset
        observers.forEach { $0.scrollable(self, didChangeContentOffset: point) }
    }

    /// A geometry the view reported (`onScrollGeometryChange`). Ignored
    /// when any of its numbers is not finite.
    func receive(_ geometry: ScrollViewGeometry) {
        guard geometry.isFinite else { return }
        if phase == .interacting {
            // Nothing is held in a drag: its start handed on what was.
            deliver(geometry)
            return
        }
        // An earlier frame's geometry goes first.
        if pending != geometry { flush() }
        pending = geometry
        pendingFlag = true
        noteActivity()
    }

    /// A phase change the view reported (`onScrollPhaseChange`), with the
    /// geometry of that moment when it has it (the change's context).
    func receive(_ newPhase: ScrollViewPhase, geometry: ScrollViewGeometry?) {
        let now = geometry.flatMap { $0.isFinite ? $0 : nil }
        let wasDragging = phase == .interacting, isDragging = newPhase == .interacting
        if wasDragging == isDragging {
            enter(newPhase)
            if let now { receive(now) }
        } else if isDragging {
            // The pan begins where the content was before this frame moved it.
            enter(newPhase)
            report(.began)
            flush()
            if let now { deliver(now) }
        } else {
            // The last move is the drag's; the pan ends after it.
            if let now { deliver(now) }
            enter(newPhase)
            let asked = targets
            report(.ended)
            returnFromRoom(unlessAskedSince: asked)
            return
        }
        if newPhase == .idle { returnFromRoom(unlessAskedSince: targets) }
    }

    /// Hands on a held geometry (a tick, or any other input to the controller).
    func flush() {
        guard let held = pending else { return }
        pending = nil
        pendingFlag = false
        noteActivity()
        deliver(held)
    }

    /// Takes `geometry` as the scroll view's and reports what changed: the
    /// content size, then the content offset (then `.changed` in a drag).
    /// A new container size is a layout pass: the content size is reported
    /// even when it is the same, as UIKit's key-value observation reports
    /// it on every layout, so a resize alone (a rotation, split view, the
    /// first real layout after an all-zero one) reaches the controller.
    private func deliver(_ geometry: ScrollViewGeometry) {
        if geometry.contentSize != lastContentSize || geometry.containerSize != container
            || geometry.contentInsets != lastInsets
        {
            let oldSize = size
            if take(geometry) || size != oldSize {
                let newSize = size
                observers.forEach { $0.scrollable(self, didChangeContentSize: newSize) }
            }
        }
        setOffset(CGPoint(x: geometry.contentOffset.x, y: geometry.contentOffset.y + offsetBias))
    }

    private func setOffset(_ point: CGPoint) {
        guard point != offset else { return }
        offset = point
        observers.forEach { $0.scrollable(self, didChangeContentOffset: point) }
        if phase == .interacting { report(.changed) }
    }

    private func report(_ state: PanGestureState) {
        observers.forEach { $0.scrollable(self, didChangePanGestureState: state) }
    }
}
