// Shorthands for the elements the pages use; each escapes like `Node.element`, so builder code reads as
// `.div(.class("x")) { .p { text } }`.

extension Node {
    public static func html(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "html", attributes: attributes, children: content()))
    }

    public static func head(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "head", attributes: attributes, children: content()))
    }

    public static func body(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "body", attributes: attributes, children: content()))
    }

    public static func title(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "title", attributes: attributes, children: content()))
    }

    public static func header(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "header", attributes: attributes, children: content()))
    }

    public static func footer(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "footer", attributes: attributes, children: content()))
    }

    public static func main(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "main", attributes: attributes, children: content()))
    }

    public static func nav(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "nav", attributes: attributes, children: content()))
    }

    public static func section(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "section", attributes: attributes, children: content()))
    }

    public static func article(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "article", attributes: attributes, children: content()))
    }

    public static func aside(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "aside", attributes: attributes, children: content()))
    }

    public static func div(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "div", attributes: attributes, children: content()))
    }

    public static func span(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "span", attributes: attributes, children: content()))
    }

    public static func p(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "p", attributes: attributes, children: content()))
    }

    public static func h1(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "h1", attributes: attributes, children: content()))
    }

    public static func h2(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "h2", attributes: attributes, children: content()))
    }

    public static func h3(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "h3", attributes: attributes, children: content()))
    }

    public static func a(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "a", attributes: attributes, children: content()))
    }

    public static func ul(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "ul", attributes: attributes, children: content()))
    }

    public static func ol(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "ol", attributes: attributes, children: content()))
    }

    public static func li(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "li", attributes: attributes, children: content()))
    }

    public static func dl(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "dl", attributes: attributes, children: content()))
    }

    public static func dt(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "dt", attributes: attributes, children: content()))
    }

    public static func dd(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "dd", attributes: attributes, children: content()))
    }

    public static func pre(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "pre", attributes: attributes, children: content()))
    }

    public static func code(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "code", attributes: attributes, children: content()))
    }

    public static func strong(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "strong", attributes: attributes, children: content()))
    }

    public static func em(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "em", attributes: attributes, children: content()))
    }

    public static func mark(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "mark", attributes: attributes, children: content()))
    }

    public static func form(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "form", attributes: attributes, children: content()))
    }

    public static func fieldset(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "fieldset", attributes: attributes, children: content()))
    }

    public static func legend(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "legend", attributes: attributes, children: content()))
    }

    public static func label(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "label", attributes: attributes, children: content()))
    }

    public static func textarea(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "textarea", attributes: attributes, children: content()))
    }

    public static func button(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "button", attributes: attributes, children: content()))
    }

    public static func table(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "table", attributes: attributes, children: content()))
    }

    public static func thead(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "thead", attributes: attributes, children: content()))
    }

    public static func tbody(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "tbody", attributes: attributes, children: content()))
    }

    public static func tr(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "tr", attributes: attributes, children: content()))
    }

    public static func th(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "th", attributes: attributes, children: content()))
    }

    public static func td(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "td", attributes: attributes, children: content()))
    }

    public static func caption(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "caption", attributes: attributes, children: content()))
    }

    public static func details(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "details", attributes: attributes, children: content()))
    }

    public static func summary(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "summary", attributes: attributes, children: content()))
    }

    public static func time(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "time", attributes: attributes, children: content()))
    }

    public static func small(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "small", attributes: attributes, children: content()))
    }

    public static func script(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "script", attributes: attributes, children: content()))
    }

    public static func template(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "template", attributes: attributes, children: content()))
    }

    public static func meta(_ attributes: Attribute...) -> Node {
        Node(.element(name: "meta", attributes: attributes, children: []))
    }

    public static func link(_ attributes: Attribute...) -> Node {
        Node(.element(name: "link", attributes: attributes, children: []))
    }

    public static func input(_ attributes: Attribute...) -> Node {
        Node(.element(name: "input", attributes: attributes, children: []))
    }

    public static func br(_ attributes: Attribute...) -> Node {
        Node(.element(name: "br", attributes: attributes, children: []))
    }
}
