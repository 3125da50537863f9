// The director lesson's live objects, declared as the playground makes them.
let employee = Employee()
let burgerBuilder = HamburgerBuilder()
let receiptBuilder = ReceiptBuilder()
let group = QuestionGroupBuilder()
let rootBuilder = RootBuilder()
let nameStepBuilder = NameStepBuilder()
let dynamicNameBuilder = ChildDynamicNameBuilder(dependency: StaticParentComponent())
