import SluiceInit
import Testing

/// The bracket count `sluice-init` takes before swift-syntax parses a file: it skips what
/// Swift's lexer skips (comments, literals) and nothing more, so that no literal can hide
/// brackets the parser nests into.
@Suite struct SluiceInitNestingDepthTests {
  @Test(arguments: [
    ("an escaped backslash ends its literal", #"let a = "\\" + [[[[1]]]]"#, 4),
    ("a raw string's backslash escapes nothing", ##"let a = #"\"# + [[[1]]]"##, 3),
    ("an interpolation's brackets are code", #"let a = "\([[[1]]])""#, 4),
    ("a raw interpolation's brackets are code", ##"let a = #"\#([[1]])"#"##, 3),
    ("a quote in a regex literal opens no string", #"let r = /"/; let t = [[[[1]]]]"#, 4),
    ("a quote in an extended regex literal opens no string", ##"let r = #/"/#; let t = [[[1]]]"##, 3),
    ("a quote in a raw identifier opens no string", #"let `a"b` = [[[1]]]"#, 3),
    ("a single-line literal ends with its line", "let a = \"open\nlet t = [[[1]]]", 3),
    ("brackets in a string do not count", #"let a = "[[[[" + [1]"#, 1),
    ("brackets in a multi-line string do not count", "let a = \"\"\"\n[[[[ \" \"\"\n\"\"\" + [1]", 1),
    ("brackets in a comment do not count", "// [[[[\n/* [[[[ /* ]]]] */ ( */ [1]", 1),
    ("a division is not a regex literal", "let a = [b/2, (c) / [[d]]]", 3),
    ("a closing bracket in a regex literal closes nothing", "let t = [[[[ b /]]]]/ + [[[[1]]]]", 8),
    ("a regex literal's brackets nest no deeper", "let r = /[a-z]+/; let t = [[1]]", 2),
  ])
  func theDepthIsWhatTheParserNests(_ name: String, _ source: String, _ depth: Int) {
    #expect(NestingDepth.of(source) == depth, "\(name)")
  }

  @Test func theFirstBracketPastTheLimitIsFound() {
    let source = "let a = \"[[[[\"\nlet b = [[[1]]]"
    #expect(NestingDepth.firstPast(2, in: source) == 25)
    #expect(NestingDepth.firstPast(3, in: source) == nil)
  }
}
