import ScrollDriveSim
import XCTest

/// Every surface hands over one value per column, from one list of fields,
/// and every column name in a run is unique.
final class SurfaceSampleTests: XCTestCase {
    func testEveryScenarioRowHasOneValuePerColumnAndUniqueNames() throws {
        var surfacesSeen = Set<String>()
        for scenario in Scenarios.all {
            let script = try scenario.gestureScript()
            let run = Simulation(script: script, fps: 60).run()
            XCTAssertEqual(Set(run.columns.map(\.name)).count, run.columns.count, scenario.name)
            XCTAssertFalse(run.rows.isEmpty, scenario.name)
            for row in run.rows { XCTAssertEqual(row.count, run.columns.count, scenario.name) }
            surfacesSeen.insert(type(of: script.surface).type)
        }
        XCTAssertEqual(surfacesSeen, Set(SurfaceRegistry.all.map { $0.type }))
    }

    func testFieldsReadTheSampleTheyName() {
        struct Sample { let height: CGFloat; let flag: Bool; let name: String; let maybe: Double? }
        let fields: [SimField<Sample>] = [
            .number("h", \.height), .flag("f", \.flag), .text("n", \.name), .optionalNumber("m", \.maybe),
        ]
        let present = Sample(height: 1.4, flag: true, name: "half", maybe: -0.0)
        XCTAssertEqual(fields.map { $0.value(in: present) }, [.number(1.4), .flag(true), .text("half"), .number(-0.0)])
        XCTAssertEqual(fields[3].value(in: Sample(height: 0, flag: false, name: "", maybe: nil)), SimValue.none)
        XCTAssertEqual(fields.map(\.column.name), ["h", "f", "n", "m"])
    }
}
