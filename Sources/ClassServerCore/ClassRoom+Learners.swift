import ClassWire
import Foundation

/// Who is in the class: joining, removing, leaving, and whether joining is open.
extension ClassRoom {
    /// A name as the board may show it: trimmed, 1 to ``ClassWire/maximumNameLength`` characters, no control
    /// characters.
    static func cleanName(_ name: String) throws(Refusal) -> String {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, trimmed.count <= ClassWire.maximumNameLength,
            !trimmed.unicodeScalars.contains(where: {
                $0.properties.generalCategory == .control
                    || $0.properties.generalCategory == .format && $0.value != 0x200D
            })
        else {
            throw Refusal(
                400, "a name is 1 to \(ClassWire.maximumNameLength) characters, without control characters",
                reason: .badName)
        }
        return trimmed
    }

    /// Why nobody may join from `address` now (closed, full, or that address full), or nil: the server says it
    /// before counting the join against the address's rate.
    public func joinRefusal(address: String) -> Refusal? { lock.withLock { joinRefusalLocked(address: address) } }

    func joinRefusalLocked(address: String) -> Refusal? {
        if state.joiningClosed == true {
            return Refusal(403, "the presenter has closed joining", reason: .joiningClosed)
        }
        if learners.count >= capacity {
            return Refusal(403, "the class is full (\(capacity) learners)", reason: .classFull)
        }
        if joinedFrom[address, default: 0] >= perAddress {
            return Refusal(403, "\(perAddress) learners have joined from this address already", reason: .addressFull)
        }
        return nil
    }

    /// A new learner, from `address`: refused when the presenter closed joining, the class is full, or
    /// ``perAddress`` learners joined from that address already.
    public func join(name: String, address: String = "") throws(Refusal) -> JoinResponse {
        let name = try Self.cleanName(name)
        return try locked { () throws(Refusal) -> JoinResponse in
            if let refusal = joinRefusalLocked(address: address) { throw refusal }
            let token = Tokens.make(24, alphabet: Tokens.tokenAlphabet)
            let now = clock()
            let id: Int
            do { id = try store.addLearner(name: name, token: token, at: now, address: address) } catch {
                throw Refusal.storeFailed("the class could not be saved", error)
            }
            var learner = Learner(id: id, name: name, token: token, joined: now, lastProgress: now, lastSeen: now)
            learner.address = address
            learners[id] = learner
            joinedFrom[address, default: 0] += 1
            byToken[token] = id
            version += 1
            return JoinResponse(learner: id, token: token, name: name, state: state)
        }
    }

    /// The learner a token belongs to.
    public func learner(token: String) -> Int? { lock.withLock { byToken[token] } }

    /// Whether the presenter removed the learner of this token.
    public func wasRemoved(token: String) -> Bool { lock.withLock { removedTokens.contains(token) } }

    /// The presenter removes every learner of that name: their tokens stop working and the board forgets them.
    public func remove(name: String, token: String?) throws(Refusal) -> RemoveResponse {
        try remove(RemoveRequest(name: name), token: token)
    }

    /// The presenter removes every learner the request names (by name, a pattern, or joined at or after a time).
    public func remove(_ request: RemoveRequest, token: String?) throws(Refusal) -> RemoveResponse {
        guard isPresenter(token) else {
            throw Refusal(403, "only the presenter's token removes a learner", reason: .notPresenter)
        }
        guard request.name != nil || request.joinedAfter != nil else {
            throw Refusal(400, "say whom to remove: a name, or joinedAfter")
        }
        return try locked { () throws(Refusal) -> RemoveResponse in
            let gone = learners.values.filter { request.matches(name: $0.name, joined: $0.joined) }
            guard !gone.isEmpty else { throw Refusal(404, "no learner is named that", reason: .noSuchLearner) }
            do { try store.removeLearners(gone.map(\.id)) } catch {
                throw Refusal.storeFailed("the class could not be saved", error)
            }
            for learner in gone {
                learners[learner.id] = nil
                byToken[learner.token] = nil
                removedTokens.insert(learner.token)
                joinedFrom[learner.address, default: 1] -= 1
            }
            version += 1
            return RemoveResponse(removed: gone.count, state: state)
        }
    }

    /// A learner quit the playground: the board says "left" instead of counting them stuck.
    public func leave(token: String) throws(Refusal) -> ClassState {
        try locked { () throws(Refusal) -> ClassState in
            guard let id = byToken[token] else {
                throw Refusal(401, "this learner's token is not known here: join again", reason: .unknownToken)
            }
            let now = clock()
            do { try store.setLeft(id, at: now) } catch {
                throw Refusal.storeFailed("the class could not be saved", error)
            }
            learners[id]!.left = now
            version += 1
            return state
        }
    }

    /// The presenter closes or reopens joining; the board says so.
    public func setJoining(open: Bool, token: String?) throws(Refusal) -> ClassState {
        guard isPresenter(token) else {
            throw Refusal(403, "only the presenter's token closes or opens joining", reason: .notPresenter)
        }
        return try locked { () throws(Refusal) -> ClassState in
            var next = state
            next.joiningClosed = open ? nil : true
            next.revision += 1
            do {
                try store.saveClass(
                    .init(
                        code: code, presenterToken: presenterToken, state: next, titles: titles,
                        predictionSteps: predictionSteps))
            } catch {
                throw Refusal.storeFailed("the class could not be saved", error)
            }
            state = next
            version += 1
            return state
        }
    }
}
