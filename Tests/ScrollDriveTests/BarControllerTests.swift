import CScrollDrive
import Foundation
import ScrollDrive
import ScrollDriveSim
import XCTest

/// A controller over a ManualScrollView, recording every reported state.
private final class Harness {
    let scrollView: ManualScrollView
    var reported: [BarController.State] = []
    var controller: BarController!

    init(_ configuration: BarController.Configuration = BarControllerTests.config,
         reducer: BarController.StateReducer = .default,
         frameHeight: CGFloat = 600, contentHeight: CGFloat = 2000, y: CGFloat = 0)
    {
        scrollView = ManualScrollView(contentOffset: CGPoint(x: 0, y: y),
                                      contentSize: CGSize(width: 320, height: contentHeight),
                                      frame: CGRect(x: 0, y: 0, width: 320, height: frameHeight))
        controller = BarController(configuration: configuration, stateReducer: reducer) { [unowned self] in
            self.reported.append($0)
        }
        controller.set(scrollable: scrollView)
    }

    var state: BarController.State { reported.last! }

    func scroll(_ ys: CGFloat...) { for y in ys { scrollView.setContentOffset(CGPoint(x: 0, y: y)) } }
    func pan(_ state: PanGestureState) { scrollView.setPanGestureState(state) }
}

final class BarControllerTests: XCTestCase {
    static let config = BarController.Configuration(compactStateHeight: 100, normalStateHeight: 200,
                                                     expandedStateHeight: 300)

    // MARK: - Configuration

