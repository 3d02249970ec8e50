import Foundation

/// Checks key files and compiles them into `AnswerKey` and `LanguagePack` values.
enum KeyCompiler {
    static let neutralFile = "keys.json"

    static func decode<Value: Decodable>(_ type: Value.Type, from data: Data, file: String) throws(GradingError)
        -> Value
    {
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch let DecodingError.dataCorrupted(context) {
            throw GradingError(.invalidKey, file: file, "invalid JSON at \(path(context)): \(context.debugDescription)")
        } catch let DecodingError.keyNotFound(key, context) {
            throw GradingError(.invalidKey, file: file, "missing \"\(key.stringValue)\" at \(path(context))")
        } catch let DecodingError.typeMismatch(_, context) {
            throw GradingError(.invalidKey, file: file, "wrong type at \(path(context)): \(context.debugDescription)")
        } catch let DecodingError.valueNotFound(_, context) {
            throw GradingError(.invalidKey, file: file, "null at \(path(context))")
        } catch {
            throw GradingError(.invalidKey, file: file, "cannot decode: \(error)")
        }
    }

    private static func path(_ context: DecodingError.Context) -> String {
        let path = context.codingPath.map(\.stringValue).joined(separator: ".")
        return path.isEmpty ? "top level" : path
    }

    static func compileNeutral(_ data: Data) throws(GradingError) -> [String: AnswerKey] {
        let file = try decode(NeutralKeyFile.self, from: data, file: neutralFile)
        guard !file.questions.isEmpty else {
            throw GradingError(.invalidKey, file: neutralFile, "no questions")
        }
        var keys: [String: AnswerKey] = [:]
        for id in file.questions.keys.sorted(by: QuestionOrder.precedes) {
            guard let question = file.questions[id] else { continue }
            keys[id] = try compileQuestion(id: id, question)
        }
        return keys
    }

    private static func compileQuestion(id: String, _ question: NeutralQuestionFile) throws(GradingError)
        -> AnswerKey
    {
        func fail(_ message: String) -> GradingError {
            GradingError(.invalidKey, file: neutralFile, question: id, message)
        }
        guard QuestionOrder.parse(id) != nil else {
            throw fail("question id must look like ch{N}-q{n} or practice-q{n}")
        }
        var options: [String] = []
        var correct: Int?
        var expectedNumber: Double?
        switch question.kind {
        case .choice:
            options = question.options ?? []
            guard options.count >= 2, Set(options).count == options.count else {
                throw fail("a choice question needs two or more distinct options")
            }
            guard let answer = question.correct, let index = options.firstIndex(of: answer) else {
                throw fail("\"correct\" must be one of the options \(options)")
            }
            correct = index
        case .boolean:
            options = ["yes", "no"]
            guard case .polarity(let polarity) = question.expected, let index = options.firstIndex(of: polarity) else {
                throw fail("a boolean question needs \"expected\": \"yes\" or \"no\"")
            }
            correct = index
        case .number:
            guard case .number(let number) = question.expected, number.isFinite else {
                throw fail("a number question needs a numeric \"expected\"")
            }
            expectedNumber = number
        case .open:
            guard question.options == nil, question.expected == nil else {
                throw fail("an open question has no options and no expected value")
            }
        }
        let answerWeight = question.kind == .open ? 0 : (question.answerWeight ?? 1)
        guard answerWeight.isFinite, answerWeight >= 0, question.kind == .open || answerWeight > 0 else {
            throw fail("answerWeight must be a positive number")
        }
        var concepts: [AnswerKey.Concept] = []
        for concept in question.concepts ?? [] {
            guard !concept.id.isEmpty, !concepts.contains(where: { $0.id == concept.id }) else {
                throw fail("concept ids must be non-empty and unique (\"\(concept.id)\")")
            }
            guard concept.weight.isFinite, concept.weight > 0 else {
                throw fail("concept \(concept.id): weight must be a positive number")
            }
            var implied: Int?
            if let implies = concept.implies {
                guard let index = options.firstIndex(of: implies) else {
                    throw fail("concept \(concept.id) implies \"\(implies)\", which is not an option")
                }
                implied = index
            }
            let parts = concept.parts ?? []
            guard parts.isEmpty || (parts.count >= 2 && Set(parts).count == parts.count && !parts.contains(""))
            else {
                throw fail("concept \(concept.id): parts must be at least two non-empty, unique ids")
            }
            concepts.append(
                AnswerKey.Concept(
                    id: concept.id, weight: concept.weight, required: concept.required ?? false, implies: implied,
                    number: concept.number, parts: parts))
        }
        if question.kind == .open, concepts.isEmpty {
            throw fail("an open question needs at least one concept")
        }
        let anyRequired = question.kind != .open || concepts.contains(where: \.required)
        let pass = question.pass ?? (anyRequired ? 0 : 0.5)
        guard pass >= 0, pass <= 1 else { throw fail("pass must be between 0 and 1") }
        guard question.explains != true || question.kind == .open else {
            throw fail("only open questions take \"explains\"")
        }
        return AnswerKey(
            id: id, kind: question.kind, options: options, correctOption: correct, expectedNumber: expectedNumber,
            echoNumbers: question.echoNumbers ?? [], answerWeight: answerWeight, concepts: concepts, pass: pass,
            explains: question.explains ?? false)
    }
}
