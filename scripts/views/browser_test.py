#!/usr/bin/env python3
"""The learner's browser flow against a running Folio, in real Chromium, at 390x844 and 1280x800.

Usage: browser_test.py BASE_URL OUTPUT_DIR      (e.g. http://127.0.0.1:8080 test-output/browser)

Per size, in a fresh browser (a new learner): open a chapter, no horizontal overflow, answer a checkpoint
wrongly then rightly and see both verdicts (fetch), reload and see the attempts kept (server-rendered),
switch language and land on the same chapter and section, open the parallel view and search, and follow a
result to its anchor. Once more with JavaScript off: the plain form POST redirects back with the result.
axe-core runs on every page (no serious or critical violation). Screenshots of each step go to OUTPUT_DIR.
Needs selenium, axe-selenium-python, chromium and chromium-driver. Exits non-zero on any failure.
"""
import os
import sys
import urllib.parse

from axe_selenium_python import Axe
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait

SIZES = [(390, 844), (1280, 800)]
QUESTION = "ch0-q2"
WRONG = "sei, una per ogni postura"
RIGHT = "una sola"


class Flow:
    def __init__(self, base, output, width, height, javascript=True):
        self.base, self.output, self.width = base.rstrip("/"), output, width
        self.label = f"{width}px" + ("" if javascript else " no-js")
        self.failures = []
        options = webdriver.ChromeOptions()
        options.binary_location = os.environ.get("CHROMIUM_BIN", "/usr/bin/chromium")
        for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", f"--window-size={width},{height}"):
            options.add_argument(argument)
        if not javascript:
            options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
        self.javascript = javascript
        self.driver = webdriver.Chrome(service=Service(os.environ.get("CHROMEDRIVER_BIN", "/usr/bin/chromedriver")), options=options)

    def fail(self, message):
        self.failures.append(f"{self.label}: {message}")

    def open(self, path):
        self.driver.get(self.base + path)

    def check_page(self, step):
        driver = self.driver
        overflow = driver.execute_script(
            "return document.documentElement.scrollWidth - document.documentElement.clientWidth"
        )
        if overflow > 0:
            self.fail(f"{step}: page overflows horizontally by {overflow}px")
        if self.javascript:
            axe = Axe(driver)
            axe.inject()
            for violation in axe.run()["violations"]:
                if violation["impact"] in ("serious", "critical"):
                    self.fail(f"{step}: axe {violation['id']} ({violation['impact']})")
        driver.save_screenshot(os.path.join(self.output, f"{self.label.replace(' ', '-')}-{step}.png"))

    def css(self, selector):
        return self.driver.find_elements("css selector", selector)

    def wait_for(self, selector, step):
        try:
            WebDriverWait(self.driver, 10).until(lambda d: d.find_elements("css selector", selector))
            return True
        except Exception:
            self.fail(f"{step}: {selector} never appeared")
            return False

    def answer(self, text):
        form = self.driver.find_element("css selector", f'form[data-question="{QUESTION}"]')
        textarea = form.find_element("css selector", "textarea")
        textarea.clear()
        textarea.send_keys(text)
        button = form.find_element("css selector", "button[type=submit]")
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center', behavior: 'instant'})", button)
        button.click()

    def run(self):
        try:
            self.open("/it/chapters/0")
            if self.driver.find_element("css selector", "html").get_attribute("lang") != "it":
                self.fail("chapter: <html lang> is not it")
            self.check_page("chapter")
            if not self.javascript:
                self.answer(RIGHT)
                self.wait_for(f"#{QUESTION}-result .verdict-correct", "no-js answer")
                if urllib.parse.urlparse(self.driver.current_url).path != "/it/chapters/0":
                    self.fail(f"no-js answer: redirected to {self.driver.current_url}")
                self.check_page("answered")
                return self.failures
            self.answer(WRONG)
            self.wait_for(f"#{QUESTION}-result .verdict-incorrect", "wrong answer")
            self.answer(RIGHT)
            self.wait_for(f"#{QUESTION}-result .verdict-correct", "right answer")
            self.check_page("answered")
            self.driver.refresh()
            kept = self.css(f"#{QUESTION}-attempts .attempt")
            if len(kept) < 2:
                self.fail(f"reload: {len(kept)} earlier attempts shown, expected 2")
            self.check_page("reloaded")
            # A fresh navigation: after refresh() Chrome may restore the old scroll position late.
            self.open("/it/chapters/0")
            anchor = self.driver.execute_script(
                "const h = document.querySelectorAll('main h2[id]')[1]; h.scrollIntoView({behavior: 'instant'}); return h.id;"
            )
            link = self.driver.find_element("css selector", 'a[data-switch-language][hreflang="ja"]')
            self.driver.execute_script("arguments[0].click()", link)
            WebDriverWait(self.driver, 10).until(lambda d: "/ja/" in d.current_url)
            url = urllib.parse.urlparse(self.driver.current_url)
            if url.path != "/ja/chapters/0" or url.fragment != anchor:
                self.fail(f"language switch: landed on {self.driver.current_url}, expected /ja/chapters/0#{anchor}")
            if self.driver.find_element("css selector", "html").get_attribute("lang") != "ja":
                self.fail("language switch: <html lang> is not ja")
            self.check_page("switched")
            self.open("/it/chapters/0?with=ja")
            cells = {cell.get_attribute("lang") for cell in self.css(".pair .cell")}
            if cells != {"it", "ja"}:
                self.fail(f"parallel: cells carry lang {sorted(cells)}")
            self.check_page("parallel")
            self.open("/it/search?q=" + urllib.parse.quote("larghezza"))
            results = self.css(".search-result-link")
            if not results or not self.css(".snippet mark"):
                self.fail("search: no ranked results with marked snippets")
            self.check_page("search")
            if results:
                target = results[0].get_attribute("href")
                self.driver.execute_script("arguments[0].click()", results[0])
                WebDriverWait(self.driver, 10).until(lambda d: d.current_url == target)
                fragment = urllib.parse.urlparse(target).fragment
                if fragment and not self.css(f'[id="{fragment}"]'):
                    self.fail(f"search result: #{fragment} is not on the page")
            return self.failures
        finally:
            self.driver.quit()


def main():
    base, output = sys.argv[1], sys.argv[2]
    os.environ.setdefault("SE_OFFLINE", "true")
    os.makedirs(output, exist_ok=True)
    failures = []
    for width, height in SIZES:
        failures += Flow(base, output, width, height).run()
    failures += Flow(base, output, 390, 844, javascript=False).run()
    for failure in failures:
        print("FAIL", failure)
    print(f"browser flow at {len(SIZES)} sizes plus no-JS: {len(failures)} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
