import CScrollDrive
import Foundation
import ScrollDrive
import XCTest

final class SheetConfigurationTests: XCTestCase {
    typealias Configuration = SheetController.Configuration
    typealias Detent = SheetController.Detent

    func testDefaultIsTheSeedsSheet() throws {
        let c = try Configuration(containerHeight: 800)
        XCTAssertEqual(c.containerHeight, 800)
        XCTAssertEqual(c.contentHeight, 0)
        XCTAssertEqual(c.detents, [.points(50), .fraction(0.5), .dismissed])
        XCTAssertEqual(c.options, [])
        XCTAssertEqual(c.upThreshold, 0.25)
        XCTAssertEqual(c.downThreshold, 0.3)
        XCTAssertEqual(c.overscrollReturn, 120)
        XCTAssertEqual(c.backdropAlpha, 0.5)
        XCTAssertEqual(c.backgroundShift, 100)
        XCTAssertEqual(c.backgroundDuration, 0.2)
        XCTAssertEqual(c.spring, SheetController.Spring(stiffness: 200, damping: 25, mass: 1))
        XCTAssertEqual(c.springInitialVelocity, 10)
        XCTAssertEqual(c.decelerationRate, 0.998)
        XCTAssertEqual(c.flickVelocity, 500)
        XCTAssertEqual(try Configuration.seed(containerHeight: 800), c)
    }

    /// sheet_layout.tsv: container, full, half, dismissed tops.
    func testDetentTopsFromTheGoldenTable() throws {
        for row in goldenTable("sheet_layout.tsv") {
            let where_ = "sheet_layout.tsv:\(row.line) \(row.label)"
            let c = try Configuration(containerHeight: row[0])
            XCTAssertEqual(c.top(of: .full), row[1], where_)
            XCTAssertEqual(c.top(of: .half), row[2], where_)
            XCTAssertEqual(c.top(of: .dismissed), row[3], where_)
            XCTAssertNil(c.top(of: .fraction(0.7)), where_)

            // The controller shows the same tops.
            let sheet = try SheetController(configuration: c, initialDetent: .half)
            XCTAssertEqual(sheet.frame.sheetTop, row[2], where_)
            XCTAssertTrue(sheet.move(to: .full, animated: false))
            XCTAssertEqual(sheet.frame.sheetTop, row[1], where_)
            XCTAssertTrue(sheet.move(to: .dismissed, animated: false))
            XCTAssertEqual(sheet.frame.sheetTop, row[3], where_)
        }
    }

    /// sheet_release.tsv through the pure decision (every row, from every detent).
    func testReleaseTargetsFromTheGoldenTable() throws {
        for row in goldenTable("sheet_release.tsv") {
            let where_ = "sheet_release.tsv:\(row.line) \(row.label)"
            let c = try Configuration(containerHeight: row[0], options: SheetController.Options(rawValue: UInt32(row[1])))
            let from = c.detents[Int(row[2])], expected = c.detents[Int(row[5])]
            XCTAssertEqual(c.releaseTarget(from: from, translation: row[3], velocity: row[4]), expected, where_)
            XCTAssertEqual(c.top(of: expected), row[6], where_)
        }
        let c = try Configuration(containerHeight: 800)
        XCTAssertNil(c.releaseTarget(from: .half, translation: .nan, velocity: 0))
        XCTAssertNil(c.releaseTarget(from: .half, translation: 0, velocity: .infinity))
        XCTAssertNil(c.releaseTarget(from: .fraction(0.7), translation: 0, velocity: 0))
    }

