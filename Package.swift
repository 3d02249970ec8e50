// swift-tools-version:6.0
// Folio: a self-hosted tutorial and quiz server. No package dependencies: the toolchain and Debian's C libraries only.
import PackageDescription

/// Strict concurrency is the Swift 6 language mode default; warnings about it are errors in CI.
let strict: [SwiftSetting] = [.enableUpcomingFeature("ExistentialAny")]

let package = Package(
    name: "Folio",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "folio", targets: ["folio"]),
        .executable(name: "fuzz-request-parser", targets: ["FuzzRequestParser"]),
        .executable(name: "fuzz-course-parser", targets: ["FuzzCourseParser"]),
        .executable(name: "folio-bench", targets: ["FolioBench"]),
    ],
    targets: [
        // C libraries from Debian, exposed through module maps.
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite"),
        .systemLibrary(name: "CZlib", path: "Sources/CZlib"),
        .systemLibrary(name: "CCrypto", path: "Sources/CCrypto"),
        .systemLibrary(name: "CStemmer", path: "Sources/CStemmer"),
        .systemLibrary(name: "CQREncode", path: "Sources/CQREncode"),
        .systemLibrary(
            name: "CPostgreSQL", path: "Sources/CPostgreSQL", pkgConfig: "libpq", providers: [.apt(["libpq-dev"])]),
        // libcurl (OpenSSL flavour): the outbound HTTP client of webhook and xAPI deliveries.
        .systemLibrary(name: "CCurl", path: "Sources/CCurl"),
        // epoll, accept4, eventfd: Glibc's Swift overlay does not expose them.
        .target(name: "CSystem", path: "Sources/CSystem"),
        // ICU's transliterators (libicu) behind a C face: ICU's headers would clash with Foundation's private ICU.
        .target(
            name: "CICU", path: "Sources/CICU",
            linkerSettings: [.linkedLibrary("icui18n"), .linkedLibrary("icuuc")]),

        // A lock ThreadSanitizer understands, shared by the modules with threads.
        .target(name: "Locking", swiftSettings: strict),
        .target(name: "SQLite", dependencies: ["CSQLite", "CCrypto", "Locking"], swiftSettings: strict),
        // PostgreSQL through libpq: connections, a pool, bound parameters, migrations. Pure of App.
        .target(name: "PostgreSQL", dependencies: ["CPostgreSQL", "CCrypto", "Locking"], swiftSettings: strict),
        .target(name: "HTTP", dependencies: ["CSystem", "CZlib", "Locking"], swiftSettings: strict),
        .target(name: "Course", swiftSettings: strict),
        // Snowball stemmers (Debian's libstemmer) for grading and search.
        .target(name: "Stemming", dependencies: ["CStemmer", "Locking"], swiftSettings: strict),
        // ICU transforms (libicu): romaji and katakana read as hiragana when grading Japanese.
        .target(name: "Transliteration", dependencies: ["CICU", "Locking"], swiftSettings: strict),
        .target(name: "Grading", dependencies: ["Course", "Stemming", "Transliteration"], swiftSettings: strict),
        // Server-rendered HTML: pure functions from the course model to escaped markup.
        .target(name: "Views", dependencies: ["Course", "Grading"], swiftSettings: strict),
        .target(
            name: "App",
            dependencies: [
                "HTTP", "SQLite", "PostgreSQL", "Course", "Grading", "Views", "Locking", "Stemming", "CCrypto", "CZlib",
                "CQREncode", "CCurl",
            ],
            swiftSettings: strict
        ),
        .executableTarget(name: "folio", dependencies: ["App"], swiftSettings: strict),

        // Fuzz entry points; their bodies compile only with -DFUZZING (see scripts/fuzz).
        .executableTarget(name: "FuzzRequestParser", dependencies: ["HTTP"], path: "Fuzz/RequestParser"),
        .executableTarget(name: "FuzzCourseParser", dependencies: ["Course"], path: "Fuzz/CourseParser"),
        // In-process benchmarks (parser, grader); run by bench/run in release mode.
        .executableTarget(name: "FolioBench", dependencies: ["Course", "Grading"], path: "bench/FolioBench"),

        .testTarget(name: "SQLiteTests", dependencies: ["SQLite", "Locking"]),
        .testTarget(name: "PostgreSQLTests", dependencies: ["PostgreSQL"]),
        .testTarget(name: "HTTPTests", dependencies: ["HTTP"]),
        .testTarget(name: "CourseTests", dependencies: ["Course"]),
        .testTarget(name: "StemmingTests", dependencies: ["Stemming"]),
        .testTarget(name: "TransliterationTests", dependencies: ["Transliteration"]),
        .testTarget(name: "GradingTests", dependencies: ["Grading", "Course"], exclude: ["Fixtures", "Evaluation"]),
        .testTarget(name: "ViewsTests", dependencies: ["Views", "Course", "Grading"], exclude: ["Snapshots"]),
        .testTarget(
            name: "AppTests",
            dependencies: ["App", "HTTP", "SQLite", "PostgreSQL", "Locking", "Grading", "Stemming", "Views"]),
    ]
)
