import Course

// PageLanguage made from the course model's values, so App passes them as they are.

extension PageLanguage {
    /// The course language as the language switcher and `lang` attributes name it.
    public init(_ language: Language) {
        self.init(code: language.code, tag: language.tag, name: language.name)
    }
}
