// Shorthands for the elements the pages use; each escapes like `Node.element`, so builder code reads as
// `.div(.class("x")) { .p { text } }`.

extension Node {
    /// `<html>`: the document root.
    public static func html(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "html", attributes: attributes, children: content()))
    }

    /// `<head>`: the document's metadata.
    public static func head(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "head", attributes: attributes, children: content()))
    }

    /// `<body>`: the page body.
    public static func body(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "body", attributes: attributes, children: content()))
    }

    /// `<title>`: the document title (the browser tab).
    public static func title(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "title", attributes: attributes, children: content()))
    }

    /// `<header>`: a page or section header.
    public static func header(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "header", attributes: attributes, children: content()))
    }

    /// `<footer>`: a page or section footer.
    public static func footer(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "footer", attributes: attributes, children: content()))
    }

    /// `<main>`: the page's main content, the skip link's target.
    public static func main(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "main", attributes: attributes, children: content()))
    }

    /// `<nav>`: a block of navigation links.
    public static func nav(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "nav", attributes: attributes, children: content()))
    }

    /// `<section>`: a thematic section with its own heading.
    public static func section(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "section", attributes: attributes, children: content()))
    }

    /// `<article>`: a self-contained part (a chapter, a question).
    public static func article(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "article", attributes: attributes, children: content()))
    }

    /// `<aside>`: content beside the main text (notes).
    public static func aside(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "aside", attributes: attributes, children: content()))
    }

    /// `<div>`: a block with no meaning of its own.
    public static func div(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "div", attributes: attributes, children: content()))
    }

    /// `<span>`: an inline run with no meaning of its own.
    public static func span(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "span", attributes: attributes, children: content()))
    }

    /// `<p>`: a paragraph.
    public static func p(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "p", attributes: attributes, children: content()))
    }

    /// `<h1>`: the page heading.
    public static func h1(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "h1", attributes: attributes, children: content()))
    }

    /// `<h2>`: a section heading.
    public static func h2(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "h2", attributes: attributes, children: content()))
    }

    /// `<h3>`: a sub-section heading.
    public static func h3(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "h3", attributes: attributes, children: content()))
    }

    /// `<a>`: a link.
    public static func a(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "a", attributes: attributes, children: content()))
    }

    /// `<ul>`: an unordered list.
    public static func ul(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "ul", attributes: attributes, children: content()))
    }

    /// `<ol>`: an ordered list.
    public static func ol(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "ol", attributes: attributes, children: content()))
    }

    /// `<li>`: a list item.
    public static func li(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "li", attributes: attributes, children: content()))
    }

    /// `<dl>`: a description list (term and description pairs).
    public static func dl(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "dl", attributes: attributes, children: content()))
    }

    /// `<dt>`: a term of a description list.
    public static func dt(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "dt", attributes: attributes, children: content()))
    }

    /// `<dd>`: the description of the preceding term.
    public static func dd(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "dd", attributes: attributes, children: content()))
    }

    /// `<pre>`: preformatted text (code blocks).
    public static func pre(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "pre", attributes: attributes, children: content()))
    }

    /// `<code>`: a piece of code.
    public static func code(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "code", attributes: attributes, children: content()))
    }

    /// `<strong>`: strong importance.
    public static func strong(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "strong", attributes: attributes, children: content()))
    }

    /// `<em>`: stress emphasis.
    public static func em(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "em", attributes: attributes, children: content()))
    }

    /// `<mark>`: highlighted text (search matches).
    public static func mark(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "mark", attributes: attributes, children: content()))
    }

    /// `<form>`: a form.
    public static func form(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "form", attributes: attributes, children: content()))
    }

    /// `<fieldset>`: a group of form controls.
    public static func fieldset(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "fieldset", attributes: attributes, children: content()))
    }

    /// `<legend>`: the caption of a fieldset.
    public static func legend(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "legend", attributes: attributes, children: content()))
    }

    /// `<label>`: the label of a form control.
    public static func label(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "label", attributes: attributes, children: content()))
    }

    /// `<textarea>`: a multi-line text field.
    public static func textarea(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "textarea", attributes: attributes, children: content()))
    }

    /// `<button>`: a button.
    public static func button(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "button", attributes: attributes, children: content()))
    }

    /// `<table>`: a table.
    public static func table(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "table", attributes: attributes, children: content()))
    }

    /// `<thead>`: the header rows of a table.
    public static func thead(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "thead", attributes: attributes, children: content()))
    }

    /// `<tbody>`: the body rows of a table.
    public static func tbody(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "tbody", attributes: attributes, children: content()))
    }

    /// `<tr>`: a table row.
    public static func tr(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "tr", attributes: attributes, children: content()))
    }

    /// `<th>`: a header cell.
    public static func th(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "th", attributes: attributes, children: content()))
    }

    /// `<td>`: a data cell.
    public static func td(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "td", attributes: attributes, children: content()))
    }

    /// `<caption>`: the title of a table.
    public static func caption(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "caption", attributes: attributes, children: content()))
    }

    /// `<details>`: a disclosure widget, closed until opened.
    public static func details(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "details", attributes: attributes, children: content()))
    }

    /// `<summary>`: the always-visible label of `details`.
    public static func summary(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "summary", attributes: attributes, children: content()))
    }

    /// `<time>`: a date or time, machine-readable in `datetime`.
    public static func time(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "time", attributes: attributes, children: content()))
    }

    /// `<small>`: side comments (fine print).
    public static func small(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "small", attributes: attributes, children: content()))
    }

    /// `<script>`: a script; its content is not escaped as text is, so only code-made content goes here.
    public static func script(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "script", attributes: attributes, children: content()))
    }

    /// `<template>`: inert markup that scripts clone.
    public static func template(_ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
        Node(.element(name: "template", attributes: attributes, children: content()))
    }

    /// `<meta>`: document metadata (charset, viewport).
    public static func meta(_ attributes: Attribute...) -> Node {
        Node(.element(name: "meta", attributes: attributes, children: []))
    }

    /// `<link>`: a linked resource (stylesheet, icon).
    public static func link(_ attributes: Attribute...) -> Node {
        Node(.element(name: "link", attributes: attributes, children: []))
    }

    /// `<input>`: a form control.
    public static func input(_ attributes: Attribute...) -> Node {
        Node(.element(name: "input", attributes: attributes, children: []))
    }

    /// `<br>`: a line break.
    public static func br(_ attributes: Attribute...) -> Node {
        Node(.element(name: "br", attributes: attributes, children: []))
    }
}
