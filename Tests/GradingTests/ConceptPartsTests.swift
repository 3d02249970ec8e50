import Testing

@testable import Grading

/// Half an idea is not the idea: a concept with `parts` is stated only when every part is (or by a phrase of the
/// whole concept), and a concept that lumps the part the prompt asks for with a side remark is split so that the
/// side remark alone earns a partial.
@Suite struct ConceptPartsTests {
    typealias JSON = AnswerKeyBookTests.JSON

    static func neutral(parts: [String] = ["p", "q"]) -> JSON {
        [
            "questions": [
                "ch0-q1": ["kind": "choice", "options": ["a", "b"], "correct": "a"],
                "ch0-q2": ["kind": "open", "concepts": [["id": "c", "weight": 1, "required": true, "parts": parts]]],
            ]
        ]
    }

    static func language(parts: JSON = ["p": ["phrases": ["delta"]], "q": ["phrases": ["epsilon"]]]) -> JSON {
        var language = AnswerKeyBookTests.language()
        var questions = language["questions"] as? JSON ?? [:]
        questions["ch0-q2"] = ["concepts": ["c": ["label": "Gamma", "phrases": ["gamma"], "parts": parts]]]
        language["questions"] = questions
        return language
    }

    @Test(arguments: [
        ("delta", Verdict.partial),
        ("epsilon", .partial),
        ("delta und epsilon", .correct),
        ("gamma", .correct),
        ("nicht delta", .incorrect),
    ])
    func everyPartIsNeeded(answer: String, expected: Verdict) throws {
        let book = try AnswerKeyBookTests.load(neutral: Self.neutral(), language: Self.language())
        let grade = try Grader(book: book).grade(questionID: "ch0-q2", language: "xx", answer: answer, reference: "")
        #expect(grade.verdict == expected, "\(answer) → \(grade.feedback)")
        if expected == .partial { #expect(grade.reason == .missingParts) }
    }

    struct BrokenParts: Sendable, CustomTestStringConvertible {
        let name: String
        let files: @Sendable () -> (neutral: JSON, language: JSON)
        var testDescription: String { name }
    }

    static let brokenParts: [BrokenParts] = [
        BrokenParts(name: "a part without phrases") { (neutral(), language(parts: ["p": ["phrases": ["delta"]]])) },
        BrokenParts(name: "a part keys.json does not name") {
            let parts: JSON = ["p": ["phrases": ["delta"]], "q": ["phrases": ["epsilon"]], "r": ["phrases": ["zeta"]]]
            return (neutral(), language(parts: parts))
        },
        BrokenParts(name: "a single part") { (neutral(parts: ["p"]), language()) },
        BrokenParts(name: "parts named twice") { (neutral(parts: ["p", "p"]), language()) },
    ]

    @Test(arguments: brokenParts)
    func brokenPartsAreRejected(_ broken: BrokenParts) throws {
        let (neutral, language) = broken.files()
        do {
            _ = try AnswerKeyBookTests.load(neutral: neutral, language: language)
            Issue.record("loaded a broken key: \(broken.name)")
        } catch {
            #expect(error.code == .invalidKey)
            #expect(error.question == "ch0-q2")
            #expect(error.message.contains("part"), "\(error.message)")
        }
    }

    /// The course's keys: the form's sentences stretch and its labels and switches drift apart (ch1-q1), the column count is the container's width over the minimum item width (ch4-q2), the
    /// draft comes back from the same state (ch9-q1), the simulator has no camera (ch11-q3), one of the two pieces
    /// becomes unreachable (ch8-q3), the bar is not one the navigation container provides (ch5-q4: "it is custom"
    /// restates the question).
    @Test(arguments: [
        ("it", "ch4-q2", "Dalla larghezza del contenitore.", Verdict.partial),
        ("it", "ch4-q2", "Dipende dalla larghezza minima di una carta.", .partial),
        ("it", "ch4-q2", "si divide la larghezza disponibile per la larghezza minima di una carta", .correct),
        ("it", "ch9-q1", "non da un altro albero di viste", .partial),
        ("it", "ch11-q3", "perché serve un dispositivo vero", .partial),
        ("it", "ch8-q3", "uno dei due pezzi", .partial),
        ("es", "ch4-q2", "depende del ancho mínimo de cada tarjeta", .partial),
        ("es", "ch4-q2", "el ancho del contenedor entre el ancho mínimo", .correct),
        ("es", "ch9-q1", "no de otro árbol de vistas", .partial),
        ("es", "ch11-q3", "porque hace falta un dispositivo real", .partial),
        ("tr", "ch4-q2", "Kapsayıcının genişliğinden.", .partial),
        ("tr", "ch4-q2", "kap genisligi en kucuk oge genisligine bolunur", .correct),
        ("tr", "ch9-q1", "başka bir görünüm ağacından değil", .partial),
        ("tr", "ch11-q3", "çünkü gerçek cihaz lazım", .partial),
        ("ja", "ch4-q2", "コンテナの幅から決まる。", .partial),
        ("ja", "ch4-q2", "幅を最小幅で割った数", .correct),
        ("ja", "ch9-q1", "別のビューツリーからではない", .partial),
        ("ja", "ch11-q3", "実機が必要だから", .partial),
        ("ja", "ch11-q3", "シミュレータにはカメラがないから", .correct),
        ("zh-Hant", "ch4-q2", "由容器的寬度決定。", .partial),
        ("zh-Hant", "ch4-q2", "可用寬度除以最小項寬", .correct),
        ("zh-Hant", "ch9-q1", "不是從另一棵視圖樹", .partial),
        ("zh-Hant", "ch11-q3", "因為需要真機", .partial),
        ("zh-Hant", "ch8-q3", "兩塊中的一塊", .partial),
        ("it", "ch1-q1", "le righe diventano lunghissime", .partial),
        ("it", "ch1-q1", "c'è troppo spazio vuoto tra etichetta e interruttore", .partial),
        ("it", "ch1-q1", "le righe diventano lunghissime e l'interruttore è lontano dalla sua etichetta", .correct),
        ("es", "ch1-q1", "las líneas se hacen muy largas", .partial),
        ("es", "ch1-q1", "el texto se estira y entre la etiqueta y el interruptor queda un hueco enorme", .correct),
        ("tr", "ch1-q1", "satırlar çok uzun oluyor", .partial),
        ("tr", "ch1-q1", "satırlar aşırı uzun oluyor ve anahtar etiketten uzaklaşıyor", .correct),
        ("ja", "ch1-q1", "行が長くなりすぎる", .partial),
        ("ja", "ch1-q1", "行が長くなって読みづらく、ラベルとスイッチが泣き別れになる", .correct),
        ("zh-Hant", "ch1-q1", "句子被拉得很長", .partial),
        ("zh-Hant", "ch1-q1", "句子被拉得很長，開關跟標籤離得很遠", .correct),
        ("it", "ch5-q4", "perché è una toolbar custom", .partial),
        ("it", "ch5-q4", "perché non è una barra fornita dal contenitore di navigazione", .correct),
        ("es", "ch5-q4", "porque es un toolbar personalizado", .partial),
        ("tr", "ch5-q4", "çünkü özel bir araç çubuğu", .partial),
        ("ja", "ch5-q4", "カスタムのツールバーだから", .partial),
        ("zh-Hant", "ch5-q4", "因為是自訂的工具列", .partial),
    ])
    func halfAnIdeaIsPartial(language: String, question: String, answer: String, expected: Verdict) throws {
        let grade = try TestContent.grader().grade(questionID: question, language: language, answer: answer)
        #expect(grade.verdict == expected, "\(language) \(question): \(answer) → \(grade.feedback)")
    }
}
