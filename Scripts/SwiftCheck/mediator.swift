// The mediator lesson's live objects, declared as the playground makes them: the pager holds red and blue, and blue
// has a listener (the playground's pane for it).
let pager = PageViewController()
let red = SenderPage(name: "red")
let blue = ReceiverPage(name: "blue")
pager.add(red)
pager.add(blue)
blue.onReceive = { _ in }
