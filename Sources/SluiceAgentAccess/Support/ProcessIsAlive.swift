#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whether the process `pid` exists: `kill(pid, 0)` succeeds, or fails only for lack of
/// permission. Never asked for `pid <= 0`, which would name a process group.
package func processIsAlive(_ pid: Int32) -> Bool {
  guard pid > 0 else { return false }
  return kill(pid, 0) == 0 || errno == EPERM
}
