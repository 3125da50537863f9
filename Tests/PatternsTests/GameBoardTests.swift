import Testing

@testable import Patterns

@Suite struct GameBoardTests {
    @Test func cellsReportTypedValuesToTheirController() {
        let controller = GameBoardController()
        controller.cell(2, 3).endEditing("A")
        controller.cell(0, 0).endEditing("")
        #expect(controller.received == ["A at [2,3]"])
        #expect(controller.cells.joined().count == 25)
    }

    /// Real ARC, observed through weak references: with a weak delegate releasing the controller frees it and its
    /// cells; with a strong one the cycle keeps every object alive.
    @Test(arguments: DelegateOwnership.allCases)
    func releasingTheControllerFreesItOnlyWithAWeakDelegate(ownership: DelegateOwnership) {
        weak var weakController: GameBoardController?
        weak var weakCell: Cell?
        var freed: [String] = []
        do {
            var controller: GameBoardController? = GameBoardController(ownership: ownership) { freed.append($0) }
            controller?.onDeinit = { freed.append($0) }
            weakController = controller
            weakCell = controller?.cell(4, 4)
            controller = nil
            _ = controller
        }
        if ownership == .weak {
            #expect(weakController == nil)
            #expect(weakCell == nil)
            #expect(freed.first == "GameBoardController")
            #expect(freed.count == 26)
        } else {
            #expect(weakController != nil)
            #expect(weakCell != nil)
            #expect(freed.isEmpty)
            // Break the cycle so the test does not leak.
            weakController?.setDelegateOwnership(.weak)
            #expect(weakController == nil)
        }
    }

    @Test func switchingOwnershipKeepsTheDelegate() {
        let controller = GameBoardController(ownership: .strong)
        controller.setDelegateOwnership(.weak)
        #expect(controller.cell(1, 1).delegate === controller)
    }
}

@Suite struct PageMediatorTests {
    @Test func senderReachesEveryReceiverThroughTheMediator() {
        let pager = PageViewController()
        let red = SenderPage(name: "red")
        let blue = ReceiverPage(name: "blue")
        pager.add(red)
        pager.add(blue)
        red.viewDidDisappear()
        let green = ReceiverPage(name: "green")
        pager.add(green)  // no existing page changes
        red.viewDidDisappear()
        #expect(blue.received == ["red page viewDidDisappear()", "red page viewDidDisappear()"])
        #expect(green.received == ["red page viewDidDisappear()"])
        #expect(pager.recipients.count == 2)
    }

    @Test func linkCounts() {
        #expect((2...6).map(PageViewController.directLinks) == [1, 3, 6, 10, 15])
        #expect((2...6).map(PageViewController.mediatedLinks) == [2, 3, 4, 5, 6])
    }
}
