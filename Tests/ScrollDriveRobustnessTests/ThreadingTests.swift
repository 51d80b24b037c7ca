import Foundation
import ScrollDrive
import ScrollDriveSim
import XCTest

/// The controllers' documented threading rule: a controller is not
/// `Sendable`; each one is created and fed on one thread. Independent
/// controllers on different threads must not interfere: no shared mutable
/// state anywhere below them (Swift or C). `make test-swift-tsan` runs this
/// under ThreadSanitizer; here it also checks that every thread gets the
/// results a single thread gets for the same seed.
final class ThreadingTests: XCTestCase {
    /// A lock-protected result table written by the worker threads.
    private final class Results: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [Int: [Int]] = [:]
        func set(_ key: Int, _ value: [Int]) { lock.lock(); values[key] = value; lock.unlock() }
        var all: [Int: [Int]] { lock.lock(); defer { lock.unlock() }; return values }
    }

    /// Runs one bar, one sheet and one pull-down controller of its own through
    /// `seed`'s events and returns a digest of what they reported (failures
    /// count as -1 entries).
    private static func work(seed: UInt64) -> [Int] {
        [BarPropertyTests.run(seed: seed, count: 3_000, perController: 1_000) == 0 ? 0 : -1,
         SheetPropertyTests.run(seed: seed, count: 2_000, perController: 1_000) == 0 ? 0 : -1,
         PulldownPropertyTests.run(seed: seed, count: 2_000, perController: 1_000) == 0 ? 0 : -1,
         digest(seed: seed)]
    }

    /// A digest of one controller of each kind driven by the same seeded inputs.
    private static func digest(seed: UInt64) -> Int {
        var draw = Draw(seed: seed)
        var hasher = Hasher()
        let scrollView = ManualScrollView(contentSize: CGSize(width: 320, height: 2000),
                                          frame: CGRect(x: 0, y: 0, width: 320, height: 600))
        let bar = BarController(configuration: Configuration(compactStateHeight: 100, normalStateHeight: 200,
                                                              expandedStateHeight: 300)) { hasher.combine($0.offset) }
        bar.set(scrollable: scrollView)
        let sheet = try! SheetController(configuration: .seed(containerHeight: 800), initialDetent: .half) {
            hasher.combine("\($0)")
        }
        var t = 0.0
        for _ in 0..<2_000 {
            switch draw.int(0...5) {
            case 0: scrollView.setPanGestureState(.began)
            case 1: scrollView.setPanGestureState(.ended)
            case 2: sheet.dragBegan(at: t, contentOffset: 0)
            case 3: sheet.dragChanged(translation: draw.double(-300...300, wild: 0), at: t, contentOffset: 0)
            case 4: sheet.dragEnded(velocity: draw.double(-2000...2000, wild: 0), at: t)
            default: scrollView.setContentOffset(CGPoint(x: 0, y: draw.double(-300...1000, wild: 0)))
            }
            t += 1.0 / 60
            hasher.combine(sheet.tick(at: t).sheetTop)
        }
        return hasher.finalize()
    }

    func testIndependentControllersOnSeveralThreads() {
        let threads = 4
        let results = Results()
        DispatchQueue.concurrentPerform(iterations: threads) { i in
            results.set(i, Self.work(seed: UInt64(1000 + i)))
        }
        let all = results.all
        XCTAssertEqual(all.count, threads)
        for i in 0..<threads {
            // The same seed on this thread alone gives the same results.
            XCTAssertEqual(all[i], Self.work(seed: UInt64(1000 + i)), "thread \(i) differs from a lone run")
            XCTAssertEqual(all[i]?.prefix(3).allSatisfy { $0 == 0 }, true, "thread \(i) broke an invariant")
        }
    }
}
