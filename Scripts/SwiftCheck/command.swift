// The command lesson's live objects, as the playground makes them: an empty document and an editor with
// empty stacks.
let document = TextDocument()
let editor = TextEditor()
