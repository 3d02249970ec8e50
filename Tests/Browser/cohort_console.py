#!/usr/bin/env python3
"""Issue 16 in real Chromium: a lead's cohort page reads at a glance at 390 px and 1280 px.

Usage: cohort_console.py BASE_URL OUTPUT_DIR      (run by scripts/browser.sh; needs FOLIO_ADMIN_TOKEN)

Sets up through the API a cohort due yesterday that requires ch0, with learners whose names are long (one
of them passes ch0's three questions), signs in to the console and opens the cohort page at both widths.
Checks: no learner name or column header is broken inside a word (each word of a name cell lies on one line:
the cell's text height is one line per space-separated run, and no word's client rects span two lines), the
name column stays fixed while the table scrolls sideways, status chips "Completed" and "Overdue" are shown,
both charts are SVGs with a caption and a data table, the invitation field holds the join URL and the copy
button appears with JavaScript, no inline style attribute, axe-core finds no serious or critical violation.
Screenshots go to OUTPUT_DIR. Exits non-zero on any failure.
"""
import datetime
import json
import os
import sys
import urllib.request

from axe_selenium_python import Axe
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

NAMES = [
    "Maximiliana Wolkenstein-Rasmussen",
    "Bartholomew Featherstonehaugh",
    "Łukasz Przybyszewski",
    "渡辺さくら",
]
ANSWERS = [("ch0-q1", "In alto e in basso."), ("ch0-q2", "una sola"), ("ch0-q3", "No.")]

# For every element: does any single word (a run without spaces or hyphens) occupy more than one line box?
# Words are measured with a Range over each text node's words; a word broken mid-letter has two client rects
# on different lines.
BROKEN_WORDS = """
const broken = [];
for (const element of document.querySelectorAll(arguments[0])) {
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent;
    const re = /[^\\s\\-\u2010]+[\\-\u2010]?/g;  // a hyphen is a break opportunity, not a broken word
    let match;
    while ((match = re.exec(text)) !== null) {
      const range = document.createRange();
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      const tops = new Set([...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.top)));
      if (tops.size > 1) broken.push(match[0]);
    }
  }
}
return broken;
"""


def api(base, method, path, body=None, token=None):
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(base + path, data=data, method=method)
    if data is not None:
        request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", "Bearer " + token)
    with urllib.request.urlopen(request) as response:
        text = response.read().decode()
        return json.loads(text) if text else None


