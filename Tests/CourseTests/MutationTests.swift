import Testing

@testable import Course

/// Seeded random damage to a real document: the parser never crashes, and either loads the whole course or
/// reports errors that point into the damaged file.
@Suite struct MutationTests {
    /// SplitMix64: a small deterministic generator, so a failing seed can be replayed.
    struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    enum Mutation: CaseIterable {
        case dropLine, duplicateLine, swapLines, randomBytes, truncate
    }

    static func mutate(_ bytes: [UInt8], with generator: inout SeededGenerator) -> (
        bytes: [UInt8], mutations: [Mutation]
    ) {
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
        var applied: [Mutation] = []
        for _ in 0..<Int.random(in: 1...3, using: &generator) {
            guard !lines.isEmpty, let mutation = Mutation.allCases.randomElement(using: &generator) else { break }
            applied.append(mutation)
            let index = Int.random(in: 0..<lines.count, using: &generator)
            switch mutation {
            case .dropLine:
                lines.remove(at: index)
            case .duplicateLine:
                lines.insert(lines[index], at: index)
            case .swapLines:
                lines.swapAt(index, Int.random(in: 0..<lines.count, using: &generator))
            case .randomBytes:
                var line = lines[index]
                for _ in 0..<Int.random(in: 1...8, using: &generator) {
                    line.insert(
                        UInt8.random(in: 0...255, using: &generator),
                        at: Int.random(in: 0...line.count, using: &generator))
                }
                lines[index] = line
            case .truncate:
                lines.removeSubrange(index...)
            }
        }
        return (Array(lines.joined(separator: [0x0A])), applied)
    }

    @Test(arguments: [(code: "it", seed: UInt64(2024)), (code: "zh-Hant", seed: 7), (code: "ja", seed: 11)])
    func randomDamageNeverCrashesAndNeverLoadsHalfACourse(code: String, seed: UInt64) {
        var generator = SeededGenerator(state: seed)
        let original = ContentFixture.files["\(code).txt"] ?? []
        let files = ContentFixture.files.filter { $0.key == "\(code).txt" || $0.key == "languages/\(code).json" }
        var outcomes = (loaded: 0, rejected: 0)
        for iteration in 0..<100 {
            let (bytes, mutations) = Self.mutate(original, with: &generator)
            var damaged = files
            damaged["\(code).txt"] = bytes
            let lineCount = bytes.count { $0 == 0x0A } + 1
            do {
                let library = try CourseLibrary.parse(files: damaged)
                outcomes.loaded += 1
                let course = library.courses.first
                #expect(library.courses.count == 1)
                #expect(course?.chapters.map(\.number) == course.map { Array(0..<$0.chapters.count) })
                #expect(course?.chapters.allSatisfy { !$0.questions.isEmpty && !$0.answer.text.isEmpty } == true)
                #expect(course?.practice.questions.isEmpty == false)
            } catch {
                outcomes.rejected += 1
                #expect(!error.errors.isEmpty, "iteration \(iteration): \(mutations)")
                for problem in error.errors {
                    #expect(problem.file == "\(code).txt", "iteration \(iteration): \(problem)")
                    #expect((1...lineCount).contains(problem.line), "iteration \(iteration): \(problem)")
                }
            }
        }
        #expect(outcomes.rejected > 0)
    }

    @Test func damageAgainstTheOtherLanguagesIsCaughtByAlignment() {
        // A dropped blank line merges a heading into the next paragraph: one document alone still parses, but
        // the block kinds no longer match the other languages.
        var lines = ContentFixture.lines("es")
        lines.remove(at: 13)
        let errors = ContentFixture.errors(ContentFixture.files(replacing: "es", with: lines))
        #expect(errors.contains(file: "es.txt", line: 13, "block 1 of chapter 0"))
    }
}
