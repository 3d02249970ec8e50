extension CourseLibrary {
    /// Parses and validates every language of a content directory held in memory, keyed by path relative to
    /// it (documents `it.txt`, vocabularies `languages/it.json`; other files are ignored).
    ///
    /// All or nothing: each file's size is checked against `limits`, every document is parsed, then the
    /// languages are checked against each other.
    /// - Parameter oversized: files the reader left unread for their size, with that size; each is an error.
    /// - Throws: `ContentReport` with every error found, each naming its file and line.
    public static func parse(
        files: [String: [UInt8]], oversized: [String: Int] = [:], limits: ContentLimits = ContentLimits()
    ) throws(ContentReport) -> CourseLibrary {
        try assemble(ContentFiles(files: files, oversized: oversized, limits: limits)).library()
    }

    /// Everything a load found: the languages that parsed and every error.
    struct Assembly {
        var courses: [LanguageCourse]
        var errors: [ContentError]

        func library() throws(ContentReport) -> CourseLibrary {
            guard errors.isEmpty else { throw ContentReport(errors: errors) }
            return CourseLibrary(courses: courses)
        }
    }

    static func assemble(_ files: ContentFiles) -> Assembly {
        var errors = Array(files.unreadable.values)
        let names = Set(files.contents.keys).union(files.unreadable.keys)
        let prefix = "\(ContentFiles.vocabularyFolder)/"
        let vocabularyFiles = names.filter {
            $0.hasPrefix(prefix) && $0.hasSuffix(".json") && !$0.dropFirst(prefix.count).contains("/")
        }.sorted()
        let documentFiles = Set(names.filter { !$0.contains("/") && $0.hasSuffix(".txt") })
        if vocabularyFiles.isEmpty {
            errors.append(
                ContentError(
                    file: prefix, line: 1,
                    message: "no vocabulary found; expected languages/<code>.json for each document")
            )
        }
        var vocabularies: [String: Vocabulary] = [:]
        var owners: [String: String] = [:]
        for file in vocabularyFiles {
            guard let bytes = files.contents[file] else { continue }
            let vocabulary: Vocabulary
            do throws(ContentReport) {
                vocabulary = try Vocabulary.decode(bytes, file: file)
            } catch {
                errors += error.errors
                continue
            }
            let problem: String? =
                if file != "\(prefix)\(vocabulary.code).json" {
                    "the file of language \"\(vocabulary.code)\" must be named \(prefix)\(vocabulary.code).json"
                } else if let owner = owners[vocabulary.document] {
                    "document \"\(vocabulary.document)\" is already described by \(owner)"
                } else if !documentFiles.contains(vocabulary.document) {
                    "document \"\(vocabulary.document)\" not found in the content directory"
                } else {
                    nil
                }
            owners[vocabulary.document] = owners[vocabulary.document] ?? file
            if let problem {
                errors.append(ContentError(file: file, line: 1, message: problem))
            } else {
                vocabularies[file] = vocabulary
            }
        }
        for document in documentFiles.sorted() where owners[document] == nil {
            errors.append(
                ContentError(
                    file: document, line: 1,
                    message:
                        "no vocabulary describes this document; add \(prefix)<code>.json with \"document\": "
                        + "\"\(document)\""
                )
            )
        }
        var courses: [LanguageCourse] = []
        for (_, vocabulary) in vocabularies.sorted(by: { $0.key < $1.key }) {
            guard let bytes = files.contents[vocabulary.document] else { continue }
            var parser = DocumentParser(vocabulary: vocabulary, file: vocabulary.document)
            if let course = parser.parse(bytes) { courses.append(course) }
            errors += parser.errors
        }
        courses.sort { ($0.language.order, $0.language.code) < ($1.language.order, $1.language.code) }
        errors += AlignmentValidator(courses: courses).validate()
        return Assembly(courses: courses, errors: errors)
    }
}
