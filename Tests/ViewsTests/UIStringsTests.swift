import Foundation
import Testing

@testable import Views

struct UIStringsTests {
    @Test(arguments: zip(Fixtures.languageCodes, ["Italiano", "Español", "Türkçe", "繁體中文", "日本語"]))
    func everyLanguageLoadsWithItsOwnName(code: String, name: String) throws {
        #expect(try Fixtures.strings(code).languageName == name)
    }

    @Test(arguments: Fixtures.languageCodes)
    func templatesKeepTheirPlaceholders(code: String) throws {
        let strings = try Fixtures.strings(code)
        for (keyPath, names) in UIStrings.requiredPlaceholders {
            for name in names {
                #expect(strings[keyPath: keyPath].contains("{" + name + "}"), "\(code): \(keyPath) lacks {\(name)}")
            }
        }
    }

    @Test func everyFileHasTheSameKeys() throws {
        func keys(_ code: String) throws -> Set<String> {
            let data = try Data(contentsOf: Fixtures.uiDirectory.appendingPathComponent(code + ".json"))
            let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
            return Set(object?.keys.map { $0 } ?? [])
        }
        let reference = try keys("it")
        for code in Fixtures.languageCodes {
            #expect(try keys(code) == reference, "\(code)")
        }
    }

    @Test func translationsDifferFromItalian() throws {
        let italian = try Fixtures.strings("it")
        for code in Fixtures.languageCodes where code != "it" {
            let other = try Fixtures.strings(code)
            #expect(other.submitAnswer != italian.submitAnswer && other.whenToUse != italian.whenToUse, "\(code)")
        }
    }

    @Test func parseDecodesEveryLanguageOfTheFolder() throws {
        var files: [String: Data] = [:]
        for code in Fixtures.languageCodes {
            files["\(code).json"] = try Data(contentsOf: Fixtures.uiDirectory.appendingPathComponent(code + ".json"))
        }
        let all = try UIStrings.parse(files: files, languages: Fixtures.languageCodes)
        #expect(all.count == 5)
        #expect(all["ja"]?.chapterLabel(3) == "第3章")
        #expect(all["zh-Hant"]?.chapterLabel(3) == "第 3 章")
        files["ja.json"] = nil
        #expect {
            _ = try UIStrings.parse(files: files, languages: Fixtures.languageCodes)
        } throws: { error in
            (error as? ViewsError)?.source == "ui/ja.json"
        }
    }

    @Test(arguments: [
        ("{}", "missing key"),
        (#"{"languageName": 3}"#, "must be a string"),
        ("[1, 2]", "not a JSON object"),
        ("not json", "not a JSON object"),
    ])
    func malformedFilesAreRejectedWithTheirName(json: String, message: String) {
        #expect {
            _ = try UIStrings(json: Data(json.utf8), source: "Content/ui/xx.json")
        } throws: { error in
            let error = error as? ViewsError
            return error?.source == "Content/ui/xx.json" && error?.message.contains(message) == true
        }
    }

    @Test func aBlankValueIsRejected() throws {
        let data = try Data(contentsOf: Fixtures.uiDirectory.appendingPathComponent("it.json"))
        var object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: String])
        object["search"] = "  "
        let blank = try JSONSerialization.data(withJSONObject: object)
        #expect(throws: ViewsError.self) { try UIStrings(json: blank, source: "x.json") }
    }

    @Test(arguments: [("it", "75%"), ("es", "75 %"), ("tr", "%75"), ("ja", "75%")])
    func percentagesFollowEachLanguage(code: String, expected: String) throws {
        #expect(try Fixtures.strings(code).percent(0.754) == expected)
    }
}
