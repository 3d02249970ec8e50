import Foundation

/// Every word the pages show that is not course text, in one language; loaded from `Content/ui/{lang}.json`,
/// so a sixth language is a data file, not code.
///
/// Templates hold `{name}` placeholders (`"Capitolo {number}"`); `UIStrings+Format.swift` fills them.
public struct UIStrings: Sendable, Decodable, Equatable {
    /// Italian: "Italiano".
    public let languageName: String
    /// Italian: "Vai al contenuto".
    public let skipToContent: String
    /// Italian: "Navigazione del corso".
    public let siteNavigation: String
    /// Italian: "Lingua".
    public let languages: String
    /// Italian: "Indice".
    public let tableOfContents: String
    /// Italian: "Capitoli".
    public let chapters: String
    /// Italian: "Capitolo {number}".
    public let chapterLabel: String
    /// Italian: "Inizia dal primo capitolo".
    public let startReading: String
    /// Italian: "Riprendi da dove eri rimasto".
    public let continueReading: String

    /// Italian: "Cerca".
    public let search: String
    /// Italian: "Cerca nel corso".
    public let searchLabel: String
    /// Italian: "Ricerca".
    public let searchTitle: String
    /// Italian: "Risultati per «{query}»".
    public let searchResultsFor: String
    /// Italian: "Risultati trovati: {count}".
    public let searchResultCount: String
    /// Italian: "Nessun risultato per «{query}».".
    public let searchNoResults: String
    /// Italian: "Scrivi una o più parole da cercare nel corso.".
    public let searchHint: String
    /// Italian: "Risultati {from}–{to} di {count}".
    public let searchResultRange: String
    /// Italian: "Pagine dei risultati".
    public let searchPagesLabel: String
    /// Italian: "Risultati precedenti".
    public let searchPreviousPage: String
    /// Italian: "Risultati successivi".
    public let searchNextPage: String

    /// Italian: "Progressi".
    public let progress: String
    /// Italian: "I tuoi progressi".
    public let progressTitle: String
    /// Italian: "Completamento complessivo: {percent}".
    public let progressOverall: String
    /// Italian: "Capitoli letti: {read} su {total} · superati: {passed} su {total}".
    public let progressSummary: String
    /// Italian: "Sezione".
    public let progressSection: String
    /// Italian: "Letto".
    public let progressRead: String
    /// Italian: "Domande superate".
    public let progressQuestions: String
    /// Italian: "Punteggio".
    public let progressScore: String
    /// Italian: "Primo tentativo".
    public let progressFirstTry: String
    /// Italian: "Domande affrontate".
    public let progressQuestionTable: String
    /// Italian: "Domanda".
    public let progressQuestion: String
    /// Italian: "Tentativi".
    public let progressTries: String
    /// Italian: "Risposta mostrata".
    public let progressRevealed: String
    /// Italian: "Sì".
    public let yes: String
    /// Italian: "No".
    public let no: String
    /// Italian: "Non iniziato".
    public let markNotStarted: String
    /// Italian: "Letto".
    public let markRead: String
    /// Italian: "Segna il capitolo come letto".
    public let markAsRead: String
    /// Italian: "Capitolo letto.".
    public let chapterRead: String
    /// Italian: "Superato".
    public let markPassed: String
    /// Italian: "Domande superate: {passed} su {total}".
    public let markQuestions: String

    /// Italian: "Precedente".
    public let previous: String
    /// Italian: "Successivo".
    public let next: String
    /// Italian: "Capitoli vicini".
    public let pagerLabel: String

    /// Italian: "Quando usarlo".
    public let whenToUse: String
    /// Italian: "Quando non usarlo".
    public let whenNotToUse: String
    /// Italian: "Copia il codice".
    public let copyCode: String
    /// Italian: "Copiato".
    public let copied: String
    /// Italian: "Copia non riuscita".
    public let copyFailed: String
    /// Italian: "Codice Swift".
    public let codeLabel: String
    /// Italian: "Link a questa sezione".
    public let sectionLink: String

    /// Italian: "Punto di controllo".
    public let checkpoint: String
    /// Italian: "Domanda {number}".
    public let questionLabel: String
    /// Italian: "La tua risposta".
    public let yourAnswer: String
    /// Italian: "Scegli una risposta".
    public let chooseOption: String
    /// The text box's label on a choice question, where the text is an optional explanation.
    public let answerWhy: String
    /// The option that clears a choice.
    public let noChoice: String
    /// Italian: "Verifica la risposta".
    public let submitAnswer: String
    /// Italian: "Verifica in corso…".
    public let checking: String
    /// Italian: "Non è stato possibile inviare la risposta. Riprova.".
    public let sendFailed: String
    /// Italian: "Scrivi una risposta o scegli un'opzione.".
    public let answerRequired: String
    /// Italian: "Corretto".
    public let verdictCorrect: String
    /// Italian: "Parzialmente corretto".
    public let verdictPartial: String
    /// Italian: "Non corretto".
    public let verdictIncorrect: String
    /// Italian: "Punteggio: {percent}".
    public let score: String
    /// Italian: "Hai colto".
    public let found: String
    /// Italian: "Manca".
    public let missing: String
    /// Italian: "Risposta di riferimento".
    public let referenceAnswer: String
    /// Italian: "Risposte ai punti di controllo".
    public let referenceAnswers: String
    /// Italian: "Mostra la risposta".
    public let showAnswer: String
    /// Italian: "Le risposte del capitolo {number} compaiono dopo che hai risposto alle sue domande, opp…".
    public let chapterAnswersHidden: String
    /// Italian: "Mostra le risposte di questo capitolo".
    public let showChapterAnswers: String
    /// Italian: "Su questo sito le risposte non vengono mostrate.".
    public let answersNotShown: String
    /// Italian: "Tentativi precedenti".
    public let earlierAttempts: String
    /// Italian: "Scelta: {choice}".
    public let attemptChoice: String
    /// Italian: "{value}%".
    public let percent: String

