import Foundation

extension Vocabulary {
    /// Decodes and checks a vocabulary file; each error names the key that is missing or wrong.
    /// - Throws: `ContentReport` with every problem of the file.
    static func decode(_ bytes: [UInt8], file: String) throws(ContentReport) -> Vocabulary {
        let vocabulary: Vocabulary
        do {
            vocabulary = try JSONDecoder().decode(Vocabulary.self, from: Data(bytes))
        } catch let error as DecodingError {
            throw ContentReport(errors: [describe(error, bytes: bytes, file: file)])
        } catch {
            throw ContentReport(errors: [ContentError(file: file, line: 1, message: "not a valid vocabulary: \(error)")]
            )
        }
        let problems = vocabulary.problems()
        guard problems.isEmpty else {
            throw ContentReport(errors: problems.map { ContentError(file: file, line: 1, message: $0) })
        }
        return vocabulary
    }

    private static func describe(_ error: DecodingError, bytes: [UInt8], file: String) -> ContentError {
        func path(_ context: DecodingError.Context, _ key: (any CodingKey)? = nil) -> String {
            (context.codingPath + (key.map { [$0] } ?? [])).map(\.stringValue).joined(separator: ".")
        }
        func line(of key: String?) -> Int {
            guard let key, let range = bytes.firstRange(of: Array("\"\(key)\"".utf8)) else { return 1 }
            return 1 + bytes[..<range.lowerBound].lazy.filter { $0 == 0x0A }.count
        }
        switch error {
        case .keyNotFound(let key, let context):
            let parent = context.codingPath.last?.stringValue
            return ContentError(file: file, line: line(of: parent), message: "missing \"\(path(context, key))\"")
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            let key = context.codingPath.last?.stringValue
            return ContentError(file: file, line: line(of: key), message: "\"\(path(context))\" should be a \(type)")
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            let syntax = syntaxError(in: bytes)
            return ContentError(
                file: file, line: syntax?.line ?? 1,
                message: "not valid JSON: \(syntax?.message ?? context.debugDescription)"
            )
        case .dataCorrupted(let context):
            let key = context.codingPath.last?.stringValue
            return ContentError(
                file: file, line: line(of: key), message: "\"\(path(context))\": \(context.debugDescription)")
        @unknown default:
            return ContentError(file: file, line: 1, message: "not a valid vocabulary: \(error)")
        }
    }

    /// Where JSONSerialization locates a syntax error ("… around character 20."), as a line number.
    private static func syntaxError(in bytes: [UInt8]) -> (line: Int, message: String)? {
        do {
            _ = try JSONSerialization.jsonObject(with: Data(bytes))
            return nil
        } catch {
            let message = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
            let digits = message.split(separator: "character ").last?.prefix { $0.isASCII && $0.isNumber } ?? ""
            guard let offset = Int(digits), offset <= bytes.count else { return (1, message) }
            return (1 + bytes[..<offset].lazy.filter { $0 == 0x0A }.count, message)
        }
    }
}
