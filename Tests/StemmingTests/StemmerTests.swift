import Foundation
import Stemming
import Testing

@Suite struct StemmerTests {
    @Test(arguments: [
        ("italian", "larghezze", "larghezz"),
        ("italian", "larghezza", "larghezz"),
        ("spanish", "anchuras", "anchur"),
        ("turkish", "genişlikleri", "genişlik"),
    ])
    func stemsInflectedForms(algorithm: String, word: String, stem: String) throws {
        let stemmer = try Stemmer(algorithm: algorithm)
        #expect(stemmer.stem(word) == stem)
    }

    @Test func unknownAlgorithmIsAnError() {
        #expect(throws: StemmingError.unknownAlgorithm("klingon")) { try Stemmer(algorithm: "klingon") }
    }

    @Test func listsTheAlgorithmsFolioUses() {
        let known = Set(Stemmer.algorithms)
        #expect(known.isSuperset(of: ["italian", "spanish", "turkish"]))
    }

    @Test func emptyWordStaysEmpty() throws {
        #expect(try Stemmer(algorithm: "italian").stem("") == "")
    }

    @Test func concurrentCallersGetTheSameStems() async throws {
        let stemmer = try Stemmer(algorithm: "italian")
        let words = ["larghezze", "interfacce", "schermi", "cerniere", "pieghevoli"]
        let expected = stemmer.stem(words)
        let results = await withTaskGroup(of: [String].self) { group in
            for _ in 0..<16 { group.addTask { stemmer.stem(words) } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.allSatisfy { $0 == expected })
    }
}
