/// The comments that mark, in the registry file sluice-init wrote, the parts it owns: the
/// imports and the registrations between a `begin` and an `end` line, and each registration
/// it wrote, by a comment naming its feature at the end of its (first) line. `sluice-init --update`
/// adds only between them, and leaves everything else as the user left it.
package enum GeneratedRegion {
  /// Opens the imports sluice-init adds to.
  package static let beginImports = "// sluice-init: begin imports"
  /// Closes them.
  package static let endImports = "// sluice-init: end imports"
  /// Opens the registrations sluice-init adds to.
  package static let beginRegistrations = "// sluice-init: begin registrations"
  /// Closes them: new registrations go on lines before this one.
  package static let endRegistrations = "// sluice-init: end registrations"
  /// What ends a registration's line, before the feature's name: `// sluice-init: feature cart`.
  package static let featurePrefix = "// sluice-init: feature "

  /// The comment that names `feature` at the end of its registration.
  package static func featureMarker(_ feature: FoundFeature) -> String { featurePrefix + feature.registryName }
}
