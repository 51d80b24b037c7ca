import CScrollDrive
import Foundation
import ScrollDrive
import XCTest

/// The pull-down panel's numbers from the WeChat article, from the golden tables the cmocka
/// tests read too (Tests/Golden/pulldown_*.tsv), through the Swift API.
final class PulldownGoldenTests: XCTestCase {
    typealias Controller = PulldownPanelController

    private static func preset(_ row: GoldenRow) -> Controller.Configuration {
        row[0] == 0 ? .article : .wechat
    }

    /// Checks an indicator and a reveal against a stage-table row, exactly.
    private func assertStage(_ ind: Controller.Indicator, _ rev: Controller.Reveal, _ row: GoldenRow,
                             _ how: String, file: StaticString = #filePath)
    {
        let name = "pulldown_stages.tsv:\(row.line) (\(row.label), \(how))"
        let got: [CGFloat] = [
            ind.alpha, ind.height,
            ind.left.alpha, ind.left.scale, ind.left.x,
            ind.centre.alpha, ind.centre.scale, ind.centre.x,
            ind.right.alpha, ind.right.scale, ind.right.x,
            rev.containerAlpha, rev.panelAlpha, rev.panelScaleX, rev.panelScaleY, rev.maskAlpha,
        ]
        let columns = ["ind_alpha", "ind_height", "l_alpha", "l_scale", "l_x", "c_alpha", "c_scale", "c_x",
                       "r_alpha", "r_scale", "r_x", "container", "panel_alpha", "panel_sx", "panel_sy", "mask"]
        XCTAssertEqual(row.values.count, 2 + columns.count, name, file: file, line: row.line)
        for (i, column) in columns.enumerated() where 2 + i < row.values.count {
            XCTAssertEqual(got[i], row[2 + i], "\(name): \(column)", file: file, line: row.line)
        }
    }

    /// The stage table through the pure per-offset functions.
    func testStageTableThroughConfigurationFunctions() throws {
        for row in goldenTable("pulldown_stages.tsv") {
            let c = Self.preset(row)
            let ind = try XCTUnwrap(c.indicator(pullDistance: row[1]))
            let rev = try XCTUnwrap(c.reveal(pullDistance: row[1]))
            assertStage(ind, rev, row, "function")
        }
    }

    /// The stage table through the controller: a drag on the chat list down
    /// to the row's pull distance, then one tick; the frame shows the row.
    func testStageTableThroughControllerFrames() {
        for row in goldenTable("pulldown_stages.tsv") {
            let h = PulldownHarness(Self.preset(row))
            let d = row[1]
            h.pullList(d > 0 ? (1...10).map { d * CGFloat($0) / 10 } : [d])
            let f = h.frame
            XCTAssertEqual(f.navigationBarTop, max(0, d), "pulldown_stages.tsv:\(row.line)", line: row.line)
            XCTAssertEqual(f.listContentOffset, h.y(d), "pulldown_stages.tsv:\(row.line)", line: row.line)
            let reveal = h.configuration.reveal(pullDistance: d)!
            // The frame carries the reveal's values field by field.
            XCTAssertEqual(f.containerAlpha, reveal.containerAlpha, line: row.line)
            XCTAssertEqual(f.panelAlpha, reveal.panelAlpha, line: row.line)
            XCTAssertEqual(f.panelScaleX, reveal.panelScaleX, line: row.line)
            XCTAssertEqual(f.panelScaleY, reveal.panelScaleY, line: row.line)
            XCTAssertEqual(f.maskAlpha, reveal.maskAlpha, line: row.line)
            assertStage(f.indicator, reveal, row, "frame")
        }
    }

    /// The WeChat article's stage list, written out (the golden file must say the same):
    /// centre ball scale by offset, side alphas and shifts, the reveal at 185.
    func testArticleStageTableAsTheIssueStatesIt() {
        let c = Controller.Configuration.article
        let rows: [(UInt, CGFloat, CGFloat?)] = [
            (#line, 0, 0), (#line, 59, 0), (#line, 60, 0), (#line, 75, 1), (#line, 90, 2),
            (#line, 110, 1.5), (#line, 130, 1), (#line, 185, 1), (#line, 240, 1), (#line, 300, nil),
        ]
        for (line, d, scale) in rows {
            let ind = c.indicator(pullDistance: d)!
            if let scale {
                XCTAssertEqual(ind.alpha, 1, line: line)
                XCTAssertEqual(ind.centre.scale, scale, line: line)
            } else {
                XCTAssertEqual(ind.alpha, 0, "above cp3 the indicator is hidden", line: line)
            }
        }
        let at110 = c.indicator(pullDistance: 110)!
        XCTAssertEqual([at110.left.alpha, at110.right.alpha, at110.left.x, at110.right.x], [1, 1, -8, 8])
        let at185 = c.indicator(pullDistance: 185)!
        XCTAssertEqual([at185.left.alpha, at185.centre.alpha, at185.right.alpha], [0.5, 0.5, 0.5])
        XCTAssertEqual([at185.left.x, at185.right.x], [-16, 16])
        let reveal = c.reveal(pullDistance: 185)!
        XCTAssertEqual(reveal.panelAlpha, 0.15)
        XCTAssertEqual([reveal.panelScaleX, reveal.panelScaleY], [0.65, 0.45])
        XCTAssertEqual(reveal.maskAlpha, 0.15)
        XCTAssertEqual(c.navigationBarColour(pullUpDistance: 65), Controller.Colour(red: 246, green: 246, blue: 246))
        XCTAssertEqual(c.navigationBarColour(pullUpDistance: 65)?.hex, "#F6F6F6")
    }

    func testNavigationBarColourTable() throws {
        for row in goldenTable("pulldown_nav.tsv") {
            let colour = try XCTUnwrap(Self.preset(row).navigationBarColour(pullUpDistance: row[1]))
            let name = "pulldown_nav.tsv:\(row.line) (\(row.label))"
            XCTAssertEqual(colour.red, row[2], name, line: row.line)
            XCTAssertEqual(colour.green, row[3], name, line: row.line)
            XCTAssertEqual(colour.blue, row[4], name, line: row.line)
        }
    }

    func testMirrorTable() throws {
        for row in goldenTable("pulldown_mirror.tsv") {
            let m = try XCTUnwrap(Controller.Configuration.article.mirror(pullUpDistance: row[0]))
            let name = "pulldown_mirror.tsv:\(row.line) (\(row.label))"
            XCTAssertSameBits(m.progress, row[1], name, line: row.line)
            XCTAssertSameBits(m.maskAlpha, row[2], name, line: row.line)
            XCTAssertSameBits(m.panelAlpha, row[3], name, line: row.line)
            XCTAssertEqual(m.panelY, row[4], name, line: row.line)
            XCTAssertEqual(m.listOffset, row[5], name, line: row.line)
        }
    }

    func testReturnTable() throws {
        let c = Controller.Configuration.article
        for row in goldenTable("pulldown_return.tsv") {
            let elapsed = c.returnDuration * row[1]
            let offset = try XCTUnwrap(c.returnOffset(from: row[0], elapsed: elapsed))
            XCTAssertEqual(offset, row[2], accuracy: row[3], "pulldown_return.tsv:\(row.line) (\(row.label))",
                           line: row.line)
        }
    }

    func testNonFiniteInputsGiveNil() {
        let c = Controller.Configuration.article
        XCTAssertNil(c.indicator(pullDistance: .nan))
        XCTAssertNil(c.reveal(pullDistance: .infinity))
        XCTAssertNil(c.navigationBarColour(pullUpDistance: .nan))
        XCTAssertNil(c.mirror(pullUpDistance: -.infinity))
        XCTAssertNil(c.returnOffset(from: .nan, elapsed: 0))
        XCTAssertNil(c.returnOffset(from: 400, elapsed: .nan))
        XCTAssertNil(c.pullDistance(listContentOffset: .nan))
        XCTAssertEqual(c.pullDistance(listContentOffset: -249), 185)
        XCTAssertEqual(c.pullDistance(listContentOffset: 10), 0)
    }
}
