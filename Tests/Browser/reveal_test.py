#!/usr/bin/env python3
"""Issue 13 in real Chromium: the reference is earned, not given, and "Show the answer" works with and without
JavaScript.

Usage: reveal_test.py BASE_URL OUTPUT_DIR      (run by scripts/browser.sh against a server with the defaults)

With JavaScript (a fresh learner): answer ch1-q1 wrongly, see the verdict and no reference, press "Show the
answer" and see the reference in place; the appendix still hides chapter 1's answers until "show this chapter's
answers" is pressed; the progress page lists ch1-q1 as revealed. Without JavaScript (another learner): the same
on ch2-q1 through plain form POSTs and redirects back to the question. axe-core runs on every page with
JavaScript (no serious or critical violation). Screenshots go to OUTPUT_DIR. Exits non-zero on any failure.
"""
import os
import sys
import urllib.parse

from axe_selenium_python import Axe
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait

WRONG = "non lo so"


class RevealFlow:
    def __init__(self, base, output, javascript):
        self.base, self.output, self.javascript = base.rstrip("/"), output, javascript
        self.label = "js" if javascript else "no-js"
        self.question = "ch1-q1" if javascript else "ch2-q1"
        self.chapter = 1 if javascript else 2
        self.failures = []
        options = webdriver.ChromeOptions()
        options.binary_location = os.environ.get("CHROMIUM_BIN", "/usr/bin/chromium")
        for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,900"):
            options.add_argument(argument)
        if not javascript:
            options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
        self.driver = webdriver.Chrome(
            service=Service(os.environ.get("CHROMEDRIVER_BIN", "/usr/bin/chromedriver")), options=options
        )

    def fail(self, message):
        self.failures.append(f"{self.label}: {message}")

    def open(self, path):
        self.driver.get(self.base + path)

    def css(self, selector):
        return self.driver.find_elements("css selector", selector)

    def check_page(self, step):
        if self.javascript:
            axe = Axe(self.driver)
            axe.inject()
            for violation in axe.run()["violations"]:
                if violation["impact"] in ("serious", "critical"):
                    self.fail(f"{step}: axe {violation['id']} ({violation['impact']})")
        self.driver.save_screenshot(os.path.join(self.output, f"{self.label}-{step}.png"))

    def wait_for(self, selector, step):
        try:
            WebDriverWait(self.driver, 10).until(lambda d: d.find_elements("css selector", selector))
            return True
        except Exception:
            self.fail(f"{step}: {selector} never appeared")
            return False

    def click(self, element):
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center', behavior: 'instant'})", element)
        element.click()

    def run(self):
        try:
            question = self.question
            self.open(f"/it/chapters/{self.chapter}")
            form = self.driver.find_element("css selector", f"form.answer-form[data-question='{question}']")
            form.find_element("css selector", "textarea").send_keys(WRONG)
            self.click(form.find_element("css selector", "button[type=submit]"))
            self.wait_for(f"#{question}-result .verdict-incorrect", "wrong answer")
            if self.css(f"#{question} .reference"):
                self.fail("wrong answer: the reference is shown after one wrong try")
            self.check_page("wrong")
            buttons = self.css(f"#{question}-reveal button.reveal-answer")
            if not buttons:
                self.fail("no Show the answer button")
                return self.failures
            self.click(buttons[0])
            if self.wait_for(f"#{question}-reveal .reference", "reveal"):
                text = self.css(f"#{question}-reveal .reference")[0].text
                if len(text) < 40:
                    self.fail(f"reveal: reference too short: {text!r}")
            if not self.javascript:
                url = urllib.parse.urlparse(self.driver.current_url)
                if url.path != f"/it/chapters/{self.chapter}" or url.fragment != question:
                    self.fail(f"no-js reveal: redirected to {self.driver.current_url}")
            self.check_page("revealed")

            self.open("/it/appendix")
            hidden = self.css(f"form[action='/it/appendix/chapters/{self.chapter}/reveal'] button")
            if not hidden:
                self.fail(f"appendix: chapter {self.chapter}'s answers are not hidden behind a form")
            self.check_page("appendix-hidden")
            if hidden:
                self.click(hidden[0])
                # The form POSTs and is redirected back to the appendix, now with the chapter's answers.
                self.wait_for("p.chapter-answer", "appendix after asking")
                if self.css(f"form[action='/it/appendix/chapters/{self.chapter}/reveal']"):
                    self.fail("appendix: the chapter's answers are still hidden after asking")
                if urllib.parse.urlparse(self.driver.current_url).path != "/it/appendix":
                    self.fail(f"appendix: redirected to {self.driver.current_url}")
                self.check_page("appendix-shown")

            self.open("/it/progress")
            if not self.css(f"#progress-{question} td.revealed"):
                self.fail(f"progress: {question} is not shown as revealed")
            self.check_page("progress")
            return self.failures
        finally:
            self.driver.quit()


def main():
    base, output = sys.argv[1], sys.argv[2]
    os.environ.setdefault("SE_OFFLINE", "true")
    os.makedirs(output, exist_ok=True)
    failures = RevealFlow(base, output, javascript=True).run() + RevealFlow(base, output, javascript=False).run()
    for failure in failures:
        print("FAIL", failure)
    print(f"reveal flow with and without JavaScript: {len(failures)} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
