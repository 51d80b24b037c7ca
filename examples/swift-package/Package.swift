// swift-tools-version: 6.1
// An app that uses ScrollDrive as the README says: a clone beside it, by path.
// `make test-example` builds and runs it with the checkout as ../ScrollDrive.
import PackageDescription

let package = Package(
    name: "MyApp",
    platforms: [.iOS(.v17), .macOS(.v14)],
    dependencies: [
        .package(path: "../ScrollDrive"),
    ],
    targets: [
        .executableTarget(name: "MyApp", dependencies: [
            .product(name: "ScrollDrive", package: "ScrollDrive"),
            .product(name: "ScrollDriveSim", package: "ScrollDrive"),
        ]),
    ]
)
