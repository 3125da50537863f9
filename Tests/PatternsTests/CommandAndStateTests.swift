import Testing

@testable import Patterns

/// The Command and State lessons' types, without the playground.
@Suite struct CommandAndStateTests {
    /// The editor undoes the last command first, redoes the last undone, and a new command empties the redo stack;
    /// each command takes itself back with what it kept.
    @Test func theEditorUndoesAndRedoesInStackOrder() {
        let document = TextDocument()
        let editor = TextEditor()
        editor.run(TypeText("The build is red", in: document))
        editor.run(Erase(3, in: document))
        editor.run(Shout(in: document))
        #expect(document.text == "THE BUILD IS ")
        editor.undo()
        editor.undo()
        #expect(document.text == "The build is red")
        #expect(editor.redoStack.count == 2)
        editor.redo()
        #expect(document.text == "The build is ")
        editor.run(TypeText("blue", in: document))
        #expect(editor.redoStack.isEmpty)
        editor.redo()
        #expect(document.text == "The build is blue")
        #expect(
            editor.undoStack.map { "\($0)" } == [#"TypeText("The build is red")"#, "Erase(3)", #"TypeText("blue")"#])
    }

    /// Nothing to undo or redo does nothing; an erase past the start erases what there is, and undo types it back.
    @Test func emptyStacksAndCountsPastTheTextChangeNothingTheyShouldNot() {
        let document = TextDocument(text: "Hi")
        let editor = TextEditor()
        editor.undo()
        editor.redo()
        editor.run(Erase(Int.max, in: document))
        #expect(document.text == "")
        editor.run(Erase(Int.min, in: document))
        editor.undo()
        editor.undo()
        #expect(document.text == "Hi")
    }

    @Test func replaceReplacesEveryOccurrenceAndCountsThem() {
        let document = TextDocument(text: "teh cat and teh dog")
        #expect(document.replace("teh", with: "the") == 2)
        #expect(document.text == "the cat and the dog")
        #expect(document.replace("", with: "x") == 0)
        #expect(document.text == "the cat and the dog")
    }

    /// The same button does what the player's state says; only playing moves the position, and stop goes back to the
    /// start.
    @Test func thePlayersButtonsGoByItsState() {
        let player = MusicPlayer(track: "Intro")
        player.pause()
        player.tick(10)
        #expect(player.state is StoppedState && player.position == 0)
        player.play()
        player.tick(30)
        player.pause()
        player.tick(10)
        #expect(player.state is PausedState && player.position == 30)
        player.play()
        player.play()
        player.tick(Int.max)
        #expect(player.state is PlayingState && player.position == 3630)
        player.stop()
        #expect(player.state is StoppedState && player.position == 0)
    }
}
