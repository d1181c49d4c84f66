import Foundation
import ReuseTable
import SeededRandom

/// The messages of the chat demo, oldest first, and a repeatable generator of new and older ones.
///
/// Message ids grow with time: older pages get ids below the first one, new messages ids
/// above the last one, so a test can name the message it reads whatever was added around it.
@MainActor
final class ChatModel: TableViewDataSource {
    struct Message: Equatable {
        let id: Int
        let author: String
        let text: String
    }

    static let authors = ["ana", "bo", "chen", "dee", "eli", "fay"]
    static let words = """
        ok sure the build is green again did you see the new table it keeps the row you read still while \
        older messages load above it measured rows only what fills the screen lunch at noon ship it tomorrow \
        rotation keeps the reading position and the end follows new messages when you are there
        """.split(separator: " ").map(String.init)

    private(set) var messages: [Message] = []
    /// Older messages not loaded yet (pages of `pageSize`).
    private(set) var olderLeft: Int
    static let pageSize = 100
    private var rng: SplitMix64

    init(seed: UInt64 = 42, initial: Int = 40, olderPages: Int = 10) {
        rng = SplitMix64(seed: seed)
        olderLeft = olderPages * ChatModel.pageSize
        messages = (0..<initial).map { makeMessage(id: $0) }
    }

    /// A message of one to five lines' worth of words.
    private func makeMessage(id: Int) -> Message {
        let count = [2, 4, 7, 12, 20, 35][Int(rng.next() % 6)]
        let text = (0..<count).map { _ in ChatModel.words[Int(rng.next() % UInt64(ChatModel.words.count))] }.joined(separator: " ")
        return Message(id: id, author: ChatModel.authors[Int(rng.next() % UInt64(ChatModel.authors.count))], text: text)
    }

    /// Appends one new message; returns its row.
    func receive() -> Int {
        messages.append(makeMessage(id: (messages.last?.id ?? -1) + 1))
        return messages.count - 1
    }

    /// Prepends a page of older messages; returns how many (0 at the start of the conversation).
    func loadOlder() -> Int {
        let count = min(ChatModel.pageSize, olderLeft)
        guard count > 0 else { return 0 }
        olderLeft -= count
        let first = messages.first?.id ?? 0
        let page = (1...count).reversed().map { makeMessage(id: first - $0) }
        messages.insert(contentsOf: page, at: 0)
        return count
    }

    func numberOfSections(in tableView: TableView) -> Int { 1 }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { messages.count }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: ChatCell.identifier, for: indexPath) as! ChatCell
        let message = messages[indexPath.row]
        cell.message.text = "\(message.author): \(message.text)"
        cell.messageID = message.id
        return cell
    }
}

/// One message: its text wrapped one column in from each side, and a blank line under it.
@MainActor
final class ChatCell: TableViewCell {
    static let identifier = "message"
    let message = Label()
    var messageID = 0

    required init(reuseIdentifier: String?) {
        super.init(reuseIdentifier: reuseIdentifier)
        message.numberOfLines = 0
        contentView.addSubview(message)
    }

    /// Wrapped lines plus the blank line: the row's height, self-sized (`sizeThatFits`).
    override func sizeThatFits(_ size: CGSize) -> CGSize {
        CGSize(width: size.width, height: CGFloat(message.wrappedLines(forWidth: max(1, size.width - 2)).count + 1))
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let lines = message.wrappedLines(forWidth: max(1, contentView.bounds.width - 2)).count
        message.frame = CGRect(x: 1, y: 0, width: max(1, contentView.bounds.width - 2), height: CGFloat(lines))
    }
}
