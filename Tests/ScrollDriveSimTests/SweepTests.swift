import CScrollDrive
import ScrollDrive
@testable import ScrollDriveSim
import XCTest

final class SweepTests: XCTestCase {
    private let grid = [
        SweepSetting(key: "upThreshold", values: [.number(0.15), .number(0.25)]),
        SweepSetting(key: "projection", values: [.bool(true), .bool(false)]),
    ]

    private func plan(gestures: Int = 1200, seed: UInt64 = 7, shard: SweepPlan.Shard? = nil) -> SweepPlan {
        SweepPlan(surface: "sheet", seed: seed, gestures: gestures, fps: 120, settings: grid, shard: shard)
    }

    // MARK: Determinism

    func testThreadCountDoesNotChangeABit() throws {
        let one = try Sweep.run(plan(), threads: 1)
        let two = try Sweep.run(plan(), threads: 2)
        let five = try Sweep.run(plan(), threads: 5)
        XCTAssertEqual(one.json(), two.json())
        XCTAssertEqual(one.csv(), two.csv())
        XCTAssertEqual(one.json(), five.json())
        XCTAssertEqual(one.points.count, 4)
        XCTAssertEqual(one.points.map(\.statistics.gestures), [1200, 1200, 1200, 1200])
    }

    func testShardsMergeIntoTheUnshardedResult() throws {
        let whole = try Sweep.run(plan(), threads: 2)
        // Out of order, through their JSON, as `sweep merge` reads them.
        var parts: [SweepResult] = []
        for i in [3, 1, 2] {
            let shard = try Sweep.run(plan(shard: .init(index: i, count: 3)), threads: 2)
            XCTAssertEqual(shard.points[0].statistics.gestures, plan(shard: .init(index: i, count: 3)).range.count)
            parts.append(try SweepResult(json: shard.json()))
        }
        let merged = try SweepResult.merge(parts, names: ["3", "1", "2"])
        XCTAssertEqual(merged.json(), whole.json())
        XCTAssertEqual(merged.csv(), whole.csv())
        XCTAssertEqual(merged.table(), whole.table())
    }

