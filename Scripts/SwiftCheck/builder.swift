// The builder lesson's live objects, declared as the playground makes them.
let screen = Screen()
let builder = HamburgerBuilder()
let alert = AlertConcreteBuilder(screen: screen)
let buggyAlert = BuggyAlertBuilder(screen: screen)
