import CScrollDrive
import ScrollDrive
@testable import ScrollDriveBenchSupport
import XCTest

/// The panel, sheet and simulator benchmarks exercise what they claim to:
/// every stage, phase and detent, both scroll edges.
final class SurfaceBenchmarkTests: XCTestCase {
    func testPulldownTraceCrossesEveryStage() {
        let config = sd_pulldown_config_default()
        let trace = PulldownBenchmarkTrace(frames: 200_000)
        let bounds = [config.cp0, config.cp1, config.cp2, config.cp3]
        var stages = [Int](repeating: 0, count: 5)
        for d in trace.distances { stages[bounds.filter { d > $0 }.count] += 1 }
        for (stage, count) in stages.enumerated() { XCTAssertGreaterThan(count, 2_000, "stage \(stage)") }
        XCTAssertEqual(PulldownBenchmarkTrace(frames: 1_000).distances, Array(trace.distances.prefix(1_000)))
    }

    func testPulldownTicksOpenReturnAndClose() {
        let scene = PulldownTickScene(frames: 2 * PulldownTickScene.cycle)
        var listPhases = Set<UInt32>(), panelTransitions = Set<UInt32>()
        for i in 0..<scene.frames {
            _ = scene.run(i..<(i + 1))
            listPhases.insert(scene.machine.list.phase)
            panelTransitions.insert(scene.machine.panel.transition)
        }
        XCTAssertTrue(listPhases.contains(SD_PULLDOWN_PULLING.rawValue), "pulling")
        XCTAssertTrue(listPhases.contains(SD_PULLDOWN_REFRESHING.rawValue), "opened")
        XCTAssertTrue(panelTransitions.contains(SD_PULLDOWN_TRANSITION_RETURN.rawValue), "returned")
        XCTAssertTrue(panelTransitions.contains(SD_PULLDOWN_TRANSITION_CLOSE.rawValue), "closed")
        XCTAssertEqual(scene.machine.list.phase, SD_PULLDOWN_IDLE.rawValue, "a cycle ends at rest")
    }

    func testSheetDragsVisitEveryDetent() {
        let scene = SheetScene(frames: 24 * SheetScene.cycle)
        var detents = Set<UInt32>()
        for i in stride(from: 0, to: scene.frames, by: 12) {
            _ = scene.runDrags(i..<(i + 12))
            detents.insert(scene.sheet.state.detent)
        }
        XCTAssertEqual(detents, [0, 1, 2])
    }

    func testSimulatorCrossesBothEdgesAndMovesTheBar() {
        let scene = SimBarScene(frames: 8 * SimBarScene.cycle)
        var minY = Double.infinity, maxY = -Double.infinity
        var heights = Set<Double>()
        for i in 0..<scene.frames {
            _ = scene.run(i..<(i + 1))
            let y = Double(scene.view!.contentOffset.y)
            minY = min(minY, y)
            maxY = max(maxY, y)
            heights.insert(scene.heightForTests)
        }
        XCTAssertLessThan(minY, 0, "bounced past the top")
        XCTAssertGreaterThan(maxY, 3000 - 844, "bounced past the bottom")
        XCTAssertTrue(heights.contains(100) && heights.contains(200), "compact and normal")
        XCTAssertGreaterThan(heights.count, 10, "and heights between")
    }
}

