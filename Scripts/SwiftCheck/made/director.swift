// Made by the lesson's own lines (`let order = ReceiptBuilder()`, the "write the recipe" exercise): the code pane's
// lines are checked one by one, so what an earlier line bound is declared here. The corpus does not see this file.
let order = ReceiptBuilder()
