/// The checkpoint: one plain form per question (works without JavaScript: POST, then App redirects back),
/// which `folio.js` submits with fetch instead, rendering the result into the question's `aria-live` region.
struct Checkpoint {
    var context: PageContext
    var questions: [QuestionContent]
    var headingID = "checkpoint-title"

    func node() -> Node {
        let strings = context.strings
        return .section(
            .class("checkpoint"), .id("checkpoint"), .aria("labelledby", headingID),
            .data("verdict-correct", strings.verdictCorrect),
            .data("verdict-partial", strings.verdictPartial),
            .data("verdict-incorrect", strings.verdictIncorrect),
            .data("score", strings.score),
            .data("percent", strings.percent),
            .data("found", strings.found),
            .data("missing", strings.missing),
            .data("reference", strings.referenceAnswer),
            .data("choice", strings.attemptChoice),
            .data("checking", strings.checking),
            .data("send-failed", strings.sendFailed),
            .data("answer-required", strings.answerRequired)
        ) {
            Node.h2(.id(headingID)) { strings.checkpoint }
            Node.ol(.class("questions")) {
                for question in questions {
                    item(question)
                }
            }
        }
    }

    private func item(_ question: QuestionContent) -> Node {
        let strings = context.strings
        let id = question.id
        let language = URLPath.segment(context.language.code)
        let questionPath = "/checkpoints/" + URLPath.segment(id) + "/attempts"
        return .li(.class("question"), .id(id)) {
            Node.form(
                .class("answer-form"), Attribute("method", "post"), Attribute("action", "/" + language + questionPath),
                .data("api", "/api/v1/" + language + questionPath), .data("question", id)
            ) {
                Node.fieldset(.class("question-fields")) {
                    Node.legend(.class("prompt")) {
                        Node.span(.class("question-number")) { strings.questionLabel(question.number) }
                        " "
                        question.prompt
                    }
                    options(question)
                    // On a choice question the text is an optional explanation; the label says so.
                    let required = options(for: question).isEmpty
                    Node.label(.for(id + "-answer"), .class("answer-label")) {
                        required ? strings.yourAnswer : strings.answerWhy
                    }
                    Node.slot(.answerInput(questionID: id, required: required)) {
                        ResultFragments(context: context).answerInput(questionID: id, required: required, draft: nil)
                    }
                    Node.button(.type("submit"), .class("submit-answer")) { strings.submitAnswer }
                }
            }
            Node.div(.class("result"), .id(id + "-result"), .aria("live", "polite")) {
                Node.slot(.result(questionID: id))
            }
            Node.div(.class("reveal"), .id(id + "-reveal"), .aria("live", "polite")) {
                Node.slot(.reveal(questionID: id)) {
                    ResultFragments(context: context).revealForm(questionID: id)
                }
            }
            Node.slot(.attempts(questionID: id)) {
                ResultFragments(context: context).attempts(questionID: id, [])
            }
        }
    }

    /// The options as radio buttons: the question's own, or yes/no for a boolean question without any.
    private func options(for question: QuestionContent) -> [AnswerOption] {
        if !question.options.isEmpty || question.kind != .boolean {
            return question.options
        }
        return [
            AnswerOption(value: "yes", label: context.strings.yes),
            AnswerOption(value: "no", label: context.strings.no),
        ]
    }

    private func options(_ question: QuestionContent) -> Node {
        let choices = options(for: question)
        guard !choices.isEmpty else { return .empty }
        return .fieldset(.class("options")) {
            Node.legend { context.strings.chooseOption }
            for (offset, option) in choices.enumerated() {
                let optionID = "\(question.id)-option-\(offset + 1)"
                Node.div(.class("option")) {
                    Node.input(.type("radio"), .id(optionID), .name("choice"), .value(option.value))
                    Node.label(.for(optionID)) { option.label }
                }
            }
            // A chosen option can be taken back: this one sends no choice, so the text alone is graded.
            let noneID = "\(question.id)-option-none"
            Node.div(.class("option option-none")) {
                Node.input(.type("radio"), .id(noneID), .name("choice"), .value(""), .checked)
                Node.label(.for(noneID)) { context.strings.noChoice }
            }
        }
    }
}