    func testInvalidConfigurationsNameFieldAndRule() {
        typealias Make = () throws(ConfigurationError) -> Configuration
        let rows: [(UInt, Make, String, ConfigurationError.Kind, String)] = [
            (#line, { () throws(ConfigurationError) in try Configuration(containerHeight: 800, detents: [.points(900), .dismissed]) },
             "detent0", .outOfRange, "must be inside the container"),
            (#line, { () throws(ConfigurationError) in try Configuration(containerHeight: 40) },
             "detent0", .outOfRange, "must be inside the container"),
            (#line, { () throws(ConfigurationError) in try Configuration(containerHeight: 800, detents: [.full, .fraction(1.5)]) },
             "detent1", .outOfRange, "must be inside the container"),
            (#line, { () throws(ConfigurationError) in try Configuration(containerHeight: 800, detents: [.half, .full, .dismissed]) },
             "detent1", .outOfOrder, "must be below the previous detent"),
            (#line, { () throws(ConfigurationError) in try Configuration(containerHeight: 800, detents: [.full, .points(400), .half]) },
             "detent2", .outOfOrder, "must be below the previous detent"),
            (#line, { () throws(ConfigurationError) in try Configuration(containerHeight: 800, detents: [.full, .dismissed, .half]) },
             "detent1", .outOfOrder, "dismissed must be the last detent"),
            (#line, { () throws(ConfigurationError) in try Configuration(containerHeight: 800, detents: [.dismissed]) },
             "detent0", .outOfOrder, "dismissed must be the last detent"),
            (#line, { () throws(ConfigurationError) in try Configuration(containerHeight: 800, detents: [.full, .fraction(.nan)]) },
             "detent1.value", .notFinite, "must be finite"),
            (#line, { () throws(ConfigurationError) in try Configuration(containerHeight: 800, detents: [.points(.infinity)]) },
             "detent0.value", .notFinite, "must be finite"),
            (#line, { () throws(ConfigurationError) in try Configuration(containerHeight: .nan) },
             "container_height", .notFinite, "must be finite"),
            (#line, { () throws(ConfigurationError) in try Configuration(containerHeight: 0) },
             "container_height", .negative, "must be > 0"),
            (#line, { () throws(ConfigurationError) in try Configuration(containerHeight: 800, contentHeight: -1) },
             "content_height", .negative, "must be >= 0"),
            (#line, { () throws(ConfigurationError) in try Configuration(containerHeight: 800, detents: []) },
             "detent_count", .outOfRange, "must be within"),
            (#line, { () throws(ConfigurationError) in
                try Configuration(containerHeight: 800, detents: [.points(10), .points(20), .points(30), .points(40),
                                                                  .points(50), .dismissed]) },
             "detent_count", .outOfRange, "must be within 1...5"),
            (#line, { () throws(ConfigurationError) in try Configuration(containerHeight: 800, upThreshold: -0.1) },
             "up_threshold", .outOfRange, "must be within 0...1"),
            (#line, { () throws(ConfigurationError) in try Configuration(containerHeight: 800, upThreshold: 2) },
             "up_threshold", .outOfRange, "must be within 0...1"),
            (#line, { () throws(ConfigurationError) in try Configuration(containerHeight: 800, downThreshold: 5) },
             "down_threshold", .outOfRange, "must be within 0...1"),
            (#line, { () throws(ConfigurationError) in try Configuration(containerHeight: 800, downThreshold: .nan) },
             "down_threshold", .notFinite, "must be finite"),
            (#line, { () throws(ConfigurationError) in try Configuration(containerHeight: 800, backdropAlpha: 1.5) },
             "backdrop_alpha", .outOfRange, "must be within 0...1"),
            (#line, { () throws(ConfigurationError) in
                try Configuration(containerHeight: 800, spring: .init(stiffness: .nan, damping: 25)) },
             "spring.stiffness", .notFinite, ""),
            (#line, { () throws(ConfigurationError) in
                try Configuration(containerHeight: 800, spring: .init(stiffness: 200, damping: 25, mass: 0)) },
             "spring.mass", .negative, ""),
            (#line, { () throws(ConfigurationError) in try Configuration(containerHeight: 800, decelerationRate: 1) },
             "deceleration_rate", .outOfRange, "must be > 0 and < 1"),
            (#line, { () throws(ConfigurationError) in try Configuration(containerHeight: 800, springInitialVelocity: .nan) },
             "spring_initial_velocity", .notFinite, "must be finite"),
        ]
        for (line, make, field, kind, rule) in rows {
            do {
                let c = try make()
                XCTFail("accepted \(c)", line: line)
            } catch {
                XCTAssertEqual(error.surface, "sheet", line: line)
                XCTAssertEqual(error.field, field, line: line)
                XCTAssertEqual(error.kind, kind, line: line)
                XCTAssertTrue(error.rule.hasPrefix(rule), "rule: \(error.rule)", line: line)
                XCTAssertTrue(error.description.hasPrefix("invalid sheet configuration: \(field) "), line: line)
            }
        }
    }

    func testValidGeneralisedConfigurations() throws {
        let c = try Configuration(containerHeight: 800, contentHeight: 300,
                                  detents: [.points(0), .fraction(0.25), .fitContent(minimumTop: 100), .dismissed],
                                  options: [.velocityProjection, .rubberBand])
        XCTAssertEqual(c.top(of: .points(0)), 0)
        XCTAssertEqual(c.top(of: .fraction(0.25)), 200)
        XCTAssertEqual(c.top(of: .fitContent(minimumTop: 100)), 500) // 800 - 300
        XCTAssertEqual(c.top(of: .dismissed), 800)
        // No dismissed detent at all is fine too.
        XCTAssertNoThrow(try Configuration(containerHeight: 800, detents: [.full, .half]))
    }

    func testInitialDetentMustBeOneOfTheConfigurations() throws {
        let c = try Configuration(containerHeight: 800)
        XCTAssertThrowsError(try SheetController(configuration: c, initialDetent: .fraction(0.7))) { error in
            let error = error as! ConfigurationError
            XCTAssertEqual(error.field, "initial_detent")
            XCTAssertEqual(error.kind, .outOfRange)
        }
    }

    func testResizedRevalidates() throws {
        let c = try Configuration(containerHeight: 800)
        let turned = try c.resized(containerHeight: 390)
        XCTAssertEqual(turned.containerHeight, 390)
        XCTAssertEqual(turned.top(of: .half), 195)
        XCTAssertEqual(turned.top(of: .full), 50)
        XCTAssertThrowsError(try c.resized(containerHeight: .nan)) { error in
            XCTAssertEqual((error as! ConfigurationError).field, "container_height")
        }
        XCTAssertThrowsError(try c.resized(containerHeight: 49)) { error in
            XCTAssertEqual((error as! ConfigurationError).field, "detent0")
        }
    }

    /// The safe area: fractions of the space between the insets (gorhom's
    /// and UIKit's), points below the status bar, fit-content above the
    /// home indicator, and the insets checked and changed by `resized`.
    func testSafeAreaInsets() throws {
        let phone = try Configuration(containerHeight: 844, safeAreaTop: 47, safeAreaBottom: 34)
        XCTAssertEqual(phone.safeAreaTop, 47)
        XCTAssertEqual(phone.safeAreaBottom, 34)
        XCTAssertEqual(phone.top(of: .full), 97)
        XCTAssertEqual(phone.top(of: .half), 428.5, "47 + (844 - 47 - 34) / 2")
        XCTAssertEqual(phone.top(of: .dismissed), 844)
        let fit = try Configuration(containerHeight: 844, contentHeight: 300, detents: [.fitContent(minimumTop: 50), .dismissed],
                                    safeAreaTop: 47, safeAreaBottom: 34)
        XCTAssertEqual(fit.top(of: .fitContent(minimumTop: 50)), 510)
        let landscape = try phone.resized(containerHeight: 390, safeAreaTop: 0, safeAreaBottom: 21)
        XCTAssertEqual(landscape.top(of: .full), 50)
        XCTAssertEqual(landscape.top(of: .half), 184.5, "(390 - 21) / 2")
        XCTAssertEqual(landscape.safeAreaBottom, 21)
        for (top, bottom, field, kind) in [(-1.0, 0.0, "safe_area_top", ConfigurationError.Kind.negative),
                                           (.nan, 0, "safe_area_top", .notFinite), (844, 0, "safe_area_top", .outOfRange),
                                           (0, -2, "safe_area_bottom", .negative), (0, 845, "safe_area_bottom", .outOfRange)] {
            XCTAssertThrowsError(try Configuration(containerHeight: 844, safeAreaTop: top, safeAreaBottom: bottom)) { error in
                let e = error as! ConfigurationError
                XCTAssertEqual(e.field, field, "\(top), \(bottom)")
                XCTAssertEqual(e.kind, kind, "\(top), \(bottom)")
            }
        }
        // The controller keeps its detent and takes the new top at once.
        let sheet = try SheetController(configuration: try Configuration(containerHeight: 844), initialDetent: .half)
        XCTAssertEqual(sheet.frame.sheetTop, 422)
        XCTAssertTrue(try sheet.resize(containerHeight: 844, safeAreaTop: 47, safeAreaBottom: 34))
        XCTAssertEqual(sheet.frame.sheetTop, 428.5)
        XCTAssertEqual(sheet.state.detent, .half)
        XCTAssertThrowsError(try sheet.resize(containerHeight: 844, safeAreaTop: 900))
        XCTAssertEqual(sheet.frame.sheetTop, 428.5, "a rejected inset changes nothing")
    }
}