class CohortConsole:
    def __init__(self, base, output):
        self.base, self.output = base.rstrip("/"), output
        self.admin = os.environ["FOLIO_ADMIN_TOKEN"]
        self.failures = []
        options = webdriver.ChromeOptions()
        options.binary_location = os.environ.get("CHROMIUM_BIN", "/usr/bin/chromium")
        for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,900"):
            options.add_argument(argument)
        self.driver = webdriver.Chrome(
            service=Service(os.environ.get("CHROMEDRIVER_BIN", "/usr/bin/chromedriver")), options=options
        )

    def fail(self, message):
        self.failures.append(message)

    def css(self, selector):
        return self.driver.find_elements("css selector", selector)

    def set_up(self):
        yesterday = (datetime.datetime.now(datetime.timezone.utc).date() - datetime.timedelta(days=1)).isoformat()
        cohort = api(
            self.base, "POST", "/api/v1/admin/cohorts",
            {"name": "Browser onboarding", "due_date": yesterday, "required": ["ch0"]}, self.admin,
        )
        for index, name in enumerate(NAMES):
            learner = api(
                self.base, "POST", "/api/v1/learners",
                {"display_name": name, "language": "it", "cohort_code": cohort["join_code"]},
            )
            if index == 0:
                for question, answer in ANSWERS:
                    api(self.base, "POST", f"/api/v1/it/checkpoints/{question}/attempts", {"answer": answer},
                        learner["token"])
        return cohort

    def sign_in(self):
        self.driver.get(self.base + "/admin/login")
        self.driver.find_element("css selector", "#login-token").send_keys(self.admin)
        self.driver.find_element("css selector", "#login button[type=submit]").click()

    def check_width(self, cohort, width):
        # A window cannot be narrower than Chromium's minimum (about 500 px): emulate the phone's viewport.
        self.driver.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": 844 if width < 500 else 900, "deviceScaleFactor": 1, "mobile": width < 500},
        )
        self.driver.get(f"{self.base}/admin/cohorts/{cohort['id']}")
        label = f"{width}px"
        inner = self.driver.execute_script("return window.innerWidth")
        if inner != width:
            self.fail(f"{label}: the viewport is {inner}px wide")
        broken = self.driver.execute_script(BROKEN_WORDS, "#matrix th, #matrix .status-chip, .status-filter a")
        if broken:
            self.fail(f"{label}: words broken across lines: {sorted(set(broken))[:8]}")
        names = [cell.text for cell in self.css("#matrix tbody th.learner-name")]
        for name in NAMES:
            if name not in names:
                self.fail(f"{label}: {name!r} missing from the learner column ({names})")
        chips = {chip.text for chip in self.css("#matrix .status-chip")}
        if not {"Completed", "Overdue"} <= chips:
            self.fail(f"{label}: status chips {chips}")
        for chart in ("completion-chart", "facility-chart"):
            if not self.css(f"figure#{chart} svg") or not self.css(f"figure#{chart} figcaption"):
                self.fail(f"{label}: {chart} has no SVG or caption")
            if not self.driver.execute_script(
                f"return document.querySelectorAll('#{chart} .chart-data tbody tr').length"
            ):
                self.fail(f"{label}: {chart} has no data table")
        if self.css("[style]"):
            self.fail(f"{label}: inline style attributes")
        url = self.driver.find_element("css selector", "#join-url").get_attribute("value")
        if not url.endswith("/join/" + cohort["join_code"]):
            self.fail(f"{label}: invitation field holds {url!r}")
        if not self.driver.find_element("css selector", "button[data-copy]").is_displayed():
            self.fail(f"{label}: the copy button stays hidden with JavaScript")
        page_width = self.driver.execute_script("return document.documentElement.scrollWidth")
        if page_width > width + 1:
            self.fail(f"{label}: the page itself scrolls sideways ({page_width}px): only the table should")
        scroller = self.driver.find_element("css selector", ".matrix-scroll")
        scrolls = self.driver.execute_script("return arguments[0].scrollWidth > arguments[0].clientWidth", scroller)
        if width == 390 and not scrolls:
            self.fail("390px: the learner table does not scroll sideways")
        if scrolls:
            name = self.css("#matrix tbody th.learner-name")[0]
            before = name.rect["x"]
            self.driver.execute_script("arguments[0].scrollLeft = 400", scroller)
            if abs(name.rect["x"] - before) > 1:
                self.fail(f"{label}: the name column moved when the table scrolled ({before} → {name.rect['x']})")
            self.driver.execute_script("arguments[0].scrollLeft = 0", scroller)
        axe = Axe(self.driver)
        axe.inject()
        for violation in axe.run()["violations"]:
            if violation["impact"] in ("serious", "critical"):
                nodes = [(node["target"], node.get("failureSummary", "")) for node in violation["nodes"][:3]]
                self.fail(f"{label}: axe {violation['id']} ({violation['impact']}) {nodes}")
        self.driver.save_screenshot(os.path.join(self.output, f"cohort-{label}.png"))

    def run(self):
        try:
            cohort = self.set_up()
            self.sign_in()
            for width in (390, 1280):
                self.check_width(cohort, width)
        finally:
            self.driver.quit()
        return self.failures


def main():
    base, output = sys.argv[1], sys.argv[2]
    os.makedirs(output, exist_ok=True)
    failures = CohortConsole(base, output).run()
    for failure in failures:
        print("FAIL", failure)
    print("cohort console:", "ok" if not failures else f"{len(failures)} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
