// The observer lesson's live objects, declared as the playground makes them: the label and the sound sign up for
// both events; the achievements wait to be signed up.
let hub = NotificationHub()
let game = Game(hub: hub)
let label = ScoreLabel()
let sound = SoundPlayer()
let achievements = AchievementTracker()
for event in GameEvent.allCases {
    hub.addObserver(label, for: event)
    hub.addObserver(sound, for: event)
}
