/// Everything a page of one language needs besides its own content; App builds one per language per content load.
public struct PageContext: Sendable {
    /// The page's own language.
    public var language: PageLanguage
    /// The interface text in the page's language.
    public var strings: UIStrings
    /// Every course language, in switcher order.
    public var languages: [PageLanguage]
    /// The course's titles in the page's language, for navigation.
    public var outline: CourseOutline
    /// Appended to `/static/…` URLs as `?v=` so App can serve them with a long cache lifetime.
    public var assetVersion: String?

    /// A context from its parts (App's `CoursePages`, or a test's literal).
    public init(
        language: PageLanguage,
        strings: UIStrings,
        languages: [PageLanguage],
        outline: CourseOutline,
        assetVersion: String? = nil
    ) {
        self.language = language
        self.strings = strings
        self.languages = languages
        self.outline = outline
        self.assetVersion = assetVersion
    }

    /// `/static/{file}`, versioned when an asset version is set.
    func asset(_ file: String) -> String {
        let path = "/static/" + file
        guard let version = assetVersion else { return path }
        return path + "?v=" + URLPath.query(version)
    }

    /// `/{lang}/`.
    var homePath: String { "/" + URLPath.segment(language.code) + "/" }

    /// A chapter's label and title, "Capitolo 3 · Titolo"; appendix and practice by their titles.
    func heading(of section: CourseSection) -> String {
        let title = outline.title(of: section) ?? ""
        switch section {
        case .chapter(let number): return strings.chapterLabel(number) + " · " + title
        case .appendix, .practice: return title
        }
    }
}
