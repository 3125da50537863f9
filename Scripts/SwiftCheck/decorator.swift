// The decorator lesson's live objects, as the playground makes them: the network, and a screen that loads through it.
let network = NetworkLoader()
let screen = ProfileScreen(loader: network)
