// In-process benchmarks of the pure modules, release build (bench/run.sh calls it):
//   swift run -c release folio-bench [CONTENT_DIR] [FIXTURES_DIR] [--short] [--dump FILE]
// Prints course parse+validate times over 100 loads, and grader latency percentiles over every
// fixture answer of Tests/GradingTests/Fixtures/answers, graded many times over, of 4 KiB answers and of the
// attempt benchmark's short answer (`--short`: that one only). `--dump FILE` writes every grade (`GradeDump`).
import Course
import Foundation
import Grading

func nanoseconds() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
}

/// CPU time of the calling thread: on a loaded machine, what the work costs without the waits for a core.
func threadNanoseconds() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
    return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
}

func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
    sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * fraction))]
}

var arguments = Array(CommandLine.arguments.dropFirst())
/// `--dump FILE`: write every grade of every answer we hold to FILE (see `GradeDump`) and stop.
var dumpPath: String?
if let flag = arguments.firstIndex(of: "--dump"), flag + 1 < arguments.count {
    dumpPath = arguments[flag + 1]
    arguments.removeSubrange(flag...(flag + 1))
}
/// `--short`: only the short-answer case, ten times as often (for `perf record`).
let shortOnly = arguments.contains("--short")
arguments.removeAll { $0 == "--short" }
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
let content = URL(fileURLWithPath: arguments.first ?? root.appendingPathComponent("Content").path)
let fixtures = URL(
    fileURLWithPath: arguments.dropFirst().first
        ?? root.appendingPathComponent("Tests/GradingTests/Fixtures/answers").path)

// Course: read the files once, then parse and validate them 100 times (once with --short).
var files: [String: [UInt8]] = [:]
for name in try FileManager.default.contentsOfDirectory(atPath: content.path) where name.hasSuffix(".txt") {
    files[name] = Array(try Data(contentsOf: content.appendingPathComponent(name)))
}
for name in try FileManager.default.contentsOfDirectory(atPath: content.appendingPathComponent("languages").path)
where name.hasSuffix(".json") {
    files["languages/" + name] = Array(try Data(contentsOf: content.appendingPathComponent("languages/" + name)))
}
var parseTimes: [Double] = []
var library = try CourseLibrary.parse(files: files)
for _ in 0..<(shortOnly ? 1 : 100) {
    let start = nanoseconds()
    library = try CourseLibrary.parse(files: files)
    parseTimes.append(Double(nanoseconds() - start) / 1e6)
}
parseTimes.sort()
print(
    String(
        format: "course parse+validate (%d languages, %d runs): min %.2f ms, median %.2f ms, p99 %.2f ms",
        library.courses.count, parseTimes.count, parseTimes[0], percentile(parseTimes, 0.5),
        percentile(parseTimes, 0.99)))

