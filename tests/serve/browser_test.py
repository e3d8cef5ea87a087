#!/usr/bin/env python3
"""The review app in real Chromium: answer a batch with the keyboard, reload half-way, undo,
see a second reviewer's disagreement, submit, and check the store's rows and history.

Usage: browser_test.py --egkb PATH --screenshots DIR
Needs Debian's chromium, chromium-driver and python3-selenium (./setup.sh installs them).
"""
import argparse
import json
import os
import re
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
import urllib.request

try:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import WebDriverWait
except ImportError:
    sys.exit("browser_test: python3-selenium is missing; ./setup.sh installs it")


def fail(message):
    raise AssertionError(message)


def check(condition, message):
    if not condition:
        fail(message)


def run(egkb, *args, cwd):
    subprocess.run([egkb, *args], cwd=cwd, check=True, stdout=subprocess.DEVNULL)


def start_server(egkb, store, cwd):
    server = subprocess.Popen([egkb, "serve", store, "--port", "0"], cwd=cwd,
                              stdout=subprocess.PIPE, text=True)
    line = server.stdout.readline()
    match = re.search(r"(http://\S+)", line)
    check(match is not None, f"serve printed no address: {line!r}")
    return server, match.group(1)


def browser():
    for path in ("/usr/bin/chromium", "/usr/bin/chromedriver"):
        if not os.path.exists(path):
            sys.exit(f"browser_test: {path} is missing; ./setup.sh installs chromium and "
                     "chromium-driver")
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1400,1050",
                "--disable-dev-shm-usage", "--force-device-scale-factor=1"):
        options.add_argument(arg)
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


