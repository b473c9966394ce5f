import Foundation
import Sluice
import Testing

/// Each form in `StoreCreationForms.swift` compiles (or this suite would not build), and each
/// store took the actor its form implies.
@MainActor
@Suite struct StoreCreationFormTests {
  /// A store as a suite's stored property, as peer libraries' tests hold theirs. Swift
  /// Testing may make the suite's instance off the main actor, and this store with it; it is
  /// used on the main actor.
  let sut = Store(initialState: 0, reducer: Tally())

  @Test func aStoreInASuitesPropertyLivesOnTheMainActor() {
    #expect(sut.isolation === MainActor.shared)
    sut.send(2)
    #expect(sut.state == 2)
  }

  @Test func storesInMainActorPropertiesLiveOnTheMainActor() {
    let model = TallyModel()
    let holder = TallyHolder()
    let view = TallyView()
    for store in [model.store, model.replaceable, model.lazyStore, TallyModel.shared, holder.store, view.store, view.other] {
      #expect(store.isolation === MainActor.shared)
      store.send(3)
      #expect(store.state == 3)
    }
  }

  @Test func storesMadeInMainActorCodeLiveOnTheMainActor() {
    let controller = TallyController()
    for store in [makeTallyStore(), controller.store, controller.withMiddleware] {
      #expect(store.isolation === MainActor.shared)
    }
  }

  @Test func storesMadeOnAnActorLiveOnIt() async {
    let service = TallyService()
    #expect(await service.total(adding: [1, 2, 3]) == 6)
    #expect(await service.localStoreIsMine())
    #expect(await service.propertyStoreIsMine())
  }

  @Test func aStoreMadeWithoutAnActorOnTheMainActorTakesIt() {
    let store = makeTallyStoreWithoutActor()
    #expect(store.isolation === MainActor.shared)
    store.send(4)
    store.send(5)
    #expect(store.state == 9)
  }

  @Test func aStoreWithoutAnActorSentToOffTheMainActorStopsWithAMessage() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await Task.detached {
        let store = makeTallyStoreWithoutActor()
        store.send(1)
      }.value
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("pass the actor it lives on, `Store(…, isolation: someActor)`"), "\(message)")
  }
}