    /// Italian: "Leggi a fronte con".
    public let parallelReading: String
    /// Italian: "Torna alla lettura in una sola lingua".
    public let parallelBack: String
    /// Italian: "Rispondi al punto di controllo".
    public let parallelAnswer: String

    /// Italian: "Unisciti a «{cohort}»".
    public let joinTitle: String
    /// Italian: "Scegli il nome con cui ti vedrà il tuo gruppo.".
    public let joinIntro: String
    /// Italian: "Il tuo nome".
    public let displayName: String
    /// Italian: "Unisciti al gruppo".
    public let joinButton: String

    /// Italian: "Continua su un altro dispositivo".
    public let resumeTitle: String
    /// Italian: "Ottieni un codice e inseriscilo sull'altro dispositivo, oppure inquadra lì il codice QR…".
    public let resumeIntro: String
    /// Italian: "Mostra un codice".
    public let resumeGetCode: String
    /// Italian: "Il tuo codice".
    public let resumeCodeLabel: String
    /// Italian: "Codice QR del codice {code}".
    public let resumeQRLabel: String
    /// Italian: "In questo browser non ci sono ancora progressi da portare su un altro dispositivo.".
    public let resumeNoLearner: String
    /// Italian: "Ho un codice".
    public let resumeHaveCode: String
    /// Italian: "Inserisci il codice mostrato sull'altro dispositivo per continuare qui con i tuoi progr…".
    public let resumeHaveCodeIntro: String
    /// Italian: "Codice".
    public let resumeCodeField: String
    /// Italian: "Continua qui".
    public let resumeButton: String
    /// Italian: "Il codice non è corretto o è scaduto. Chiedine uno nuovo dall'altro dispositivo.".
    public let resumeInvalid: String
    /// Italian: "Troppi tentativi. Attendi qualche minuto e riprova.".
    public let resumeTooMany: String

    /// Italian: "Pagina non trovata".
    public let notFoundTitle: String
    /// Italian: "La pagina che cerchi non esiste o è stata spostata.".
    public let notFoundMessage: String
    /// Italian: "Qualcosa è andato storto".
    public let serverErrorTitle: String
    /// Italian: "Si è verificato un errore imprevisto. Riprova tra poco.".
    public let serverErrorMessage: String
    /// Italian: "Richiesta non valida".
    public let badRequestTitle: String
    /// Italian: "Non è stato possibile elaborare la richiesta.".
    public let badRequestMessage: String
    /// Italian: "Torna al corso".
    public let backToCourse: String
    /// The 410 page of an invitation link replaced by a new one.
    public let invitationRetiredTitle: String
    public let invitationRetiredMessage: String
    /// The confirmation after joining, with `{cohort}`.
    public let joinedCohort: String
    /// The progress page's line naming the learner's cohort, with `{cohort}`.
    public let progressCohort: String

    /// Decodes one language's strings; every key is required and none may be blank.
    ///
    /// - Throws: `ViewsError` naming `source` and the missing, blank or malformed key.
    public init(json: Data, source: String) throws(ViewsError) {
        do {
            self = try JSONDecoder().decode(UIStrings.self, from: json)
        } catch let DecodingError.keyNotFound(key, _) {
            throw ViewsError(source: source, message: "missing key \"\(key.stringValue)\"")
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context) {
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            let message = path.isEmpty ? "not a JSON object of strings" : "\"\(path)\" must be a string"
            throw ViewsError(source: source, message: message)
        } catch {
            throw ViewsError(source: source, message: "not a JSON object of strings: \(error)")
        }
        for (key, value) in Mirror(reflecting: self).children {
            if let text = value as? String, text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                throw ViewsError(source: source, message: "key \"\(key ?? "?")\" is blank")
            }
        }
    }

    /// Decodes `{code}.json` for each language code from the files of `Content/ui`, held in memory and keyed
    /// by name (App reads them).
    ///
    /// - Throws: `ViewsError` for the first file that is missing or invalid, naming it `ui/{code}.json`.
    public static func parse(files: [String: Data], languages: [String]) throws(ViewsError) -> [String: UIStrings] {
        var result: [String: UIStrings] = [:]
        for code in languages {
            let source = "ui/\(code).json"
            guard let data = files["\(code).json"] else { throw ViewsError(source: source, message: "missing") }
            result[code] = try UIStrings(json: data, source: source)
        }
        return result
    }
}
