// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "ReuseTable",
    products: [
        .library(name: "ReuseTable", targets: ["ReuseTable"]),
        .library(name: "ReuseTableTerminal", targets: ["ReuseTableTerminal"]),
        .executable(name: "Demo", targets: ["Demo"]),
    ],
    targets: [
        .target(name: "ReuseTable"),
        .target(name: "ReuseTableTerminal", dependencies: ["ReuseTable"]),
        .executableTarget(name: "Demo", dependencies: ["ReuseTable", "ReuseTableTerminal"]),
        .executableTarget(name: "ExampleList", dependencies: ["ReuseTable", "ReuseTableTerminal"], path: "Examples/ExampleList"),
        .testTarget(name: "ReuseTableTests", dependencies: ["ReuseTable"]),
        .testTarget(name: "DemoTests", dependencies: ["Demo", "ReuseTable", "ReuseTableTerminal"]),
        .testTarget(name: "ReuseTableTerminalTests", dependencies: ["ReuseTableTerminal", "ReuseTable", "ExampleList"]),
    ],
    swiftLanguageModes: [.v6]
)
