/// Random-access element reads on an array of any element type, without
/// reflecting over the whole array (a `Mirror` would box every element).
protocol IndexedElements {
  var elementCount: Int { get }
  func element(at offset: Int) -> Any
  /// `true` when `other` is the same type and uses the very same buffer (so the two
  /// are equal); `false` when that cannot be told in constant time.
  func sharesStorage(with other: Any) -> Bool
}

extension Array: IndexedElements {
  var elementCount: Int { count }
  func element(at offset: Int) -> Any { self[offset] }
}

extension ContiguousArray: IndexedElements {
  var elementCount: Int { count }
  func element(at offset: Int) -> Any { self[offset] }
}

extension ArraySlice: IndexedElements {
  var elementCount: Int { count }
  func element(at offset: Int) -> Any { self[startIndex + offset] }
}

/// Elements of any collection, read directly from arrays or else through a mirror.
struct ElementList: IndexedElements {
  private let indexed: (any IndexedElements)?
  private let reflected: [Any]

  /// The elements of `value`, a collection whose reflection is `reflection`. A set's are in
  /// the order `print` shows them, sorted by their text, so that `tags[1]` is the second shown.
  init(_ value: Any, reflection: Reflection) {
    if let indexed = value as? any IndexedElements {
      self.indexed = indexed
      reflected = []
    } else if reflection.shape == .set {
      indexed = nil
      reflected = reflection.mirror.children
        .map { (text: ValueTree(reflecting: $0.value).compactDescription, value: $0.value) }
        .sorted { $0.text < $1.text }
        .map(\.value)
    } else {
      indexed = nil
      reflected = reflection.mirror.children.map(\.value)
    }
  }

  var elementCount: Int { indexed?.elementCount ?? reflected.count }

  func element(at offset: Int) -> Any {
    indexed?.element(at: offset) ?? reflected[offset]
  }

  func sharesStorage(with other: Any) -> Bool {
    false
  }
}
