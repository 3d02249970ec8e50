// Folio console: progressive enhancement only. Without this file every page still works (the invitation
// link is a read-only field to select and copy by hand).
"use strict";
document.querySelectorAll("button[data-copy]").forEach(function (button) {
  var field = document.getElementById(button.getAttribute("data-copy"));
  var status = document.querySelector('[data-copy-status="' + button.getAttribute("data-copy") + '"]');
  if (!field || !navigator.clipboard) return;
  button.hidden = false;
  button.addEventListener("click", function () {
    navigator.clipboard.writeText(field.value).then(
      function () { if (status) status.textContent = "Copied."; },
      function () { field.select(); if (status) status.textContent = "Press Ctrl+C (⌘C) to copy."; }
    );
  });
});
document.querySelectorAll("input[data-select-on-focus]").forEach(function (field) {
  field.addEventListener("focus", function () { field.select(); });
});
