/// The progress page's "Continue on another device" (a form that shows a resume code and its QR code) and
/// "I have a code" (a form posting `code` to `/resume`). Both work without JavaScript.
struct ResumeSections {
    var panel: ResumePanel
    var context: PageContext

    func node() -> Node {
        .fragment([share(), enter()])
    }

    /// The code of this browser's learner, or the form that asks for one.
    private func share() -> Node {
        let strings = context.strings
        // The page that answers lands on the code rather than at the top.
        let action = "/" + URLPath.segment(context.language.code) + "/resume-code#resume"
        return .section(.class("resume"), .id("resume"), .aria("labelledby", "resume-title")) {
            Node.h2(.id("resume-title")) { strings.resumeTitle }
            if panel.hasLearner {
                Node.p { UIStrings.fill(strings.resumeIntro, ["minutes": String(panel.lifetimeMinutes)]) }
                if let issued = panel.issued {
                    Node.div(.class("resume-issued")) {
                        Node.p {
                            strings.resumeCodeLabel
                            " "
                            Node.strong(.class("resume-code"), .id("resume-code")) { issued.code }
                        }
                        if let symbol = issued.symbol {
                            QRCodeSVG(
                                symbol: symbol, label: UIStrings.fill(strings.resumeQRLabel, ["code": issued.code])
                            ).node()
                        }
                    }
                }
                Node.form(.class("resume-share-form"), Attribute("method", "post"), Attribute("action", action)) {
                    Node.button(.type("submit")) { strings.resumeGetCode }
                }
            } else {
                Node.p { strings.resumeNoLearner }
            }
        }
    }

    /// "I have a code": moves this browser to the learner whose code it is.
    private func enter() -> Node {
        let strings = context.strings
        let error = panel.error
        return .section(.class("resume-enter"), .id("resume-enter"), .aria("labelledby", "resume-enter-title")) {
            Node.h2(.id("resume-enter-title")) { strings.resumeHaveCode }
            Node.p(.id("resume-enter-intro")) { strings.resumeHaveCodeIntro }
            Node.form(.class("resume-enter-form"), Attribute("method", "post"), Attribute("action", "/resume")) {
                Node.input(.type("hidden"), .name("lang"), .value(context.language.code))
                Node.label(.for("resume-code-field")) { strings.resumeCodeField }
                if let error {
                    Node.p(.class("form-error"), .id("resume-code-error"), Attribute("role", "alert")) { error }
                }
                Node.input(
                    .type("text"), .id("resume-code-field"), .name("code"), .value(panel.typedCode), .required,
                    Attribute("maxlength", "64"), Attribute("autocomplete", "off"),
                    Attribute("autocapitalize", "characters"), Attribute("spellcheck", "false"),
                    .aria("describedby", error == nil ? "resume-enter-intro" : "resume-code-error resume-enter-intro"),
                    .when(error != nil, .aria("invalid", "true"))
                )
                Node.button(.type("submit")) { strings.resumeButton }
            }
        }
    }
}
