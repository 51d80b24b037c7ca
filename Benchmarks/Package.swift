// swift-tools-version: 6.1
// ScrollDrive's benchmark suite, a package of its own so that users of the
// library never resolve the benchmark dependencies. Run it with
// `make bench` from the repository root, or `swift package benchmark` here.
import PackageDescription

let package = Package(
    name: "ScrollDriveBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        // The MallocInterposer trait (and not the default RuntimeInterposer)
        // gives the allocation counts without the ARC runtime interposer.
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
        // `name:` is needed: without it the package's identity would be the
        // name of the folder the repository is checked out in.
        .package(name: "ScrollDrive", path: ".."),
    ],
    targets: [
        .executableTarget(
            name: "HotPaths",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "ScrollDriveBenchSupport", package: "ScrollDrive"),
            ],
            path: "Benchmarks/HotPaths",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