    func testShardRangesCoverEveryGestureOnce() {
        for (line, total, count) in [(#line, 10, 3), (#line, 1, 4), (#line, 1000, 7), (#line, 5, 5)] {
            let ranges = (1...count).map { SweepPlan.Shard(index: $0, count: count).range(of: total) }
            XCTAssertEqual(ranges.first?.lowerBound, 0, "line \(line)")
            XCTAssertEqual(ranges.last?.upperBound, total, "line \(line)")
            for (a, b) in zip(ranges, ranges.dropFirst()) { XCTAssertEqual(a.upperBound, b.lowerBound, "line \(line)") }
        }
    }

    func testJSONRoundTrips() throws {
        let result = try Sweep.run(plan(gestures: 300, shard: .init(index: 2, count: 2)), threads: 2)
        XCTAssertEqual(try SweepResult(json: result.json()), result)
    }

    func testAPopulationIsTheSameForEveryStartAndRange() {
        let population = GesturePopulation(starts: [0, 1])
        XCTAssertEqual(population.gesture(seed: 3, index: 41), population.gesture(seed: 3, index: 41))
        XCTAssertNotEqual(population.gesture(seed: 3, index: 41), population.gesture(seed: 4, index: 41))
        for i in 0..<2000 {
            let g = population.gesture(seed: 9, index: i)
            switch g.kind {
            case .drag:
                XCTAssert((8...600).contains(abs(g.distance)), "gesture \(i)")
                XCTAssertLessThanOrEqual(abs(g.velocity), GesturePopulation.minimumFlingVelocity, "gesture \(i)")
            case .flick, .interrupted:
                XCTAssert((50...8000).contains(abs(g.velocity)), "gesture \(i)")
                XCTAssertEqual(g.distance, g.velocity * g.duration / 2, "gesture \(i)")
            case .hold, .tap:
                XCTAssertEqual(g.distance, 0, "gesture \(i)")
            case .script:
                XCTFail("gesture \(i): scripts are never generated")
            }
            // The finger path ends exactly at the distance.
            XCTAssertEqual(SweepGesture.translation(distance: g.distance, duration: g.duration, velocity: g.velocity,
                                                    at: g.duration), g.distance)
        }
    }

    // MARK: Hand-computed cases

    /// A sheet with one detent: every gesture, whatever it does, lands there.
    func testEveryGestureLandsOnTheOnlyDetent() throws {
        let plan = SweepPlan(surface: "sheet", seed: 1, gestures: 1000,
                             settings: [SweepSetting(key: "detents", values: [.array([.string("half")])])])
        let s = try Sweep.run(plan, threads: 2).points[0].statistics
        XCTAssertEqual(s.states, ["half"])
        XCTAssertEqual(s.landings(from: 0, to: 0), 1000)
        XCTAssertEqual(s.settled, 1000)
        XCTAssertEqual(s.violations, [0, 0, 0, 0, 0])
        XCTAssertEqual(s.restBetweenFrames, 0)
    }

    /// Thresholds no finger can cross (the whole screen, and an overscroll
    /// return far beyond the longest drag, 600 pt): every release stays where
    /// it started (no taps: a tap dismisses by design), and the count from
    /// each start is the population's, counted here.
    func testUnreachableThresholdsKeepEveryReleaseOnItsDetent() throws {
        var weights = GesturePopulation.defaultWeights
        weights[.tap] = 0
        let plan = SweepPlan(surface: "sheet", seed: 5, gestures: 2000, weights: weights, settings: [
            SweepSetting(key: "upThreshold", values: [.number(1)]),
            SweepSetting(key: "downThreshold", values: [.number(1)]),
            SweepSetting(key: "overscrollReturn", values: [.number(10000)]),
        ])
        let result = try Sweep.run(plan, threads: 2)
        let s = result.points[0].statistics
        let population = GesturePopulation(weights: weights, starts: [0, 1])
        var starts = [0, 0, 0]
        for i in 0..<2000 { starts[population.gesture(seed: 5, index: i).start] += 1 }
        XCTAssertEqual(s.states, ["full", "half", "dismissed"])
        for start in 0..<3 {
            for end in 0..<3 {
                XCTAssertEqual(s.landings(from: start, to: end), start == end ? starts[start] : 0, "\(start) -> \(end)")
            }
        }
        XCTAssertEqual(s.landings(from: 0, to: 0, kind: .tap), 0)
        XCTAssertEqual(s.violations.reduce(0, +), 0)
    }

    /// A threshold exactly at a generated drag's translation: the rule is
    /// strict (translation < -upThreshold * height goes up), so at the
    /// threshold and one ulp above the sheet stays at half; one ulp below it
    /// goes full.
    func testAThresholdExactlyAtAGeneratedTranslation() throws {
        let height = Double(SimScrollView.Configuration().frame.height)
        let population = GesturePopulation(weights: [.drag: 1], starts: [1])
        // The first upward drag whose |translation| / height * height gives it back exactly.
        let (index, gesture) = try XCTUnwrap((0..<100).lazy.map { ($0, population.gesture(seed: 11, index: $0)) }
            .first { $1.distance < 0 && -$1.distance / height * height == -$1.distance })
        let threshold = -gesture.distance / height
        for (line, up, landing) in [(#line, threshold, "half"), (#line, threshold.nextUp, "half"),
                                    (#line, threshold.nextDown, "full")] {
            let plan = SweepPlan(surface: "sheet", gestures: 1,
                                 settings: [SweepSetting(key: "upThreshold", values: [.number(up)])])
            let kernel = try plan.kernel(at: [.number(up)])
            var stats = kernel.emptyStatistics()
            kernel.run(gesture, index: index, into: &stats)
            let end = try XCTUnwrap((0..<3).first { stats.landings(from: 1, to: $0) == 1 }, "line \(line)")
            XCTAssertEqual(stats.states[end], landing, "line \(line)")
        }
    }

    /// At full the sweep's inner content rubber-bands a pull past its top
    /// as the simulator's scroll view does, so a 200 pt pull shows about 97
    /// pt and stays at full while a 400 pt one passes the 120 pt return;
    /// with UIKit's hand-off the 200 pt pull is 200 pt and returns.
    func testSheetSweepBandsThePullAtFull() throws {
        func landing(_ distance: Double, followsFinger: Bool) throws -> String {
            let values: [JSONValue] = [.bool(followsFinger)]
            let plan = SweepPlan(surface: "sheet", gestures: 1,
                                 settings: [SweepSetting(key: "overscrollFollowsFinger", values: values)])
            let kernel = try plan.kernel(at: values)
            var stats = kernel.emptyStatistics()
            let gesture = SweepGesture(kind: .drag, start: 0, distance: distance, duration: 0.5, velocity: 0,
                                       delay: 0, distance2: 0, duration2: 0, velocity2: 0)
            kernel.run(gesture, index: 0, into: &stats)
            let end = try XCTUnwrap((0..<3).first { stats.landings(from: 0, to: $0) == 1 })
            return stats.states[end]
        }
        XCTAssertEqual(try landing(200, followsFinger: false), "full")
        XCTAssertEqual(try landing(400, followsFinger: false), "half")
        XCTAssertEqual(try landing(200, followsFinger: true), "half")
    }

    // MARK: The bar and the pull-down panel

    func testSimulatorSurfaceSweepsAreTheSameForAnyThreadCountAndShards() throws {
        for (line, surface, setting, states) in [
            (#line, "bar", SweepSetting(key: "normal", values: [.number(100), .number(120)]),
             ["compact", "normal", "expanded", "between states"]),
            (#line, "pulldown", SweepSetting(key: "preset", values: [.string("article"), .string("wechat")]),
             ["closed", "open", "between states"]),
            (#line, "refresh", SweepSetting(key: "pages", values: [.number(1), .number(2)]),
             ["top", "scrolled", "refreshed", "loaded", "no more data", "between states"]),
        ] {
            let plan = SweepPlan(surface: surface, seed: 3, gestures: 90, settings: [setting])
            let one = try Sweep.run(plan, threads: 1)
            XCTAssertEqual(one.json(), try Sweep.run(plan, threads: 2).json(), "line \(line)")
            var parts: [SweepResult] = []
            for i in 1...2 {
                var shard = plan
                shard.shard = .init(index: i, count: 2)
                parts.append(try SweepResult(json: try Sweep.run(shard, threads: 2).json()))
            }
            XCTAssertEqual(try SweepResult.merge(parts, names: ["1", "2"]).json(), one.json(), "line \(line)")
            XCTAssertEqual(one.points[0].statistics.states, states, "line \(line)")
        }
    }

    /// A finger that never moves (holds and taps) leaves the bar's content,
    /// the pull-down's list and panel, and the refresh surface's list where
    /// they were: every gesture ends in its start state.
    func testHoldsAndTapsLeaveTheBarAndThePanelInTheirState() throws {
        for (line, surface, starts) in [(#line, "bar", [0, 1, 2]), (#line, "pulldown", [0, 1]), (#line, "refresh", [0, 1])] {
            let plan = SweepPlan(surface: surface, seed: 2, gestures: 80, weights: [.hold: 1, .tap: 1])
            let s = try Sweep.run(plan, threads: 2).points[0].statistics
            let population = GesturePopulation(weights: [.hold: 1, .tap: 1], starts: starts)
            var counts = Array(repeating: 0, count: s.states.count)
            for i in 0..<80 { counts[population.gesture(seed: 2, index: i).start] += 1 }
            for start in s.states.indices {
                for end in s.states.indices {
                    XCTAssertEqual(s.landings(from: start, to: end), start == end ? counts[start] : 0,
                                   "line \(line): \(start) -> \(end)")
                }
            }
            XCTAssertEqual(s.restBetweenFrames, 0, "line \(line)")
            XCTAssertEqual(s.violations.reduce(0, +), 0, "line \(line)")
        }
    }


    /// Pull to refresh, swept: the footer fires at most once per approach
    /// (a gesture's loads are 0 or 1: the footer re-arms only once the end
    /// has left its zone, and one flick comes near the end once), a pull
    /// down from the top refreshes exactly when it is released past the
    /// 54 pt threshold, and the time to idle of a refresh is at least the
    /// begin motion, the app's 1 s and the end motion (1.65 s).
    func testRefreshSweepLoadsOncePerApproachAndRefreshesPastTheThreshold() throws {
        let plan = SweepPlan(surface: "refresh", seed: 5, gestures: 400, weights: [.drag: 1, .flick: 1])
        let s = try Sweep.run(plan, threads: 2).points[0].statistics
        XCTAssertEqual(s.states, ["top", "scrolled", "refreshed", "loaded", "no more data", "between states"])
        XCTAssertEqual(s.events[2...].reduce(0, +), 0, "at most one load per gesture")
        XCTAssertGreaterThan(s.events[1], 20)
        XCTAssertGreaterThan(s.landings(from: 0, to: 2), 20)
        XCTAssertGreaterThan(s.landings(from: 1, to: 3), 20)
        XCTAssertEqual(s.restBetweenFrames, 0)
        XCTAssertEqual(s.violations.reduce(0, +), 0)
        // Which drags from the top refresh: none that moved the finger 54 pt or less (the list at its top
        // rubber-bands the pull, so the release sees less than the finger's travel), and every one whose
        // banded travel (at the 844 pt screen) is clearly past the threshold (60 pt; the drag's slop aside).
        let kernel = try plan.kernel(at: [])
        let population = Sweep.population(plan, kernel: kernel)
        var refreshing = 0
        for i in 0..<400 {
            let g = population.gesture(seed: 5, index: i)
            guard g.start == 0, g.kind == .drag, g.distance > 0 else { continue }
            var stats = kernel.emptyStatistics()
            kernel.run(g, index: i, into: &stats)
            let refreshed = stats.landings(from: 0, to: 2) == 1
            if g.distance <= 54 { XCTAssertFalse(refreshed, "gesture \(i): \(g.summary)") }
            if sd_rubber_band(g.distance, 844) > 60 { XCTAssertTrue(refreshed, "gesture \(i): \(g.summary)") }
            if refreshed {
                refreshing += 1
                // Settle frames are counted from the lift: at least 1.65 s to idle.
                XCTAssertGreaterThanOrEqual(Double(stats.settlePercentile(100) ?? 0) / 120, 1.65 - 1 / 120.0, "gesture \(i)")
            }
        }
        XCTAssertGreaterThan(refreshing, 5)
    }

    // MARK: A folder of scripts

    /// Two scripts on the seed's sheet at half (844 pt screen): a 200 pt
    /// drag up crosses the up threshold at 0.2 (200 > 168.8) but not at 0.3
    /// (253.2); a 60 pt flick down stays at half for both.
    func testAScriptFolderIsAPopulation() throws {
        let folder = try scriptFolder("sweep-scripts", [
            ("a.json", #"{"surface": {"type": "sheet"}, "steps": [{"do": "drag", "from": [195, 500], "to": [195, 300], "duration": 0.4}]}"#),
            ("b.json", #"{"surface": {"type": "sheet"}, "steps": [{"do": "fling", "from": [195, 500], "to": [195, 560], "duration": 0.1, "velocity": 2000}]}"#),
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        var plan = SweepPlan(surface: "sheet", gestures: 2,
                             settings: [SweepSetting(key: "upThreshold", values: [.number(0.2), .number(0.3)])])
        plan.scripts = try ScriptSweep.folder(folder.path)
        let result = try Sweep.run(plan, threads: 2)
        let (low, high) = (result.points[0].statistics, result.points[1].statistics)
        XCTAssertEqual(low.states, ["full", "half", "dismissed", "between states"])
        XCTAssertEqual([low.landings(from: 1, to: 0), low.landings(from: 1, to: 1)], [1, 1])
        XCTAssertEqual([high.landings(from: 1, to: 0), high.landings(from: 1, to: 1)], [0, 2])
        XCTAssertEqual(low.settled, 2)
        // Shards of a script folder merge into the whole, too.
        var parts: [SweepResult] = []
        for i in 1...2 {
            var shard = plan
            shard.shard = .init(index: i, count: 2)
            parts.append(try SweepResult(json: try Sweep.run(shard, threads: 1).json()))
        }
        XCTAssertEqual(try SweepResult.merge(parts, names: ["1", "2"]).json(), result.json())
        // A script of another surface is refused, naming it.
        try #"{"surface": {"type": "bar"}, "steps": []}"#.write(to: folder.appendingPathComponent("c.json"),
                                                                 atomically: true, encoding: .utf8)
        plan.scripts = try ScriptSweep.folder(folder.path)
        XCTAssertThrowsError(try Sweep.run(plan, threads: 1)) { error in
            XCTAssert("\(error)".hasPrefix("--scripts: c.json with --set sheet.upThreshold=0.2: $.surface.type: is bar, not the swept sheet"), "\(error)")
        }
    }

    /// Refresh scripts as a population: the states are read from the
    /// controller's core (a 300 pt pull from the top refreshes, a 30 pt one
    /// leaves the list at its top, a flick to the end of the last page
    /// leaves no more data).
    func testRefreshScriptsLandInTheCoresStates() throws {
        let folder = try scriptFolder("sweep-refresh", [
            ("a.json", #"{"surface": {"type": "refresh"}, "steps": [{"do": "drag", "from": [195, 200], "to": [195, 500], "duration": 0.5}]}"#),
            ("b.json", #"{"surface": {"type": "refresh"}, "steps": [{"do": "drag", "from": [195, 200], "to": [195, 230], "duration": 0.3}]}"#),
            // 1000 pt of content and one page: a flick to the end loads the last page (the footer's state).
            ("c.json", #"{"surface": {"type": "refresh", "pages": 1}, "steps": [{"do": "content-size", "height": 1000}, {"do": "fling", "from": [195, 700], "to": [195, 400], "duration": 0.1, "velocity": -3000}]}"#),
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        var plan = SweepPlan(surface: "refresh", gestures: 3)
        plan.scripts = try ScriptSweep.folder(folder.path)
        let stats = try Sweep.run(plan, threads: 1).points[0].statistics
        XCTAssertEqual(stats.states, ["top", "scrolled", "refreshed", "loaded", "no more data", "between states"])
        XCTAssertEqual([stats.landings(from: 0, to: 0), stats.landings(from: 0, to: 2), stats.landings(from: 0, to: 4)],
                       [1, 1, 1])
        XCTAssertEqual(stats.settled, 3)
    }

    /// The refresh scripts above on an iPhone-15-shaped screen under a
    /// navigation bar (safe area 103 / 34), as a sweep: under UIKit's
    /// `.automatic` adjustment and under `.never` the states and landings
    /// are those of a screen without a safe area, statistic for statistic.
    func testScriptSweepsOnANotchedPhoneInBothModes() throws {
        func stats(_ keys: String) throws -> SweepStatistics {
            let scrollView = #""scrollView": {"width": 393, "height": 852\#(keys)}, "#
            let folder = try scriptFolder("sweep-notch", [
                ("a.json", #"{"surface": {"type": "refresh", "insetTop": 103}, "# + scrollView + #""steps": [{"do": "drag", "from": [195, 200], "to": [195, 500], "duration": 0.5}]}"#),
                ("b.json", #"{"surface": {"type": "refresh", "insetTop": 103}, "# + scrollView + #""steps": [{"do": "drag", "from": [195, 200], "to": [195, 206], "duration": 0.1}]}"#),
            ])
            defer { try? FileManager.default.removeItem(at: folder) }
            var plan = SweepPlan(surface: "refresh", gestures: 2)
            plan.scripts = try ScriptSweep.folder(folder.path)
            return try Sweep.run(plan, threads: 1).points[0].statistics
        }
        let plain = try stats("")
        XCTAssertEqual([plain.landings(from: 0, to: 0), plain.landings(from: 0, to: 2)], [1, 1],
                       "the 6 pt drag leaves the list at its top; the 300 pt one refreshes")
        XCTAssertEqual(try stats(#", "safeAreaTop": 103, "safeAreaBottom": 34, "contentInsetAdjustment": "automatic""#), plain)
        XCTAssertEqual(try stats(#", "safeAreaTop": 103, "safeAreaBottom": 34, "contentInsetAdjustment": "never""#), plain)
    }

    /// A new temporary folder `name` holding `scripts` (file name, text).
    private func scriptFolder(_ name: String, _ scripts: [(String, String)]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (file, text) in scripts { try text.write(to: folder.appendingPathComponent(file), atomically: true, encoding: .utf8) }
        return folder
    }

    // MARK: Bad input

    func testBadSettingsNameTheArgument() throws {
        let cases: [(UInt, String, String)] = [
            (#line, "sheet.upThreshhold=0.2", "--set sheet.upThreshhold=0.2: unknown key \"upThreshhold\""),
            (#line, "bar.compact=60", "--set bar.compact=60: \"bar.\" names the bar surface, not the sheet this runs"),
            (#line, "sheet.upThreshold", "--set sheet.upThreshold: expected KEY=VALUE[,VALUE...] (or sheet.KEY=...)"),
            (#line, "sheet.upThreshold=0.2,", "--set sheet.upThreshold=0.2,: empty value"),
            (#line, "upThreshold=0.2,nan", "--set upThreshold=0.2,nan: nan is not a finite number"),
            (#line, "sheet.upThreshold=1e400", "--set sheet.upThreshold=1e400: 1e400 is not a finite number"),
            (#line, "=0.2", "--set =0.2: expected KEY=VALUE"),
        ]
        for (line, argument, message) in cases {
            XCTAssertThrowsError(try SweepSetting.parse(argument, surface: "sheet"), line: line) { error in
                XCTAssert("\(error)".hasPrefix(message), "\(error)", line: line)
            }
        }
        // A bare key and one prefixed with the swept surface's name are the same setting.
        XCTAssertEqual(try SweepSetting.parse("upThreshold=0.15,0.25", surface: "sheet"),
                       try SweepSetting.parse("sheet.upThreshold=0.15,0.25", surface: "sheet"))
        XCTAssertEqual(try SweepSetting.parse("projection=on,off", surface: "sheet").values, [.bool(true), .bool(false)])
        let negative = SweepPlan(surface: "sheet", gestures: 10,
                                 settings: [SweepSetting(key: "upThreshold", values: [.number(0.2), .number(-0.1)])])
        XCTAssertThrowsError(try Sweep.run(negative, threads: 1)) { error in
            XCTAssert("\(error)".hasPrefix("--set sheet.upThreshold=-0.1: sheet.upThreshold: "), "\(error)")
        }
        // A bad value is echoed as the command line wrote its key.
        let bare = SweepPlan(surface: "sheet", gestures: 10, settings: [try SweepSetting.parse("upThreshold=0.2,5", surface: "sheet")])
        XCTAssertThrowsError(try Sweep.run(bare, threads: 1)) { error in
            XCTAssert("\(error)".hasPrefix("--set upThreshold=5: sheet.upThreshold: must be within 0...1"), "\(error)")
        }
        for text in ["0/3", "4/3", "1/0", "a/b", "1", "1/2/3"] {
            XCTAssertThrowsError(try SweepPlan.Shard.parse(text)) { error in
                XCTAssert("\(error)".hasPrefix("--shard \(text): expected I/N"), "\(error)")
            }
        }
    }

    func testMergeRejectsMismatchedShards() throws {
        let a = try Sweep.run(plan(gestures: 60, shard: .init(index: 1, count: 2)), threads: 1)
        let b = try Sweep.run(plan(gestures: 60, shard: .init(index: 2, count: 2)), threads: 1)
        let otherSeed = try Sweep.run(plan(gestures: 60, seed: 8, shard: .init(index: 2, count: 2)), threads: 1)
        let whole = try Sweep.run(plan(gestures: 60), threads: 1)
        let cases: [(UInt, [SweepResult], String)] = [
            (#line, [a, otherSeed], "b.json: belongs to another sweep than a.json"),
            (#line, [a, a], "b.json: repeats shard 1/2"),
            (#line, [a], "merge: shard 2/2 is missing"),
            (#line, [whole, b], "a.json: is not a shard output"),
        ]
        for (line, parts, message) in cases {
            XCTAssertThrowsError(try SweepResult.merge(parts, names: ["a.json", "b.json"]), line: line) { error in
                XCTAssert("\(error)".hasPrefix(message), "\(error)", line: line)
            }
        }
        XCTAssertEqual(try SweepResult.merge([b, a], names: ["b", "a"]).json(), whole.json())
    }

    // MARK: Reports

    func testReportsCarryTheStatistics() throws {
        let result = try Sweep.run(plan(gestures: 400), threads: 2)
        let csv = result.csv().split(separator: "\n")
        XCTAssertEqual(csv.count, 5)
        XCTAssert(csv[0].hasPrefix("upThreshold,projection,gestures,frames,settled,settle_p50_s,"), String(csv[0]))
        XCTAssert(csv[1].hasPrefix("0.15,on,400,"), String(csv[1]))
        let html = SweepHTMLReport(result).page()
        XCTAssertEqual(html.components(separatedBy: "<h2>").count - 1, 5)  // the overview and one per configuration
        XCTAssertFalse(html.contains("<script"))
        XCTAssert(html.contains(#"<meta name="viewport" content="width=device-width, initial-scale=1">"#))
        // The events histogram's last bucket counts "N or more" only when it is drawn.
        let overflow = SweepStatistics.eventBuckets - 1
        let reached = result.points.contains { ($0.statistics.events.lastIndex { $0 > 0 } ?? 0) == overflow }
        XCTAssertEqual(html.contains("(the last bar: \(overflow) or more)"), reached)
        XCTAssert(result.table().contains("## upThreshold=0.25 projection=off"))
    }
}
