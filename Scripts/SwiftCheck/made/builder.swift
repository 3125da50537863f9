// Made by the lesson's own lines (`let fixed = FixedAlertBuilder(screen: screen)`, the code exercise, whose solution
// swift-check declares before this file): the code pane's lines are checked one by one, so what an earlier line
// bound is declared here. The corpus does not see this file.
let fixed = FixedAlertBuilder(screen: screen)
