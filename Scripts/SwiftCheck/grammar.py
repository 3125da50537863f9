#!/usr/bin/env python3
"""Writes Scripts/SwiftCheck/corpus.txt: what learners type in each lesson, generated from a small grammar.

Usage: python3 Scripts/SwiftCheck/grammar.py [output]   (default: Scripts/SwiftCheck/corpus.txt)

The grammar, per lesson:
  - receivers (the lesson's live objects, and expressions that yield objects, e.g. `group.question(0)`) × members
    (the real Patterns API, plus a few misspellings) × argument forms (right and wrong labels, right and wrong enum
    cases, qualified cases, arrays, strings, ints, closures, missing and extra arguments) × statement forms (plain
    call, `try`, `try?`, `try!`, `let x =`, `_ =`, `print(...)`, chains, property reads, assignments to `private(set)`
    and `let` properties);
  - compound statements built from the same lesson's pieces: a lesson's steps run together on one line, for-in
    loops, closures with parameters, do/catch, `if let`, `guard let ... else { return }`, ternaries and computed
    values, string interpolation, aliases, `weak var`, `;`-separated statements, the forms of output (`print` with a
    separator, a terminator or `to:`, `debugPrint`, `dump`), `allCases`, `.count`, `.contains`, `map`/`filter`,
    `switch`, traps, and a few malformed lines (a brace left open or closed once too often, an unterminated string).
Every production is expanded; a deterministic subset is kept: all of the traps, the malformed lines and the weak
variables, and for the rest, round-robin over the members and templates (so every one is represented), each one's
statements in the order of a SHA-1 of their text. No randomness, no hand-picking: the output is the same on every run.
"""
import hashlib, os, sys
from itertools import product

# ---------------------------------------------------------------------------------------------------------------------
# Values of each parameter type: (right, wrong). Right values have the parameter's type (they may still throw or
# trap at run time); wrong values do not.
VALUES = {
    "Meat": (['.beef', '.tofu', '.kitten', 'Meat.chicken'], ['.bacon', '"beef"', 'Meat.bacon', 'Sauces.mustard']),
    "Sauces": (['.mustard', '[.mayonnaise, .ketchup]', '[]', 'Sauces.secret'], ['.bbq', '"mustard"', '[.mustard, .bbq]', '.beef']),
    "Toppings": (['.cheese', '[.lettuce, .tomatoes]', 'Toppings.pickles', '[]'], ['.bacon', '"cheese"', '.mustard', '[.cheese, "pickles"]']),
    "String": (['"Hi"', '"Delete?"', '"n = \\(1 + 1)"'], ['1', 'nil', 'Hi', "'Hi'"]),
    "Message": (['"Hello"', '"ping \\(2 * 3)"'], ['42', 'Hello']),
    "Name": (['"Mina"', '"Kai"'], ['7', 'Mina']),
    "Index": (['0', '1', '3'], ['"0"', '1.5', '-1 as UInt']),
    "Closure": (['{ print("tapped") }', '{ }', '{ print("OK", 1 + 1) }'], ['{ x in print(x) }', '"tapped"', 'print("tapped")']),
    "Alert": (['alert.present()', 'buggyAlert.present()'], ['alert', '"alert"']),
    "BurgerBuilding": (['burgerBuilder', 'receiptBuilder', 'HamburgerBuilder()', 'ReceiptBuilder(soldOutMeats: [])'],
                       ['group', '"burgerBuilder"', 'builder', 'employee']),
    "Page": (['ReceiverPage(name: "green")', 'SenderPage(name: "teal")', 'Page(name: "plain")', 'ReceiverPage(name: "blue")'],
             ['ReceiverPage("green")', '"green"', 'red.name', 'Board(name: "x")']),
    "Ownership": (['.weak', '.strong', 'DelegateOwnership.strong'], ['.unowned', '"weak"', 'true']),
    "Capture": (['.weakSelf', '.strongSelf', 'SelfCapture.weakSelf'], ['.weak', '"weakSelf"', 'self']),
    "Hub": (['hub', 'CellHub()'], ['"hub"', 'board', 'nil']),
    "Listener": (['board', 'CellCounter()'], ['quizScreen', '"board"']),
    "Cell": (['board.cell(0, 0)', 'board.cells[1][2]'], ['0', '"cell"']),
    "Observer": (['achievements', 'label', 'sound'], ['game', '"label"', 'hub']),
    "Event": (['.scoreChanged', '.gameOver', 'GameEvent.gameOver'], ['.scored', '"gameOver"', 'Meat.beef']),
    "Points": (['5', '10', '100'], ['"5"', '2.5', 'nil']),
    "EditCommand": (['TypeText("Hi", in: document)', 'Erase(2, in: document)', 'Shout(in: document)'],
                    ['"Hi"', 'TypeText("Hi")', 'document']),
    "Seconds": (['10', '0', '3600'], ['"10"', '1.5', 'nil']),
    "PlayerState": (['PausedState()', 'PlayingState()', 'StoppedState()'], ['.paused', '"playing"', 'player']),
    "Price": (['40', '25', '1000'], ['"40"', '12.5', 'nil']),
    "PricingPolicy": (['sale', 'coupon', 'SalePricing(percent: 50)', 'RegularPricing()'],
                      ['.sale', '"sale"', 'SalePricing(50)', 'cart']),
    "Title": (['"Wi-Fi"', '"Bluetooth"', '"Sound \\(1 + 1)"'], ['7', 'nil', 'Wi-Fi']),
    "Path": (['"/avatar/7"', '"/feed"', '"/avatar/\\(8)"'], ['7', 'nil', '/feed']),
    "Count": (['1', '2', '0'], ['"1"', '1.5', 'nil']),
}

# A value of each property type, for assignments.
ASSIGNED = {
    "Meat": ".tofu", "Sauces": "[.mustard]", "Toppings": "[]", "Set<Meat>": "[]", "String?": '"New"', "String": '"Quiz"',
    "AlertAction?": "nil", "Screen": "Screen()", "Alert?": "nil", "[Receipt.Line]": "[]", "[QuestionBuilder]": "[]",
    "[Page]": "[]", "PageMediator?": "nil", "[String]": "[]", "((String) -> Void)?": '{ print("heard:", $0) }', "Int": "3",
    "Ownership": ".strong", "CellDelegate?": "nil", "CellHub?": "hub", "QuestionGroupBuilder": "QuestionGroupBuilder()",
    "QuestionGroupScreenDelegate?": "nil", "[[Cell]]": "[]", "[Receiver]": "[]", "NotificationHub.Delivery?": "nil",
    "Bool": "true", "NotificationHub": "NotificationHub()", "[EditCommand]": "[]", "PlayerState": "PausedState()",
    "PricingPolicy": "sale", "DataLoader": "CachingLoader(wrapping: network)",
}


class M:
    """A method: name, parameters [(label or '_', type)], throws, what it returns (None: Void)."""
    def __init__(self, name, params=(), throws=False, returns=None, misspelled=None):
        self.name, self.params, self.throws, self.returns, self.misspelled = name, list(params), throws, returns, misspelled


class P:
    """A property: name, type, and how it may be set: 'var', 'private(set)', 'let' or 'get' (computed)."""
    def __init__(self, name, type, setter):
        self.name, self.type, self.setter = name, type, setter


