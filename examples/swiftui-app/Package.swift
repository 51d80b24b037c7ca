// swift-tools-version: 6.1
// ScrollDrive's four surfaces in one small SwiftUI app, a screen per seed.
// On a Mac: `open Package.swift` (Xcode), pick "My Mac", Run; or `swift run`.
// `make test-apple` typechecks its sources against Apple's documented
// declarations on every machine.
import PackageDescription

let package = Package(
    name: "ScrollDriveExamples",
    platforms: [.iOS(.v18), .macOS(.v15)],
    dependencies: [
        .package(path: "../.."),
    ],
    targets: [
        .executableTarget(name: "ScrollDriveExamples", dependencies: [
            .product(name: "ScrollDrive", package: "ScrollDrive"),
        ]),
    ]
)
