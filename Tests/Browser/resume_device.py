#!/usr/bin/env python3
"""Continuing on another device, through the progress page's forms, against a running Folio in real Chromium.

Usage: resume_device.py BASE_URL OUTPUT_DIR

Twice, at 390x844 without JavaScript and at 1280x800 with it (axe-core checks every page there): a first
browser answers a checkpoint (the plain form POST), opens its progress page and asks for a code, which is
shown as text with a QR code drawn in SVG. A second browser with a fresh profile opens the progress page,
types a wrong code (with JavaScript only, to spare the shared rate limit: the form comes back with its
message), then the right one, and lands on its progress page showing the first browser's progress. Screenshots of each step go to OUTPUT_DIR.
"""
import os
import sys
import urllib.parse

from axe_selenium_python import Axe
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait

QUESTION = "ch0-q2"
RIGHT = "una sola"


class Browser:
    """One Chromium with its own fresh profile (Selenium gives each driver a new temporary one)."""

    def __init__(self, run, name):
        self.run, self.name = run, name
        options = webdriver.ChromeOptions()
        options.binary_location = os.environ.get("CHROMIUM_BIN", "/usr/bin/chromium")
        for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", f"--window-size={run.width},{run.height}"):
            options.add_argument(argument)
        if not run.javascript:
            options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
        self.driver = webdriver.Chrome(service=Service(os.environ.get("CHROMEDRIVER_BIN", "/usr/bin/chromedriver")), options=options)

    def open(self, path):
        self.driver.get(self.run.base + path)

    def css(self, selector):
        return self.driver.find_elements("css selector", selector)

    def text(self, selector):
        found = self.css(selector)
        return found[0].text.strip() if found else None

    def submit(self, form_selector):
        button = self.driver.find_element("css selector", form_selector + " button[type=submit]")
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center', behavior: 'instant'})", button)
        button.click()

    def wait_for(self, selector, step):
        try:
            WebDriverWait(self.driver, 10).until(lambda d: d.find_elements("css selector", selector))
            return True
        except Exception:
            self.run.fail(f"{step}: {selector} never appeared")
            return False

    def check_page(self, step, show=None):
        driver = self.driver
        if show and self.css(show):
            driver.execute_script("arguments[0].scrollIntoView({block: 'start', behavior: 'instant'})", self.css(show)[0])
        if driver.find_element("css selector", "html").get_attribute("lang") != "it":
            self.run.fail(f"{step}: <html lang> is not it")
        overflow = driver.execute_script(
            "return document.documentElement.scrollWidth - document.documentElement.clientWidth"
        )
        if overflow > 0:
            self.run.fail(f"{step}: page overflows horizontally by {overflow}px")
        if self.run.javascript:
            axe = Axe(driver)
            axe.inject()
            for violation in axe.run()["violations"]:
                if violation["impact"] in ("serious", "critical"):
                    self.run.fail(f"{step}: axe {violation['id']} ({violation['impact']})")
        label = f"{self.run.label}-{self.name}-{step}".replace(" ", "-")
        driver.save_screenshot(os.path.join(self.run.output, label + ".png"))

    def quit(self):
        self.driver.quit()


class Run:
    def __init__(self, base, output, width, height, javascript):
        self.base, self.output = base.rstrip("/"), output
        self.width, self.height, self.javascript = width, height, javascript
        self.label = f"{width}px" + ("" if javascript else "-no-js")
        self.failures = []

    def fail(self, message):
        self.failures.append(f"{self.label}: {message}")

    def go(self):
        laptop = Browser(self, "first")
        phone = None
        try:
            laptop.open("/it/chapters/0")
            form = f'form[data-question="{QUESTION}"]'
            textarea = laptop.driver.find_element("css selector", form + " textarea")
            textarea.send_keys(RIGHT)
            laptop.submit(form)
            laptop.wait_for(f"#{QUESTION}-result .verdict-correct", "answer")
            laptop.open("/it/progress")
            overall = laptop.text(".progress-overall label")
            if not overall or overall.endswith(" 0%"):
                self.fail(f"first progress: overall progress is {overall!r} after a right answer")
            laptop.check_page("progress")
            laptop.submit("form.resume-share-form")
            if not laptop.wait_for("#resume-code", "code"):
                return self.failures
            code = laptop.text("#resume-code")
            if len(code or "") != 9:
                self.fail(f"code: {code!r} is not a code")
            if not laptop.css("svg.resume-qr[role=img] path"):
                self.fail("code: no QR code drawn as SVG")
            label = laptop.css("svg.resume-qr")[0].get_attribute("aria-label") if laptop.css("svg.resume-qr") else ""
            if code not in (label or ""):
                self.fail(f"code: the QR code's label {label!r} does not name the code")
            laptop.check_page("code", show="#resume")

            phone = Browser(self, "second")
            phone.open("/it/progress")
            if phone.css("form.resume-share-form"):
                self.fail("second browser: a fresh profile already has a learner")
            phone.check_page("fresh", show="#resume")
            # Once per file: redemptions share a per-address rate limit (5 in a burst) with every other test.
            if self.javascript:
                field = phone.driver.find_element("css selector", "#resume-code-field")
                field.send_keys("ZZZZ-ZZZZ")
                phone.submit("form.resume-enter-form")
                if phone.wait_for("#resume-code-error", "wrong code"):
                    if "scaduto" not in (phone.text("#resume-code-error") or ""):
                        self.fail(f"wrong code: message {phone.text('#resume-code-error')!r}")
                phone.check_page("wrong-code", show="#resume-enter")
            field = phone.driver.find_element("css selector", "#resume-code-field")
            field.clear()
            field.send_keys(code.lower())
            phone.submit("form.resume-enter-form")
            try:
                WebDriverWait(phone.driver, 10).until(lambda d: not d.find_elements("css selector", "#resume-code-error"))
            except Exception:
                self.fail(f"right code: still refused ({phone.text('#resume-code-error')!r})")
            path = urllib.parse.urlparse(phone.driver.current_url).path
            if path != "/it/progress":
                self.fail(f"right code: landed on {phone.driver.current_url}")
            moved = phone.text(".progress-overall label")
            if moved != overall:
                self.fail(f"right code: second browser shows {moved!r}, first showed {overall!r}")
            if not phone.css("form.resume-share-form"):
                self.fail("right code: the second browser is not the learner")
            phone.check_page("resumed")
            return self.failures
        finally:
            laptop.quit()
            if phone:
                phone.quit()


def main():
    base, output = sys.argv[1], sys.argv[2]
    os.environ.setdefault("SE_OFFLINE", "true")
    os.makedirs(output, exist_ok=True)
    failures = Run(base, output, 390, 844, javascript=False).go()
    failures += Run(base, output, 1280, 800, javascript=True).go()
    for failure in failures:
        print("FAIL", failure)
    print(f"resume on another device, no-JS at 390 px and with JS at 1280 px: {len(failures)} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
