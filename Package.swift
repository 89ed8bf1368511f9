// swift-tools-version: 6.1
import PackageDescription

/// Layers are targets: the wire (`JSONRPC`) knows nothing of the domain, and the compiler keeps it so.
let package = Package(
  name: "bbfan",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "bbfan", targets: ["bbfan"]),
    .library(name: "JSONRPC", targets: ["JSONRPC"]),
  ],
  dependencies: [],
  targets: [
    .target(name: "JSONRPC"),
    .target(
      name: "FanServer",
      dependencies: ["JSONRPC"],
      exclude: ["embed.txt"],
      plugins: ["EmbedResources"]
    ),
    .executableTarget(name: "bbfan", dependencies: ["FanServer", "JSONRPC"]),
    .executableTarget(name: "EmbedGenerator"),
    .plugin(name: "EmbedResources", capability: .buildTool(), dependencies: ["EmbedGenerator"]),
    .testTarget(name: "JSONRPCTests", dependencies: ["JSONRPC"]),
    .testTarget(name: "FanServerTests", dependencies: ["FanServer", "JSONRPC"]),
    .testTarget(name: "EndToEndTests", dependencies: ["bbfan", "JSONRPC"]),
  ],
  swiftLanguageModes: [.v6]
)
