/// A ``PaymentGateway`` that charges nobody: it answers after a configurable latency,
/// declines on demand, and keeps the charges it accepted so tests can inspect them.
///
/// An actor, because the debugger and tests reconfigure it while charges are in flight, and
/// because two charges with the same key must not both go through.
public actor InMemoryPaymentGateway: PaymentGateway {
  /// A charge the gateway accepted.
  public struct Charge: Hashable, Sendable, Codable {
    /// The key the charge was made under.
    public let idempotencyKey: String
    /// The amount charged, in cents.
    public let amountInCents: Int
    /// The receipt given for it.
    public let receiptID: String
  }

  /// Every charge accepted, oldest first; repeats of a key are not listed again.
  public private(set) var charges: [Charge] = []
  /// How long each charge takes, on `clock`.
  public private(set) var latency: Duration
  /// Which charges are declined, and with what reason.
  public private(set) var declines: FailurePlan

  private let clock: any Clock<Duration>

  /// Creates the gateway.
  ///
  /// - Parameters:
  ///   - latency: How long each charge waits on `clock` before answering.
  ///   - clock: Where the latency is slept; pass a test clock to control it.
  ///   - declines: Which charges are declined; the plan's message is the reason given.
  public init(
    latency: Duration = .zero,
    clock: any Clock<Duration> = ContinuousClock(),
    declines: FailurePlan = .never
  ) {
    self.latency = latency
    self.clock = clock
    self.declines = declines
  }

  /// Changes how long later charges take.
  public func setLatency(_ latency: Duration) {
    self.latency = latency
  }

  /// Changes which later charges are declined.
  public func setDeclines(_ declines: FailurePlan) {
    self.declines = declines
  }

  /// Charges after the latency; receipts are numbered `receipt-1`, `receipt-2`, … in the
  /// order charges are accepted. A decline is thrown as an `AsyncFailure`.
  public func charge(amountInCents: Int, idempotencyKey: String) async throws -> String {
    try await simulateLatency(latency, on: clock)
    // Checked after the wait, with no suspension before the charge is stored, so two
    // overlapping charges with one key end up as one charge.
    if let earlier = charges.first(where: { $0.idempotencyKey == idempotencyKey }) {
      return earlier.receiptID
    }
    if let decline = declines.nextFailure() { throw decline }
    let receiptID = "receipt-\(charges.count + 1)"
    charges.append(
      Charge(idempotencyKey: idempotencyKey, amountInCents: amountInCents, receiptID: receiptID))
    return receiptID
  }
}
