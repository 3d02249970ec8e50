/// The learner-facing error page (404, 410 for a replaced invitation link, 500, other 4xx), in the language of the request.
///
/// It shows fixed words from `UIStrings` only: an error's details are logged by App, never echoed.
public struct ErrorPage: Sendable {
    /// The HTTP status the page explains.
    public var status: Int
    /// The language and navigation of the page.
    public var context: PageContext

    /// The error page for `status` in the context's language.
    public init(status: Int, context: PageContext) {
        self.status = status
        self.context = context
    }

    /// The complete HTML document, UTF-8.
    public func render() -> [UInt8] {
        let strings = context.strings
        let (title, message): (String, String)
        switch status {
        case 404: (title, message) = (strings.notFoundTitle, strings.notFoundMessage)
        case 410: (title, message) = (strings.invitationRetiredTitle, strings.invitationRetiredMessage)
        case 400..<500: (title, message) = (strings.badRequestTitle, strings.badRequestMessage)
        default: (title, message) = (strings.serverErrorTitle, strings.serverErrorMessage)
        }
        let shell = PageShell(
            context: context, title: title + " — " + context.outline.title,
            languagePath: { "/" + URLPath.segment($0.code) + "/" }, hasAlternates: false
        )
        let nodes = shell.document {
            Node.div(.class("error-page")) {
                Node.p(.class("error-status")) { String(status) }
                Node.h1 { title }
                Node.p { message }
                Node.p { Node.a(.href(context.homePath)) { strings.backToCourse } }
            }
        }
        return HTMLRenderer.bytes(nodes)
    }
}
