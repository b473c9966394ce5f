import Foundation
import Sluice

extension SessionFile {
  /// The file's JSON, as `save` writes it: sorted keys, each ``Sluice/Secret`` as the mask,
  /// and the paths `redaction` registers masked in its states.
  func encoded(masking redaction: Redaction) throws -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    encoder.userInfo[SecretMask.masksSecrets] = true
    return Array(try redaction.maskingStates(inSessionFile: encoder.encode(self)))
  }
}