BURGER = [
    M("setMeat", [("_", "Meat")], throws=True, misspelled="setMeet"),
    M("addSauces", [("_", "Sauces")], misspelled="addSauce"),
    M("removeSauces", [("_", "Sauces")]),
    M("addToppings", [("_", "Toppings")], misspelled="addTopping"),
    M("removeToppings", [("_", "Toppings")]),
    M("build", [], returns="Hamburger", misspelled="make"),
    P("meat", "Meat", "private(set)"), P("sauces", "Sauces", "private(set)"), P("toppings", "Toppings", "private(set)"),
    P("soldOutMeats", "Set<Meat>", "let"),
]
ALERT = [
    M("setTitle", [("_", "String")], returns="Self", misspelled="setTittle"),
    M("setMessage", [("_", "String")], returns="Self"),
    M("addConfirmAction", [("_", "String"), ("action", "Closure")], returns="Self", misspelled="addConfirmButton"),
    M("present", [], returns="Alert", misspelled="show"),
    P("title", "String?", "private(set)"), P("message", "String?", "private(set)"),
    P("confirmAction", "AlertAction?", "private(set)"), P("screen", "Screen", "let"),
]
SCREEN = [
    M("present", [("_", "Alert")]),
    M("tapConfirm", [], returns="Bool", misspelled="tap"),
    P("presented", "Alert?", "private(set)"),
]
EMPLOYEE = [
    M("createCombo1", [("with", "BurgerBuilding")], throws=True, returns="B.Product", misspelled="createCombo2"),
    M("createKittenSpecial", [("with", "BurgerBuilding")], throws=True, returns="B.Product", misspelled="createKittenSpecials"),
]
RECEIPT = [
    M("setMeat", [("_", "Meat")], throws=True),
    M("addSauces", [("_", "Sauces")]),
    M("addToppings", [("_", "Toppings")], misspelled="addTopping"),
    M("build", [], returns="Receipt"),
    P("lines", "[Receipt.Line]", "private(set)"), P("soldOutMeats", "Set<Meat>", "let"),
]
GROUP = [
    M("setTitle", [("_", "String")], returns="Self", misspelled="setName"),
    M("question", [("_", "Index")], returns="QuestionBuilder", misspelled="questions"),
    M("addNewQuestion", [], misspelled="addQuestion"),
    M("removeQuestion", [("at", "Index")]),
    M("build", [], throws=True, returns="QuestionGroup"),
    P("title", "String", "var"), P("questions", "[QuestionBuilder]", "private(set)"),
]
QUESTION = [
    M("setPrompt", [("_", "String")], returns="Self", misspelled="setQuestion"),
    M("setAnswer", [("_", "String")], returns="Self"),
    M("setHint", [("_", "String")], returns="Self"),
    M("build", [], throws=True, returns="Question"),
    P("prompt", "String", "var"), P("answer", "String", "var"),
]
NAMED_BUILDER = [M("build", [("name", "Name")], returns="Child", misspelled="make")]
PAGER = [
    M("add", [("_", "Page")], misspelled="addPage"),
    M("send", [("message", "Message")]),
    P("pages", "[Page]", "private(set)"), P("recipients", "[Receiver]", "get"),
]
SENDER = [
    M("send", [("message", "Message")], misspelled="post"),
    M("viewDidDisappear", [], misspelled="viewDidAppear"),
    P("name", "String", "let"), P("mediator", "PageMediator?", "var"),
]
RECEIVER = [
    M("receive", [("message", "Message")], misspelled="recieve"),
    P("received", "[String]", "private(set)"), P("name", "String", "let"), P("onReceive", "((String) -> Void)?", "var"),
]
BOARD = [
    M("cell", [("_", "Index"), ("_", "Index")], returns="Cell", misspelled="cellAt"),
    M("setDelegateOwnership", [("_", "Ownership")], misspelled="setOwnership"),
    M("listenThroughClosures", [("capturing", "Capture")]),
    M("listenThroughHub", [("_", "Hub")]),
    P("received", "[String]", "private(set)"), P("cells", "[[Cell]]", "let"),
]
CELL = [
    M("endEditing", [("_", "String")], misspelled="endEdit"),
    P("text", "String", "private(set)"), P("row", "Int", "let"), P("ownership", "Ownership", "var"),
    P("delegate", "CellDelegate?", "var"), P("hub", "CellHub?", "var"),
]
QUIZ = [
    M("save", [], returns="Error?", misspelled="submit"),
    M("cancel", []),
    P("builder", "QuestionGroupBuilder", "let"), P("delegate", "QuestionGroupScreenDelegate?", "var"),
]
HUB = [
    M("register", [("_", "Listener")], misspelled="add"),
    M("post", [("_", "Cell"), ("_", "String")]),
    P("listenerCount", "Int", "get"),
]

NOTIFICATION_HUB = [
    M("addObserver", [("_", "Observer"), ("for", "Event")], misspelled="addListener"),
    M("removeObserver", [("_", "Observer"), ("for", "Event")], misspelled="removeListener"),
    M("observers", [("of", "Event")], returns="[HubObserver]", misspelled="listeners"),
    M("post", [("_", "Event"), ("value", "Points"), ("from", "String")], returns="Delivery", misspelled="send"),
    P("lastDelivery", "NotificationHub.Delivery?", "private(set)"),
]
GAME = [
    M("addPoints", [("_", "Points")], throws=True, misspelled="addPoint"),
    M("finish", [], misspelled="end"),
    P("score", "Int", "private(set)"), P("isOver", "Bool", "private(set)"), P("hub", "NotificationHub", "let"),
]
SCORE_LABEL = [P("text", "String", "private(set)"), P("updates", "Int", "private(set)"), P("name", "String", "let")]
SOUND_PLAYER = [P("played", "[String]", "private(set)"), P("name", "String", "let")]
ACHIEVEMENTS = [P("unlocked", "[String]", "private(set)")]

TEXT_DOCUMENT = [
    M("append", [("_", "String")], misspelled="add"),
    M("removeLast", [("_", "Index")], returns="String", misspelled="deleteLast"),
    M("replace", [("_", "String"), ("with", "String")], returns="Int", misspelled="replaceAll"),
    M("setText", [("_", "String")], misspelled="set"),
    P("text", "String", "private(set)"),
]
TEXT_EDITOR = [
    M("run", [("_", "EditCommand")], misspelled="execute"),
    M("undo", [], misspelled="undoLast"),
    M("redo", []),
    P("undoStack", "[EditCommand]", "private(set)"), P("redoStack", "[EditCommand]", "private(set)"),
]
MUSIC_PLAYER = [
    M("play", [], misspelled="start"),
    M("pause", []),
    M("stop", []),
    M("tick", [("_", "Seconds")], misspelled="wait"),
    M("transition", [("to", "PlayerState")], misspelled="setState"),
    M("advance", [("by", "Seconds")]),
    M("rewind", []),
    P("state", "PlayerState", "private(set)"), P("position", "Int", "private(set)"), P("track", "String", "let"),
]

CART = [
    M("add", [("_", "Name"), ("price", "Price")], throws=True, misspelled="addItem"),
    M("use", [("_", "PricingPolicy")], misspelled="setPricing"),
    M("checkout", [], misspelled="checkOut"),
    M("empty", [], misspelled="clear"),
    P("pricing", "PricingPolicy", "private(set)"), P("items", "[String]", "private(set)"),
    P("subtotal", "Int", "private(set)"), P("charged", "Int", "private(set)"),
]
POLICY = [M("total", [("for", "Price")], returns="Int", misspelled="price")]
SALE = POLICY + [P("percent", "Int", "let")]
COUPON = POLICY + [P("off", "Int", "let"), P("minimum", "Int", "let")]
SETTINGS_SCREEN = [
    M("addRow", [("_", "Title")], misspelled="addCell"),
    M("makeCell", [], returns="SettingsCell", misspelled="createCell"),
    M("clear", [], misspelled="removeAll"),
    P("rows", "[String]", "private(set)"),
]
PROFILE_SCREEN = [
    M("display", [("_", "Path")], misspelled="show"),
    P("loader", "DataLoader", "var"), P("shown", "String", "private(set)"),
]
NETWORK_LOADER = [
    M("load", [("_", "Path")], throws=True, returns="String", misspelled="fetch"),
    M("failNext", [("_", "Count")], misspelled="fail"),
    P("requests", "Int", "private(set)"), P("failing", "Int", "private(set)"),
]

