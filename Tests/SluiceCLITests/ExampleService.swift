import Foundation
import Testing

/// `sluice-attach-example`, the HTTP service with its stores attachable, running with its
/// agent's folder in a temporary directory; stopped when the value goes away.
final class ExampleProgram {
  let process = Process()
  let folder: ScriptFolder
  private let lines: LineReader
  let pid: Int32
  /// The agent's Unix domain socket.
  let socket: String
  /// The service's HTTP port on loopback.
  let httpPort: Int
  /// The agent's TCP port, when the service was given a token file.
  let tcpPort: Int?

  /// The environment that puts the agent's runtime folder in ``folder``.
  var environment: [String: String] { ["TMPDIR": folder.url.path, "XDG_RUNTIME_DIR": ""] }

  /// Starts the service; `prepare` first does what it will to the folder that holds the
  /// agent's runtime folder.
  init(tokenFile: String? = nil, prepare: (URL) throws -> Void = { _ in }) throws {
    folder = try ScriptFolder()
    try prepare(folder.url)
    guard let executable = SluiceProcess.builtProduct("sluice-attach-example") else {
      throw ExampleProgramError(message: "sluice-attach-example was not built next to the tests")
    }
    process.executableURL = executable
    var environment = ProcessInfo.processInfo.environment
    environment["TMPDIR"] = folder.url.path
    environment["XDG_RUNTIME_DIR"] = ""
    environment["SLUICE_AGENT_TOKEN_FILE"] = tokenFile
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    lines = LineReader(output.fileHandleForReading)
    try process.run()
    let ready = try #require(lines.next(), "the example service said nothing")
    // ready pid PID socket PATH http PORT [tcp PORT]
    let words = ready.split(separator: " ").map(String.init)
    guard words.count == 7 || words.count == 9, words[0] == "ready", let pid = Int32(words[2]),
      let httpPort = Int(words[6])
    else {
      throw ExampleProgramError(message: "the example service said: \(ready)")
    }
    self.pid = pid
    socket = words[4]
    self.httpPort = httpPort
    tcpPort = words.count == 9 ? Int(words[8]) : nil
  }

  deinit {
    quit()
  }

  /// The request each word of the tests stands for, as `curl` would make it.
  private static let routes: [String: (method: String, path: String)] = [
    "increment": ("POST", "/counter/increment"), "decrement": ("POST", "/counter/decrement"),
    "count": ("GET", "/counter"), "ping": ("POST", "/pingpong/ping"), "stop": ("POST", "/pingpong/stop"),
    "pings": ("GET", "/pingpong"), "dump": ("POST", "/recordings"), "recordings": ("GET", "/recordings"),
    "add": ("POST", "/checkout/add"), "checkout": ("POST", "/checkout"), "cart": ("GET", "/checkout"),
  ]

  /// Makes the service's HTTP request `word` stands for and returns the answer's body.
  func request(_ word: String) throws -> String {
    let route = try #require(Self.routes[word], "no route for \(word)")
    return try HTTPRequest.send(route.method, route.path, toPort: httpPort)
  }

  /// Stops the service as a process manager would (SIGTERM), and waits until it has.
  func quit() {
    guard process.isRunning else { return }
    kill(process.processIdentifier, SIGTERM)
    process.waitUntilExit()
  }

  /// Asks for the recordings written until one matches, and returns its path.
  func waitForRecording(_ matches: (String) -> Bool) throws -> String {
    let path = try poll(asking: "recordings") { answer in
      answer.split(separator: " ").dropFirst().map(String.init).first(where: matches)
    }
    guard let path else { throw ExampleProgramError(message: "no recording was written") }
    return path
  }

  /// Asks for the cart until `matches` holds (the payment takes 100 ms of real time).
  func waitForCart(_ matches: (String) -> Bool) throws -> Bool {
    try poll(asking: "cart") { matches($0) ? true : nil } ?? false
  }

  /// Asks for the count until it is `count` (the store resumes when the agent hears the
  /// client is gone, a moment after it is killed).
  func waitForCount(_ count: Int) throws -> Bool {
    try poll(asking: "count") { $0 == "count \(count)" ? true : nil } ?? false
  }

  /// Sends `request` until `read` finds what it waits for in the answer; `nil` if it never does.
  private func poll<Found>(asking request: String, _ read: (String) -> Found?) throws -> Found? {
    // A guard that ends a hung test, never a limit a passing test comes near.
    let deadline = ContinuousClock.now + .seconds(300)
    while ContinuousClock.now < deadline {
      if let found = read(try self.request(request)) { return found }
      Thread.sleep(forTimeInterval: 0.05)
    }
    return nil
  }
}

/// One HTTP/1.1 request on a connection of its own to loopback, as `curl` makes it.
enum HTTPRequest {
  /// Sends `method path` to `127.0.0.1:port` and returns the body of a 200 answer.
  static func send(_ method: String, _ path: String, toPort port: Int) throws -> String {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { throw ExampleProgramError(message: "no socket") }
    defer { close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else { throw ExampleProgramError(message: "cannot connect to port \(port)") }
    let request = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
    _ = request.utf8CString.withUnsafeBufferPointer { write(descriptor, $0.baseAddress, $0.count - 1) }
    var answer = [UInt8]()
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      guard count > 0 else { break }
      answer += chunk[0..<count]
    }
    let text = String(decoding: answer, as: UTF8.self)
    guard text.hasPrefix("HTTP/1.1 200"), let blank = text.range(of: "\r\n\r\n") else {
      throw ExampleProgramError(message: "\(method) \(path) answered: \(text.prefix(200))")
    }
    return String(text[blank.upperBound...])
  }
}
