// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "ReuseTable",
    products: [
        .library(name: "ReuseTable", targets: ["ReuseTable"]),
        .executable(name: "Demo", targets: ["Demo"]),
    ],
    targets: [
        .target(name: "ReuseTable"),
        .executableTarget(name: "Demo", dependencies: ["ReuseTable"]),
        .testTarget(name: "ReuseTableTests", dependencies: ["ReuseTable"]),
        .testTarget(name: "DemoTests", dependencies: ["Demo", "ReuseTable"]),
    ],
    swiftLanguageModes: [.v6]
)
