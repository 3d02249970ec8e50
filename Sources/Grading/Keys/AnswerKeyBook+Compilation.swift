import Foundation

extension AnswerKeyBook {
    /// The key files checked up to the per-language step: `keys.json` compiled and the Han table parsed.
    ///
    /// Compiling a language (decoding its file and its phrase patterns) is most of `make(files:)` and needs
    /// nothing from the other languages, so a caller with several cores compiles each on its own
    /// (`compile(_:)`, from any thread) and then assembles the book (`book(_:)`). The result, errors included,
    /// is the one `make` gives.
    public struct Compilation: Sendable {
        let keys: [String: AnswerKey]
        let han: HanConverter?
        private let files: [String: Data]

        /// The language codes with a key file, sorted when read from a folder.
        public let languages: [String]

        init(keys: [String: AnswerKey], han: HanConverter?, languages: [(code: String, data: Data)]) {
            self.keys = keys
            self.han = han
            var files: [String: Data] = [:]
            for (code, data) in languages { files[code] = data }
            self.files = files
            self.languages = languages.map(\.code)
        }

        /// Decodes and compiles one language's key file; its errors are kept for `book(_:)` to report.
        public func compile(_ code: String) -> CompiledLanguage {
            guard let data = files[code] else {
                return CompiledLanguage(
                    code: code,
                    result: .failure(.init(.compile, GradingError(.unreadableFile, file: "\(code).json", "missing"))))
            }
            let file: LanguageKeyFile
            do {
                file = try KeyCompiler.decode(LanguageKeyFile.self, from: data, file: "\(code).json")
            } catch {
                return CompiledLanguage(code: code, result: .failure(.init(.decode, error)))
            }
            if han == nil, file.text.simplifiedToTraditional ?? false {
                return CompiledLanguage(
                    code: code,
                    result: .failure(
                        .init(
                            .han,
                            GradingError(
                                .unreadableFile, file: HanConverter.fileName,
                                "missing beside the key files, and \(code).json asks for simplifiedToTraditional "
                                    + "(copy it from Folio's Content/keys or run scripts/hans-hant-table.swift)"))))
            }
            do {
                return CompiledLanguage(
                    code: code,
                    result: .success(try KeyCompiler.compileLanguage(code: code, file: file, keys: keys, han: han)))
            } catch {
                return CompiledLanguage(code: code, result: .failure(.init(.compile, error)))
            }
        }

        /// The book of every language compiled, in any order.
        /// - Throws: the error `make` would report first: a key file that does not decode (in language order),
        ///   then a missing Han table, then a language that does not compile.
        public func book(_ compiled: [CompiledLanguage]) throws(GradingError) -> AnswerKeyBook {
            var results: [String: Result<LanguagePack, CompiledLanguage.Failure>] = [:]
            for language in compiled { results[language.code] = language.result }
            for stage in [CompiledLanguage.Failure.Stage.decode, .han, .compile] {
                for code in languages {
                    guard let result = results[code] else {
                        throw GradingError(.invalidKey, file: "\(code).json", "not compiled")
                    }
                    if case .failure(let failure) = result, failure.stage == stage { throw failure.error }
                }
            }
            var packs: [String: LanguagePack] = [:]
            for (code, result) in results where languages.contains(code) {
                if case .success(let pack) = result { packs[code] = pack }
            }
            return AnswerKeyBook(
                keys: keys, packs: packs, questionIDs: keys.keys.sorted(by: QuestionOrder.precedes),
                languages: packs.keys.sorted())
        }
    }

    /// One language's key file compiled, or why it did not compile.
    public struct CompiledLanguage: Sendable {
        struct Failure: Error {
            /// The step that failed, in the order `make` runs them over all languages.
            enum Stage { case decode, han, compile }

            let stage: Stage
            let error: GradingError

            init(_ stage: Stage, _ error: GradingError) {
                self.stage = stage
                self.error = error
            }
        }

        let code: String
        let result: Result<LanguagePack, Failure>
    }

    /// Checks the key folder's files held in memory (see `make(files:)`) and compiles `keys.json`, leaving the
    /// languages to `Compilation.compile(_:)`.
    /// - Throws: `GradingError` as `make(files:)` for an oversized or missing file, `keys.json` or the Han table.
    public static func compilation(files: [String: Data]) throws(GradingError) -> Compilation {
        for (name, data) in files.sorted(by: { $0.key < $1.key }) where data.count > maximumFileSize {
            throw GradingError(.unreadableFile, file: name, "file is larger than \(maximumFileSize) bytes")
        }
        guard let neutral = files["keys.json"] else {
            throw GradingError(.unreadableFile, file: "keys.json", "missing from the key folder")
        }
        var languages: [(code: String, data: Data)] = []
        for (name, data) in files.sorted(by: { $0.key < $1.key })
        where name.hasSuffix(".json") && name != "keys.json" && !name.hasPrefix(".") {
            languages.append((String(name.dropLast(".json".count)), data))
        }
        return try compilation(neutral: neutral, languages: languages, hanTable: files[HanConverter.fileName])
    }

    /// As `compilation(files:)`, from key files already split into `keys.json`, the languages and the Han table.
    public static func compilation(neutral: Data, languages: [(code: String, data: Data)], hanTable: Data? = nil)
        throws(GradingError) -> Compilation
    {
        let keys = try KeyCompiler.compileNeutral(neutral)
        guard !languages.isEmpty else {
            throw GradingError(.invalidKey, file: "keys.json", "no language key files beside keys.json")
        }
        var han: HanConverter?
        if let hanTable { han = try HanConverter.parse(hanTable) }
        return Compilation(keys: keys, han: han, languages: languages)
    }
}
