// Made by the lesson's own lines (`let teal = SenderPage(name: "teal")`, the second-sender exercise): the code pane's
// lines are checked one by one, so what an earlier line bound is declared here. The corpus does not see this file.
let teal = SenderPage(name: "teal")
// The "write a receiver page" code exercise's page (its solution is declared before this file).
let archive = ArchivePage(name: "archive")
