extension CommandInterpreter {
  /// `display PATH`: adds a display and shows it at once, as gdb does. A path that leads
  /// nowhere now is refused rather than shown as an error after every step.
  func addDisplay(_ path: String) throws(DebugError) -> CommandResult {
    let tree = try session().inspection.tree(at: path)
    let display = Display(number: nextDisplayNumber, path: path)
    nextDisplayNumber += 1
    displays.append(display)
    return .displayed([DisplayedValue(number: display.number, path: path, value: .success(tree))])
  }

  /// `undisplay [N…]`: deletes the given displays, or all of them.
  func deleteDisplays(_ numbers: [Int]) throws(DebugError) -> CommandResult {
    guard !numbers.isEmpty else {
      displays.removeAll()
      return .message(["deleted every display"])
    }
    for number in numbers where !displays.contains(where: { $0.number == number }) {
      let known = displays.isEmpty ? "there are none" : "displays: " + displays.map { String($0.number) }.joined(separator: ", ")
      throw DebugError("no display \(number) (\(known))")
    }
    displays.removeAll { numbers.contains($0.number) }
    let noun = numbers.count == 1 ? "display" : "displays"
    return .message(["deleted \(noun) \(numbers.map(String.init).joined(separator: ", "))"])
  }

  /// The displays' values now: what follows every command that moves the program.
  func displayedValues() -> [DisplayedValue] {
    guard !displays.isEmpty, let session = debugger.current else { return [] }
    return displays.map { display in
      let value: Result<ValueTree, DebugError>
      do throws(DebugError) {
        value = .success(try session.inspection.tree(at: display.path))
      } catch {
        value = .failure(error)
      }
      return DisplayedValue(number: display.number, path: display.path, value: value)
    }
  }
}

/// A path `display` shows after every command that moves the program.
struct Display {
  /// Its number, from 1, never reused: what `undisplay` takes.
  let number: Int
  /// The state path.
  let path: String
}