    func testConfigurationValidationNamesFieldAndRule() throws {
        let rows: [(UInt, CGFloat, CGFloat, CGFloat, String, ConfigurationError.Kind)] = [
            (#line, .nan, 200, 300, "compact", .notFinite),
            (#line, 100, .infinity, 300, "normal", .notFinite),
            (#line, -1, 200, 300, "compact", .negative),
            (#line, 100, 200, -300, "expanded", .negative),
            (#line, 201, 200, 300, "normal", .outOfOrder),
            (#line, 100, 301, 300, "expanded", .outOfOrder),
        ]
        for (line, c, n, e, field, kind) in rows {
            XCTAssertThrowsError(try BarController.Configuration(
                validatingCompactStateHeight: c, normalStateHeight: n, expandedStateHeight: e), line: line)
            { error in
                let error = error as! ConfigurationError
                XCTAssertEqual(error.field, field, line: line)
                XCTAssertEqual(error.kind, kind, line: line)
                XCTAssertEqual(error.surface, "bar", line: line)
                XCTAssertTrue(error.description.hasPrefix("invalid bar configuration: \(field) must"), line: line)
            }
        }
        let ok = try BarController.Configuration(validatingCompactStateHeight: 100, normalStateHeight: 200,
                                                 expandedStateHeight: 300)
        XCTAssertEqual(ok, Self.config)
    }

    func testNonThrowingInitialiserSanitises() {
        let c = BarController.Configuration(compactStateHeight: .nan, normalStateHeight: -4, expandedStateHeight: 50)
        XCTAssertEqual(c.compactStateHeight, 0)
        XCTAssertEqual(c.normalStateHeight, 0)
        XCTAssertEqual(c.expandedStateHeight, 50)
        let swapped = BarController.Configuration(compactStateHeight: 300, normalStateHeight: 200,
                                                  expandedStateHeight: 100)
        XCTAssertEqual([swapped.compactStateHeight, swapped.normalStateHeight, swapped.expandedStateHeight],
                       [300, 300, 300])
        XCTAssertEqual(Self.config.normalStateHeight, 200) // valid input kept as is
    }

    func testAirBarTopLevelNamesCompile() {
        let configuration: Configuration = Configuration(compactStateHeight: 64, normalStateHeight: 88,
                                                         expandedStateHeight: 200)
        let state: State = BarController.State(offset: -88, isExpandedStateAvailable: false,
                                               configuration: configuration)
        XCTAssertEqual(state.height(), 88)
        XCTAssertEqual(state.transitionProgress(), 1)
    }

    // MARK: - State reading (AirBar's worked examples, shared golden table)

    func testProgressGoldenTable() {
        for row in goldenTable("bar_progress.tsv") {
            let config = BarController.Configuration(compactStateHeight: row[0], normalStateHeight: row[1],
                                                     expandedStateHeight: row[2])
            let state = BarController.State(offset: row[3], isExpandedStateAvailable: true, configuration: config)
            XCTAssertSameBits(state.transitionProgress(), row[4], "bar_progress.tsv:\(row.line) \(row.label)")
        }
    }

    func testRangeValueAndHeight() {
        func state(_ offset: CGFloat) -> BarController.State {
            BarController.State(offset: offset, isExpandedStateAvailable: true, configuration: Self.config)
        }
        XCTAssertEqual(state(-170).height(), 170)
        XCTAssertEqual(state(-199).stateRange(), .compactNormal)
        XCTAssertEqual(state(-200).stateRange(), .normalExpanded)
        // AirBar's example app: background alpha.
        XCTAssertEqual(state(-170).value(compactNormalRange: .range(0, 1), normalExpandedRange: .value(1)), 0.7)
        XCTAssertEqual(state(-100).value(compactNormalRange: .range(0, 1), normalExpandedRange: .value(1)), 0)
        XCTAssertEqual(state(-280).value(compactNormalRange: .range(0, 1), normalExpandedRange: .value(1)), 1)
        XCTAssertEqual(state(-250).value(compactNormalRange: .value(3), normalExpandedRange: .range(10, 20)), 15)
        XCTAssertEqual(state(-150).adding(offset: -20).offset, -170)
        XCTAssertTrue(state(-150).setting(isExpandedStateAvailable: false).isExpandedStateAvailable == false)
    }

    // MARK: - Attaching and preconfigure

    func testSetScrollableReportsStateAndPreconfigures() {
        let h = Harness()
        XCTAssertEqual(h.reported.count, 1)
        XCTAssertEqual(h.state.offset, -200)
        XCTAssertFalse(h.state.isExpandedStateAvailable)
        XCTAssertEqual(h.scrollView.contentInset.top, 200)
        XCTAssertEqual(h.scrollView.contentInset.bottom, 0)
        XCTAssertEqual(h.scrollView.scrollIndicatorInsets.top, 200)
        XCTAssertEqual(h.scrollView.requests, [.init(contentOffset: CGPoint(x: 0, y: -200), animated: false)])
    }

    func testPreconfigureNormalExpandedAndScrolledToBottom() {
        let h = Harness()
        // Normal state, fresh view at y = 0: moves to -200.
        let normal = ManualScrollView(contentSize: CGSize(width: 0, height: 2000),
                                      frame: CGRect(x: 0, y: 0, width: 0, height: 600))
        h.controller.preconfigure(scrollable: normal)
        XCTAssertEqual(normal.contentInset.top, 200)
        XCTAssertEqual(normal.requests.last?.contentOffset.y, -200)
        XCTAssertEqual(normal.requests.last?.animated, false)

        // Expanded state: inset top 300 and a move to -300 even when scrolled.
        h.scroll(-200); h.pan(.began); h.scroll(-300)
        XCTAssertEqual(h.state.offset, -300)
        let expanded = ManualScrollView(contentOffset: CGPoint(x: 0, y: 500),
                                        contentSize: CGSize(width: 0, height: 2000),
                                        frame: CGRect(x: 0, y: 0, width: 0, height: 600))
        h.controller.preconfigure(scrollable: expanded)
        XCTAssertEqual(expanded.contentInset.top, 300)
        XCTAssertEqual(expanded.requests.last?.contentOffset.y, -300)

        // Compact, scrolled to the bottom of short content: bottom inset fills, no move.
        let c = Harness()
        c.scroll(-200, 100)
        XCTAssertEqual(c.state.offset, -100)
        let bottom = ManualScrollView(contentOffset: CGPoint(x: 0, y: 150),
                                      contentSize: CGSize(width: 0, height: 350),
                                      frame: CGRect(x: 0, y: 0, width: 0, height: 600))
        c.controller.preconfigure(scrollable: bottom)
        XCTAssertEqual(bottom.contentInset.bottom, 150) // 600 - 100 - 350
        XCTAssertEqual(bottom.contentInset.top, 200)
        XCTAssertTrue(bottom.requests.isEmpty)
    }

    func testContentSizeChangeRerunsPreconfigureOnlyWhenItChanges() {
        let h = Harness(frameHeight: 600, contentHeight: 2000)
        let before = h.scrollView.requests.count
        h.scrollView.setContentSize(CGSize(width: 320, height: 300)) // first change always counts
        XCTAssertEqual(h.scrollView.contentInset.bottom, 200) // 600 - 100 - 300
        XCTAssertEqual(h.scrollView.requests.count, before + 1)
        h.scrollView.setContentSize(CGSize(width: 320, height: 300)) // same: skipped
        XCTAssertEqual(h.scrollView.requests.count, before + 1)
        h.scrollView.setContentSize(CGSize(width: 320, height: 250))
        XCTAssertEqual(h.scrollView.contentInset.bottom, 250)
        XCTAssertEqual(h.scrollView.requests.count, before + 2)
    }

    // MARK: - Event sequences

    func testExpandedAvailableOnlyWhenPanBeginsAtTop() {
        let h = Harness()
        h.scroll(-200, 50) // scrolled down into compact
        h.pan(.began)
        XCTAssertFalse(h.state.isExpandedStateAvailable)
        XCTAssertEqual(h.scrollView.contentInset.top, 200)

        let top = Harness()
        top.scroll(-200)
        let count = top.reported.count
        top.pan(.began) // at the top: available, reported, inset expanded
        XCTAssertEqual(top.reported.count, count + 1)
        XCTAssertTrue(top.state.isExpandedStateAvailable)
        XCTAssertEqual(top.scrollView.contentInset.top, 300)
        top.scroll(-260)
        XCTAssertEqual(top.state.offset, -260)

        let near = Harness()
        near.scroll(-204.5)
        near.pan(.began)
        XCTAssertTrue(near.state.isExpandedStateAvailable)
        let far = Harness()
        far.scroll(-206)
        far.pan(.began)
        XCTAssertFalse(far.state.isExpandedStateAvailable)
    }

    func testPanBeganAlwaysReportsEvenWithoutChange() {
        let h = Harness()
        h.scroll(-200, 50)
        let count = h.reported.count
        h.pan(.began)
        h.pan(.began)
        XCTAssertEqual(h.reported.count, count + 2)
        XCTAssertEqual(h.reported[count], h.reported[count + 1])
    }

    func testExpandedTurnsOffBelowNormalAndCapsAtNormal() {
        let h = Harness()
        h.scroll(-200); h.pan(.began); h.scroll(-280); h.pan(.changed)
        XCTAssertTrue(h.state.isExpandedStateAvailable)
        h.scroll(-190); h.pan(.changed)
        XCTAssertFalse(h.state.isExpandedStateAvailable)
        XCTAssertEqual(h.scrollView.contentInset.top, 200)
        // Scrolling back up now stops at normal.
        h.scroll(-250)
        XCTAssertEqual(h.state.offset, -200)
        // Cancelled is ignored, as in AirBar.
        let count = h.reported.count
        h.pan(.cancelled)
        XCTAssertEqual(h.reported.count, count)
    }

    func testSnapOnEndGoldenTable() {
        for row in goldenTable("bar_snap.tsv") {
            let h = Harness()
            h.scroll(-200); h.pan(.began); h.scroll(row[1])
            XCTAssertEqual(h.state.offset, row[0], "bar_snap.tsv:\(row.line) \(row.label)")
            let count = h.reported.count
            h.pan(.ended)
            XCTAssertEqual(h.reported.count, count, "pan ended assigns no state")
            XCTAssertEqual(h.scrollView.requests.last, .init(contentOffset: CGPoint(x: 0, y: row[2]), animated: true),
                           "bar_snap.tsv:\(row.line) \(row.label)")
        }
    }

    func testExpandOnAndOff() {
        let h = Harness()
        let count = h.reported.count
        h.controller.expand(on: true)
        XCTAssertEqual(h.reported.count, count + 1)
        XCTAssertTrue(h.state.isExpandedStateAvailable)
        XCTAssertEqual(h.scrollView.requests.last, .init(contentOffset: CGPoint(x: 0, y: -300), animated: true))
        XCTAssertEqual(h.scrollView.contentInset.top, 300)
        h.controller.expand(on: false)
        XCTAssertEqual(h.reported.count, count + 1, "off assigns no state")
        XCTAssertTrue(h.controller.state.isExpandedStateAvailable, "off keeps availability")
        XCTAssertEqual(h.scrollView.requests.last, .init(contentOffset: CGPoint(x: 0, y: -200), animated: true))
        XCTAssertEqual(h.scrollView.contentInset.top, 200)
        // Without a scroll view, nothing happens.
        var heard = 0
        let lone = BarController(configuration: Self.config) { _ in heard += 1 }
        lone.expand(on: true)
        XCTAssertEqual(heard, 0)
        XCTAssertFalse(lone.state.isExpandedStateAvailable)
    }

    func testFirstOffsetOnlyRecordedAndEqualOffsetsSkipped() {
        let h = Harness()
        let count = h.reported.count
        h.scroll(-150)
        XCTAssertEqual(h.reported.count, count, "first offset is only recorded")
        XCTAssertEqual(h.controller.state.offset, -200)
        h.scroll(-150)
        XCTAssertEqual(h.reported.count, count)
        h.scroll(-120)
        XCTAssertEqual(h.reported.count, count + 1)
        XCTAssertEqual(h.state.offset, -170)
    }

    func testNonFiniteOffsetsNeverEnterTheState() {
        let h = Harness()
        h.scroll(-200, -150)
        let before = h.controller.state
        let count = h.reported.count
        h.scroll(.nan, .infinity, -.infinity)
        XCTAssertEqual(h.controller.state, before)
        XCTAssertEqual(h.reported.count, count)
        h.scroll(-140) // the delta is measured from -150, the last finite offset
        XCTAssertEqual(h.state.offset, -140)
    }

    func testOtherScrollViewsAreIgnoredAfterSwap() {
        let h = Harness()
        let old = h.scrollView
        let replacement = ManualScrollView(contentSize: CGSize(width: 0, height: 2000),
                                           frame: CGRect(x: 0, y: 0, width: 0, height: 600))
        h.controller.set(scrollable: replacement)
        let count = h.reported.count
        old.setContentOffset(CGPoint(x: 0, y: -200))
        old.setContentOffset(CGPoint(x: 0, y: 100))
        XCTAssertEqual(h.reported.count, count)
    }

    // MARK: - Reducers

    private static func randomTrace(_ rng: inout SplitMix, count: Int) -> [CGFloat] {
        (0..<count).map { i in
            switch rng.next() % 10 {
            case 0: return CGFloat(-400 + Double(rng.next() % 100))  // bounce above the top
            case 1: return CGFloat(1500 + Double(rng.next() % 200))  // bounce below the bottom
            case 2: return i > 0 ? -200 : 0
            default: return CGFloat(rng.unit() * 1700 - 300)
            }
        }
    }

    func testCustomChainsGiveTheDefaultNumbers() {
        let swiftTop: BarController.DeltaYTransformer = .custom { p in
            var params = sd_bar_transform_params()
            params.previous_y = p.previousContentOffset.y
            params.y = p.contentOffset.y
            params.delta_y = p.contentOffsetDeltaY
            params.geometry.inset_top = p.scrollable.contentInset.top
            return sd_bar_ignore_top(&params, nil)
        }
        let reducers: [BarController.StateReducer] = [
            .transformers(BarController.DeltaYTransformer.defaultChain),
            .transformers([swiftTop, .ignoreBottom, .c(sd_bar_cut_out_state_range, nil)]),
        ]
        var rng = SplitMix(seed: 7)
        let trace = Self.randomTrace(&rng, count: 3000)
        for reducer in reducers {
            let h = Harness(reducer: reducer, frameHeight: 600, contentHeight: 1800)
            let r = Harness(frameHeight: 600, contentHeight: 1800)
            for (i, y) in trace.enumerated() {
                if i % 50 == 0 { h.pan(.began); r.pan(.began) }
                h.scroll(y); r.scroll(y)
                if i % 50 == 25 { h.pan(.changed); r.pan(.changed) }
            }
            XCTAssertEqual(h.reported.count, r.reported.count)
            for (a, b) in zip(h.reported, r.reported) { XCTAssertSameBits(a.offset, b.offset) }
        }
    }

    func testCustomClosureAndCReducers() {
        let halfSpeed = Harness(reducer: .custom { p in
            p.state.adding(offset: (p.contentOffset.y - p.previousContentOffset.y) / 2)
        })
        halfSpeed.scroll(-200, -100)
        XCTAssertEqual(halfSpeed.state.offset, -150)
        let nanReducer = Harness(reducer: .custom { p in p.state.adding(offset: .nan) })
        let count = nanReducer.reported.count
        nanReducer.scroll(-200, -100)
        XCTAssertEqual(nanReducer.reported.count, count, "a non-finite result is rejected")
        XCTAssertEqual(nanReducer.controller.state.offset, -200)

        let cReducer: sd_bar_reducer_fn = { params, _ in
            var s = params!.pointee.state
            s.offset += params!.pointee.delta_y * 2
            return s
        }
        let doubled = Harness(reducer: .c(cReducer, nil))
        doubled.scroll(-200, -190)
        XCTAssertEqual(doubled.state.offset, -180)
    }

    // MARK: - Invariants over random traces

    func testInvariantsOverRandomTraces() {
        var rng = SplitMix(seed: 2024)
        for traceIndex in 0..<2000 {
            let h = Harness(frameHeight: 500 + CGFloat(rng.next() % 300), contentHeight: CGFloat(rng.next() % 3000))
            let events = 40
            for _ in 0..<events {
                switch rng.next() % 8 {
                case 0: h.pan(.began)
                case 1: h.pan(.changed)
                case 2: h.pan(.ended)
                case 3: h.controller.expand(on: rng.next() % 2 == 0)
                case 4: h.scroll(.nan)
                default: h.scroll(CGFloat(rng.unit() * 3000 - 600))
                }
                let s = h.controller.state
                XCTAssertTrue(s.height() >= 100 && s.height() <= 300, "trace \(traceIndex): height \(s.height())")
                let p = s.transitionProgress()
                XCTAssertTrue(p >= 0 && p <= 2, "trace \(traceIndex): progress \(p)")
                XCTAssertTrue(s.offset.isFinite)
                if !(s.height() >= 100 && s.height() <= 300) { return }
            }
        }
    }

    func testBatchGivesBitIdenticalHeightsToPerFrameController() {
        var rng = SplitMix(seed: 99)
        for available in [false, true] {
            let ys = Self.randomTrace(&rng, count: 20000).map(Double.init)
            let h = Harness(frameHeight: 700, contentHeight: 1500)
            if available { h.scroll(-200); h.pan(.began) }
            var bar = sd_bar()
            var config = Self.config.cValueForTests
            XCTAssertEqual(sd_bar_init(&bar, &config, nil), SD_OK)
            bar.state.expanded_available = available ? 1 : 0
            var geometry = sd_scroll_geometry(inset_top: h.scrollView.contentInset.top,
                                              inset_bottom: h.scrollView.contentInset.bottom,
                                              content_height: 1500, frame_height: 700)
            if available {
                // The controller has seen -200 already.
                var heights = [0.0]
                _ = sd_bar_reduce_batch(&bar, &geometry, [-200.0], 1, &heights, nil, nil)
            }
            var heights = [Double](repeating: 0, count: ys.count)
            var rejected = 0
            XCTAssertEqual(sd_bar_reduce_batch(&bar, &geometry, ys, ys.count, &heights, &rejected, nil), SD_OK)
            XCTAssertEqual(rejected, 0)
            for (i, y) in ys.enumerated() {
                h.scroll(CGFloat(y))
                if h.controller.state.height().bitPattern != heights[i].bitPattern {
                    XCTFail("frame \(i): controller \(h.controller.state.height()) batch \(heights[i])")
                    return
                }
            }
        }
    }
}

/// The shape every controller shares: events, clock, frames, reconfigure.
final class BarControllerShapeTests: XCTestCase {
    private let config = BarControllerTests.config

    func testEventsInOrderAlsoWhenTheObserverCallsBack() {
        let view = ManualScrollView(contentSize: CGSize(width: 0, height: 2000),
                                    frame: CGRect(x: 0, y: 0, width: 0, height: 600))
        var heights: [CGFloat] = []
        var controller: BarController!
        controller = BarController(configuration: config) { event in
            guard case let .stateChanged(state) = event else { return }
            heights.append(state.height())
            // Re-entrant: a pan that begins assigns the state again while this one is delivered.
            if heights.count == 2 { view.setPanGestureState(.began) }
        }
        controller.set(scrollable: view)
        view.setContentOffset(CGPoint(x: 0, y: -200))
        view.setContentOffset(CGPoint(x: 0, y: -150))
        XCTAssertEqual(heights, [200, 150, 150], "the nested report comes after the one being delivered")
        XCTAssertTrue(controller.state.isExpandedStateAvailable == false)
    }

    func testClockTickAndFrames() {
        let controller = BarController(configuration: config)
        XCTAssertEqual(controller.time, 0)
        XCTAssertEqual(controller.frame.height, 200)
        XCTAssertEqual(controller.frame.stateRange, .normalExpanded)
        let frame = controller.tick(at: 1.5)
        XCTAssertEqual(controller.time, 1.5)
        XCTAssertEqual(frame.time, 1.5)
        // An earlier time counts as the clock; a bad one changes nothing.
        XCTAssertEqual(controller.tick(at: 1.0).time, 1.5)
        XCTAssertEqual(controller.tick(at: .nan).time, 1.5)
        XCTAssertEqual(controller.tick(at: -3).time, 1.5)
        XCTAssertEqual(controller.time, 1.5)
        XCTAssertNil(controller.frame(at: .infinity))
        XCTAssertEqual(controller.frame(at: 9)?.time, 9)
        XCTAssertEqual(controller.time, 1.5, "frame(at:) is pure")
        // expand(on:at:) moves the clock too.
        let view = ManualScrollView(contentSize: CGSize(width: 0, height: 2000),
                                    frame: CGRect(x: 0, y: 0, width: 0, height: 600))
        controller.set(scrollable: view)
        controller.expand(on: true, at: 2)
        XCTAssertEqual(controller.time, 2)
        XCTAssertTrue(controller.frame.isExpandedStateAvailable)
    }

    func testReconfigureKeepsStateClampsAndPreconfigures() throws {
        var reported: [BarController.State] = []
        let controller = BarController(configuration: config) { event in
            if case let .stateChanged(state) = event { reported.append(state) }
        }
        let view = ManualScrollView(contentSize: CGSize(width: 0, height: 2000),
                                    frame: CGRect(x: 0, y: 0, width: 0, height: 600))
        controller.set(scrollable: view)
        view.setContentOffset(CGPoint(x: 0, y: -200))
        view.setContentOffset(CGPoint(x: 0, y: -160))
        XCTAssertEqual(controller.state.height(), 160)
        let smaller = BarController.Configuration(compactStateHeight: 50, normalStateHeight: 100,
                                                  expandedStateHeight: 140)
        try controller.reconfigure(smaller)
        XCTAssertEqual(controller.configuration, smaller)
        XCTAssertEqual(controller.state.height(), 140, "160 clamped to the new expanded height")
        XCTAssertEqual(reported.last, controller.state)
        XCTAssertEqual(view.contentInset.top, 100, "preconfigured for the new normal height")
        XCTAssertEqual(view.scrollIndicatorInsets.top, 100)
        // The tracking is kept: the next offset reduces from -160 (bounce
        // above the new top inset is ignored), and with the expanded state
        // not available the cut-out limits the height to normal.
        view.setContentOffset(CGPoint(x: 0, y: -100))
        XCTAssertEqual(controller.state.height(), 100)
        view.setContentOffset(CGPoint(x: 0, y: -70))
        XCTAssertEqual(controller.state.height(), 70)
    }

    func testAirBarStyleCallsStillCompile() {
        // Trailing closures and labels AirBar code uses.
        let a = BarController(configuration: config) { (_: State) in }
        let b = BarController(configuration: config, stateObserver: { _ in })
        let c = BarController(configuration: config, stateReducer: .default) { _ in }
        let d = BarController(configuration: config) { _ in }
        for controller in [a, b, c, d] { XCTAssertEqual(controller.state.height(), 200) }
    }
}

extension BarController.Configuration {
    var cValueForTests: sd_bar_config {
        sd_bar_config(compact: compactStateHeight, normal: normalStateHeight, expanded: expandedStateHeight)
    }
}

/// A small deterministic generator for test traces.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
