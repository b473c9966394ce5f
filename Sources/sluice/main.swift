// The `sluice` executable: the command line, with the example features registered.
import ExampleRegistry
import SluiceCLI

await SluiceCommand.main(registry: exampleFeatures)
