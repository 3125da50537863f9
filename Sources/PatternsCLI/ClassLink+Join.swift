import ArgumentParser
import ClassWire
import FoundationEssentials
import PlaygroundCore
import Terminal

#if canImport(Glibc)
import Glibc
#endif

/// Joining a class: `join URL NAME` and `--join`, the browser classroom's link, and how a refusal is said.
extension ClassLink {
    func join(_ arguments: [String], console: Console) -> Bool {
        let lang = console.session.options.lang
        guard arguments.count >= 2 else { say(ClassText.joinUsage.text(lang), console, error: true); return false }
        return join(url: arguments[0], name: arguments.dropFirst().joined(separator: " "), console: console)
    }

    func join(url: String, name: String, console: Console) -> Bool {
        let lang = console.session.options.lang
        guard let address = ClassAddress(url) else {
            say(ClassText.notAClassAddress.text(lang, TextSanitizer.clean(url)), console, error: true)
            return false
        }
        let trimmed = String(name.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
        guard !trimmed.isEmpty, trimmed.count <= ClassWire.maximumNameLength else {
            say(ClassText.nameNeeded.text(lang, String(ClassWire.maximumNameLength)), console, error: true)
            return false
        }
        let answer = LearnerLink.spawn(url: address.url, name: trimmed, identities: identities)
        return welcome(answer, code: address.code, console: console)
    }

    /// `--class-link-fd N`: the other end of fd N (the browser classroom's server) is the link; it says who joined.
    func attach(fd: Int32, console: Console) -> Bool {
        // Compilers never hold it; the supervisor closes its copy (the other end sees the session end).
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        return welcome(LearnerLink.answer(on: LinkChannel(fd: fd), timeout: 15), code: nil, console: console)
    }

    /// Says how the link answered a join; the learner's link from now on when it joined.
    private func welcome(_ answer: LearnerLink.Joined, code: String?, console: Console) -> Bool {
        let lang = console.session.options.lang
        switch answer {
        case .silent:
            say(ClassText.notJoined.text(lang, ClassNewsText.linkSilent.text(lang)), console, error: true)
            return false
        case .failed(let failure):
            say(ClassText.notJoined.text(lang, Self.describe(failure, lang)), console, error: true)
            return false
        case .pending(let link, let failure):
            // The server away or joining closed: the playground goes on, and is in as soon as the link gets in.
            if let learner { Supervisor.sessionOnly.remove(learner.channel.fd); learner.stop() }
            learner = link
            Supervisor.sessionOnly.insert(link.channel.fd)
            say(ClassText.notJoinedYet.text(lang, Self.describe(failure, lang)), console)
            return true
        case .joined(let link, let name, let kept):
            // A class joined before is left (its link sends what it holds, and ends).
            if let learner { Supervisor.sessionOnly.remove(learner.channel.fd); learner.stop() }
            learner = link
            Supervisor.sessionOnly.insert(link.channel.fd)
            joinedNow(name: name, kept: kept, code: code, console: console)
            return true
        }
    }

    /// Says the learner is in: the class, any results kept from before that are sent, where the presenter is.
    func joinedNow(name: String, kept: Int, code: String?, console: Console) {
        let lang = console.session.options.lang
        guard let state = learner?.state else { return }
        say(ClassText.joined.text(lang, code ?? state.code, TextSanitizer.clean(name)), console)
        if kept > 0 {
            say(
                kept == 1 ? ClassNewsText.keptSentOne.text(lang) : ClassNewsText.keptSent.text(lang, String(kept)),
                console)
        }
        if let lesson = state.lesson, state.step > 0 {
            say(
                ClassText.joinedAt.text(
                    lang, TextSanitizer.clean(state.lessonTitle(in: lang.rawValue) ?? lesson), String(state.step)),
                console)
        }
        // Where the learner already is counts as reached.
        observe("", ok: true, events: [], console: console)
    }

    /// A failure in the learner's language: the server's own sentence (English) only where no status says it.
    static func describe(_ failure: ClassClient.Failure, _ lang: Lang) -> String {
        switch failure {
        case .unreachable(let why): return TextSanitizer.clean(why)
        case .refused(let status, let why, let reason):
            // The server's reason first: a full class, closed joining and a wrong token are all 403.
            if let reason, let text = Self.reasonText(reason) { return "\(status): " + text.text(lang) }
            if reason == .badName {
                return "\(status): " + ClassText.nameNeeded.text(lang, String(ClassWire.maximumNameLength))
            }
            return switch status {
            case 401: "\(status): " + ClassText.refusedToken.text(lang)
            case 403: "\(status): " + ClassText.refusedPresenter.text(lang)
            case 413: "\(status): " + ClassText.refusedTooLarge.text(lang)
            case 429: "\(status): " + ClassText.refusedTooMany.text(lang)
            case 404: "\(status): " + ClassText.refusedNoClass.text(lang)
            default: "\(status): " + ClassText.refusedBadRequest.text(lang, TextSanitizer.clean(why))
            }
        }
    }

    /// What the learner is told for a refusal the status alone does not say.
    static func reasonText(_ reason: RefusalReason) -> ClassText? {
        switch reason {
        case .classFull: .refusedClassFull
        case .addressFull: .refusedAddressFull
        case .joiningClosed: .refusedJoiningClosed
        case .tooManyJoins: .refusedTooManyJoins
        case .tooManyReports, .tooManyRequests, .tooManyBoards: .refusedTooMany
        case .removed: .refusedRemoved
        case .unknownToken: .refusedToken
        case .notPresenter: .refusedPresenter
        case .notInLesson, .noQuestion, .notAnOption: .refusedNotInLesson
        case .badName, .noSuchLearner: nil
        }
    }
}
