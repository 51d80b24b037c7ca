// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "ScrollDrive",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .library(name: "ScrollDrive", targets: ["ScrollDrive"]),
        .library(name: "CScrollDrive", targets: ["CScrollDrive"]),
        .library(name: "ScrollDriveSim", targets: ["ScrollDriveSim"]),
        .executable(name: "scrolldrive", targets: ["scrolldrive"]),
        // Benchmark trace, AirBar-style baseline and hot-path runners, shared by
        // `scrolldrive bench`, Benchmarks/ and the parity test. Not an API.
        .library(name: "ScrollDriveBenchSupport", targets: ["ScrollDriveBenchSupport"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", exact: "2.0.1"),
        // `swift package generate-documentation` for the DocC catalogs (make docs, make test-docs).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // The C core: all per-frame math. Built by SwiftPM for Swift users and by
        // CCore/Makefile (libscrolldrive.a) for C users.
        .target(
            name: "CScrollDrive",
            path: "CCore",
            exclude: ["Makefile", "scrolldrive.pc.in", "wasm"],
            publicHeadersPath: "include"
        ),
        .target(name: "ScrollDrive", dependencies: ["CScrollDrive"]),
        .target(name: "ScrollDriveSim", dependencies: ["ScrollDrive", "CScrollDrive"]),
        .target(name: "ScrollDriveBenchSupport", dependencies: ["ScrollDrive", "ScrollDriveSim", "CScrollDrive"]),
        .executableTarget(
            name: "scrolldrive",
            dependencies: [
                "ScrollDrive", "ScrollDriveSim", "ScrollDriveBenchSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // The playground page's HTML, CSS and JavaScript (`scrolldrive playground`).
            resources: [.copy("Playground")]
        ),
        .testTarget(
            name: "ScrollDriveTests",
            dependencies: ["ScrollDrive", "ScrollDriveSim", "CScrollDrive"],
            exclude: []
        ),
        .testTarget(
            name: "ScrollDriveSimTests",
            dependencies: ["ScrollDriveSim", "ScrollDrive", "CScrollDrive"]
        ),
        .testTarget(
            name: "ScrollDriveBenchSupportTests",
            dependencies: ["ScrollDriveBenchSupport", "ScrollDrive", "CScrollDrive"]
        ),
        // Property, soak and threading tests (Tests/Fuzz/README.md). PropertyBased's
        // generators drive them under XCTest (its propertyCheck needs Swift Testing).
        .testTarget(
            name: "ScrollDriveRobustnessTests",
            dependencies: [
                "ScrollDrive", "ScrollDriveSim", "CScrollDrive",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
    ]
)