# ---------------------------------------------------------------------------------------------------------------------
# The lessons: receivers (expression, members), misspelled receivers, and the pieces compound statements are made of.
LESSONS = {
    "builder": dict(
        flows=[["alert.setTitle(\"Delete?\")", "alert.addConfirmAction(\"OK\") { print(\"deleted\") }", "alert.present()",
                "screen.tapConfirm()", "print(screen.tapConfirm())"],
               ["buggyAlert.setTitle(\"Oops\")", "buggyAlert.addConfirmAction(\"OK\") { print(\"never\") }", "buggyAlert.present()",
                "print(screen.presented?.confirm?.title as Any)", "screen.tapConfirm()"],
               ["try builder.setMeat(.chicken)", "builder.addSauces([.mustard, .ketchup])", "let burger = builder.build()",
                "print(burger, burger.sauces.names)", "builder.removeSauces(.ketchup)"]],
        receivers=[("builder", BURGER), ("alert", ALERT), ("buggyAlert", ALERT[:4]), ("screen", SCREEN)],
        typos=["bulider.addSauces(.mustard)", "Builder.addSauces(.mustard)", "burger.build()"],
        objects=["builder", "alert", "screen"],
        actions={"builder": ["addSauces(.mayonnaise)", "addToppings([.cheese, .pickles])", "removeSauces(.mustard)"],
                 "alert": ["setTitle(\"Hi\")", "setMessage(\"Sure?\").present()"], "screen": ["tapConfirm()"]},
        throwing=["builder.setMeat(.kitten)", "builder.setMeat(.chicken)", "builder.setMeat(Meat.tofu)"],
        catches=["catch HamburgerBuilder.Error.soldOut(let meat) { print(\"sold out:\", meat) }",
                 "catch let e as HamburgerBuilder.Error { print(\"builder error\", e) }",
                 "catch { print(\"caught:\", error) }"],
        optionals=[("alert.title", "t"), ("screen.presented", "shown"), ("alert.confirmAction?.title", "button"),
                   ("Meat(rawValue: \"tofu\")", "meat"), ("builder.meat", "m")],
        bools=["builder.sauces.isEmpty", "builder.meat == .beef", "builder.toppings.contains(.cheese)", "alert.title == nil",
               "screen.presented != nil", "builder.soldOutMeats.contains(.kitten)", "builder.meat"],
        shown=["builder.meat", "builder.sauces.rawValue", "builder.build()", "alert.title ?? \"none\"", "builder.sauces.names",
               "builder.build().toppings.names.count", "builder.meat.rawValue.uppercased()"],
        collections=[("Meat.allCases", "m", ["print(m)", "try? builder.setMeat(m)", "builder.setMeat(m)", "print(m.rawValue, m == .kitten)"]),
                     ("[Meat.tofu, .chicken]", "m", ["try builder.setMeat(m)", "print(m.name)"]),
                     ("Sauces.named", "s", ["builder.addSauces(s.value)", "print(s.name)", "builder.addSauces(s)"]),
                     ("Toppings.named.map { $0.value }", "t", ["builder.addToppings(t)"]),
                     ("0..<3", "i", ["print(i * i)", "builder.addToppings(Toppings(rawValue: 1 << i))"])],
        mapped=[("Meat.allCases", ["$0.rawValue", "$0 != .kitten", "$0.count"]),
                ("Sauces.named", ["$0.name", "$0.value.rawValue > 2", "$0.name.count"]),
                ("builder.sauces.names", ["$0.uppercased()", "$0.hasPrefix(\"m\")"])],
        closures=[("(s: Sauces)", "builder.addSauces(s)", [".ketchup", "[.mustard, .secret]", ".bbq"]),
                  ("(m: Meat) throws", "try builder.setMeat(m)", [".tofu", ".kitten"]),
                  ("(title: String)", "alert.setTitle(title).present()", ["\"Done\"", "3"])],
        switches=[("builder.meat", ["case .beef: print(\"beef\")", "case .tofu, .chicken: print(\"light\")", "default: print(\"other\")"]),
                  ("screen.presented?.title", ["case nil: print(\"nothing\")", "case let t?: print(t as Any)"])],
        sequences=["builder.addSauces(.mustard)", "try builder.setMeat(.tofu)", "alert.setTitle(\"Hi\").present()",
                   "screen.tapConfirm()", "print(builder.sauces.names)", "builder.removeSauces(.mustard)",
                   "alert.addConfirmAction(\"OK\") { print(\"confirmed\") }"],
    ),
    "director": dict(
        flows=[["let order = ReceiptBuilder()", "try order.setMeat(.tofu)", "order.addSauces(.ketchup)", "order.addToppings(.cheese)",
                "print(order.build().totalCents)"],
               ["group.setTitle(\"Swift\")", "group.question(0).setPrompt(\"let?\").setAnswer(\"constant\")",
                "let questionGroup = try group.build()", "print(questionGroup.questions.count, questionGroup.title)"],
               ["let burger = try employee.createCombo1(with: burgerBuilder)", "print(burger)",
                "let receipt = try employee.createCombo1(with: receiptBuilder)", "print(receipt.totalCents)"]],
        receivers=[("employee", EMPLOYEE), ("burgerBuilder", BURGER[:6] + BURGER[6:8]), ("receiptBuilder", RECEIPT),
                   ("group", GROUP), ("group.question(0)", QUESTION), ("rootBuilder", NAMED_BUILDER),
                   ("nameStepBuilder", NAMED_BUILDER), ("dynamicNameBuilder", NAMED_BUILDER)],
        typos=["employe.createCombo1(with: burgerBuilder)", "try Employee.createCombo1(with: burgerBuilder)", "order.addSauces(.mustard)"],
        objects=["burgerBuilder", "receiptBuilder", "group"],
        actions={"burgerBuilder": ["addSauces(.ketchup)", "addToppings(.cheese)"],
                 "receiptBuilder": ["addSauces([.mustard, .secret])", "addToppings(.lettuce)"],
                 "group": ["setTitle(\"Swift\")", "addNewQuestion()", "question(0).setPrompt(\"P\").setAnswer(\"A\")"]},
        throwing=["employee.createCombo1(with: burgerBuilder)", "employee.createKittenSpecial(with: receiptBuilder)",
                  "group.build()", "group.setTitle(\"T\").question(0).setAnswer(\"a\").build()"],
        catches=["catch HamburgerBuilder.Error.soldOut(let meat) { print(\"no\", meat) }",
                 "catch QuestionGroupBuilder.Error.missingTitle { print(\"no title\") }",
                 "catch let e as QuestionBuilder.Error { print(\"question:\", e) }",
                 "catch { print(\"failed:\", error) }"],
        optionals=[("group.questions.first", "q"), ("ReceiptBuilder.meatPrices[.tofu]", "cents"),
                   ("try? group.build()", "built"), ("receiptBuilder.lines.last", "line"), ("group.title", "title")],
        bools=["group.title.isEmpty", "group.questions.count > 1", "receiptBuilder.lines.isEmpty", "burgerBuilder.meat == .beef",
               "burgerBuilder.soldOutMeats.contains(.kitten)", "group.questions.count"],
        shown=["receiptBuilder.build().totalCents", "group.questions.count", "rootBuilder.build(name: \"Mina\").greeting",
               "burgerBuilder.build()", "receiptBuilder.lines.map(\\.item)", "ReceiptBuilder.meatPrices[.beef] ?? 0",
               "nameStepBuilder.build(name: \"Kai\") == dynamicNameBuilder.build(name: \"Kai\")"],
        collections=[("Meat.allCases", "m", ["try? receiptBuilder.setMeat(m)", "print(ReceiptBuilder.meatPrices[m] ?? 0)", "try burgerBuilder.setMeat(m)"]),
                     ("[\"Mina\", \"Kai\"]", "n", ["print(rootBuilder.build(name: n).greeting)", "print(nameStepBuilder.build(n))"]),
                     ("0..<2", "i", ["group.addNewQuestion()", "group.question(i).setPrompt(\"Q\\(i)\")", "group.question(i + 1).setHint(\"h\")"]),
                     ("[burgerBuilder, burgerBuilder]", "b", ["b.addSauces(.ketchup)", "_ = try? employee.createCombo1(with: b)"]),
                     ("group.questions", "q", ["q.setAnswer(\"yes\")", "print(q.prompt.isEmpty)"])],
        mapped=[("group.questions", ["$0.prompt", "$0.answer.isEmpty", "$0.hint.count"]),
                ("receiptBuilder.lines", ["$0.cents", "$0.cents > 100", "$0.item"]),
                ("Meat.allCases", ["ReceiptBuilder.meatPrices[$0] ?? 0", "$0 == .tofu"])],
        closures=[("(b: HamburgerBuilder) throws", "_ = try employee.createCombo1(with: b)", ["burgerBuilder", "receiptBuilder"]),
                  ("(title: String)", "group.setTitle(title).addNewQuestion()", ["\"Quiz\"", "nil"]),
                  ("(name: String) -> String", "rootBuilder.build(name: name).greeting", ["\"Mina\"", "\"Kai\""])],
        switches=[("burgerBuilder.meat", ["case .beef: print(\"beef\")", "default: print(\"not beef\")"]),
                  ("group.questions.count", ["case 0: print(\"none\")", "case 1: print(\"one\")", "default: print(\"many\")"])],
        sequences=["try employee.createCombo1(with: burgerBuilder)", "group.setTitle(\"Swift\")", "group.addNewQuestion()",
                   "print(receiptBuilder.lines.count)", "try receiptBuilder.setMeat(.tofu)", "group.question(0).setPrompt(\"P\")",
                   "let child = rootBuilder.build(name: \"Mina\")"],
    ),
    "mediator": dict(
        flows=[["let teal = SenderPage(name: \"teal\")", "pager.add(teal)", "teal.viewDidDisappear()", "print(blue.received)"],
               ["pager.add(ReceiverPage(name: \"green\"))", "red.viewDidDisappear()", "print(pager.recipients.count)",
                "print((pager.pages.last as? ReceiverPage)?.received ?? [])"],
               ["let orphan = SenderPage(name: \"orphan\")", "orphan.send(message: \"lost\")", "print(blue.received.count)"]],
        receivers=[("pager", PAGER), ("red", SENDER), ("blue", RECEIVER)],
        typos=["Pager.add(ReceiverPage(name: \"green\"))", "teal.viewDidDisappear()", "red.mediator.send(message: \"x\")"],
        objects=["pager", "red", "blue"],
        actions={"pager": ["add(ReceiverPage(name: \"green\"))", "send(message: \"all\")"], "red": ["viewDidDisappear()"],
                 "blue": ["receive(message: \"direct\")"]},
        throwing=["red.send(message: \"x\")", "pager.add(SenderPage(name: \"teal\"))"],
        catches=["catch { print(\"caught:\", error) }"],
        optionals=[("red.mediator", "m"), ("pager.pages.first", "first"), ("blue.received.last", "last"),
                   ("pager.pages.last as? ReceiverPage", "page"), ("blue.onReceive", "listener"), ("red.name", "n")],
        bools=["blue.received.isEmpty", "red.mediator === pager", "pager.pages.count == 2", "pager.recipients.isEmpty",
               "red.mediator == nil", "pager.pages.count"],
        shown=["pager.pages.count", "pager.recipients.count", "blue.received", "PageViewController.directLinks(5)",
               "PageViewController.mediatedLinks(pager.pages.count)", "red.name + blue.name", "type(of: pager.pages[1])"],
        collections=[("[\"green\", \"yellow\"]", "name", ["pager.add(ReceiverPage(name: name))", "pager.add(SenderPage(name))"]),
                     ("pager.pages", "page", ["print(page.name)", "(page as? SenderPage)?.viewDidDisappear()", "page.viewDidDisappear()"]),
                     ("1...3", "n", ["print(n, PageViewController.directLinks(n))", "red.send(message: \"ping \\(n)\")"]),
                     ("pager.recipients", "r", ["r.receive(message: \"all\")", "print(r.name)"])],
        mapped=[("pager.pages", ["$0.name", "$0 is ReceiverPage", "$0.name.count"]),
                ("[2, 5, 10]", ["PageViewController.directLinks($0)", "PageViewController.mediatedLinks($0) < 6"]),
                ("blue.received", ["$0.count", "$0.hasPrefix(\"red\")"])],
        closures=[("(text: String)", "red.send(message: text)", ["\"one\"", "1"]),
                  ("(name: String)", "pager.add(ReceiverPage(name: name))", ["\"green\"", "\"orange\""]),
                  ("(n: Int) -> Int", "PageViewController.directLinks(n) - PageViewController.mediatedLinks(n)", ["6", "\"6\""])],
        switches=[("pager.pages.count", ["case 0...2: print(\"few\")", "default: print(\"many\")"]),
                  ("pager.pages.last", ["case let r as ReceiverPage: print(\"receiver\", r.name)", "default: print(\"other\")"])],
        sequences=["pager.add(ReceiverPage(name: \"green\"))", "red.viewDidDisappear()", "print(blue.received)",
                   "pager.send(message: \"all\")", "blue.onReceive = { print(\"blue got\", $0) }", "red.send(message: \"hi\")",
                   "red.mediator = nil"],
    ),
    "delegate": dict(
        flows=[["board.listenThroughClosures(capturing: .strongSelf)", "board.cell(1, 2).endEditing(\"Q\")", "print(board.received)",
                "controller = nil", "print(controller == nil)"],
               ["board.listenThroughHub(hub)", "board.cell(0, 0).endEditing(\"H\")", "print(hub.listenerCount, board.received)"],
               ["quizScreen.builder.setTitle(\"Quiz\")", "quizScreen.builder.question(0).setPrompt(\"p\").setAnswer(\"a\")",
                "print(quizScreen.save() as Any)", "quizScreen.cancel()"]],
        receivers=[("board", BOARD), ("board.cell(2, 3)", CELL), ("quizScreen", QUIZ), ("quizScreen.builder", GROUP[:4] + GROUP[5:6]),
                   ("hub", HUB)],
        typos=["controller.cell(0, 0).endEditing(\"A\")", "Board.cell(0, 0)", "board.cell[0][0].endEditing(\"A\")"],
        objects=["board", "quizScreen", "hub"],
        actions={"board": ["cell(1, 1).endEditing(\"X\")", "setDelegateOwnership(.strong)", "listenThroughHub(hub)"],
                 "quizScreen": ["cancel()", "builder.setTitle(\"Quiz\")"], "hub": ["register(CellCounter())"]},
        throwing=["quizScreen.builder.build()", "quizScreen.builder.setTitle(\"Q\").question(0).setPrompt(\"p\").setAnswer(\"a\").build()"],
        catches=["catch QuestionGroupBuilder.Error.missingTitle { print(\"no title\") }",
                 "catch let e as QuestionBuilder.Error { print(\"question:\", e) }", "catch { print(\"failed:\", error) }"],
        optionals=[("controller", "c"), ("controller?.received.last", "heard"), ("quizScreen.save()", "error"),
                   ("board.cells.first?.first", "cell"), ("board.cell(0, 0).delegate", "d"), ("board.received", "r")],
        bools=["controller == nil", "board.received.isEmpty", "board.cell(0, 0).delegate === board", "hub.listenerCount > 0",
               "quizScreen.delegate != nil", "board.cell(0, 0).ownership == .weak", "hub.listenerCount"],
        shown=["board.received", "board.cells.count", "board.cells.joined().count", "GameBoardController.size",
               "board.cell(4, 4).row + board.cell(4, 4).column", "quizScreen.save() as Any", "hub.listenerCount"],
        collections=[("0..<3", "i", ["board.cell(i, i).endEditing(\"\\(i)\")", "board.cell(i).endEditing(\"x\")", "print(board.cell(i, 0).text.isEmpty)"]),
                     ("board.cells[0]", "cell", ["cell.endEditing(\"A\")", "print(cell.column)", "cell.ownership = .strong"]),
                     ("DelegateOwnership.allCases", "o", ["board.setDelegateOwnership(o)", "print(o.rawValue)"]),
                     ("[\"A\", \"B\"]", "t", ["board.cell(0, 1).endEditing(t)", "board.cell(0, 1).text = t"])],
        mapped=[("board.cells[1]", ["$0.text", "$0.column * 2", "$0.delegate == nil"]),
                ("SelfCapture.allCases", ["$0.rawValue", "$0 == .weakSelf"]),
                ("board.received", ["$0.count", "$0.contains(\"A\")"])],
        closures=[("(text: String)", "board.cell(3, 3).endEditing(text)", ["\"Z\"", "3"]),
                  ("(row: Int, column: Int)", "board.cell(row, column).endEditing(\"R\")", ["1, 2", "9, 9"]),
                  ("(o: DelegateOwnership)", "board.setDelegateOwnership(o)", [".strong", ".none"])],
        switches=[("board.cell(0, 0).ownership", ["case .weak: print(\"weak\")", "case .strong: print(\"strong\")"]),
                  ("controller", ["case .some(let c): print(c.received.count)", "case .none: print(\"released\")"])],
        sequences=["board.cell(1, 1).endEditing(\"X\")", "controller = nil", "print(board.received)", "hub.register(board)",
                   "board.listenThroughHub(hub)", "quizScreen.builder.setTitle(\"Quiz\")", "board.setDelegateOwnership(.strong)"],
    ),
    "observer": dict(
        flows=[["hub.addObserver(achievements, for: .scoreChanged)", "try game.addPoints(10)", "print(achievements.unlocked)",
                "game.finish()", "print(label.text)"],
               ["hub.removeObserver(sound)", "try game.addPoints(3)", "print(sound.played, label.updates)"],
               ["hub.addObserver(label, for: .scoreChanged)", "try game.addPoints(1)", "print(hub.lastDelivery?.told ?? [])"]],
        receivers=[("hub", NOTIFICATION_HUB), ("game", GAME), ("label", SCORE_LABEL), ("sound", SOUND_PLAYER),
                   ("achievements", ACHIEVEMENTS)],
        typos=["Hub.post(.gameOver, value: 1, from: \"me\")", "gmae.finish()", "game.hub.addObserver(game, for: .gameOver)"],
        objects=["game", "hub", "label"],
        actions={"game": ["finish()"], "hub": ["addObserver(achievements, for: .gameOver)", "removeObserver(sound)"],
                 "label": ["hub(hub, didPost: HubNotification(event: .gameOver, value: 7, sender: \"x\"))"]},
        throwing=["game.addPoints(5)", "game.addPoints(0)", "game.addPoints(101)"],
        catches=["catch Game.Error.invalidPoints(let n) { print(\"no\", n) }",
                 "catch let e as Game.Error { print(\"game:\", e) }", "catch { print(\"caught:\", error) }"],
        optionals=[("hub.lastDelivery", "d"), ("hub.lastDelivery?.told.first", "first"), ("achievements.unlocked.last", "badge"),
                   ("GameEvent(rawValue: \"gameOver\")", "event"), ("hub.observers(of: .gameOver).first", "o"), ("label.text", "t")],
        bools=["game.isOver", "game.score > 5", "hub.observers(of: .scoreChanged).isEmpty", "sound.played.contains(\"ding\")",
               "achievements.unlocked.isEmpty", "label.updates == 0", "game.score"],
        shown=["game.score", "label.text", "hub.observers(of: .scoreChanged).count", "sound.played", "hub.lastDelivery?.told ?? []",
               "GameEvent.allCases.map(\\.rawValue)", "hub.post(.scoreChanged, value: 3, from: \"me\").told"],
        collections=[("GameEvent.allCases", "e", ["hub.addObserver(achievements, for: e)", "print(hub.observers(of: e).count)",
                                                   "hub.post(e, value: 1, from: \"loop\")"]),
                     ("1...3", "n", ["try game.addPoints(n)", "try? game.addPoints(n * 50)", "game.addPoints(n)"]),
                     ("hub.observers(of: .gameOver)", "o", ["print(o.name)", "hub.removeObserver(o)"]),
                     ("[label, sound] as [HubObserver]", "o", ["hub.addObserver(o, for: .gameOver)", "print(o.name)"])],
        mapped=[("hub.observers(of: .scoreChanged)", ["$0.name", "$0 === label", "$0.name.count"]),
                ("GameEvent.allCases", ["$0.rawValue", "$0 == .gameOver"]),
                ("sound.played", ["$0.uppercased()", "$0.hasPrefix(\"d\")"])],
        closures=[("(points: Int) throws", "try game.addPoints(points)", ["5", "0"]),
                  ("(event: GameEvent)", "hub.post(event, value: game.score, from: \"closure\")", [".gameOver", "\"gameOver\""]),
                  ("(o: HubObserver)", "hub.removeObserver(o)", ["sound", "game"])],
        switches=[("hub.lastDelivery?.notification.event", ["case .scoreChanged?: print(\"score\")", "case .gameOver?: print(\"over\")",
                                                             "case nil: print(\"none\")"]),
                  ("game.score", ["case 0: print(\"zero\")", "case 1...9: print(\"low\")", "default: print(\"high\")"])],
        sequences=["try game.addPoints(5)", "game.finish()", "hub.addObserver(achievements, for: .scoreChanged)", "hub.removeObserver(sound)",
                   "print(label.text)", "hub.removeObserver(label, for: .gameOver)", "print(hub.lastDelivery?.told ?? [])"],
    ),
    "command": dict(
        flows=[["editor.run(TypeText(\"Hi\", in: document))", "editor.run(Erase(1, in: document))", "editor.undo()",
                "print(document.text)", "editor.redo()"],
               ["editor.run(Shout(in: document))", "editor.undo()", "print(editor.redoStack.count)"],
               ["document.append(\"x\")", "editor.run(TypeText(\"y\", in: document))", "editor.undo()", "print(document.text)"]],
        receivers=[("document", TEXT_DOCUMENT), ("editor", TEXT_EDITOR)],
        typos=["Editor.undo()", "documnet.append(\"x\")", "editor.run(document)"],
        objects=["document", "editor"],
        actions={"document": ["append(\"!\")", "setText(\"new\")"], "editor": ["undo()", "run(Shout(in: document))"]},
        throwing=[], catches=[],
        optionals=[("editor.undoStack.last", "c"), ("editor.redoStack.first", "c"), ("document.text.first", "ch"),
                   ("Int(\"3\")", "n")],
        bools=["document.text.isEmpty", "editor.undoStack.isEmpty", "document.text.count > 3", "editor.redoStack.count == 0",
               "document.text"],
        shown=["document.text", "editor.undoStack.count", "editor.redoStack.map { \"\\($0)\" }", "document.text.uppercased()",
               "document.replace(\"a\", with: \"b\")"],
        collections=[("[\"a\", \"b\"]", "s", ["editor.run(TypeText(s, in: document))", "document.append(s)", "print(s)"]),
                     ("1...3", "n", ["editor.run(Erase(n, in: document))", "editor.undo()", "document.removeLast(n)"]),
                     ("editor.undoStack", "c", ["c.undo()", "print(c)"])],
        mapped=[("editor.undoStack", ["\"\\($0)\"", "$0 is TypeText", "$0 === editor.undoStack.first"]),
                ("document.text", ["$0.isUppercase", "$0 == \"a\""])],
        closures=[("(text: String)", "editor.run(TypeText(text, in: document))", ["\"Hi\"", "3"]),
                  ("(n: Int)", "editor.run(Erase(n, in: document))", ["2", "\"2\""]),
                  ("(c: EditCommand)", "editor.run(c)", ["Shout(in: document)", "document"])],
        switches=[("editor.undoStack.count", ["case 0: print(\"none\")", "default: print(\"some\")"]),
                  ("document.text.isEmpty", ["case true: print(\"empty\")", "case false: print(\"text\")"])],
        sequences=["editor.run(TypeText(\"Hi\", in: document))", "editor.undo()", "editor.redo()", "print(document.text)",
                   "editor.run(Shout(in: document))", "document.append(\"!\")", "editor.run(Erase(1, in: document))"],
    ),
    "state": dict(
        flows=[["player.play()", "player.tick(30)", "player.pause()", "print(player.position)", "player.play()"],
               ["player.transition(to: PausedState())", "player.tick(5)", "player.stop()", "print(player.state)"],
               ["player.play()", "player.advance(by: 9)", "player.rewind()", "print(player.position)"]],
        receivers=[("player", MUSIC_PLAYER)],
        typos=["Player.play()", "plyer.pause()", "player.transition(to: .paused)"],
        objects=["player"],
        actions={"player": ["play()", "tick(10)"]},
        throwing=[], catches=[],
        optionals=[("player.state as? PausedState", "s"), ("Int(\"30\")", "n"), ("player.track.first", "c")],
        bools=["player.state is PlayingState", "player.position > 10", "player.track.isEmpty", "player.position"],
        shown=["player.position", "player.state", "player.track", "\"\\(player.state)\".count"],
        collections=[("[10, 20]", "s", ["player.tick(s)", "player.advance(by: s)", "print(s)"]),
                     ("([PlayingState(), PausedState()] as [PlayerState])", "st", ["player.transition(to: st)", "print(st)"]),
                     ("1...3", "n", ["player.play(); player.tick(n)", "player.pause()"])],
        mapped=[("[player.position, 60]", ["$0 * 2", "$0 > 30"]), ("player.track", ["$0.isUppercase", "$0 == \"I\""])],
        closures=[("(s: Int)", "player.tick(s)", ["5", "\"5\""]),
                  ("(st: PlayerState)", "player.transition(to: st)", ["PausedState()", "player"])],
        switches=[("player.state", ["case is PlayingState: print(\"playing\")", "default: print(\"other\")"]),
                  ("player.position", ["case 0: print(\"start\")", "default: print(\"in\")"])],
        sequences=["player.play()", "player.tick(20)", "player.pause()", "print(player.position)", "player.stop()",
                   "player.transition(to: PlayingState())", "player.rewind()"],
    ),
    "strategy": dict(
        flows=[["try cart.add(\"Book\", price: 40)", "cart.use(sale)", "cart.checkout()", "print(cart.charged)",
                "cart.use(coupon)", "cart.checkout()"],
               ["try cart.add(\"Pen\", price: 5)", "cart.use(SalePricing(percent: 50))", "cart.checkout()", "cart.empty()"],
               ["print(sale.total(for: 40))", "print(coupon.total(for: 20))", "cart.use(regular)", "cart.checkout()"]],
        receivers=[("cart", CART), ("sale", SALE), ("coupon", COUPON), ("regular", POLICY),
                   ("cart.pricing", POLICY)],
        typos=["Cart.checkout()", "crat.checkout()", "cart.use(\"sale\")", "cart.use(.sale)"],
        objects=["cart", "sale", "coupon"],
        actions={"cart": ["checkout()", "use(coupon)"], "sale": ["total(for: 10)"], "coupon": ["total(for: 50)"]},
        throwing=["cart.add(\"Book\", price: 40)", "cart.add(\"Gold\", price: 5000)"],
        catches=["catch { print(\"no:\", error) }", "catch Cart.Error.invalidPrice(let p) { print(\"price\", p) }",
                 "catch let e as Cart.Error { print(e) }"],
        optionals=[("cart.pricing as? SalePricing", "s"), ("cart.items.first", "item"), ("Int(\"40\")", "n")],
        bools=["cart.pricing === sale", "cart.subtotal > 30", "cart.items.isEmpty", "cart.pricing is CouponPricing",
               "cart.charged"],
        shown=["cart.charged", "cart.pricing", "cart.items", "sale.total(for: cart.subtotal)", "coupon.minimum"],
        collections=[("[10, 40, 100]", "p", ["print(sale.total(for: p))", "try cart.add(\"x\", price: p)", "print(p)"]),
                     ("([regular, sale, coupon] as [PricingPolicy])", "policy",
                      ["cart.use(policy); cart.checkout()", "print(policy.total(for: 40))"]),
                     ("cart.items", "item", ["print(item)", "try cart.add(item, price: 1)"])],
        mapped=[("[20, 40, 60]", ["coupon.total(for: $0)", "$0 > 30"]), ("cart.items", ["$0.count", "$0 == \"Book\""])],
        closures=[("(p: PricingPolicy)", "cart.use(p)", ["sale", "\"sale\""]),
                  ("(n: Int) throws", "try cart.add(\"item\", price: n)", ["12", "\"12\""]),
                  ("(n: Int)", "print(coupon.total(for: n))", ["40", "nil"])],
        switches=[("cart.pricing", ["case is SalePricing: print(\"sale\")", "default: print(\"other\")"]),
                  ("cart.charged", ["case 0: print(\"free\")", "default: print(\"paid\")"])],
        sequences=["try cart.add(\"Book\", price: 40)", "cart.use(sale)", "cart.checkout()", "print(cart.charged)",
                   "cart.use(coupon)", "cart.empty()", "print(sale.total(for: 40))"],
    ),
    "factory-method": dict(
        flows=[["phone.addRow(\"Wi-Fi\")", "tablet.addRow(\"Wi-Fi\")", "print(phone.rows, tablet.rows)", "phone.clear()"],
               ["tablet.addRow(\"Sound\")", "let cell = tablet.makeCell()", "cell.configure(with: \"x\")",
                "print(cell.text)"],
               ["phone.addRow(\"A\")", "phone.addRow(\"B\")", "print(phone.rows.count)", "phone.clear()"]],
        receivers=[("phone", SETTINGS_SCREEN), ("tablet", SETTINGS_SCREEN), ("phone.makeCell()", [
            M("configure", [("with", "Title")], misspelled="setTitle"), P("text", "String", "private(set)")])],
        typos=["Phone.addRow(\"A\")", "phnoe.clear()", "tablet.addRow(title: \"A\")", "SettingsScreen.addRow(\"A\")"],
        objects=["phone", "tablet"],
        actions={"phone": ["addRow(\"Wi-Fi\")", "clear()"], "tablet": ["addRow(\"Sound\")", "clear()"]},
        throwing=[], catches=[],
        optionals=[("phone.rows.first", "row"), ("tablet.makeCell() as? CardCell", "card"),
                   ("phone.makeCell() as? CardCell", "card")],
        bools=["phone.rows.isEmpty", "tablet.makeCell() is CardCell", "phone.rows == tablet.rows", "tablet.rows.count > 1",
               "phone.rows"],
        shown=["phone.rows", "tablet.rows.count", "tablet.makeCell()", "type(of: phone.makeCell())", "tablet.rows.last"],
        collections=[("[\"Wi-Fi\", \"Sound\"]", "t", ["phone.addRow(t)", "tablet.addRow(t)", "print(t)"]),
                     ("([phone, tablet] as [SettingsScreen])", "screen", ["screen.addRow(\"Mail\")", "print(screen.rows)"]),
                     ("tablet.rows", "row", ["print(row)", "phone.addRow(row)"])],
        mapped=[("phone.rows", ["$0.count", "$0.hasPrefix(\"W\")"]),
                ("[phone, tablet]", ["$0.makeCell() is ListCell", "$0.rows.count"])],
        closures=[("(s: SettingsScreen)", "s.addRow(\"Mail\")", ["tablet", "\"tablet\""]),
                  ("(t: String)", "phone.addRow(t)", ["\"Mail\"", "3"])],
        switches=[("phone.makeCell()", ["case is CardCell: print(\"card\")", "default: print(\"list\")"]),
                  ("tablet.rows.count", ["case 0: print(\"none\")", "default: print(\"some\")"])],
        sequences=["phone.addRow(\"Wi-Fi\")", "tablet.addRow(\"Wi-Fi\")", "print(tablet.rows)", "phone.clear()",
                   "tablet.clear()", "print(phone.makeCell().text)", "tablet.addRow(\"Sound\")"],
    ),
    "decorator": dict(
        flows=[["screen.display(\"/avatar/7\")", "network.failNext(1)", "screen.display(\"/avatar/8\")",
                "print(screen.shown)"],
               ["let cache = CachingLoader(wrapping: network)", "screen.loader = cache", "screen.display(\"/feed\")",
                "screen.display(\"/feed\")", "print(cache.hits)"],
               ["network.failNext(1)", "screen.loader = RetryingLoader(wrapping: network, attempts: 2)",
                "screen.display(\"/feed\")", "print(network.requests)"]],
        receivers=[("screen", PROFILE_SCREEN), ("network", NETWORK_LOADER), ("screen.loader", NETWORK_LOADER[:1])],
        typos=["Screen.display(\"/feed\")", "netwrok.failNext(1)", "screen.display(path: \"/feed\")",
               "screen.loader = CachingLoader(network)"],
        objects=["screen", "network"],
        actions={"screen": ["display(\"/feed\")"], "network": ["failNext(2)", "load(\"/x\")"]},
        throwing=["network.load(\"/feed\")", "screen.loader.load(\"/avatar/7\")"],
        catches=["catch { print(\"no:\", error) }", "catch LoadError.timedOut(let path) { print(\"late\", path) }",
                 "catch let e as LoadError { print(e) }"],
        optionals=[("screen.loader as? CachingLoader", "cache"), ("try? network.load(\"/feed\")", "body"),
                   ("screen.shown.first", "c")],
        bools=["screen.loader === network", "network.requests > 0", "screen.shown.hasPrefix(\"timed out\")",
               "screen.loader is CachingLoader", "network.failing"],
        shown=["screen.shown", "network.requests", "screen.loader", "network.failing", "try network.load(\"/feed\")"],
        collections=[("[\"/avatar/7\", \"/feed\"]", "path", ["screen.display(path)", "print(path)"]),
                     ("1...3", "n", ["network.failNext(n)", "screen.display(\"/n/\\(n)\")"]),
                     ("([CachingLoader(wrapping: network), LoggingLoader(wrapping: network)] as [DataLoader])", "l",
                      ["screen.loader = l; screen.display(\"/feed\")", "print(try l.load(\"/x\"))"])],
        mapped=[("[\"/a\", \"/b\"]", ["(try? network.load($0)) ?? \"-\"", "$0.count"]),
                ("screen.shown", ["$0 == \"/\"", "$0.isNumber"])],
        closures=[("(l: DataLoader)", "screen.loader = l", ["CachingLoader(wrapping: network)", "network.requests"]),
                  ("(p: String) throws", "print(try network.load(p))", ["\"/feed\"", "7"]),
                  ("(n: Int)", "network.failNext(n)", ["1", "\"1\""])],
        switches=[("screen.loader", ["case is CachingLoader: print(\"cached\")", "default: print(\"plain\")"]),
                  ("network.requests", ["case 0: print(\"none\")", "default: print(\"some\")"])],
        sequences=["screen.display(\"/avatar/7\")", "network.failNext(1)", "print(screen.shown)",
                   "screen.loader = CachingLoader(wrapping: network)", "screen.display(\"/feed\")",
                   "print(network.requests)", "screen.loader = RetryingLoader(wrapping: network, attempts: 3)"],
    ),
}


