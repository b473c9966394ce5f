/// A value dump made to read as the debugger writes values, so a failure's lines paste into
/// its shell: swift-custom-dump writes `UUID(00000000-…)` and `Date(1970-01-01T00:00:00.000Z)`
/// without quotes, and a property wrapper's storage under its underscored name (`_apiToken`);
/// the debugger writes `UUID("…")`, `Date("…")` and the wrapped property's name.
///
/// Text, not a second dumper: the dump is swift-custom-dump's (its layout and diffs), and only
/// those spellings change. A `Date` keeps the milliseconds the dump has.
package enum PasteableDump {
  /// `dump` with its UUIDs and dates quoted and property wrappers' storage named as the
  /// wrapped property.
  package static func text(_ dump: String) -> String {
    var text = dump
    text.replace(/UUID\(([0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12})\)/) {
      "UUID(\"\($0.1)\")"
    }
    text.replace(/Date\((\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2}))\)/) {
      "Date(\"\($0.1)\")"
    }
    // A label at the start of a line (after a diff's mark) or after `(` or `, `.
    text.replace(#/(?m)(^[ \t−+\-]*|\(|, )_([A-Za-z][A-Za-z0-9_]*): /#) { "\($0.1)\($0.2): " }
    return text
  }
}
