// libFuzzer entry for the course parser. Its body compiles only with -DFUZZING (see TOOLING.md):
//   swift build --product fuzz-course-parser --sanitize fuzzer --sanitize address -Xswiftc -DFUZZING \
//     --build-path .build-fuzz
//   SWIFT_BACKTRACE=enable=no .build-fuzz/debug/fuzz-course-parser -max_total_time=30 Content/
// Each input is parsed as the Italian document with the real vocabulary, then as a library beside the real
// Spanish document, so the cross-language checks are fuzzed too. Any outcome but a crash is a pass.
#if FUZZING
    import Course
    import Foundation

    private let content = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Content")

    private func bytes(_ path: String) -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: content.appendingPathComponent(path).path) else {
            fatalError("fuzz-course-parser needs \(content.path)/\(path)")
        }
        return [UInt8](data)
    }

    private let italian = bytes("languages/it.json")
    private let spanish = (vocabulary: bytes("languages/es.json"), document: bytes("es.txt"))

    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzz(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
        let input = [UInt8](UnsafeBufferPointer(start: start, count: count))
        do {
            let library = try CourseLibrary.parse(files: ["languages/it.json": italian, "it.txt": input])
            precondition(library.courses.count == 1, "a successful load holds every language")
        } catch {
            precondition(!error.errors.isEmpty, "a failed load reports at least one error")
        }
        do {
            _ = try CourseLibrary.parse(files: [
                "languages/it.json": italian, "it.txt": input,
                "languages/es.json": spanish.vocabulary, "es.txt": spanish.document,
            ])
        } catch {
            precondition(!error.errors.isEmpty, "a failed load reports at least one error")
        }
        return 0
    }
#endif