def key(text):
    return hashlib.sha1(text.encode()).hexdigest()


def arguments(params, values):
    return ", ".join((value if label == "_" else f"{label}: {value}") for (label, _), value in zip(params, values))


def simple(receiver, member):
    """Every statement the grammar makes for one member of one receiver."""
    out = []
    if isinstance(member, P):
        read = f"{receiver}.{member.name}"
        out += [read, f"print({read})", f"let v = {read}", f"_ = {read}", f"{read}()"]
        value = ASSIGNED.get(member.type, "nil")
        out.append(f"{read} = {value}")
        if member.setter in ("private(set)", "let", "get"):
            out.append(f"{read} = {read}")
        if member.type == "Sauces":
            out.append(f"{read}.insert(.ketchup)")
        if member.type.startswith("["):
            out += [f"print({read}.count)", f"{read}.append({read}[0])"]
        return out
    params = member.params
    call = lambda name, values: f"{receiver}.{name}({arguments(params, values)})"
    rights = [VALUES[t][0] for _, t in params]
    wrongs = [VALUES[t][1] for _, t in params]
    prefix = "try " if member.throws else ""
    # Right values: every combination of the first few, with the right labels.
    combos = list(product(*[r[:3] for r in rights])) if params else [()]
    for values in combos:
        out.append(prefix + call(member.name, values))
    first = combos[0]
    base = call(member.name, first)
    # Statement forms of one right call.
    out += [base, f"try {base}", f"try? {base}", f"try! {base}", f"let x = {prefix}{base}", f"_ = {prefix}{base}",
            f"print({prefix}{base})", f"{prefix}{base};", f"{prefix}{base} // typed"]
    if member.returns:
        chained = {"Self": ".present()", "Alert": ".title", "Hamburger": ".meat", "Bool": ".description", "Receipt": ".totalCents",
                   "QuestionBuilder": ".setPrompt(\"P\")", "QuestionGroup": ".title", "Question": ".prompt",
                   "Child": ".greeting", "Cell": ".endEditing(\"A\")", "Error?": "?.localizedDescription",
                   "B.Product": ".description", "[HubObserver]": ".count", "Delivery": ".told"}.get(member.returns, ".description")
        out.append(f"{prefix}{base}{chained}")
    else:
        out.append(f"{prefix}{base}.count")
    # Wrong values, one parameter at a time.
    for i, (_, _) in enumerate(params):
        for wrong in wrongs[i][:3]:
            values = list(first)
            values[i] = wrong
            out.append(prefix + call(member.name, values))
    # Wrong labels: a label where there is none, none where there is one, another label.
    if params:
        label, type = params[0]
        wrong_label = type.lower() if label == "_" else None
        changed = [(wrong_label or "_", t) if i == 0 else (l, t) for i, (l, t) in enumerate(params)]
        out.append(prefix + f"{receiver}.{member.name}({arguments(changed, first)})")
        if label != "_":
            out.append(prefix + f"{receiver}.{member.name}({arguments([('using', type)] + params[1:], first)})")
        # Arity: nothing, or one argument too many.
        out.append(prefix + f"{receiver}.{member.name}()")
        out.append(prefix + f"{receiver}.{member.name}({arguments(params, first)}, {first[0]})")
    else:
        out.append(prefix + f"{receiver}.{member.name}(1)")
        out.append(prefix + f"{receiver}.{member.name}")
    if member.misspelled:
        out.append(prefix + call(member.misspelled, first))
    # A trailing closure, where the last parameter is one.
    if params and params[-1][1] == "Closure":
        head = arguments(params[:-1], first[:-1])
        out.append(f"{receiver}.{member.name}({head}) {first[-1]}")
        out.append(f"{receiver}.{member.name}({head}) {{ print(\"done\") }}.present()")
    return out


