/// The join page's input: the cohort a link invites to, and what to show again after a rejected submission.
public struct JoinInvitation: Sendable {
    /// The join code from `/join/{code}`; the form posts back to that path.
    public var code: String
    /// The cohort's name, shown in the invitation.
    public var cohortName: String
    /// The name typed before, shown again after an error.
    public var displayName: String
    /// Why the previous submission was rejected, in the page's language.
    public var error: String?
    /// A CSRF token, sent as the hidden field `csrf` when App uses one.
    public var csrfToken: String?

    /// An invitation; the defaults show an empty, fresh form.
    public init(
        code: String, cohortName: String, displayName: String = "", error: String? = nil, csrfToken: String? = nil
    ) {
        self.code = code
        self.cohortName = cohortName
        self.displayName = displayName
        self.error = error
        self.csrfToken = csrfToken
    }
}
