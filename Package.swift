// swift-tools-version: 6.1
import PackageDescription

/// Layers are targets: the wire (`JSON`, `JSONRPC`, `JSONRPCStdio`) knows nothing of the domain,
/// and the compiler keeps it so.
let package = Package(
  name: "bbfan",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "bbfan", targets: ["bbfan"]),
    .library(name: "JSONRPC", targets: ["JSON", "JSONRPC", "JSONRPCStdio"]),
    .library(name: "BBFanClient", targets: ["FanProtocol", "JSON", "BBFanClient"]),
  ],
  dependencies: [],
  targets: [
    .target(name: "FuzzyMatch"),
    // A system C library loaded with dlopen on first use instead of linked (libcrypto, libpq,
    // libcurl, libsqlite3, zlib): a process pays for a library only when it uses it.
    .target(name: "SharedLibrary"),
    // The JSON value library, the JSON-RPC dispatcher (no file descriptors), the stdio transport.
    .target(name: "JSON", dependencies: ["FuzzyMatch"]),
    .target(
      name: "JSONRPC", dependencies: ["JSON", "FuzzyMatch"],
      swiftSettings: [.enableUpcomingFeature("NonisolatedNonsendingByDefault")]),
    .target(name: "JSONRPCStdio", dependencies: ["JSON", "JSONRPC", "POSIXSupport"]),
    // Threads, pipes and descriptors over the platform's C library, which it re-exports (one
    // place for the Glibc/Musl/Darwin import): under the stdio transport, HTTP (FanCurl), the
    // server and the wiring; never under JSONRPC or FanCore.
    .target(name: "POSIXSupport"),
    // OpenSSL's libcrypto, which FanCore loads with dlopen the first time it hashes (see
    // LibCrypto.swift; Apple platforms use CommonCrypto): only the tests link it, to check the
    // functions' types against its headers.
    .systemLibrary(
      name: "CCrypto",
      pkgConfig: "libcrypto",
      providers: [.apt(["libssl-dev"]), .brew(["openssl"])]
    ),
    // The contract: each method's wire name, params and result, and the records and names they
    // carry (universes, series, dates); the server answers with these types and the Swift
    // client calls with them. The domain speaks its vocabulary.
    .target(name: "FanProtocol", dependencies: ["JSON"]),
    .target(
      name: "FanCore",
      dependencies: ["FanProtocol", "FuzzyMatch", "CZlib", "SharedLibrary"]
    ),
    // The card export's PNG reader inflates and deflates image data with the system's zlib,
    // which FanCore loads with dlopen the first time (see LibZ.swift): this is its header only.
    // No pkg-config, which would add -lz to the link line; the header is on the default
    // include path.
    .systemLibrary(
      name: "CZlib",
      providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
    ),
    // SQLite's header only: FanSQLite loads libsqlite3 with dlopen when a store is first opened
    // (see LibSQLite3.swift), so a call that never opens the database never loads it. No
    // pkg-config, which would add -lsqlite3 to the link line.
    .systemLibrary(
      name: "CSQLite",
      providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
    ),
    // The shared store for many machines speaks to PostgreSQL through libpq, which FanStorage
    // loads with dlopen when a PostgreSQL store is opened (see LibPQ.swift): only the tests link
    // it, to check the ABI constants against its header.
    .systemLibrary(
      name: "CLibPQ",
      pkgConfig: "libpq",
      providers: [.apt(["libpq-dev"]), .brew(["libpq"])]
    ),
    // Storage: the protocols every layer above names, and one target per engine, chosen in
    // `bbfan`'s wiring (`FanStorageEngines`).
    .target(name: "FanStorage", dependencies: ["FanCore", "FanProtocol", "POSIXSupport"]),
    .target(
      name: "FanSQLite",
      dependencies: [
        "CSQLite", "FanCore", "FanProtocol", "FanStorage", "POSIXSupport", "SharedLibrary",
      ]),
    .target(
      name: "FanPostgres",
      dependencies: ["FanCore", "FanProtocol", "FanStorage", "POSIXSupport", "SharedLibrary"]),
    .target(name: "FanStorageEngines", dependencies: ["FanStorage", "FanSQLite", "FanPostgres"]),
    .target(
      name: "FanAPI",
      dependencies: ["FanCore", "FanProtocol"],
      exclude: ["embed.txt"],
      plugins: ["EmbedResources"]
    ),
    // Catalog images: each shipped universe's embedded catalog, mapped, sorted and folded ahead
    // of time and opened at run time in one pass (`FanCatalogImage` reads and writes them;
    // `FanCatalogImages` holds the ones `CatalogImageGenerator` wrote, `make catalog-images`,
    // and a test fails when they are not what it writes now). Not a build plugin: SwiftPM
    // compiles a plugin tool's dependencies without their own plugins (FanAPI's embedded data).
    .target(name: "FanCatalogImage", dependencies: ["FanAPI", "FanCore", "FanProtocol"]),
    .executableTarget(
      name: "CatalogImageGenerator", dependencies: ["FanAPI", "FanCatalogImage", "FanCore"]),
    .target(
      name: "FanCatalogImages",
      dependencies: ["FanAPI", "FanCatalogImage", "FanCore", "POSIXSupport"]),
    // libcurl's header only: FanCurl loads the library with dlopen on the first transfer (see
    // LibCurl.swift), so nothing links it and a process that does no HTTP never loads it. Its
    // header is on the default include path (Debian's multiarch folder, macOS's SDK), so no
    // pkg-config, which would add -lcurl to the link line.
    .systemLibrary(
      name: "CCurl",
      providers: [.apt(["libcurl4-openssl-dev"]), .brew(["curl"])]
    ),
    .target(name: "FanCurl", dependencies: ["CCurl", "FanAPI", "POSIXSupport", "SharedLibrary"]),
    .target(
      name: "FanServer",
      dependencies: [
        "JSON", "JSONRPC", "POSIXSupport", "FanCore", "FanAPI", "FanCatalogImages", "FanProtocol",
        "FanStorage",
      ],
      exclude: ["embed.txt"],
      plugins: ["EmbedResources"]
    ),
    // The MCP face: the service's methods as tools, resources and prompts for AI assistants.
    // It serves any `MethodRegistry`; `bbfan` binds the fan service to it.
    .target(name: "MCPServer", dependencies: ["JSON", "JSONRPC", "FuzzyMatch"]),
    .executableTarget(
      name: "bbfan",
      dependencies: [
        "FanServer", "FanAPI", "FanCore", "FanCurl", "FanProtocol", "FanStorage",
        "FanStorageEngines", "JSON",
        "JSONRPC", "JSONRPCStdio", "MCPServer", "POSIXSupport",
      ],
      plugins: ["BuildCommit"]),
    .executableTarget(name: "EmbedGenerator"),
    .target(
      name: "BBFanClient", dependencies: ["FanProtocol"], path: "Clients/Swift/Sources/BBFanClient"),
    .executableTarget(
      name: "BBFanClientExample", dependencies: ["BBFanClient"],
      path: "Clients/Swift/Sources/BBFanClientExample"),
    .plugin(name: "EmbedResources", capability: .buildTool(), dependencies: ["EmbedGenerator"]),
    // The commit a build is made from, for `bbfan --version`.
    .plugin(name: "BuildCommit", capability: .buildTool()),
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    // What the storage test targets share: the favourite store's calls for Breaking Bad.
    .target(
      name: "StorageTestSupport", dependencies: ["FanStorage", "FanCore", "FanProtocol"],
      path: "Tests/StorageTestSupport"),
    // Test doubles of the wire (an in-memory client, a transport that logs what it sends), for the
    // tests of JSONRPC and of the servers built on it.
    .target(
      name: "JSONRPCTestSupport", dependencies: ["JSON", "JSONRPC"],
      path: "Tests/JSONRPCTestSupport"),
    .target(
      name: "FixtureUniverse", dependencies: ["FanAPI", "FanCore", "FanProtocol"],
      path: "Tests/FixtureUniverse",
      resources: [.copy("Snapshot")]),
    // One test target per module, depending on the module it tests and what the tests need.
    .testTarget(name: "FuzzyMatchTests", dependencies: ["FuzzyMatch"]),
    .testTarget(name: "SharedLibraryTests", dependencies: ["SharedLibrary"]),
    .testTarget(name: "JSONTests", dependencies: ["JSON", "TestSupport"]),
    .testTarget(name: "FanProtocolTests", dependencies: ["FanProtocol", "TestSupport"]),
    .testTarget(name: "JSONRPCTests", dependencies: ["JSON", "JSONRPC", "JSONRPCTestSupport"]),
    .testTarget(
      name: "JSONRPCStdioTests", dependencies: ["JSON", "JSONRPC", "JSONRPCStdio", "POSIXSupport"]),
    .testTarget(name: "POSIXSupportTests", dependencies: ["POSIXSupport"]),
    .testTarget(
      name: "FanCoreTests",
      dependencies: [
        "TestSupport", "FanCore", "FanProtocol",
        .target(name: "CCrypto", condition: .when(platforms: [.linux])),
      ]),
    .testTarget(
      name: "FanAPITests", dependencies: ["TestSupport", "FanAPI", "FanCurl", "FanCore"]),
    .testTarget(name: "FanCurlTests", dependencies: ["FanCurl"]),
    .testTarget(
      name: "FanStorageTests",
      dependencies: [
        "TestSupport", "StorageTestSupport", "FanStorage", "FanSQLite", "FanPostgres",
        "FanStorageEngines", "FanCore", "FanProtocol",
      ]),
    .testTarget(
      name: "FanSQLiteTests",
      dependencies: [
        "TestSupport", "StorageTestSupport", "FanSQLite", "FanStorage", "FanCore", "CSQLite",
      ]),
    .testTarget(
      name: "FanPostgresTests",
      dependencies: ["TestSupport", "FanPostgres", "FanStorage", "FanCore", "CLibPQ"]),
    .testTarget(
      name: "BBFanClientTests",
      dependencies: ["TestSupport", "BBFanClient", "bbfan", "BBFanClientExample"]),
    .testTarget(
      name: "FanServerTests",
      dependencies: [
        "TestSupport", "FanServer", "FanAPI", "FanCatalogImage", "FanCatalogImages", "FanCore",
        "FanCurl", "FanStorage", "FanStorageEngines", "JSON", "JSONRPC", "JSONRPCTestSupport",
        "FanProtocol",
      ]),
    .testTarget(
      name: "EndToEndTests",
      dependencies: ["TestSupport", "bbfan", "JSON", "JSONRPC", "FanServer"]),
    // The command line's own tests: the table of options, the help, the man page and the
    // completion scripts, in process (the executable target imported for testing).
    .testTarget(name: "BBFanCommandLineTests", dependencies: ["TestSupport", "bbfan"]),
    .testTarget(
      name: "UniverseSeamTests",
      dependencies: [
        "TestSupport", "FixtureUniverse", "FanAPI", "FanCore", "FanServer", "FanStorageEngines",
        "MCPServer", "JSON", "JSONRPC", "bbfan",
      ]),
    .testTarget(
      name: "MCPServerTests",
      dependencies: [
        "TestSupport", "MCPServer", "FanServer", "FanStorageEngines", "JSON", "JSONRPC", "bbfan",
      ]),
  ],
  swiftLanguageModes: [.v6]
)
