/// `/join/{code}`: asks the display name a learner joins a cohort with; the form posts back to the same path
/// as `display_name` (plus `csrf` when App provides a token).
public struct JoinPage: Sendable {
    /// The cohort invited to and the form's previous state.
    public var invitation: JoinInvitation
    /// The language and navigation of the page.
    public var context: PageContext

    /// The join page for one invitation.
    public init(invitation: JoinInvitation, context: PageContext) {
        self.invitation = invitation
        self.context = context
    }

    /// The complete HTML document, UTF-8.
    public func render() -> [UInt8] {
        let strings = context.strings
        let invitation = invitation
        let title = UIStrings.fill(strings.joinTitle, ["cohort": invitation.cohortName])
        let action = "/join/" + URLPath.segment(invitation.code)
        let shell = PageShell(context: context, title: title, languagePath: { _ in action }, hasAlternates: false)
        let nodes = shell.document {
            Node.h1 { title }
            Node.p(.id("join-intro")) { strings.joinIntro }
            Node.form(.class("join-form"), Attribute("method", "post"), Attribute("action", action)) {
                if let token = invitation.csrfToken {
                    Node.input(.type("hidden"), .name("csrf"), .value(token))
                }
                Node.label(.for("display-name")) { strings.displayName }
                if let error = invitation.error {
                    Node.p(.class("form-error"), .id("display-name-error")) { error }
                }
                Node.input(
                    .type("text"), .id("display-name"), .name("display_name"), .value(invitation.displayName),
                    .required,
                    Attribute("maxlength", "80"), Attribute("autocomplete", "nickname"),
                    .aria("describedby", invitation.error == nil ? "join-intro" : "display-name-error join-intro"),
                    .when(invitation.error != nil, .aria("invalid", "true"))
                )
                Node.button(.type("submit")) { strings.joinButton }
            }
        }
        return HTMLRenderer.bytes(nodes)
    }
}
