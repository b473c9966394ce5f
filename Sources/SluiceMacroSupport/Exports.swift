// Importing `SluiceMacroSupport` is enough to write features: the code the macros generate
// names `Sluice` types, so the runtime comes with it.
@_exported import Sluice
