/// The forms a command takes, as error messages quote them: `log [N] | log case PATTERN`.
///
/// Joined only when a message needs it: a line that parses never pays for the text.
struct CommandUsage: CustomStringConvertible {
  let forms: [String]

  init(_ forms: [String]) {
    self.forms = forms
  }

  var description: String { forms.joined(separator: " | ") }
}
