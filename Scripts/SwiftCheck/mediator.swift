// The mediator lesson's live objects, declared as the playground makes them.
let pager = PageViewController()
let red = SenderPage(name: "red")
let blue = ReceiverPage(name: "blue")
// Made by the lesson itself: `pager.add(SenderPage(name: "teal"))` (the second-sender exercise).
let teal = SenderPage(name: "teal")