class App:
    def __init__(self, driver, base, shots):
        self.driver = driver
        self.base = base
        self.shots = shots
        self.wait = WebDriverWait(driver, 15)

    def keys(self, *keys):
        ActionChains(self.driver).send_keys(*keys).perform()

    def text(self, css):
        return self.driver.find_element(By.CSS_SELECTOR, css).text

    def until_text(self, css, pattern):
        def found(d):
            try:
                return re.search(pattern, d.find_element(By.CSS_SELECTOR, css).text)
            except Exception:
                return False
        try:
            self.wait.until(found)
        except Exception:
            fail(f"{css} never showed {pattern!r}; it shows {self.text(css)!r}")

    def shot(self, name):
        path = os.path.join(self.shots, name)
        self.driver.save_screenshot(path)
        print(f"screenshot {path}")

    def set_name(self, name):
        dialog = self.wait.until(lambda d: d.find_element(By.CSS_SELECTOR, "#name-dialog[open]"))
        field = dialog.find_element(By.ID, "name-input")
        field.clear()
        field.send_keys(name, Keys.ENTER)
        self.wait.until(lambda d: not d.find_elements(By.CSS_SELECTOR, "#name-dialog[open]"))

    def api(self, path):
        with urllib.request.urlopen(self.base.rstrip("/") + path) as r:
            return json.load(r)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--egkb", required=True)
    parser.add_argument("--screenshots", required=True)
    args = parser.parse_args()
    egkb = os.path.abspath(args.egkb)
    os.makedirs(args.screenshots, exist_ok=True)
    work = tempfile.mkdtemp(prefix="egkb-browser-")
    server = driver = None
    try:
        run(egkb, "synth", "--preset", "end65", "--seed", "3", "--truth", "truth.csv",
            "--out", "kb.sqlite", cwd=work)
        run(egkb, "sample", "kb.sqlite", "--size", "8", "--seed", "2", "--out", "batch.csv",
            cwd=work)
        server, base = start_server(egkb, "kb.sqlite", work)
        driver = browser()
        app = App(driver, base, args.screenshots)

        driver.get(base)
        app.set_name("alice")
        app.until_text("#batches", r"Batch 1")
        app.shot("serve-batches.png")

        # Into the batch by keyboard: the batch's link, then Enter.
        driver.find_element(By.CSS_SELECTOR, '#batches a[href="#/batch/1"]').send_keys(Keys.ENTER)
        app.until_text("#progress", r"alice answered 0 of (\d+)")
        drawn = app.api("/api/batches/1")["items"]
        n = len(drawn)
        check(n >= 6, f"the batch drew {n} rows; the test needs 6")
        # The expert answers with the truth: Enter where the drawn score is true, else the digit.
        with open(os.path.join(work, "truth.csv")) as f:
            truth = {row.split(",")[0]: int(row.split(",")[1]) for row in f.read().split()[1:]}
        said = ["ok" if truth[it["material"]] == it["drawn_score"] else str(truth[it["material"]])
                for it in drawn]
        keys = [Keys.ENTER if v == "ok" else v for v in said]
        half = n // 2
        for i in range(half):
            app.keys(keys[i])
            app.until_text("#progress", rf"alice answered {i + 1} of {n}")
        app.shot("serve-review.png")

        driver.refresh()
        app.until_text("#progress", rf"alice answered {half} of {n}")
        saved = {it["material"]: it["drafts"].get("alice") for it in app.api("/api/batches/1")["items"]}
        for i in range(half):
            check(saved[drawn[i]["material"]] == said[i],
                  f"after the reload {drawn[i]['material']} holds {saved[drawn[i]['material']]}, "
                  f"answered {said[i]}")
        fill = driver.find_element(By.CSS_SELECTOR, ".progress .bar > span")
        check(abs(float(fill.value_of_css_property("width").rstrip("px")) /
                  float(driver.find_element(By.CSS_SELECTOR, ".progress .bar")
                        .value_of_css_property("width").rstrip("px")) - half / n) < 0.02,
              "the progress bar does not show the share answered")
        check(driver.current_url.endswith(f"#/batch/1/{half + 1}"),
              f"the reload should resume at row {half + 1}: {driver.current_url}")

        for i in range(half, n - 1):
            app.keys(keys[i])
            app.until_text("#progress", rf"alice answered {i + 1} of {n}")
        # A slip on the last row, undone: the draft is gone from the store.
        slip = str((truth[drawn[n - 1]["material"]] + 5) % 10)
        app.keys(slip)
        app.until_text("#progress", rf"alice answered {n} of {n}")
        app.keys("u")
        app.until_text("#progress", rf"alice answered {n - 1} of {n}")
        last = drawn[n - 1]["material"]
        check("alice" not in app.api("/api/batches/1")["items"][n - 1]["drafts"],
              f"undo left alice's draft of {last} in the store")

        # Submitting a batch with a row unanswered, not as a partial sheet, is refused with the
        # review import's message, and nothing is applied.
        partial = driver.find_element(By.ID, "opt-partial")
        check(partial.is_selected(), "an unfinished batch should offer a partial submit")
        partial.click()
        driver.find_element(By.ID, "submit-button").click()
        app.until_text("#outcome", r"Nothing was applied")
        app.until_text("#outcome", r"lack|missing|partial")
        app.shot("serve-refused.png")

        app.keys(keys[n - 1])
        app.until_text("#progress", rf"alice answered {n} of {n}")

        # Keys help.
        app.keys("?")
        app.wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#help-dialog[open]"))
        app.shot("serve-keys.png")
        app.keys("?")
        app.wait.until(lambda d: not d.find_elements(By.CSS_SELECTOR, "#help-dialog[open]"))

        # A second reviewer, whose name is markup, answers the first row otherwise.
        other = "bob <b>&amp;</b>"
        driver.find_element(By.ID, "who").click()
        app.set_name(other)
        app.keys(Keys.ARROW_LEFT * n)
        app.until_text("#progress", rf"answered 0 of {n}")
        app.keys("2" if said[0] != "2" else "1")
        app.until_text("#progress", rf"answered 1 of {n}")
        driver.find_element(By.ID, "who").click()
        app.set_name("alice")
        driver.get(base + "#/batch/1/1")
        app.until_text("#disagreement", r"disagree")
        app.until_text("#answers", re.escape(other))
        check(not driver.find_elements(By.CSS_SELECTOR, "#answers b"),
              "the reviewer's name was placed as markup")
        app.shot("serve-disagreement.png")

        driver.find_element(By.ID, "submit-button").click()
        app.until_text("#outcome", r"Applied as run (\d+)")
        app.shot("serve-submitted.png")
        run_id = int(re.search(r"run (\d+)", app.text("#outcome")).group(1))

        db = sqlite3.connect(os.path.join(work, "kb.sqlite"))
        verdicts = dict(db.execute(
            "SELECT key, verdict FROM verdicts WHERE batch = 1 AND reviewer = 'alice' AND run = ?",
            (run_id,)).fetchall())
        check(len(verdicts) == n, f"{len(verdicts)} verdicts stored, {n} answered")
        items = dict(db.execute("SELECT key, score FROM batch_items WHERE batch = 1").fetchall())
        for key, verdict in verdicts.items():
            check(key in items, f"a verdict for key {key}, which batch 1 did not draw")
        expected = {}
        for it, s in zip(drawn, said):
            expected[it["material"]] = it["drawn_score"] if s == "ok" else int(s)
        for material, score in expected.items():
            row = db.execute("SELECT score, source, invariable FROM nodes WHERE material = ?",
                             (material,)).fetchone()
            check(row == (score, "expert", 1), f"{material}: stored {row}, answered {score}")
        changed = sum(1 for it in drawn if expected[it["material"]] != it["drawn_score"])
        history = db.execute("SELECT count(*) FROM history WHERE run = ?", (run_id,)).fetchone()[0]
        check(history >= changed, f"{history} history rows for {changed} changed scores")
        check(db.execute("SELECT count(*) FROM drafts WHERE batch = 1 AND reviewer = ?",
                         (other,)).fetchone()[0] == 1, "the second reviewer's draft is lost")
        errors = [e["message"] for e in driver.get_log("browser") if e["level"] == "SEVERE"]
        errors = [e for e in errors if "/submit" not in e]  # the refusal above answers 422
        check(not errors, f"the page logged errors: {errors}")
        print(f"browser test: {n} rows answered by keyboard, reload, undo, disagreement and "
              f"submit (run {run_id}) checked")
    finally:
        if driver:
            driver.quit()
        if server:
            server.terminate()
            server.wait(timeout=10)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
