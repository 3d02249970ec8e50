import Course

extension Grader {
    /// Grades an attempt, taking the reference answer paragraph from the parsed course.
    ///
    /// - Throws: `GradingError` `.unknownLanguage` or `.unknownQuestion` when the course or the keys lack them,
    ///   `.unknownChoice` for a choice that is not one of the question's options.
    public func grade(
        questionID: String, language: String, answer: String?, choice: String? = nil, in library: CourseLibrary
    ) throws(GradingError) -> Grade {
        guard let course = library.course(language) else {
            throw GradingError(.unknownLanguage, question: questionID, "no course in language \"\(language)\"")
        }
        guard let (_, reference) = course.question(id: questionID) else {
            throw GradingError(.unknownQuestion, question: questionID, "no such question in the \(language) course")
        }
        return try grade(
            questionID: questionID, language: language, answer: answer, choice: choice, reference: reference.text)
    }
}

extension AnswerKeyBook {
    /// Checks that the keys and the course describe the same questions: every course language has a key file,
    /// every course question a key, and no key names a question the course lacks.
    ///
    /// - Throws: `GradingError` `.invalidKey` naming the language file or question that does not match.
    public func validate(against library: CourseLibrary) throws(GradingError) {
        for course in library.courses {
            let code = course.language.code
            guard packs[code] != nil else {
                throw GradingError(.invalidKey, file: "\(code).json", "the course has language \(code) but no key file")
            }
            let courseIDs = course.questions.map(\.id)
            for id in courseIDs where keys[id] == nil {
                throw GradingError(
                    .invalidKey, file: KeyCompiler.neutralFile, question: id, "the course asks it; no key")
            }
            for id in questionIDs where !courseIDs.contains(id) {
                throw GradingError(
                    .invalidKey, file: KeyCompiler.neutralFile, question: id, "not a question of the \(code) course")
            }
            try validateReferences(of: course)
        }
    }

    /// Every reference sentence of the course's language occurs verbatim in its question's appendix answer.
    private func validateReferences(of course: LanguageCourse) throws(GradingError) {
        let code = course.language.code
        guard let pack = packs[code] else { return }
        for id in questionIDs {
            guard let sentences = pack.questions[id]?.reference, let (_, answer) = course.question(id: id) else {
                continue
            }
            for sentence in sentences where !answer.text.contains(sentence) {
                throw GradingError(
                    .invalidKey, file: "\(code).json", question: id,
                    "reference sentence \"\(sentence)\" is not in the appendix answer \"\(answer.label)\"")
            }
        }
    }
}
