import Foundation
import Testing

@testable import Grading

/// Key compilation in stages (`AnswerKeyBook.Compilation`): languages compiled on separate threads give the book
/// `make` gives, and the same first error.
@Suite struct AnswerKeyCompilationTests {
    typealias JSON = [String: Any]

    /// The real key folder, each language compiled on its own thread.
    static func compiledInParallel(_ files: [String: Data]) throws(GradingError) -> AnswerKeyBook {
        let compilation = try AnswerKeyBook.compilation(files: files)
        let codes = compilation.languages
        let compiled = Collected()
        DispatchQueue.concurrentPerform(iterations: codes.count) { index in
            compiled.append(compilation.compile(codes[index]))
        }
        return try compilation.book(compiled.languages)
    }

    /// Languages compiled on any thread, in the order they finished.
    final class Collected: @unchecked Sendable {  // `all` is only reached under `lock`
        private let lock = NSLock()
        private var all: [AnswerKeyBook.CompiledLanguage] = []

        func append(_ language: AnswerKeyBook.CompiledLanguage) {
            lock.lock()
            defer { lock.unlock() }
            all.append(language)
        }

        var languages: [AnswerKeyBook.CompiledLanguage] {
            lock.lock()
            defer { lock.unlock() }
            return all
        }
    }

    @Test func languagesCompiledOnSeparateThreadsGiveTheBookMakeGives() throws {
        let files = TestContent.folder(TestContent.keysDirectory)
        let sequential = try AnswerKeyBook.make(files: files)
        let parallel = try Self.compiledInParallel(files)
        #expect(parallel.languages == sequential.languages)
        #expect(parallel.languages == TestContent.languages.sorted())
        #expect(parallel.questionIDs == sequential.questionIDs)
        let sequentialGrader = Grader(book: sequential)
        let parallelGrader = Grader(book: parallel)
        for language in sequential.languages {
            for id in sequential.questionIDs {
                #expect(parallel.kind(of: id) == sequential.kind(of: id))
                #expect(parallel.options(of: id, in: language) == sequential.options(of: id, in: language))
                #expect(
                    parallel.reference(questionID: id, language: language)
                        == sequential.reference(questionID: id, language: language))
                let answer = sequential.reference(questionID: id, language: language) ?? "?"
                let expected = try sequentialGrader.grade(questionID: id, language: language, answer: answer)
                let actual = try parallelGrader.grade(questionID: id, language: language, answer: answer)
                #expect(actual == expected)
            }
        }
        #expect(parallel.simplifiedToTraditional(in: "zh-Hant") != nil)
    }

    /// As `make` does, every file is decoded before any language is compiled: a file that is not JSON is the
    /// error reported even when a language before it in order does not compile.
    @Test func aFileThatDoesNotDecodeIsReportedBeforeALanguageThatDoesNotCompile() throws {
        let neutral = try JSONSerialization.data(withJSONObject: AnswerKeyBookTests.neutral())
        let misnamed = try JSONSerialization.data(withJSONObject: AnswerKeyBookTests.language("zz"))
        let files = ["keys.json": neutral, "aa.json": misnamed, "bb.json": Data("{".utf8)]
        #expect {
            _ = try AnswerKeyBook.make(files: files)
        } throws: { error in
            (error as? GradingError)?.file == "bb.json"
        }
        #expect {
            _ = try Self.compiledInParallel(files)
        } throws: { error in
            (error as? GradingError)?.file == "bb.json"
        }
        let onlyMisnamed = ["keys.json": neutral, "aa.json": misnamed]
        #expect {
            _ = try Self.compiledInParallel(onlyMisnamed)
        } throws: { error in
            guard let error = error as? GradingError else { return false }
            return error.file == "aa.json" && error.message.contains("\"language\" is \"zz\"")
        }
    }
}
