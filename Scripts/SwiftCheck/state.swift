// The state lesson's live objects, as the playground makes them: a player of one track, stopped.
let player = MusicPlayer(track: "Intro")
