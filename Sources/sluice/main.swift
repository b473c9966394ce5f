// The `sluice` executable: the command line, with the example features registered and the
// browser's page linked.
import ExampleRegistry
import SluiceCLI
import SluiceServe

await SluiceCommand.main(registry: exampleFeatures, page: .timeline)
