// The mediator lesson's live objects, declared as the playground makes them.
let pager = PageViewController()
let red = SenderPage(name: "red")
let blue = ReceiverPage(name: "blue")
