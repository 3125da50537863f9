// The REPL core's two small rooms, seen by everything that imports the core: the text catalogues (`Lang`,
// `Phrase`, the English and Korean messages) and the process layer (every fork, pipe and wait).
@_exported import PlaygroundProcesses
@_exported import PlaygroundText
