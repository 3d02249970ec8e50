// Folio — small progressive enhancement; every page works without it.
// - Checkpoint forms: submitted with fetch to POST /api/v1/{lang}/checkpoints/{id}/attempts as JSON
//   {"answer","choice"}; the result is rendered into the question's aria-live region and added to the
//   earlier attempts, with the same markup the server renders (Views/ResultFragments.swift). When the answer
//   carries a reference (the reveal policy allows it), it replaces the question's "Show the answer" form.
// - "Show the answer" forms: POST /api/v1/{lang}/checkpoints/{id}/reveal with fetch, the reference shown in place.
// - Copy buttons on code blocks (hidden in the HTML, shown here).
// - Code blocks that do not overflow leave the tab order (they are focusable only to scroll them).
// - The language switcher keeps the section in view (#anchor).
// - Reaching a chapter's end marks it read (POST /api/v1/me/reads), as its "mark as read" form does.
// Progress marks and earlier attempts arrive server-side in the page (slots), so no extra request is made.
(function () {
  "use strict";

  function fill(template, values) {
    return String(template).replace(/\{(\w+)\}/g, function (match, name) {
      return Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : match;
    });
  }

  function element(name, className, children) {
    var node = document.createElement(name);
    if (className) node.className = className;
    (children || []).forEach(function (child) {
      node.append(child);
    });
    return node;
  }

  // Copy buttons.
  function copyText(text) {
    if (navigator.clipboard && window.isSecureContext) {
      return navigator.clipboard.writeText(text).then(
        function () { return true; },
        function () { return legacyCopy(text); }
      );
    }
    return Promise.resolve(legacyCopy(text));
  }

  function legacyCopy(text) {
    var area = element("textarea", "visually-hidden");
    area.value = text;
    area.setAttribute("readonly", "");
    area.setAttribute("aria-hidden", "true");
    document.body.append(area);
    area.select();
    var copied = false;
    try {
      copied = document.execCommand("copy");
    } catch (error) {
      copied = false;
    }
    area.remove();
    return copied;
  }

  document.querySelectorAll(".code-block").forEach(function (block) {
    var button = block.querySelector(".copy-button");
    var code = block.querySelector("code");
    if (!button || !code) return;
    var label = button.textContent;
    var timer = null;
    button.hidden = false;
    button.addEventListener("click", function () {
      copyText(code.textContent).then(function (copied) {
        button.textContent = copied ? button.dataset.copied : button.dataset.copyFailed;
        clearTimeout(timer);
        timer = setTimeout(function () { button.textContent = label; }, 2000);
      });
    });
  });

  // Scrollable code blocks are focusable so keyboards can scroll them; the others need no tab stop.
  function updateCodeFocus() {
    document.querySelectorAll(".code-block pre").forEach(function (pre) {
      if (pre.scrollWidth > pre.clientWidth + 1) {
        pre.setAttribute("tabindex", "0");
      } else {
        pre.removeAttribute("tabindex");
      }
    });
  }
  var resizeTimer = null;
  window.addEventListener("resize", function () {
    clearTimeout(resizeTimer);
    resizeTimer = setTimeout(updateCodeFocus, 150);
  });
  updateCodeFocus();

  // Language switcher: land on the same block in the other language (anchors are the same in every language).
  function currentAnchor() {
    if (window.scrollY < 8) return location.hash.slice(1);
    var candidates = document.querySelectorAll(
      "main h2[id], main p[id], main li[id], main .code-block[id], main .note[id], main .pair[id], main .question[id], main #checkpoint"
    );
    // The sticky header covers the top of the viewport: the place in view starts below it.
    var header = document.querySelector(".site-header");
    var headerBottom = header ? Math.max(header.getBoundingClientRect().bottom, 0) : 0;
    for (var index = 0; index < candidates.length; index += 1) {
      var box = candidates[index].getBoundingClientRect();
      if (box.bottom > headerBottom + 16) return candidates[index].id;
    }
    return "";
  }

  document.querySelectorAll("a[data-switch-language]").forEach(function (link) {
    link.addEventListener("click", function () {
      var anchor = currentAnchor();
      if (!anchor) return;
      var url = new URL(link.href, location.href);
      url.hash = anchor;
      link.href = url.toString();
    });
  });

  // A chapter's end: reaching it (after scrolling) marks the chapter read; the button does the same.
  var readForm = document.querySelector("form.mark-read");
  if (readForm && window.fetch) {
    var readSent = false;
    var markRead = function () {
      if (readSent) return;
      readSent = true;
      fetch("/api/v1/me/reads", {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ section: readForm.dataset.section, language: readForm.dataset.language }),
      })
        .then(function (response) {
          if (!response.ok) throw new Error("status " + response.status);
          readForm.replaceWith(element("p", "chapter-read", [readForm.dataset.done]));
        })
        .catch(function () {
          readSent = false;
        });
    };
    readForm.addEventListener("submit", function (event) {
      event.preventDefault();
      markRead();
    });
    if ("IntersectionObserver" in window) {
      new IntersectionObserver(function (entries, observer) {
        if (entries.some(function (entry) { return entry.isIntersecting; }) && window.scrollY > 0) {
          observer.disconnect();
          markRead();
        }
      }).observe(readForm);
    }
  }

  // Checkpoint forms.
  var checkpoint = document.querySelector(".checkpoint");
  if (!checkpoint || !window.fetch) return;
  var strings = checkpoint.dataset;

  function percent(score) {
    var value = Math.round(Math.min(Math.max(Number(score) || 0, 0), 1) * 100);
    return fill(strings.percent, { value: value });
  }

  function verdictLabel(verdict) {
    return { correct: strings.verdictCorrect, partial: strings.verdictPartial, incorrect: strings.verdictIncorrect }[verdict] || verdict;
  }

  function conceptList(className, label, items) {
    var list = element("ul", null, items.map(function (item) { return element("li", null, [String(item)]); }));
    return [element("dt", className, [label]), element("dd", className, [list])];
  }

  function resultNodes(data) {
    var verdict = String(data.verdict);
    var nodes = [
      element("p", "verdict verdict-" + verdict, [
        element("strong", "verdict-label", [verdictLabel(verdict)]),
        " ",
        element("span", "verdict-score", [fill(strings.score, { percent: percent(data.score) })]),
      ]),
    ];
    if (data.feedback) nodes.push(element("p", "feedback", [String(data.feedback)]));
    var found = Array.isArray(data.found) ? data.found : [];
    var missing = Array.isArray(data.missing) ? data.missing : [];
    if (found.length || missing.length) {
      var concepts = element("dl", "concepts");
      if (found.length) concepts.append.apply(concepts, conceptList("concepts-found", strings.found, found));
      if (missing.length) concepts.append.apply(concepts, conceptList("concepts-missing", strings.missing, missing));
      nodes.push(concepts);
    }
    return nodes;
  }

  // The reference replaces the question's reveal form (the same markup as ResultFragments.reference).
  function showReference(questionID, reference) {
    var area = document.getElementById(questionID + "-reveal");
    if (!area || typeof reference !== "string") return false;
    area.replaceChildren(
      element("div", "reference", [
        element("p", "reference-label", [element("strong", null, [strings.reference])]),
        element("p", null, [reference]),
      ])
    );
    return true;
  }

  function addAttempt(questionID, answer, choiceLabel, data) {
    var section = document.getElementById(questionID + "-attempts");
    var list = section && section.querySelector(".attempt-list");
    if (!list) return;
    var now = new Date().toISOString();
    var time = element("time", null, [now.slice(0, 10) + " " + now.slice(11, 16) + " UTC"]);
    time.setAttribute("datetime", now.slice(0, 19) + "Z");
    var verdict = String(data.verdict);
    var item = element("li", "attempt", [
      element("p", "attempt-meta", [
        element("span", "verdict-badge verdict-" + verdict, [verdictLabel(verdict)]),
        " ",
        element("span", "attempt-score", [percent(data.score)]),
        " ",
        time,
      ]),
    ]);
    if (choiceLabel) item.append(element("p", "attempt-choice", [fill(strings.choice, { choice: choiceLabel })]));
    if (answer) item.append(element("p", "attempt-answer", [answer]));
    list.prepend(item);
    section.hidden = false;
  }

  function showMessage(region, text, className) {
    region.replaceChildren(element("p", className || "form-message", [text]));
  }

  checkpoint.querySelectorAll("form.answer-form").forEach(function (form) {
    form.addEventListener("submit", function (event) {
      var questionID = form.dataset.question;
      var region = document.getElementById(questionID + "-result");
      var textarea = form.querySelector("textarea[name=answer]");
      var chosen = form.querySelector("input[name=choice]:checked");
      if (chosen && !chosen.value) chosen = null; // "no choice"

      var button = form.querySelector("button[type=submit]");
      if (!region || !textarea) return;
      event.preventDefault();
      var answer = textarea.value;
      if (!answer.trim() && !chosen) {
        showMessage(region, strings.answerRequired);
        textarea.focus();
        return;
      }
      var payload = { answer: answer };
      var choiceLabel = "";
      if (chosen) {
        payload.choice = chosen.value;
        var label = form.querySelector('label[for="' + chosen.id + '"]');
        choiceLabel = label ? label.textContent : chosen.value;
      }
      button.disabled = true;
      region.setAttribute("aria-busy", "true");
      showMessage(region, strings.checking, "form-status");
      fetch(form.dataset.api, {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify(payload),
      })
        .then(function (response) {
          return response.json().then(
            function (data) { return { ok: response.ok, data: data }; },
            function () { return { ok: false, data: null }; }
          );
        })
        .then(function (result) {
          if (result.ok && result.data && result.data.verdict) {
            region.replaceChildren.apply(region, resultNodes(result.data));
            addAttempt(questionID, answer, choiceLabel, result.data);
            showReference(questionID, result.data.reference);
          } else {
            showMessage(region, strings.sendFailed);
          }
        })
        .catch(function () {
          showMessage(region, strings.sendFailed);
        })
        .finally(function () {
          button.disabled = false;
          region.removeAttribute("aria-busy");
        });
    });
  });

  checkpoint.querySelectorAll("form.reveal-form").forEach(function (form) {
    form.addEventListener("submit", function (event) {
      var questionID = form.dataset.question;
      var button = form.querySelector("button[type=submit]");
      event.preventDefault();
      button.disabled = true;
      fetch(form.dataset.api, {
        method: "POST",
        credentials: "same-origin",
        headers: { Accept: "application/json" },
      })
        .then(function (response) {
          return response.json().then(
            function (data) { return { ok: response.ok, data: data }; },
            function () { return { ok: false, data: null }; }
          );
        })
        .then(function (result) {
          if (!(result.ok && result.data && showReference(questionID, result.data.reference))) {
            form.append(element("p", "form-message", [strings.sendFailed]));
            button.disabled = false;
          }
        })
        .catch(function () {
          form.append(element("p", "form-message", [strings.sendFailed]));
          button.disabled = false;
        });
    });
  });
})();
