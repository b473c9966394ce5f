import CLibEdit
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// libedit calls these plain C functions; each finds its editor through the client data.

let lineEditorPrompt: sluice_el_prompt_t = { editLine in
  LineEditor.owner(of: editLine)?.currentPrompt
}

let lineEditorReadCharacter: el_rfunc_t = { editLine, character in
  guard let editor = LineEditor.owner(of: editLine), let character else { return -1 }
  return editor.readCharacter(into: character)
}

let lineEditorStep: sluice_el_command_t = { editLine, _ in
  LineEditor.owner(of: editLine)?.performStep() ?? UInt8(CC_ERROR)
}

let lineEditorComplete: sluice_el_command_t = { editLine, _ in
  LineEditor.owner(of: editLine)?.complete() ?? UInt8(CC_ERROR)
}

let lineEditorEndOfInput: sluice_el_command_t = { editLine, _ in
  LineEditor.owner(of: editLine)?.endOfInputOrDelete() ?? UInt8(CC_ERROR)
}