def compound(lesson):
    """Every statement the compound templates make from the lesson's pieces, by template."""
    L = LESSONS[lesson]
    t = {}
    t["for"] = [f"for {v} in {coll} {{ {body} }}" for coll, v, bodies in L["collections"] for body in bodies]
    t["for-where"] = [f"for {v} in {coll} where \"\\({v})\".count > 1 {{ {bodies[0]} }}" for coll, v, bodies in L["collections"]]
    t["forEach"] = [f"{coll}.forEach {{ {v} in {body} }}" for coll, v, bodies in L["collections"] for body in bodies[:2]]
    t["map"] = [f"print({coll}.map {{ {e} }})" for coll, es in L["mapped"] for e in es]
    t["filter"] = [f"print({coll}.filter {{ {e} }}.count)" for coll, es in L["mapped"] for e in es]
    t["count"] = [f"let n = {coll}.count; print(n, n > 2 ? \"many\" : \"few\")" for coll, _ in L["mapped"]]
    t["contains"] = [f"print({coll}.contains {{ {e} }})" for coll, es in L["mapped"] for e in es[1:]]
    t["closure"] = [f"let f = {{ {sig} in {body} }}; {'try ' if 'throws' in sig else ''}f({arg})"
                    for sig, body, args in L["closures"] for arg in args]
    t["closure-missing-try"] = [f"let f = {{ {sig} in {body} }}; f({args[0]})" for sig, body, args in L["closures"] if "throws" in sig]
    t["do-catch"] = [f"do {{ try {call}; print(\"done\") }} {c}" for call in L["throwing"] for c in L["catches"]]
    t["do-no-try"] = [f"do {{ {call} }} catch {{ print(error) }}" for call in L["throwing"]]
    t["try?-if"] = [f"if (try? {call}) != nil {{ print(\"ok\") }} else {{ print(\"failed\") }}" for call in L["throwing"]]
    t["if-let"] = [f"if let {v} = {opt} {{ print({v}) }} else {{ print(\"nil\") }}" for opt, v in L["optionals"]]
    t["guard"] = [f"guard let {v} = {opt} else {{ print(\"none\"); return }}; print(\"got\", {v})" for opt, v in L["optionals"]]
    t["guard-no-exit"] = [f"guard let {v} = {opt} else {{ print(\"none\") }}" for opt, v in L["optionals"][:2]]
    t["ternary"] = [f"print({b} ? \"yes\" : \"no\")" for b in L["bools"]]
    t["computed"] = [f"let flag = {b}; let score = flag ? 10 : -1; print(score * 2)" for b in L["bools"]]
    t["interpolation"] = [f"print(\"value: \\({e})\")" for e in L["shown"]]
    t["interpolated-let"] = [f"let text = \"<\\({e})>\"; print(text, text.count > 3)" for e in L["shown"][:4]]
    t["alias"] = [f"let same = {o}; same.{a}; print(same === {o})" for o in L["objects"] for a in L["actions"][o]]
    t["alias-reassign"] = [f"let same = {o}; same = {o}" for o in L["objects"]]
    t["var-alias"] = [f"var current = {o}; current.{L['actions'][o][0]}; current = {o}" for o in L["objects"]]
    t["weak"] = [f"weak var w = {o}; print(w === {o}, w == nil)" for o in L["objects"]]
    t["weak-call"] = [f"weak var w = {o}; w?.{a}" for o in L["objects"] for a in L["actions"][o][:1]]
    t["weak-value"] = [f"weak var w = {s}" for s in L["shown"][:2]]
    t["weak-unwrap"] = [f"weak var w = {o}; w!.{L['actions'][o][0]}" for o in L["objects"][:1]]
    t["sequence"] = [f"{a}; {b}" for a, b in product(L["sequences"], L["sequences"]) if a != b]
    t["sequence3"] = [f"{a}; {b}; print(\"and\", {c})" for a, b, c in zip(L["sequences"], L["sequences"][1:] + L["sequences"][:1], L["shown"])]
    t["switch"] = [f"switch {e} {{ {' '.join(cases)} }}" for e, cases in L["switches"]]
    t["switch-partial"] = [f"switch {e} {{ {cases[0]} }}" for e, cases in L["switches"]]
    t["flow"] = ["; ".join(flow[a:a + n]) for flow in L["flows"] for n in (2, 3, 4)
                 for a in range(len(flow) - n + 1)] + ["; ".join(flow) for flow in L["flows"]]
    e = L["shown"][0]
    t["output"] = [f"print({e}, {L['shown'][1]}, separator: \" | \")", f"print({e}, terminator: \"\")", f"debugPrint({e})",
                   f"var out = \"\"; print({e}, to: &out); print(out.count)", f"dump({e})", f"print()",
                   f"print(String(describing: {e}), String(reflecting: {e}))"]
    t["while"] = [f"var i = 0; while i < 3 {{ i += 1 }}; print(i)", f"var k = 3; repeat {{ k -= 1 }} while k > 0; print(k)"]
    t["func"] = [f"func twice(_ n: Int) -> Int {{ n * 2 }}; print(twice({len(lesson)}))",
                 f"func show() {{ print({L['shown'][0]}) }}; show()"]
    t["defer"] = [f"defer {{ print(\"after\") }}; print(\"before\", {L['shown'][1]})"]
    t["tuple"] = [f"let (a, b) = ({L['shown'][0]}, {L['shown'][1]}); print(a, b)"]
    t["trap"] = [f"try! {call}" for call in L["throwing"]] + [f"let xs = [1, 2]; print(xs[{len(lesson)}])", "let none: Int? = nil; print(none!)",
                 f"print(Array({L['mapped'][0][0]})[99])", "_ = [Int]().first!", "print(1 / Int(\"0\")!)"]
    t["malformed"] = [f"for {L['collections'][0][1]} in {L['collections'][0][0]} {{ {L['collections'][0][2][0]}",
                      f"{L['sequences'][0]} }}", f"print(\"unterminated)", f"{L['sequences'][0]})",
                      f"if {L['bools'][0]} {{ print(1) }} else print(2)"]
    return t


