import Course

// PageLanguage made from the course model's values, so App passes them as they are.

extension PageLanguage {
    public init(_ language: Language) {
        self.init(code: language.code, tag: language.tag, name: language.name)
    }
}
