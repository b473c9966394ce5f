import Foundation
import Testing

/// Rewrites the JSON object of the session file at `path` with `change`, into `newPath`
/// (the same file by default): how a test makes a file that `save` would never write.
func rewriteSessionFile(_ path: String, to newPath: String? = nil, _ change: (inout [String: Any]) -> Void) throws {
  var object = try #require(
    try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
  change(&object)
  try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: newPath ?? path))
}
