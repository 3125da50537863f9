// The factory-method lesson's live objects, as the playground makes them: a phone's screen and a tablet's, no rows.
let phone = SettingsScreen()
let tablet = TabletSettingsScreen()