// Grader: every fixture answer, 20 rounds; latency per answer.
let keyFolder = content.appendingPathComponent("keys")
var keyFiles: [String: Data] = [:]
for name in try FileManager.default.contentsOfDirectory(atPath: keyFolder.path) {
    keyFiles[name] = try Data(contentsOf: keyFolder.appendingPathComponent(name))
}
let book = try AnswerKeyBook.make(files: keyFiles)
let grader = Grader(book: book)
if let dumpPath {
    var dump = GradeDump(grader: grader, book: book, library: library)
    try dump.fixtures(fixtures)
    try dump.tuning(root.appendingPathComponent("Tests/GradingTests/Evaluation/tuning"))
    dump.pasted()
    try Data((dump.lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: dumpPath))
    print("dumped \(dump.lines.count) grades to \(dumpPath)")
    exit(0)
}
struct Case {
    let question: String
    let language: String
    let answer: String?
    let choice: String?
    let reference: String
}
if !shortOnly {
    var cases: [Case] = []
    for course in library.courses {
        let url = fixtures.appendingPathComponent(course.language.code + ".json")
        guard let data = FileManager.default.contents(atPath: url.path),
            let entries = try JSONSerialization.jsonObject(with: data) as? [[String: Any]]
        else { continue }
        for entry in entries {
            guard let question = entry["question"] as? String, let found = course.question(id: question) else {
                continue
            }
            cases.append(
                Case(
                    question: question, language: course.language.code, answer: entry["answer"] as? String,
                    choice: entry["choice"] as? String, reference: found.answer.text))
        }
    }
    var gradeTimes: [Double] = []
    var gradeCPU: [Double] = []
    gradeTimes.reserveCapacity(cases.count * 20)
    var verdicts = 0
    for _ in 0..<20 {
        for item in cases {
            let start = nanoseconds()
            let cpuStart = threadNanoseconds()
            let grade = try? grader.grade(
                questionID: item.question, language: item.language, answer: item.answer, choice: item.choice,
                reference: item.reference)
            gradeTimes.append(Double(nanoseconds() - start) / 1e3)
            gradeCPU.append(Double(threadNanoseconds() - cpuStart) / 1e3)
            if grade != nil { verdicts += 1 }
        }
    }
    gradeTimes.sort()
    print(
        String(
            format: "grader (%d answers x 20): p50 %.1f µs, p99 %.1f µs, max %.1f µs", cases.count,
            percentile(gradeTimes, 0.5), percentile(gradeTimes, 0.99), gradeTimes.last ?? 0))
    gradeCPU.sort()
    print(
        String(
            format: "grader CPU time (thread): p50 %.1f µs, p99 %.1f µs", percentile(gradeCPU, 0.5),
            percentile(gradeCPU, 0.99)))

    // Grader at the 4 KiB limit: each language's appendix answers, cut to 4096 bytes, graded for every question
    // (the worst case for reading an answer against all the keys), 5 rounds.
    var largeTimes: [Double] = []
    var largeCPU: [Double] = []
    for course in library.courses {
        var text = ""
        for paragraph in course.chapters.map(\.answer.text) + [course.practice.answer.text] {
            for character in paragraph + "\n" where text.utf8.count + String(character).utf8.count <= 4096 {
                text.append(character)
            }
        }
        for _ in 0..<5 {
            for question in course.questions {
                let start = nanoseconds()
                let cpuStart = threadNanoseconds()
                _ = try? grader.grade(questionID: question.id, language: course.language.code, answer: text)
                largeTimes.append(Double(nanoseconds() - start) / 1e3)
                largeCPU.append(Double(threadNanoseconds() - cpuStart) / 1e3)
            }
        }
    }
    largeTimes.sort()
    print(
        String(
            format: "grader at 4 KiB (%d answers): p50 %.1f µs, p99 %.1f µs, max %.1f µs", largeTimes.count,
            percentile(largeTimes, 0.5), percentile(largeTimes, 0.99), largeTimes.last ?? 0))
    largeCPU.sort()
    print(
        String(
            format: "grader at 4 KiB CPU time (thread): p50 %.1f µs, p99 %.1f µs", percentile(largeCPU, 0.5),
            percentile(largeCPU, 0.99)))
}

// Grader on the attempt benchmark's short answer ("in alto e in basso" to it/ch0-q1), 20 000 times: the cost
// the server pays per attempt.
var shortCPU: [Double] = []
let shortRuns = shortOnly ? 200_000 : 20_000
shortCPU.reserveCapacity(shortRuns)
let shortReference = library.course("it")?.question(id: "ch0-q1")?.answer.text ?? ""
for _ in 0..<shortRuns {
    let cpuStart = threadNanoseconds()
    _ = try? grader.grade(
        questionID: "ch0-q1", language: "it", answer: "in alto e in basso", reference: shortReference)
    shortCPU.append(Double(threadNanoseconds() - cpuStart) / 1e3)
}
let shortMean = shortCPU.reduce(0, +) / Double(shortCPU.count)
shortCPU.sort()
print(
    String(
        format: "grader short answer it/ch0-q1 CPU time (thread, %d runs): mean %.1f µs, p50 %.1f µs, p99 %.1f µs",
        shortRuns, shortMean, percentile(shortCPU, 0.5), percentile(shortCPU, 0.99)))
