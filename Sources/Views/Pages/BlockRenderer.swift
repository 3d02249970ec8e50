/// Renders course blocks: headings with anchor links, paragraphs, highlighted code with a copy button, bullets
/// with their "when to use" parts, numbered lists, notes and source lines. Every block carries its stable anchor
/// as `id`, unless the caller places the anchor elsewhere (parallel view).
struct BlockRenderer {
    var strings: UIStrings
    var withAnchors = true
    /// Set on section pages: reference answer paragraphs become slots, a placeholder until the reader earned them.
    var context: PageContext?

    /// `blocks` in order, consecutive bullets in one `<ul>` and consecutive numbered items in one `<ol>`.
    func nodes(_ blocks: [BlockContent]) -> [Node] {
        var nodes: [Node] = []
        var index = 0
        while index < blocks.count {
            let kind = blocks[index].kind
            if kind == .bullet || kind == .numbered {
                var end = index
                while end < blocks.count && blocks[end].kind == kind {
                    end += 1
                }
                nodes.append(list(Array(blocks[index..<end])))
                index = end
            } else {
                nodes.append(node(blocks[index]))
                index += 1
            }
        }
        return nodes
    }

    /// One block; a bullet or numbered item alone becomes a one-item list.
    func node(_ block: BlockContent) -> Node {
        switch block.kind {
        case .heading: return heading(block)
        case .paragraph:
            if let chapter = block.answerChapter, let context {
                let fragments = ResultFragments(context: context)
                return .slot(.chapterAnswer(chapter: chapter, anchor: block.anchor, text: block.text)) {
                    fragments.hiddenChapterAnswer(chapter: chapter, anchor: block.anchor, revealDisabled: false)
                }
            }
            return .p(anchor(block)) { block.text }
        case .code: return code(block)
        case .bullet, .numbered: return list([block])
        case .note: return .div(.class("note"), Attribute("role", "note"), anchor(block)) { Node.p { block.text } }
        case .source: return .p(.class("source"), anchor(block)) { block.text }
        }
    }

    private func anchor(_ block: BlockContent) -> Attribute {
        .when(withAnchors && !block.anchor.isEmpty, .id(block.anchor))
    }

    private func heading(_ block: BlockContent) -> Node {
        .h2(.class("section-heading"), anchor(block)) {
            block.text
            if withAnchors && !block.anchor.isEmpty {
                " "
                Node.a(.class("anchor-link"), .href("#" + URLPath.segment(block.anchor))) {
                    Node.span(.aria("hidden", "true")) { "#" }
                    Node.span(.class("visually-hidden")) { strings.sectionLink }
                }
            }
        }
    }

    private func code(_ block: BlockContent) -> Node {
        let source = block.codeLines.joined(separator: "\n")
        return .div(.class("code-block"), anchor(block)) {
            Node.pre(Attribute("tabindex", "0"), Attribute("role", "group"), .aria("label", strings.codeLabel)) {
                Node.code(.class("language-swift")) { SwiftHighlighter.nodes(source) }
            }
            Node.button(
                .type("button"), .class("copy-button"), .hidden,
                .data("copied", strings.copied), .data("copy-failed", strings.copyFailed)
            ) { strings.copyCode }
        }
    }

    private func list(_ items: [BlockContent]) -> Node {
        if items.first?.kind == .numbered {
            return .ol(.class("numbered")) {
                for item in items {
                    Node.li(anchor(item), .when(item.number != nil, .value(String(item.number ?? 0)))) { item.text }
                }
            }
        }
        return .ul(.class("bullets")) {
            for item in items {
                bullet(item)
            }
        }
    }

    private func bullet(_ block: BlockContent) -> Node {
        .li(.class("bullet"), anchor(block)) {
            Node.p {
                if let term = block.term {
                    Node.strong(.class("term")) { term }
                    " "
                    block.body ?? ""
                } else {
                    block.body ?? block.text
                }
            }
            if block.whenToUse != nil || block.whenNotToUse != nil {
                Node.dl(.class("usage")) {
                    if let use = block.whenToUse {
                        Node.dt(.class("usage-use")) { strings.whenToUse }
                        Node.dd(.class("usage-use")) { use }
                    }
                    if let avoid = block.whenNotToUse {
                        Node.dt(.class("usage-avoid")) { strings.whenNotToUse }
                        Node.dd(.class("usage-avoid")) { avoid }
                    }
                }
            }
        }
    }
}
