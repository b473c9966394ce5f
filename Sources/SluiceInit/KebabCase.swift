/// Names in lowercase words joined by hyphens, as the debugger's feature names are:
/// `ShopCart` and `Shop.Cart` are both `shop-cart`; `URLList` is `url-list`.
enum KebabCase {
  static func of(_ name: String) -> String {
    var words: [String] = []
    var word = ""
    let characters = Array(name)
    for (index, character) in characters.enumerated() {
      if !(character.isLetter || character.isNumber) {
        if !word.isEmpty { words.append(word) }
        word = ""
        continue
      }
      let next = index + 1 < characters.count ? characters[index + 1] : nil
      let previous = index > 0 ? characters[index - 1] : nil
      // A capital starts a word after a lowercase letter or digit, and ends an acronym
      // when a lowercase letter follows it (`URLList`: `url`, `list`).
      let startsWord =
        character.isUppercase
        && ((previous.map { $0.isLowercase || $0.isNumber } ?? false)
          || (previous?.isUppercase == true && next?.isLowercase == true))
      if startsWord, !word.isEmpty {
        words.append(word)
        word = ""
      }
      word.append(contentsOf: character.lowercased())
    }
    if !word.isEmpty { words.append(word) }
    return words.joined(separator: "-")
  }
}