def pick_round_robin(groups, count):
    """Up to `count` items, one from each group in turn, each group's in SHA-1 order; ties broken the same way."""
    queues = [sorted(set(g), key=key) for _, g in sorted(groups.items(), key=lambda kv: key(kv[0]))]
    chosen, seen = [], set()
    while len(chosen) < count and any(queues):
        for q in queues:
            while q and q[0] in seen:
                q.pop(0)
            if q and len(chosen) < count:
                item = q.pop(0)
                seen.add(item)
                chosen.append(item)
    return chosen


SIMPLE_PER_LESSON = 82
# Templates taken whole: the lines that trap, the malformed ones (a brace or a string left open, one too many), and
# `weak var w = <object>`.
ALWAYS = ["trap", "malformed", "weak"]
COMPOUND_PER_LESSON = 72


def corpus():
    lines = []
    for lesson, L in LESSONS.items():
        groups = {}
        for receiver, members in L["receivers"]:
            for member in members:
                groups[f"{receiver}.{member.name}"] = simple(receiver, member)
        groups["typos"] = L["typos"]
        simple_chosen = pick_round_robin(groups, SIMPLE_PER_LESSON)
        templates = compound(lesson)
        always = [c for name in ALWAYS for c in templates.pop(name)]
        compound_chosen = always + pick_round_robin(templates, COMPOUND_PER_LESSON - len(always))
        seen = set(simple_chosen)
        compound_chosen = [c for c in compound_chosen if c not in seen]
        lines.append(f"# {lesson}: {len(simple_chosen)} call-shaped statements, then {len(compound_chosen)} compound ones")
        lines += [f"{lesson}\t{s}" for s in simple_chosen]
        lines += [f"{lesson}\t{s}" for s in compound_chosen]
    return lines


def main():
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(root, "Scripts/SwiftCheck/corpus.txt")
    lines = corpus()
    for line in lines:
        assert "\n" not in line and (line.startswith("#") or line.count("\t") >= 1), line
    header = ["# Generated by Scripts/SwiftCheck/grammar.py: do not edit; change the grammar and run it again.",
              "# lesson<TAB>statement: what learners type, valid and invalid; Scripts/swift-corpus compares the playground",
              "# with Swift's compiler (verdict, first diagnostic, effect) statement by statement."]
    with open(out, "w", encoding="utf-8") as f:
        f.write("\n".join(header + lines) + "\n")
    statements = [l for l in lines if not l.startswith("#")]
    print(f"{out}: {len(statements)} statements", file=sys.stderr)


if __name__ == "__main__":
    main()
