#!/usr/bin/env python3
"""The review app in real Chromium, each problem an expert met as a regression, one case each
(CASES, run in order on one store and one browser: each starts where the one before left the
batch, and says what it checks in its docstring). The main ones:

- key bursts 20 ms apart while a proxy delays every change by 300 ms: each answer lands on its
  own row, in order, and the store holds them all;
- Enter on every kind of focusable control is that control's, never an `ok`;
- the server killed and restarted mid-batch: the answers given meanwhile are kept (also across a
  reload of the page), the banner shows and clears, nothing is lost;
- a closed tab's answers and a browser quit's sent at once by the next page; a change made on an
  older state of its row shown as a conflict; HTTPS;
- undo after a reload, flags and notes, go to a line, refusals linked to their rows;
- a submit with open disagreements is warned of; a submitted batch is read-only; a lead settles;
- a mirror conflict is drawn; the neighbourhood keeps its labels' size with 18 neighbours;
- a reviewer's own link (`serve --reviewer`) answers in that name and the page says whose;
- a 390×844 phone and 200% zoom (the document no wider than the window), dark mode, control
  borders at 3:1 against their background in both schemes (which axe does not test), and an
  axe-core scan with no serious or critical violation.
It also measures the time per verdict answered by keyboard. A case waits on what it tests (a
condition of the page, the store or the proxy, polled by WebDriverWait or the proxy's lock),
never on the clock.

Usage: browser_test.py --egkb PATH --screenshots DIR
Needs Debian's chromium, chromium-driver and python3-selenium (./setup.sh installs them), and
axe-core from tests/serve/package.json (./test.sh installs it with npm).
"""
import argparse
import base64
import hashlib
import http.client
import http.server
import json
import os
import re
import shutil
import socket
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request

try:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.actions.action_builder import ActionBuilder
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select, WebDriverWait
except ImportError:
    sys.exit("browser_test: python3-selenium is missing; ./setup.sh installs it")

HERE = os.path.dirname(os.path.abspath(__file__))
AXE = os.path.join(HERE, "node_modules", "axe-core", "axe.min.js")


def fail(message):
    raise AssertionError(message)


def check(condition, message):
    if not condition:
        fail(message)


# Xiangqi's piece kinds in the order a material names them, and how many of each a side may have.
MOST = {"R": 2, "N": 2, "C": 2, "P": 5, "G": 2, "M": 2}


def lattice_neighbours(material):
    """The materials one piece away from `material` (one more or one less of a kind, either
    side), whether the store holds them or not."""
    black = material.index("K", 1)
    sides = [material[:black], material[black:]]
    found = []
    for side in (0, 1):
        counts = {kind: sides[side].count(kind) for kind in MOST}
        for kind in MOST:
            for step in (1, -1):
                if 0 <= counts[kind] + step <= MOST[kind]:
                    changed = dict(counts, **{kind: counts[kind] + step})
                    other = list(sides)
                    other[side] = "K" + "".join(k * changed[k] for k in MOST)
                    found.append("".join(other))
    return found


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# WCAG's contrast ratio of two computed colours, for the scripts that measure it in the page.
CONTRAST_RATIO = """
    const luminance = (colour) => {
      const [r, g, b] = colour.match(/[\\d.]+/g).slice(0, 3).map((v) => {
        const c = Number(v) / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const ratio = (a, b) => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return (hi + 0.05) / (lo + 0.05);
    };
"""


class Server:
    """`egkb serve` on a fixed port, so it can be killed and started again at the same address."""

    def __init__(self, egkb, store, cwd, *more):
        self.args = [egkb, "serve", store, "--port", str(free_port()), *more]
        self.cwd = cwd
        self.process = None
        self.start()
        self.base = re.search(r"(https?://\S+)", self.line).group(1)

    def start(self):
        self.process = subprocess.Popen(self.args, cwd=self.cwd, stdout=subprocess.PIPE, text=True)
        self.line = self.process.stdout.readline()
        check("http" in self.line, f"serve printed no address: {self.line!r}")
        # With --reviewer, a link per reviewer ("  alice: http://…?token=…") before the last line.
        self.links = {}
        for line in self.process.stdout:
            link = re.match(r"  (.+?)(?: \(lead\))?: (https?://\S+\?token=\S+)$", line)
            if link:
                self.links[link.group(1)] = link.group(2)
            if "open it in a browser" in line:
                break

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)

    def kill(self):
        self.process.kill()
        self.process.wait(timeout=10)


class DelayingProxy:
    """Between the browser and the server: every change (PUT, POST, DELETE) waits `delay` s before
    it is passed on, as over a slow network; reads pass at once. A request whose (first) change's
    kind ("PUT" for a put, "undo", "redo") is in `drop` reaches the server, but its answer is
    lost on the way back, once for each kind. It counts the changes it received and those the
    server has not answered yet, for a test to wait on (wait_for)."""

    def __init__(self, target_port, delay):
        target = f"127.0.0.1:{target_port}"
        self.delay = delay
        self.drop = set()
        self.dropped = []
        self.counted = threading.Condition()
        self.received = 0   # changes that reached the proxy
        self.in_flight = 0  # of them, those still on their way to the server and back
        proxy = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def forward(self):
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                if self.command == "GET":
                    self.pass_on(body)
                    return
                proxy.count(received=1, in_flight=1)
                try:
                    time.sleep(proxy.delay)  # the slow network this proxy stands for
                    self.pass_on(body)
                finally:
                    proxy.count(in_flight=-1)

            def pass_on(self, body):
                headers = {k: v for k, v in self.headers.items()
                           if k.lower() not in ("host", "origin", "connection")}
                headers["Host"] = target
                if self.headers.get("Origin"):
                    headers["Origin"] = f"http://{target}"
                conn = http.client.HTTPConnection(target, timeout=30)
                try:
                    conn.request(self.command, self.path, body or None, headers)
                    answer = conn.getresponse()
                    data = answer.read()
                except OSError:
                    self.send_error(502)
                    return
                # The app sends its changes as a list (POST …/changes): the first one's kind.
                kind = "PUT" if self.command == "PUT" else self.path.rsplit("/", 1)[-1]
                if kind == "changes" and self.command == "POST":
                    kind = json.loads(body)["changes"][0]["kind"]
                    kind = "PUT" if kind == "put" else kind
                if kind in proxy.drop:
                    proxy.drop.discard(kind)
                    proxy.dropped.append(kind)
                    self.close_connection = True
                    return
                self.send_response(answer.status)
                for k, v in answer.getheaders():
                    if k.lower() not in ("connection", "transfer-encoding", "content-length",
                                         "keep-alive"):
                        self.send_header(k, v)
                self.send_header("Content-Length", str(len(data)))
                self.send_header("Connection", "close")
                try:
                    self.end_headers()
                    self.wfile.write(data)
                except OSError:  # the tab that asked is closed
                    self.close_connection = True

            do_GET = do_PUT = do_POST = do_DELETE = forward

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.base = f"http://127.0.0.1:{self.httpd.server_address[1]}/"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def count(self, received=0, in_flight=0):
        with self.counted:
            self.received += received
            self.in_flight += in_flight
            self.counted.notify_all()

    def wait_for(self, condition, what, timeout=30):
        """Waits until `condition()` holds of the counts (read under the proxy's lock)."""
        with self.counted:
            check(self.counted.wait_for(condition, timeout), f"the proxy never saw {what}: "
                  f"{self.received} changes received, {self.in_flight} on their way")

    def close(self):
        self.httpd.shutdown()


def browser(*more):
    """Chromium; `more`: further arguments (a profile kept across a restart, a certificate to
    trust)."""
    for path in ("/usr/bin/chromium", "/usr/bin/chromedriver"):
        if not os.path.exists(path):
            sys.exit(f"browser_test: {path} is missing; ./setup.sh installs chromium and "
                     "chromium-driver")
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1440,1000",
                "--disable-dev-shm-usage", "--force-device-scale-factor=1", *more):
        options.add_argument(arg)
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def self_signed(work):
    """A certificate for 127.0.0.1 and localhost and its key, made by the openssl program, and
    the base64 SHA-256 of its public key, which Chromium is told to trust."""
    cert, key = os.path.join(work, "cert.pem"), os.path.join(work, "key.pem")
    subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt",
                    "ec_paramgen_curve:prime256v1", "-nodes", "-days", "2", "-subj",
                    "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1",
                    "-keyout", key, "-out", cert], check=True, capture_output=True)
    public = subprocess.run(["openssl", "x509", "-in", cert, "-pubkey", "-noout"], check=True,
                            capture_output=True).stdout
    der = subprocess.run(["openssl", "pkey", "-pubin", "-outform", "der"], input=public,
                         check=True, capture_output=True).stdout
    return cert, key, base64.b64encode(hashlib.sha256(der).digest()).decode()


class App:
    def __init__(self, driver, shots, db_path):
        self.driver = driver
        self.shots = shots
        self.db_path = db_path
        self.wait = WebDriverWait(driver, 20, poll_frequency=0.05)

    def keys(self, *keys, pause=0.0):
        chain = ActionChains(self.driver)
        for k in keys:
            chain.send_keys(k)
            if pause:
                chain.pause(pause)
        chain.perform()

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def text(self, css):
        # The app redraws while it is read: an element found may be replaced before its text is
        # read (StaleElementReference), so it is looked up again.
        for _ in range(20):
            try:
                found = self.driver.find_elements(By.CSS_SELECTOR, css)
                return found[0].text if found else ""
            except StaleElementReferenceException:
                continue
        return ""

    def until(self, condition, message):
        try:
            self.wait.until(lambda d: condition())
        except Exception:
            self.shot("failure.png")
            fail(f"{message}\n  the page at {self.driver.current_url} shows: "
                 f"{self.text('body')[:600]!r}")

    def until_text(self, css, pattern):
        self.until(lambda: re.search(pattern, self.text(css)),
                   f"{css} never showed {pattern!r}; it shows {self.text(css)!r}")

    def settled(self):
        """Waits until the page has laid out and painted what it last drew: two animation frames."""
        self.driver.execute_async_script(
            "const done = arguments[0]; requestAnimationFrame(() => requestAnimationFrame(done));")

    def resized(self, width):
        """Waits until the window is `width` CSS pixels wide and the page laid out at that width."""
        self.until(lambda: self.js("return window.innerWidth") == width,
                   f"the window never became {width} px wide")
        self.settled()

    def saved(self):
        self.until(lambda: self.js("return document.getElementById('saving').textContent") == "",
                   f"changes stay unsaved: {self.text('#saving')!r} {self.text('#banner')!r}")

    def line(self):
        return int(re.search(r"#/batch/\d+/(\d+)$", self.driver.current_url).group(1))

    def shot(self, name):
        # The pointer away from the control the test last clicked, whose hover would show.
        pointer = ActionBuilder(self.driver)
        pointer.pointer_action.move_to_location(0, 0)
        pointer.perform()
        path = os.path.join(self.shots, name)
        self.driver.save_screenshot(path)
        print(f"screenshot {path}")

    def shot_whole(self, name, width=1440, most=2000):
        """A screenshot of the page from its top, as long as it is up to `most`, at `width` CSS
        pixels."""
        height = self.js("return document.documentElement.scrollHeight")
        self.cdp("Emulation.setDeviceMetricsOverride", {
            "width": width, "height": min(height, most), "deviceScaleFactor": 1,
            "mobile": width < 500})
        self.resized(width)
        self.shot(name)
        self.cdp("Emulation.clearDeviceMetricsOverride", {})

    def set_name(self, name):
        dialog = self.wait.until(lambda d: d.find_element(By.CSS_SELECTOR, "#name-dialog[open]"))
        field = dialog.find_element(By.ID, "name-input")
        field.clear()
        field.send_keys(name, Keys.ENTER)
        self.until(lambda: not self.driver.find_elements(By.CSS_SELECTOR, "#name-dialog[open]"),
                   "the name dialog stays open")

    def open_row(self, base, line, batch=1):
        """Loads the page afresh at a row of a batch with nothing waiting to be saved."""
        self.driver.get("about:blank")
        self.driver.get(f"{base}#/batch/{batch}/{line}")
        self.until_text("#node dd:last-of-type", rf"^{line} of ")
        self.saved()

    def db(self):
        return sqlite3.connect(self.db_path)

    def drafts(self, reviewer):
        """{material: (verdict, note, flagged)} as the store holds them."""
        with self.db() as db:
            return {m: (v, n, f) for m, v, n, f in db.execute(
                "SELECT n.material, d.verdict, d.note, d.flagged FROM drafts d JOIN nodes n "
                "ON n.key = d.key WHERE d.batch = 1 AND d.reviewer = ?", (reviewer,))}

    def changes(self, reviewer):
        with self.db() as db:
            return db.execute(
                "SELECT n.material, c.verdict FROM draft_changes c JOIN nodes n ON n.key = c.key "
                "WHERE c.batch = 1 AND c.reviewer = ? AND c.undone = 0 ORDER BY c.id",
                (reviewer,)).fetchall()

    def cdp(self, command, params):
        return self.driver.execute_cdp_cmd(command, params)

    def no_wider_than_window(self, what):
        width, window = self.js("return [document.documentElement.scrollWidth, window.innerWidth]")
        check(width <= window, f"{what}: the document is {width} px wide in a {window} px window")

    def border_contrast(self, what):
        """WCAG 2.1's non-text contrast (1.4.11), which axe does not test: the edge of every
        visible, enabled control against what lies behind it, at least 3:1. Check boxes are drawn
        by the browser, not by the page's borders."""
        worst = self.js(CONTRAST_RATIO + """
            const opaque = (c) => c !== 'transparent' && !/^rgba\\(.*,\\s*0\\)$/.test(c);
            const behind = (e) => {
              for (let p = e.parentElement; p; p = p.parentElement) {
                const c = getComputedStyle(p).backgroundColor;
                if (opaque(c)) return c;
              }
              return 'rgb(255, 255, 255)';
            };
            const controls = document.querySelectorAll(
              'button, select, textarea, input:not([type=checkbox]):not([type=radio])');
            let worst = null;
            for (const e of controls) {
              if (e.disabled || !e.getClientRects().length) continue;
              const style = getComputedStyle(e);
              if (parseFloat(style.borderTopWidth) === 0) continue;
              const edge = style.borderTopColor, back = behind(e);
              const r = ratio(edge, back);
              if (!worst || r < worst[0]) {
                worst = [r, e.id || e.className || e.tagName.toLowerCase(), edge, back];
              }
            }
            return worst;""")
        check(worst, f"{what}: no control with a border to measure")
        ratio, control, edge, back = worst
        check(ratio >= 3, f"{what}: the border of {control} ({edge}) has {ratio:.2f}:1 against "
                          f"{back}; WCAG 2.1 asks 3:1")
        print(f"control borders, {what}: at least {ratio:.2f}:1 ({control})")

    def axe(self, what, results):
        if not os.path.exists(AXE):
            return
        if not self.js("return !!window.axe"):
            with open(AXE) as f:
                self.js(f.read())
        found = self.driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "axe.run(document, {resultTypes: ['violations']}).then("
            "  r => done(r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,"
            "    nodes: v.nodes.slice(0, 3).map(n => n.target.join(' '))}))),"
            "  e => done([{id: 'axe-error', impact: 'critical', help: String(e), nodes: []}]));")
        results[what] = found


def under_header(app, element_id):
    """Scrolls the element's top to just under the sticky header, for a screenshot."""
    app.js("const top = document.getElementById(arguments[0]).getBoundingClientRect().top;"
           "window.scrollBy(0, top - document.querySelector('header').offsetHeight - 8)",
           element_id)
    app.settled()


def drafts_of(app, batch, reviewer):
    """{material: verdict} of a reviewer's answers to a batch, as the store holds them."""
    with app.db() as db:
        return dict(db.execute(
            "SELECT n.material, d.verdict FROM drafts d JOIN nodes n ON n.key = d.key WHERE "
            "d.batch = ? AND d.reviewer = ? AND d.verdict IS NOT NULL", (batch, reviewer)))


def history_of(app, batch, reviewer, material):
    """The verdicts a reviewer's changes of a row gave, in the order the store applied them."""
    with app.db() as db:
        return [v for (v,) in db.execute(
            "SELECT c.verdict FROM draft_changes c JOIN nodes n ON n.key = c.key WHERE "
            "c.batch = ? AND c.reviewer = ? AND n.material = ? ORDER BY c.id",
            (batch, reviewer, material))]


def arrival(app, batch, expected, what):
    """Waits until the store holds alice's `expected` answers ({material: verdict}) and returns
    the seconds since the page shown began to load (its navigation's start)."""
    loaded = app.js("return performance.timeOrigin") / 1000

    def held():
        return {m: drafts_of(app, batch, "alice").get(m) for m in expected}
    app.until(lambda: held() == expected, f"{what}: the store holds {held()}, not {expected}")
    return time.time() - loaded


def three_sizes(app, name):
    """The page as it stands at 1440 px, 390 px (a phone) and 200% zoom: NAME-wide.png, NAME-phone.png,
    NAME-zoom.png."""
    app.shot(f"{name}-wide.png")
    for suffix, width, height, scale in (("phone", 390, 844, 1), ("zoom", 720, 500, 2)):
        app.cdp("Emulation.setDeviceMetricsOverride", {
            "width": width, "height": height, "deviceScaleFactor": scale, "mobile": width < 500})
        app.resized(width)
        app.no_wider_than_window(f"{name} at {suffix}")
        app.shot(f"{name}-{suffix}.png")
    app.cdp("Emulation.clearDeviceMetricsOverride", {})


def only_her_rows(app, team, rows, hers):
    """Issue 40, item 7: with rows assigned, cat's page opens on her first row, not on line 2
    (others'), and her first key answers it; on another's row, reached by g, her keys answer
    nothing, the page says whose row it is, and the server refuses the answer too."""
    driver = app.driver
    driver.get(f"{team.links['cat']}#/batch/2")
    app.until_text("#progress", rf"cat: 0 of {len(hers)} assigned rows answered")
    check(app.line() == hers[0]["line"],
          f"cat's page opens on line {app.line()}, not on her first row, line {hers[0]['line']}")
    app.keys("9")
    app.until_text("#progress", rf"cat: 1 of {len(hers)} assigned rows answered")
    app.saved()
    check(drafts_of(app, 2, "cat") == {hers[0]["material"]: "9"},
          f"cat's first key answered {drafts_of(app, 2, 'cat')}")
    others = next(it for it in rows if "cat" not in it["assigned"])
    app.keys("g")
    app.wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#goto-dialog[open]"))
    app.keys(str(others["line"]), Keys.ENTER)
    app.until(lambda: app.line() == others["line"], f"g shows line {app.line()}")
    check(app.js("return [...document.querySelectorAll('#node .scale button')]"
                 ".every((b) => b.disabled)"), "the answers on another's row can be pressed")
    app.keys("5", "x", "f")
    app.until_text("#status", rf"line {others['line']} is assigned to "
                              rf"{' and '.join(others['assigned'])}")
    app.until_text("#not-yours", r"not to you")
    three_sizes(app, "serve-not-assigned")
    app.saved()  # a change the keys made would be waiting to be saved, and then saved
    check(drafts_of(app, 2, "cat") == {hers[0]["material"]: "9"},
          f"keys on another's row answered it: {drafts_of(app, 2, 'cat')}")
    token = team.links["cat"].split("token=")[1]
    request = urllib.request.Request(
        f"{team.base}api/batches/2/drafts/{others['material']}", method="PUT",
        headers={"X-Egkb-Token": token, "Content-Type": "application/json"},
        data=json.dumps({"verdict": "5"}).encode())
    try:
        urllib.request.urlopen(request)
        fail("the server took cat's answer to a row of others")
    except urllib.error.HTTPError as e:
        check(e.code == 403, f"the server answered cat's answer to another's row with {e.code}")
    # Choosing "assigned to you" moves to her first row: the keys answer what the filter shows.
    app.js("document.getElementById('filter').value = 'assigned';"
           "document.getElementById('filter').dispatchEvent(new Event('change'))")
    app.until(lambda: app.line() == hers[0]["line"],
              f"the filter 'assigned to you' stays on line {app.line()}")


def type_answers(app, base, rows):
    """Opens batch 3 at the first of `rows` and answers them 1, 2, …, 20 ms apart; returns
    {material: verdict} as typed."""
    app.open_row(base, rows[0]["line"], batch=3)
    said = {it["material"]: str(i % 9 + 1) for i, it in enumerate(rows)}
    app.keys(*said.values(), pause=0.02)
    app.until_text("#saving", rf"^{len(rows)} not saved yet$")
    return said


def closed_tab(app, proxy, rows):
    """Issue 40, item 1: eight answers typed while each change takes 2.5 s, the tab closed with
    them unsaved, the same link opened again at once and its first row answered again with 0:
    the eight are in the store within 5 s of the page's load, and the 0 comes after the closed
    tab's answer, never before it."""
    driver = app.driver
    home = driver.current_window_handle
    proxy.delay = 2.5
    driver.switch_to.new_window("tab")
    said = type_answers(app, proxy.base, rows[:8])
    driver.close()
    driver.switch_to.window(home)
    driver.switch_to.new_window("tab")
    driver.get(f"{proxy.base}#/batch/3/{rows[0]['line']}")
    app.until_text("#adopted", r"8 changes a closed tab left unsaved")
    app.until_text("#node dd:last-of-type", rf"^{rows[0]['line']} of ")
    app.keys("0")
    seconds = arrival(app, 3, said, "a closed tab's answers")
    app.until_text("#adopted", r"The 8 changes a closed tab left are saved")
    three_sizes(app, "serve-adopted")
    print(f"closed tab: its 8 unsaved answers in the store {seconds:.1f} s after the page was "
          f"opened again, each change delayed {proxy.delay} s")
    check(seconds <= 5, f"a closed tab's answers took {seconds:.1f} s to arrive, not 5 at most")
    app.saved()
    first = rows[0]["material"]
    check(history_of(app, 3, "alice", first) == [said[first], "0"],
          f"line {rows[0]['line']} was changed as {history_of(app, 3, 'alice', first)}, not "
          f"{said[first]} then the newer 0")
    driver.close()
    driver.switch_to.window(home)


def browser_quit(app, proxy, rows, work):
    """Issue 40, item 1: eight answers unsaved when the whole browser quits: the browser started
    again on the same profile sends them within 5 s of the page's load."""
    profile = f"--user-data-dir={os.path.join(work, 'profile')}"
    first = browser(profile)
    try:
        other = App(first, app.shots, app.db_path)
        first.get(proxy.base)
        other.set_name("alice")
        said = type_answers(other, proxy.base, rows[8:16])
    finally:
        first.quit()
    again = browser(profile)
    try:
        started = time.monotonic()
        again.get(f"{proxy.base}#/batch/3")
        seconds = arrival(App(again, app.shots, app.db_path), 3, said, "after a restart")
        started = time.monotonic() - started
    finally:
        again.quit()
    print(f"browser restart: 8 unsaved answers in the store {seconds:.1f} s after the page "
          f"began to load in the browser started again ({started:.1f} s after it was asked to "
          f"open the page, its own start included)")
    check(seconds <= 5, f"after a restart the answers took {seconds:.1f} s, not 5 at most")


def conflicts(app, proxy, rows, api):
    """Issue 40, item 1: two answers of a tab closed while they were on their way, and newer
    answers to the same rows from elsewhere landing first: the late ones are refused, the page
    opened again shows each as a conflict, and the reviewer's choice stands."""
    driver = app.driver
    home = driver.current_window_handle
    proxy.delay = 3
    late = rows[16:18]
    driver.switch_to.new_window("tab")
    app.open_row(proxy.base, late[0]["line"], batch=3)
    sent = proxy.received
    app.keys("6", "7", pause=0.05)
    proxy.wait_for(lambda: proxy.received > sent, "the 6 on its way")
    driver.close()
    driver.switch_to.window(home)
    for it in late:  # the same reviewer, elsewhere, on the rows as they stood
        api(f"/api/batches/3/drafts/{it['material']}",
            {"reviewer": "alice", "verdict": "0", "revision": 0}, "PUT")
    proxy.wait_for(lambda: proxy.in_flight == 0, "the server answer the closed tab's 6")
    for it in late:
        check(history_of(app, 3, "alice", it["material"]) == ["0"],
              f"a late answer was applied over a newer one: line {it['line']} changed as "
              f"{history_of(app, 3, 'alice', it['material'])}")
    proxy.delay = 0.3
    driver.switch_to.new_window("tab")
    driver.get(f"{proxy.base}#/batch/3/{late[0]['line']}")
    for it, mine in zip(late, ("6", "7")):
        app.until_text("#conflicts", rf"line {it['line']} {it['material']}: your answer {mine}; "
                                     r"saved since: answered 0")
    app.until_text("#status", r"changed since your change")
    three_sizes(app, "serve-conflict")
    keep, use = (driver.find_element(By.CSS_SELECTOR, f"#conflicts li:nth-child({i}) button.{k}")
                 for i, k in ((1, "keep"), (2, "mine")))
    keep.click()
    app.until(lambda: len(driver.find_elements(By.CSS_SELECTOR, "#conflicts li")) == 1,
              "Keep leaves the conflict")
    driver.find_element(By.CSS_SELECTOR, "#conflicts li button.mine").click()
    app.until(lambda: not driver.find_elements(By.CSS_SELECTOR, "#conflicts"), "Use leaves it")
    app.saved()
    got = [history_of(app, 3, "alice", it["material"]) for it in late]
    check(got == [["0"], ["0", "7"]], f"kept 0 and used 7, the rows changed as {got}")
    driver.close()
    driver.switch_to.window(home)


def over_tls(egkb, work, app, rows):
    """Issue 40, item 6: the app over HTTPS with a self-signed certificate Chromium is told to
    trust: a reviewer's link, answers by key, a reload, and the page's copy kept for a reload
    without the server (which browsers allow over HTTPS only, beyond this machine)."""
    cert, key, spki = self_signed(work)
    server = Server(egkb, "kb.sqlite", work, "--reviewer", "tina", "--tls-cert", cert,
                    "--tls-key", key)
    driver = browser(f"--ignore-certificate-errors-spki-list={spki}")
    try:
        check(server.base.startswith("https://"), f"serve printed {server.base}")
        tls = App(driver, app.shots, app.db_path)
        driver.get(f"{server.links['tina']}#/batch/3")
        tls.until_text("#progress", r"tina answered 0 of")
        said = [str(i + 1) for i in range(3)]
        tls.keys(*said, pause=0.05)
        tls.saved()
        driver.refresh()
        tls.until_text("#progress", r"tina answered 3 of")
        check(driver.current_url.startswith("https://"), f"the page is at {driver.current_url}")
        check(sorted(drafts_of(tls, 3, "tina").values()) == said,
              f"over TLS the store holds {drafts_of(tls, 3, 'tina')}")
        check(driver.execute_async_script(
            "const done = arguments[0]; navigator.serviceWorker.ready.then(() => done(true));"
            "setTimeout(() => done(false), 10000)"), "over TLS the page keeps no copy of itself")
        tls.shot("serve-tls.png")
        print(f"TLS: tina's 3 answers saved over {server.base}, the page kept for a reload")
    finally:
        driver.quit()
        server.stop()




# ------------------------------------------------------------------------ what the cases share

BURST = 24     # the answers given in one burst of keys, rows 2 to 25
OTHER = "bob"  # the second reviewer of batch 1


def key(verdict):
    """The key that gives a verdict: its digit, Enter for ok."""
    return Keys.ENTER if verdict == "ok" else verdict


def row_state(app, items, line):
    """alice's draft of batch 1's row at sheet line `line`: (verdict, note, flagged), or None."""
    return app.drafts("alice").get(items[line - 2]["material"])


def key_changes(app, items, line):
    """alice's changes of batch 1's row at `line`, in order: (verdict, undone)."""
    with app.db() as db:
        return db.execute(
            "SELECT c.verdict, c.undone FROM draft_changes c JOIN nodes n ON n.key = c.key "
            "WHERE c.batch = 1 AND c.reviewer = 'alice' AND n.material = ? ORDER BY c.id",
            (items[line - 2]["material"],)).fetchall()


class Run:
    """The store, the server, the proxy and the browser the cases share, and batch 1 as drawn:
    its rows (`items`, `n` of them), the truth of each and what alice answers (`said`), the row
    with a mirror conflict (`mirrored`) and the crowded one (`crowded`, `crowd` neighbours)."""

    def __init__(self, egkb, work, screenshots):
        self.egkb = egkb
        self.work = work
        self.screenshots = screenshots
        self.server = self.proxy = self.driver = None
        self.axe = {}  # the axe-core scan's violations, by page
        self.run_id = None  # the run of alice's submit

    def run(self, *args):
        """An egkb command on the test's store."""
        subprocess.run([self.egkb, *args], cwd=self.work, check=True, stdout=subprocess.DEVNULL)

    def api(self, path, data=None, method="GET"):
        request = urllib.request.Request(
            self.server.base.rstrip("/") + path, method=method,
            data=None if data is None else json.dumps(data).encode())
        with urllib.request.urlopen(request) as answer:
            return json.load(answer)

    @property
    def direct(self):
        """The server's own address, without the proxy."""
        return self.server.base

    def close(self):
        if self.driver:
            self.driver.quit()
        if self.proxy:
            self.proxy.close()
        if self.server and self.server.process.poll() is None:
            self.server.stop()


def prepare(r):
    """A synthetic store with batch 1 drawn (40 rows) and the engine's evidence for it; a row's
    mirror given the same score, so that the two conflict; the row with the most neighbours given
    more, up to 18; the server, the proxy and the browser."""
    r.run("synth", "--preset", "end65", "--seed", "3", "--truth", "truth.csv", "--out",
          "kb.sqlite")
    r.run("sample", "kb.sqlite", "--size", "40", "--seed", "2", "--out", "batch.csv")
    # Evidence from play for the batch's rows, at the smallest budget: what the board shows.
    r.engine = shutil.which("fairy-stockfish", path=os.environ.get("PATH", "") + ":/usr/games")
    if r.engine:
        r.run("evidence", "kb.sqlite", "--rows", "batch:1", "--depth", "1", "--positions", "4",
              "--jobs", "1", "--quiet")
    else:
        print("browser test: no fairy-stockfish (./setup.sh installs it): the board is "
              "checked without the engine's evidence")
    with open(os.path.join(r.work, "truth.csv")) as f:
        r.truth = {row.split(",")[0]: int(row.split(",")[1]) for row in f.read().split()[1:]}
    r.server = Server(r.egkb, "kb.sqlite", r.work)
    r.proxy = DelayingProxy(int(r.server.base.rsplit(":", 1)[1].strip("/")), 0.3)
    r.driver = browser()
    r.app = App(r.driver, r.screenshots, os.path.join(r.work, "kb.sqlite"))
    r.items = r.api("/api/batches/1")["items"]
    r.n = len(r.items)
    check(r.n >= 30, f"the batch drew {r.n} rows; the test needs 30")
    r.said = ["ok" if r.truth[it["material"]] == it["drawn_score"]
              else str(r.truth[it["material"]]) for it in r.items]

    # A mirror conflict: a drawn row's stored mirror given the same score (not 4 or 5).
    r.mirrored = None
    for it in r.items:
        node = r.api(f"/api/nodes/{it['material']}")
        if node["mirror"] and not node["mirror"]["implied"]:
            r.mirrored = node
            break
    mirrored = r.mirrored
    check(mirrored is not None, "no drawn row has a stored mirror")
    same = mirrored["score"] if mirrored["score"] not in (4, 5) else 2
    with open(os.path.join(r.work, "mirror.csv"), "w") as f:
        f.write(f"material,score\n{mirrored['mirror']['material']},{same}\n")
        if mirrored["score"] in (4, 5):
            f.write(f"{mirrored['material']},2\n")
    r.run("import", "kb.sqlite", "mirror.csv")

    # A crowded row: the drawn row with the most neighbours (15 in this batch) given more, up to
    # the 18 with which the picture once scaled its labels down to 6.75 px. They score as the row
    # does, so no link to it breaks the rule.
    def neighbours_of(material):
        return [nb for nb in r.api(f"/api/nodes/{material}")["neighbours"]
                if nb["link"] != "mirror"]
    r.crowded = max(r.items, key=lambda it: len(neighbours_of(it["material"])))
    crowded = r.crowded["material"]
    stored = {nb["material"] for nb in neighbours_of(crowded)}
    more = [m for m in lattice_neighbours(crowded) if m not in stored][:18 - len(stored)]
    check(len(stored) + len(more) >= 16,
          f"{crowded} can have only {len(stored) + len(more)} neighbours")
    score = r.api(f"/api/nodes/{crowded}")["score"]
    with open(os.path.join(r.work, "crowd.csv"), "w") as f:
        f.write("material,score\n" + "".join(f"{m},{score}\n" for m in more))
    r.run("import", "kb.sqlite", "crowd.csv")
    r.crowd = len(neighbours_of(crowded))
    check(r.crowd >= 16, f"{crowded} has {r.crowd} neighbours after the import")


# ------------------------------------------------------------------------------- the cases

def batches_by_key(r):
    """The batch list, and a batch opened from it by keyboard on its first row."""
    app, driver, proxy, n = r.app, r.driver, r.proxy, r.n
    driver.get(proxy.base)
    app.set_name("alice")
    app.until_text("#batches", r"Batch 1")
    app.shot("serve-batches.png")
    app.axe("batch list", r.axe)
    link = driver.find_element(By.CSS_SELECTOR, '#batches a[href="#/batch/1"]')
    link.send_keys(Keys.ENTER)
    app.until_text("#progress", rf"alice answered 0 of {n}")
    check(app.line() == 2, f"the batch opens at line {app.line()}, not its first row, line 2")


def board_and_evidence(r):
    """The board: its pieces and their text alternative, another position and back, the engine's
    evidence; nothing answered by it."""
    app, driver, api, items, engine = r.app, r.driver, r.api, r.items, r.engine
    first = items[0]["material"]
    shown = api(f"/api/positions/{first}?index=0")
    app.until(lambda: driver.find_elements(By.CSS_SELECTOR, "svg.board"), "no board")
    placed = sum(c != "." for rank in shown["board"] for c in rank)
    drawn = len(driver.find_elements(By.CSS_SELECTOR, "svg.board .piece"))
    check(drawn == placed, f"the board draws {drawn} pieces of {placed}")
    check(len(first) == placed, f"{first}'s position has {placed} pieces")
    told = app.text("#board-text")
    check(re.match(r"Red: (\w+ [a-i]\d+.*)\. Black: .*(Red|Black) to move\.$", told),
          f"the board's text alternative reads {told!r}")
    label = driver.find_element(By.CSS_SELECTOR, "svg.board").get_attribute("aria-label")
    check(told in label, f"the board's label {label!r} leaves out its pieces")
    app.keys("p")
    app.until_text("#board-title", r"Example position 2")
    app.until(lambda: app.text("#board-text") and app.text("#board-text") != told or
              api(f"/api/positions/{first}?index=1")["board"] == shown["board"],
              "p shows the same position")
    if engine:
        app.until_text("#evidence", r"Engine evidence — Fairy-Stockfish")
        app.until_text("#evidence", r"red wins \d+ · draws \d+ · black wins \d+")
        app.until_text("#position-verdict", r"On this position: .* counted a")
        # Issue 44, item 2: every position searched at once, each with the engine's result, and
        # the line the engine printed with its score of the position shown, as the API gives it.
        # A position with no move (mated) has no line, and says so.
        line = " ".join(api(f"/api/positions/{first}?index=1")["evidence"]["position"]["pv"])
        check(re.match(r"([a-i]\d+[a-i]\d+( [a-i]\d+[a-i]\d+)*)?$", line),
              f"the engine's line {line!r} is not xiangqi moves")
        app.until_text("#engine-line", "The engine's line: " + re.escape(line) if line
                       else "No engine line kept for this position")
        searched = api(f"/api/positions/{first}?index=0")["evidence"]["positions"]
        driver.find_element(By.CSS_SELECTOR, "#evidence-slot details.positions summary").click()
        app.until(lambda: len(driver.find_elements(By.CSS_SELECTOR, "#positions-grid svg.board"))
                  == min(searched, 16), "the grid of positions searched is not drawn")
        captions = app.js("return [...document.querySelectorAll('#positions-grid figcaption')]"
                          ".map((c) => c.textContent)")
        check(all(re.search(r"counted a|counted as", c) for c in captions),
              f"a searched position without the engine's result: {captions}")
        app.js("document.getElementById('positions-grid').scrollIntoView({block: 'start'})")
        app.shot("serve-positions-grid.png")
    app.keys("P")
    app.until_text("#board-title", r"Example position 1")
    check(not app.drafts("alice"), f"the board or its evidence answered: {app.drafts('alice')}")
    # A wide window has the board beside the answers and the evidence under them: the page
    # scrolled to the board's top, under the header, for their picture.
    under_header(app, "board-slot")
    app.shot("serve-board.png")


def enter_is_the_controls(r):
    """Enter on every kind of focusable control is that control's, never an `ok`; on a score button,
    that score."""
    app, driver, proxy, api, items = r.app, r.driver, r.proxy, r.api, r.items
    def enter_on(selector):
        app.open_row(proxy.base, 2)
        app.until(lambda: driver.find_elements(By.CSS_SELECTOR, selector), f"no {selector}")
        target = driver.find_element(By.CSS_SELECTOR, selector)
        app.js("arguments[0].scrollIntoView({block: 'center'}); arguments[0].focus()", target)
        check(app.js("return document.activeElement === arguments[0]", target),
              f"{selector} takes no focus")
        ActionChains(driver).send_keys(Keys.ENTER).perform()
        app.saved()  # an answer the Enter gave would be waiting to be saved, and then saved
        return app.drafts("alice").get(items[0]["material"])

    for selector in ("header .brand", ".crumbs a[href='#/']", "#agreement-link",
                     "#rows li:nth-child(5) a", "#flag", "#keys", "#who", "#filter",
                     "#opt-partial", "#note", "#submit-button", "#hood-list summary"):
        draft = enter_on(selector)
        check(not draft or draft[0] != "ok", f"Enter on {selector} saved ok for line 2")
        driver.execute_script("document.querySelectorAll('dialog[open]').forEach(d => d.close())")
        if draft:  # the flag: take it back through the API's undo
            api("/api/batches/1/undo", {"reviewer": "alice"}, "POST")
    draft = enter_on("button[data-verdict='7']")
    check(draft and draft[0] == "7", f"Enter on the score button 7 saved {draft}")
    api("/api/batches/1/undo", {"reviewer": "alice"}, "POST")
    check(not app.drafts("alice"), f"drafts left after the controls: {app.drafts('alice')}")


def bursts_through_a_slow_proxy(r):
    """Answers 20 ms apart while the proxy delays each change 300 ms: each lands on its own row, in
    order, and the focus stays where the keyboard put it."""
    app, proxy, items, n, said = r.app, r.proxy, r.items, r.n, r.said
    app.open_row(proxy.base, 2)
    t0 = time.monotonic()
    app.keys(*[key(v) for v in said[:BURST]], pause=0.02)
    typed = time.monotonic() - t0
    app.until_text("#progress", rf"alice answered {BURST} of {n}")
    check(app.line() == BURST + 2, f"after {BURST} answers the page shows line {app.line()}")
    check(re.search(r"not saved yet", app.text("#saving")),
          "the changes waiting on the slow server are not counted")
    app.shot("serve-saving.png")
    # The page redraws as each change is confirmed: the focus stays on the control the
    # keyboard put it on, so Enter there stays that control's.
    app.keys("s")
    check(app.js("return document.activeElement.id") == "submit-button", "s misses Submit")
    app.saved()
    check(app.js("return document.activeElement.id") == "submit-button",
          "the redraws as the changes were saved took the focus from Submit")
    print(f"burst: {BURST} answers typed in {typed:.2f} s through a proxy delaying each "
          f"change 0.3 s, all in the store {time.monotonic() - t0:.1f} s after the first key")
    expected = [(it["material"], v) for it, v in zip(items[:BURST], said[:BURST])]
    check(app.changes("alice") == expected,
          f"the store's changes differ from the keys given, in order:\n"
          f"{app.changes('alice')}\n{expected}")


def undo_after_reload_flag_and_note(r):
    """After a reload, u takes back the last answer and shows its row; a flag and a note are kept;
    the flagged filter lists that row alone."""
    app, driver, items, n, said = r.app, r.driver, r.items, r.n, r.said
    driver.refresh()
    app.until_text("#progress", rf"alice answered {BURST} of {n}")
    check(app.line() == BURST + 2, f"the reload resumes at line {app.line()}")
    app.keys("u")
    app.until_text("#progress", rf"alice answered {BURST - 1} of {n}")
    app.until_text("#status", r"undone")
    check(app.line() == BURST + 1, f"undo shows line {app.line()}, the row it took back")
    app.saved()
    check(items[BURST - 1]["material"] not in app.drafts("alice"), "undo left the draft")
    app.keys(key(said[BURST - 1]))
    app.until_text("#progress", rf"alice answered {BURST} of {n}")
    app.keys("f", "c")
    check(app.js("return document.activeElement.id") == "note", "c does not open the note")
    app.keys("a rook holds the draw\nif black keeps the elephants", Keys.ESCAPE)
    app.saved()
    flagged = items[BURST]["material"]
    check(app.drafts("alice").get(flagged) ==
          (None, "a rook holds the draw\nif black keeps the elephants", 1),
          f"flag and note stored as {app.drafts('alice').get(flagged)}")
    app.js("document.getElementById('filter').value = 'flagged';"
           "document.getElementById('filter').dispatchEvent(new Event('change'))")
    app.until_text("#rows", flagged)
    check(len(driver.find_elements(By.CSS_SELECTOR, "#rows li a")) == 1,
          "the flagged filter lists other rows")
    app.js("document.getElementById('filter').value = 'all';"
           "document.getElementById('filter').dispatchEvent(new Event('change'))")


def find_filters_and_the_row_list(r):
    """Finding a material, the row list as one Tab stop, filters by score and by change, nothing
    clipped, the answers and the picture in sight at 1440 × 900, a filter chosen with the pointer, g
    and n."""
    app, driver, api, items, n = r.app, r.driver, r.api, r.items, r.n
    # Find a material: / then its letters list only the rows holding them; Enter shows
    # the first, Esc clears.
    def listed():
        return app.js("return [...document.querySelectorAll('#rows li a .mono')]"
                      ".map((m) => m.textContent)")
    sought = items[12]["material"]
    app.keys("/")
    check(app.js("return document.activeElement.id") == "search", "/ does not find")
    app.keys(sought.lower())
    holding = [it["material"] for it in items if sought in it["material"]]
    # Issue 44, item 3: exactly the rows holding the text, not the row shown besides.
    app.until(lambda: set(listed()) == set(holding), f"the search for {sought} lists {listed()}")
    app.keys(Keys.ENTER)
    app.until(lambda: items[app.line() - 2]["material"] in holding,
              f"Enter in the search shows line {app.line()}")
    app.keys("/", Keys.ESCAPE)
    app.until(lambda: len(listed()) == n, f"Esc leaves {len(listed())} rows listed")
    # The row list is one Tab stop; the arrows move along it.
    stops = app.js("return document.querySelectorAll('#rows a:not([tabindex=\"-1\"])').length")
    check(stops == 1, f"the row list has {stops} Tab stops")
    app.js("document.querySelector('#rows a[tabindex=\"0\"]').focus()")
    here = app.js("return document.activeElement.closest('li').dataset.index")
    app.keys(Keys.ARROW_DOWN)
    there = app.js("return document.activeElement.closest('li').dataset.index")
    check(int(there) == int(here) + 1, f"↓ in the row list went from {here} to {there}")
    app.js("document.getElementById('node-title').focus()")
    # Filters by the score now and by a change since drawn list exactly those rows.
    now = api("/api/batches/1")["items"]
    # The evidence's score as the board's figures give it, ranked independently of the server's
    # mark: scores 4 and 5 are one rank.
    rank = lambda s: s if s <= 4 else s - 1
    binned = {it["material"]: (api(f"/api/positions/{it['material']}?index=0")["evidence"]
                               or {}).get("score") for it in now}
    disagreeing = {m for m, s in binned.items() if s is not None and
                   rank(s) != rank(next(it["drawn_score"] for it in now if it["material"] == m))}
    if r.engine:
        check(disagreeing, "no row's evidence disagrees with its score: the filter is untested")
    for value, holds in (
            (f"score:{now[0]['now']['score']}",
             lambda it: it["now"] and it["now"]["score"] == now[0]["now"]["score"]),
            ("changed", lambda it: it["now"] and it["now"]["score"] != it["drawn_score"]),
            ("evidence", lambda it: it["material"] in disagreeing)):
        app.js(f"document.getElementById('filter').value = '{value}';"
               "document.getElementById('filter').dispatchEvent(new Event('change'))")
        want = {it["material"] for it in now if holds(it)}
        app.until(lambda: set(listed()) == want,
                  f"the filter {value} lists {sorted(listed())}, not {sorted(want)}")
        if len(want) >= 2:
            # → and ← stay among the rows the filter holds.
            app.until(lambda: items[app.line() - 2]["material"] in want,
                      f"the filter {value} shows line {app.line()}, outside it")
            for move in (Keys.ARROW_RIGHT, Keys.ARROW_LEFT):
                before = app.line()
                app.keys(move)
                app.until(lambda: app.line() != before or "no row" in app.text("#status"),
                          f"{move!r} stays on line {before}")
                check(items[app.line() - 2]["material"] in want,
                      f"{move!r} under {value} went to line {app.line()}, outside the filter")
        if value == "evidence":
            marked = app.js("return [...document.querySelectorAll('#rows li')].filter("
                            "(li) => li.querySelector('.evidence-mark'))"
                            ".map((li) => li.querySelector('.mono').textContent)")
            check(set(marked) == disagreeing, f"≠ marks {sorted(marked)}, not {sorted(disagreeing)}")
            app.shot("serve-evidence-filter.png")
    app.js("document.getElementById('filter').value = 'all';"
           "document.getElementById('filter').dispatchEvent(new Event('change'))")
    # No material is clipped in the row list.
    clipped = app.js("return [...document.querySelectorAll('#rows .mono')].filter("
                     "(m) => m.scrollWidth > m.clientWidth + 1 || "
                     "m.getBoundingClientRect().right > "
                     "document.querySelector('nav.items').getBoundingClientRect().right)"
                     ".map((m) => m.textContent)")
    check(not clipped, f"the row list clips {clipped}")
    wide = app.js("const n = document.querySelector('nav.items'); return n.scrollWidth - n.clientWidth")
    check(wide <= 0, f"the row list overflows by {wide} px")
    # At 1440 × 900 the answer buttons, the board and the neighbourhood's picture (a row of its
    # boxes at least) are in sight without scrolling (issue 32 item 5, issue 44 item 7).
    size = driver.get_window_size()
    tall = app.js("return window.innerHeight")
    driver.set_window_size(1440, 900)
    app.until(lambda: app.js("return window.innerHeight") != tall, "the window keeps its height")
    app.until(lambda: driver.find_elements(By.CSS_SELECTOR, "#neighbourhood .hood-frame"),
              "no neighbourhood picture at 1440 × 900")
    app.settled()
    app.until(lambda: driver.find_elements(By.CSS_SELECTOR, "#board-slot svg.board"),
              "no board at 1440 × 900")
    answers, picture, height, board = app.js(
        "window.scrollTo(0, 0);"
        "const rect = (css) => document.querySelector(css).getBoundingClientRect();"
        "const board = rect('#board-slot svg.board');"
        "return [rect('#node .scale').bottom, rect('#neighbourhood .hood-frame').top,"
        "  window.innerHeight, [board.top, board.bottom]]")
    check(answers <= height and picture + 58 <= height and 0 <= board[0] and board[1] <= height,
          f"at 1440 × 900 the answers end at {answers:.0f} px, the board spans {board[0]:.0f} "
          f"to {board[1]:.0f} px and the neighbourhood's picture starts at {picture:.0f} px of "
          f"a window {height} px high")
    app.shot("serve-wide-900.png")
    print(f"1440 × 900: the answers end at {answers:.0f} px, the board spans {board[0]:.0f} to "
          f"{board[1]:.0f} px, the neighbourhood's picture starts at {picture:.0f} px, the "
          f"window is {height} px high")
    driver.set_window_size(size["width"], size["height"])

    # A filter chosen with the pointer gives the keys back to the rows.
    chooser = driver.find_element(By.ID, "filter")
    ActionChains(driver).click(chooser).perform()
    Select(chooser).select_by_value("unanswered")
    shown = app.line()
    app.keys(Keys.ARROW_RIGHT)
    app.until(lambda: app.line() != shown,
              f"→ after a filter chosen with the mouse stays on line {shown}: "
              f"{app.text('#status')!r}")
    app.js("document.getElementById('filter').value = 'all';"
           "document.getElementById('filter').dispatchEvent(new Event('change'))")
    app.keys("g")
    app.wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#goto-dialog[open]"))
    app.keys("20", Keys.ENTER)
    app.until(lambda: app.line() == 20, f"go to line 20 shows line {app.line()}")
    app.keys("n")
    app.until(lambda: app.line() == BURST + 2, f"n shows line {app.line()}")


def undo_then_an_answer_at_every_latency(r):
    """u then an answer 20 ms later, at 0, 0.3 and 1 s latency: the answer lands on the row undo
    took back."""
    app, proxy, items = r.app, r.proxy, r.items
    # The view follows u at once: the next key answers the row undo took back, whether the
    # server has confirmed the undo yet or not.
    for delay in (0.0, 0.3, 1.0):
        proxy.delay = delay
        app.open_row(proxy.base, 30)
        after = row_state(app, items, 31)
        app.keys("3")
        app.saved()
        app.keys("u", "7", pause=0.02)
        app.saved()
        check(row_state(app, items, 30) == ("7", "", 0) and row_state(app, items, 31) == after,
              f"at {delay} s latency u then 7 left line 30 {row_state(app, items, 30)} and line 31 "
              f"{row_state(app, items, 31)} (was {after})")
        check(app.line() == 31, f"after the 7 the page shows line {app.line()}, not 31")
        app.keys(Keys.ARROW_LEFT, "u")
        app.saved()
        check(row_state(app, items, 30) is None, f"undo left line 30 {row_state(app, items, 30)}")
    proxy.delay = 0.3


def answers_lost_on_the_way(r):
    """A put, an undo and a redo each sent twice, the first answer lost: each is applied once."""
    app, proxy, items = r.app, r.proxy, r.items
    # Each kind of change once with its answer lost: the retry is applied once.
    app.open_row(proxy.base, 31)
    before = len(app.changes("alice"))
    proxy.drop = {"PUT", "undo", "redo"}
    app.keys("4")
    app.saved()
    app.keys("u")
    app.saved()
    check(row_state(app, items, 31) is None,
          f"an undo sent twice left line 31 {row_state(app, items, 31)}")
    app.keys("U")
    app.saved()
    check(proxy.dropped == ["PUT", "undo", "redo"], f"the proxy dropped {proxy.dropped}")
    check(row_state(app, items, 31) == ("4", "", 0),
          f"a redo sent twice left line 31 {row_state(app, items, 31)}")
    check(key_changes(app, items, 31) == [("4", 0)],
          f"line 31's answer, undone and redone, each sent twice: {key_changes(app, items, 31)}")
    check(len(app.changes("alice")) == before + 1, "a change sent twice was applied twice")
    app.keys("u")
    app.saved()
    check(row_state(app, items, 31) is None,
          f"the last undo left line 31 {row_state(app, items, 31)}")


def the_server_killed_and_started_again(r):
    """The server killed mid-batch: answers given meanwhile wait, a reload shows the kept page and
    its banner, and all arrive when it is back."""
    app, driver, server, items, n, said = r.app, r.driver, r.server, r.items, r.n, r.said
    direct = r.direct
    driver.get(direct)
    app.set_name("alice")  # another address, another origin: the browser asks again
    app.open_row(direct, BURST + 2)
    app.keys(*[key(v) for v in said[BURST:BURST + 3]], pause=0.02)
    app.saved()
    check(app.driver.execute_async_script(
        "const done = arguments[0]; navigator.serviceWorker.ready.then(() => done(true));"
        "setTimeout(() => done(false), 10000)"), "the page keeps no copy of itself")
    server.kill()
    offline = said[BURST + 3:BURST + 6]
    app.keys(*[key(v) for v in offline], pause=0.05)
    app.until_text("#banner", r"3 changes not saved yet")
    app.until_text("#neighbourhood", r"not loaded")
    app.shot("serve-offline.png")
    # A reload while the server is gone: the page comes from its kept copy, with the
    # answers this browser keeps and the banner that says so.
    driver.get("about:blank")
    driver.get(f"{direct}#/batch/1/{BURST + 2}")
    app.until_text("#banner", r"3 changes not saved yet")
    check("egkb review" in app.text("header"), "a reload without the server shows no app")
    app.shot("serve-offline-reload.png")
    driver.get("about:blank")
    server.start()
    driver.get(f"{direct}#/batch/1/{BURST + 2}")
    app.saved()
    app.until_text("#progress", rf"alice answered {BURST + 6} of {n}")
    got = app.drafts("alice")
    for it, v in zip(items[BURST + 3:BURST + 6], offline):
        check(got.get(it["material"], (None,))[0] == v,
              f"{it['material']} answered {v} while the server was gone; stored "
              f"{got.get(it['material'])}")
    check(not driver.find_elements(By.CSS_SELECTOR, "#banner.offline"),
          "the banner stays after the server is back")


def time_per_verdict(r):
    """The time per verdict answered by keyboard, printed."""
    app, n, said, direct = r.app, r.n, r.said, r.direct
    first = BURST + 6
    timed = n - 1 - first
    app.open_row(direct, first + 2)
    t0 = time.monotonic()
    for i in range(first, first + timed):
        app.keys(key(said[i]))
        app.until(lambda: app.line() == i + 3, f"answer {i} did not move on")
    ui = (time.monotonic() - t0) / timed
    app.saved()
    stored = (time.monotonic() - t0) / timed
    print(f"time per verdict: {1000 * ui:.0f} ms from key to the next row shown, "
          f"{1000 * stored:.0f} ms to the store ({timed} verdicts by keyboard, WebDriver's "
          f"own round trip included)")


def a_refusal_linked_by_line(r):
    """A submit refused for a missing row links the row, by its sheet line."""
    app, driver, n = r.app, r.driver, r.n
    # Issue 44, item 7: the time left, from this reviewer's median time per row.
    app.until_text("#time-left", r"about [\d.]+ (s|min) left: 1 row at your median [\d.]+ s a row")
    # Issue 44, item 5: as the guide says, "partial" is ticked while a row is unanswered; the
    # reviewer clears it, and the whole submit is refused for the row left.
    app.until(lambda: app.js("return document.getElementById('opt-partial').checked"),
              "partial is not ticked while a row is unanswered")
    driver.find_element(By.ID, "opt-partial").click()
    check(not app.js("return document.getElementById('opt-partial').checked"),
          "partial stays ticked after the reviewer cleared it")
    driver.find_element(By.ID, "submit-button").click()
    app.until_text("#outcome", r"Nothing was applied")
    links = driver.find_elements(By.CSS_SELECTOR, "#outcome a[href^='#/batch/1/']")
    check(links, "the refusal links no row")
    app.shot("serve-refused.png")
    links[0].click()
    app.until(lambda: app.line() == n + 1, f"the refusal's link shows line {app.line()}")
    app.until_text("#node dd:last-of-type", rf"^{n + 1} of ")


def the_neighbourhood_and_its_mirror(r):
    """A mirror conflict drawn; a neighbour opened and b back; the crowded picture at its natural
    size; control borders, axe, the keys' list."""
    (app, driver, items, mirrored, crowded, crowd, direct) = (
        r.app, r.driver, r.items, r.mirrored, r.crowded, r.crowd, r.direct)
    line = next(it["line"] for it in items if it["material"] == mirrored["material"])
    app.open_row(direct, line)
    app.until(lambda: driver.find_elements(By.CSS_SELECTOR, "svg.hood"), "no picture")
    bad_mirror = app.js(
        "return [...document.querySelectorAll('svg.hood g.node.bad text.link')]"
        ".some(t => t.textContent.includes('mirror'))")
    check(bad_mirror, f"the mirror conflict of {mirrored['material']} is not drawn")
    # A neighbour opens its own neighbourhood on a click; b goes back to the row's.
    neighbour = driver.find_element(By.CSS_SELECTOR, "svg.hood g.node[data-material]")
    opened = neighbour.get_attribute("data-material")
    neighbour.click()
    app.until_text("#hood-title", rf"Neighbourhood of {opened}$")
    check(app.line() == line, "opening a neighbour moved to another row")
    # Issue 44, item 2: the neighbour's own position and evidence come with it.
    app.until_text("#neighbour-board-title", rf"Example position 1 of {opened}")
    app.until(lambda: driver.find_elements(By.CSS_SELECTOR, "#neighbour-board svg.board"),
              "no board for the neighbour opened")
    app.until(lambda: driver.find_elements(By.CSS_SELECTOR, "#neighbour-evidence"),
              "no evidence, nor its absence, for the neighbour opened")
    app.axe("a neighbour opened", r.axe)
    app.js("document.getElementById('neighbour-board').scrollIntoView({block: 'start'})")
    app.shot("serve-neighbour-board.png")
    app.keys("b")
    app.until(lambda: app.text("#hood-title") == "Neighbourhood",
              f"b leaves the neighbourhood at {app.text('#hood-title')!r}")
    app.open_row(direct, crowded["line"])
    app.until(lambda: driver.find_elements(By.CSS_SELECTOR, "svg.hood"), "no picture")
    scale, font, boxes = app.js(
        "const s = document.querySelector('svg.hood');"
        "return [s.getBoundingClientRect().width / s.width.baseVal.value,"
        "  Math.min(...[...s.querySelectorAll('text')].map("
        "    (t) => parseFloat(getComputedStyle(t).fontSize))),"
        "  s.querySelectorAll('g.node').length]")
    check(boxes >= crowd + 1, f"{boxes} boxes drawn for {crowd} neighbours and the row")
    check(abs(scale - 1) < 0.01 and font * scale >= 12,
          f"the picture is drawn at {scale:.2f} times its size with {font} px labels")
    print(f"neighbourhood: {crowd} neighbours drawn at {scale:.2f}x with labels of "
          f"{font * scale:.0f} px at least")
    app.border_contrast("light mode")
    app.axe("review row", r.axe)
    app.shot_whole("serve-review.png")
    app.keys("?")
    app.wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#help-dialog[open]"))
    # The list opens at its top, the keys 0-9, Enter and the arrows first, not at Close.
    app.until(lambda: app.js("return document.activeElement.id") == "help-title",
              "the keys' list does not open at its title")
    top, fits = app.js("const d = document.getElementById('help-dialog');"
                       "return [d.scrollTop, d.scrollHeight <= d.clientHeight]")
    check(top == 0, f"the keys' list opens scrolled down by {top} px")
    check(fits, "the keys' list does not fit a 1440 px window")
    app.shot("serve-keys.png")
    app.axe("keys and scores", r.axe)
    app.keys("?")


def phone_layout(app, direct, n):
    """Issue 44, item 6, at 390 × 844: the header one short line, the answer buttons inside the
    first 844 px, the row list scrolled to the row shown (a late one) under Find and Show, and the
    history no wider than its box."""
    driver = app.driver
    late = n - 2
    app.open_row(direct, late)
    app.until(lambda: driver.find_elements(By.CSS_SELECTOR, "#history"), "no history")
    app.settled()
    header, answers, row, box, find, history = app.js("""
        window.scrollTo(0, 0);
        const rect = (css) => { const e = document.querySelector(css); return e ? e.getBoundingClientRect() : null; };
        const list = rect('#rows'), current = rect('#rows li.current');
        const wrap = document.querySelector('#history .table-wrap');
        return [rect('header').height, rect('#node .scale').bottom,
                current && [current.top, current.bottom], [list.top, list.bottom],
                rect('#search').top >= rect('nav.items').top,
                wrap ? wrap.scrollWidth - wrap.clientWidth : 0];""")
    app.shot("serve-phone-top.png")
    check(header <= 56, f"the sticky header is {header:.0f} px tall on a phone")
    check(answers <= 844, f"the answer buttons end at {answers:.0f} px, below the first 844 px")
    check(row and box[0] <= row[0] and row[1] <= box[1],
          f"the row list's box ({box}) does not show line {late} ({row})")
    check(find, "Find is scrolled out of the list's box")
    check(history <= 0, f"the history table scrolls sideways by {history} px")
    print(f"390 × 844: header {header:.0f} px, the answer buttons end at {answers:.0f} px")


def phone_zoom_and_dark_mode(r):
    """At 390 px and at 200% zoom no page is wider than the window; dark mode darkens and keeps
    borders at 3:1."""
    app, driver, crowded, direct = r.app, r.driver, r.crowded, r.direct
    for what, width, height, scale_factor, name in (
            ("a 390 px phone", 390, 844, 1, "serve-phone.png"),
            ("200% zoom", 720, 500, 2, "serve-zoom.png")):
        app.cdp("Emulation.setDeviceMetricsOverride", {
            "width": width, "height": height, "deviceScaleFactor": scale_factor,
            "mobile": width < 500})
        # Each page with what comes last to it: the batches, the neighbourhood's picture, the
        # pairs of reviewers.
        for page, last in (("#/", "#batches"), (f"#/batch/1/{crowded['line']}", "svg.hood"),
                           ("#/batch/1/agreement", "#fleiss")):
            driver.get(direct + page)
            app.until(lambda: driver.find_elements(By.CSS_SELECTOR, last),
                      f"{page} shows no {last}")
            app.settled()
            app.no_wider_than_window(f"{what}, {page}")
            if page == "#/":
                hidden = app.js(
                    "return [...document.querySelectorAll('#batches td.answered, "
                    "#batches td.status')].filter((c) => { const r = "
                    "c.getBoundingClientRect(); return r.width === 0 || r.right > "
                    "window.innerWidth || r.left < 0; }).length")
                check(hidden == 0, f"{what}: {hidden} answered or status cells out of sight")
        driver.get(f"{direct}#/batch/1/{crowded['line']}")
        app.until(lambda: driver.find_elements(By.CSS_SELECTOR, "svg.hood"), "no picture")
        # Issue 44, item 5: no file letter under the reach of a piece on the first line (a piece
        # on f1 hid the "f" at 200% zoom), measured in the board's own units: whatever the
        # position, a piece's disc reaches its radius below the last line.
        app.until(lambda: driver.find_elements(By.CSS_SELECTOR, "svg.board.xiangqi"), "no board")
        covered = app.js("""
            const board = document.querySelector('svg.board.xiangqi');
            const bottom = Math.max(...[...board.querySelectorAll('line')].map((l) => l.y2.baseVal.value));
            const reach = 0.44 * 40;
            return [...board.querySelectorAll('text.coord')].filter((t) => /^[a-i]$/.test(t.textContent))
              .filter((t) => t.getBBox().y < bottom + reach).map((t) => t.textContent);""")
        check(not covered, f"{what}: the file letters {covered} lie where a piece on rank 1 stands")
        if width < 500:
            phone_layout(app, direct, r.n)
        if width < 500:
            app.shot_whole(name, width, 1700)
        else:
            app.shot(name)
    app.cdp("Emulation.clearDeviceMetricsOverride", {})
    app.cdp("Emulation.setEmulatedMedia", {
        "features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    driver.get(f"{direct}#/batch/1/{crowded['line']}")
    app.until(lambda: driver.find_elements(By.CSS_SELECTOR, "svg.hood"), "no picture")
    background = app.js("return getComputedStyle(document.body).backgroundColor")
    rgb = [int(x) for x in re.findall(r"\d+", background)[:3]]
    check(sum(rgb) < 150, f"dark mode keeps a light background: {background}")
    app.border_contrast("dark mode")
    app.shot("serve-dark.png")
    app.axe("dark mode", r.axe)
    app.cdp("Emulation.setEmulatedMedia", {"features": []})


def a_second_reviewer_and_agreement(r):
    """bob answers eight rows, two differently: the disagreement shows on the row and on the
    agreement page."""
    app, driver, items, n, said = r.app, r.driver, r.items, r.n, r.said
    direct = r.direct
    driver.get(f"{direct}#/batch/1/2")
    app.until_text("#progress", r"alice answered")
    driver.find_element(By.ID, "who").click()
    app.set_name(OTHER)
    app.until_text("#progress", rf"answered 0 of {n}")
    driver.get(f"{direct}#/batch/1/2")
    app.until_text("#node dd:last-of-type", r"^2 of ")
    # Bob agrees on six rows of eight: three points off on the first, one on the fifth.
    truths = [it["drawn_score"] if v == "ok" else int(v) for it, v in zip(items, said)]
    bob = [str(t) for t in truths[:8]]
    bob[0] = str((truths[0] + 3) % 10)
    bob[4] = str(truths[4] + 1 if truths[4] < 9 else 8)
    app.keys("c", "the cannon has no screen", Keys.ESCAPE, *bob)
    app.saved()
    driver.find_element(By.ID, "who").click()
    app.set_name("alice")
    driver.get(f"{direct}#/batch/1/2")
    app.until_text("#disagreement", r"disagree")
    app.until_text("#others", re.escape(OTHER))
    app.until_text("#others", r"the cannon has no screen")
    app.shot("serve-disagreement.png")
    driver.get(f"{direct}#/batch/1/agreement")
    app.until_text("#pairs", r"alice and bob")
    app.until_text("#fleiss", r"Fleiss' kappa over the \d+ rows two or more reviewers answered: -?\d\.\d{3}")
    app.until_text("#blind", r"Not blind")
    driver.find_element(By.CSS_SELECTOR, ".confusion summary").click()
    app.until(lambda: driver.find_elements(By.CSS_SELECTOR, ".confusion[open] td.same"),
              "the pair's scores side by side show no agreement")
    app.until_text("#disagreements", r"line 2")
    app.shot("serve-agreement.png")
    app.axe("agreement", r.axe)


def names_and_notes_are_text(r):
    """A reviewer's name and note holding markup are shown as text everywhere."""
    app, driver, api, items, said, direct = r.app, r.driver, r.api, r.items, r.said, r.direct
    # A name and a note are text, never markup: a third reviewer's, given through the API and
    # taken back before the pictures that follow.
    odd, first = "eve <b>&amp;</b>", items[0]["material"]
    api(f"/api/batches/1/drafts/{first}",
        {"reviewer": odd, "verdict": said[0], "note": "<i>not markup</i>"}, "PUT")
    def as_text(where, text):
        app.until_text(where, re.escape(text))
        check(not driver.find_elements(By.CSS_SELECTOR, f"{where} b, {where} i"),
              f"a reviewer's name or note was placed as markup in {where}")
    app.open_row(direct, 2)
    as_text("#others", f"{odd}: <i>not markup</i>")
    driver.get(f"{direct}#/batch/1/agreement")
    as_text("#pairs", odd)
    as_text("#disagreements", odd)
    driver.get(f"{direct}#/")
    as_text("#batches", odd)
    api(f"/api/batches/1/drafts/{first}?reviewer={urllib.parse.quote(odd)}", method="DELETE")
    check(odd not in api("/api/batches/1")["reviewers"], "the third reviewer stays")


def a_reviewers_own_link(r):
    """A reviewer's own link (serve --reviewer) answers in that name, asks none, and keeps it in a
    new tab."""
    app, driver, items, n, said, work, egkb = r.app, r.driver, r.items, r.n, r.said, r.work, r.egkb
    # A reviewer's own link (serve --reviewer): the page takes the name from its token, asks
    # none, shows it, and the last answer lands in that name.
    tokened = Server(egkb, "kb.sqlite", work, "--reviewer", "alice", "--reviewer", OTHER)
    try:
        check(set(tokened.links) == {"alice", OTHER}, f"links: {tokened.links}")
        driver.get(f"{tokened.links['alice']}#/batch/1/{n + 1}")
        app.until_text("#node dd:last-of-type", rf"^{n + 1} of ")
        check(not driver.find_elements(By.CSS_SELECTOR, "#name-dialog[open]"),
              "the page asks a name though its link carries one")
        who = driver.find_element(By.ID, "who")
        check(who.tag_name == "span" and who.text == "reviewer: alice",
              f"the page shows the reviewer as a {who.tag_name} {who.text!r}")
        check("token=" not in driver.current_url, "the token stays in the address bar")
        app.until_text("#progress", rf"alice answered {n - 1} of {n}")
        app.keys(key(said[n - 1]))
        app.until_text("#progress", rf"alice answered {n} of {n}")
        app.saved()
        check(app.drafts("alice").get(items[-1]["material"], (None,))[0] == said[n - 1],
              f"alice's link stored {app.drafts('alice').get(items[-1]['material'])}")
        check(items[-1]["material"] not in app.drafts(OTHER), "alice's answer went to bob")
        # The link's page opened again in a new tab, as from a bookmark: still alice's.
        first_tab = driver.current_window_handle
        driver.switch_to.new_window("tab")
        driver.get(f"{tokened.base}#/batch/1/{n + 1}")
        app.until_text("#progress", rf"alice answered {n} of {n}")
        check(not driver.find_elements(By.CSS_SELECTOR, "#name-dialog[open]"),
              "a new tab of alice's link asks a name")
        check(app.text("#who") == "reviewer: alice", f"a new tab shows {app.text('#who')!r}")
        driver.close()
        driver.switch_to.window(first_tab)
    finally:
        tokened.stop()


def submit_with_a_warning(r):
    """The submit warns of answers that differ, submits once confirmed, and leaves the batch read-
    only; the verdicts and the note are stored."""
    app, driver, items, n, said, direct = r.app, r.driver, r.items, r.n, r.said, r.direct
    driver.get(f"{direct}#/batch/1/{n + 1}")
    app.until_text("#progress", rf"alice answered {n} of {n}")
    driver.find_element(By.ID, "submit-button").click()
    app.wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#confirm-dialog[open]"))
    app.until_text("#confirm-dialog", r"differ from another reviewer's on 2 rows")
    app.shot("serve-confirm.png")
    driver.find_element(By.ID, "confirm-back").send_keys(Keys.ENTER)
    check(not app.db().execute("SELECT count(*) FROM verdicts").fetchone()[0],
          "going back submitted the batch")
    driver.find_element(By.ID, "submit-button").click()
    app.wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#confirm-dialog[open]"))
    driver.find_element(By.ID, "confirm-submit").click()
    app.until_text("#outcome", r"Applied as run (\d+)")
    app.until_text("#read-only", r"read-only")
    check(not driver.find_element(By.ID, "submit-button").is_enabled(),
          "the Submit button stays active on the submitted batch")
    app.until(lambda: app.js(
        "const r = document.getElementById('read-only').getBoundingClientRect();"
        "const top = document.querySelector('header').getBoundingClientRect().bottom;"
        "return r.top >= top && r.bottom <= innerHeight"),
        "the read-only notice is out of view after the submit")
    app.shot("serve-submitted.png")
    r.run_id = run_id = int(re.search(r"run (\d+)", app.text("#outcome")).group(1))

    # An answer after the submit is refused, and the store keeps the submitted one.
    before = app.drafts("alice")
    app.open_row(direct, 3)
    app.keys("9" if said[1] != "9" else "8")
    app.until_text("#status", r"read-only")
    app.saved()  # an answer the key gave would be waiting to be saved, and then saved
    check(app.drafts("alice") == before, "an answer after the submit changed a draft")
    check(not driver.find_element(By.ID, "submit-button").is_enabled(),
          "the Submit button is active when the submitted batch is opened again")
    app.keys("s")
    app.until_text("#status", r"read-only: there is nothing left to submit")
    check(app.js("return document.activeElement.id") != "submit-button",
          "s put the focus on Submit of a submitted batch")

    with app.db() as db:
        verdicts = dict(db.execute(
            "SELECT n.material, v.verdict FROM verdicts v JOIN nodes n ON n.key = v.key "
            "WHERE v.batch = 1 AND v.reviewer = 'alice' AND v.run = ?", (run_id,)))
        check(len(verdicts) == n, f"{len(verdicts)} verdicts stored, {n} answered")
        for it, v in zip(items, said):
            score = it["drawn_score"] if v == "ok" else int(v)
            row = db.execute("SELECT score, source, invariable FROM nodes WHERE material = ?",
                             (it["material"],)).fetchone()
            check(row == (score, "expert", 1), f"{it['material']}: stored {row}, said {score}")
        note = db.execute("SELECT note FROM verdicts WHERE run = ? AND note != ''",
                          (run_id,)).fetchall()
        check(note == [("a rook holds the draw\nif black keeps the elephants",)],
              f"the note is not kept with the verdict: {note}")


def blind_before_answering(app, team, skipped, answered):
    """Issue 44, item 1: in a blind review ann's page shows no other answer or note on the row she
    skipped (answered by the others), and the others' on a row she answered; the agreement page
    says the review was blind and gives each kappa its interval."""
    driver = app.driver
    driver.get(f"{team.links['ann']}#/batch/2/{skipped['line']}")
    app.until_text("#blind-note", r"show once you have answered")
    others = [n for n in skipped["assigned"] if n != "ann"]
    check(not any(n in app.text("#answers") for n in others),
          f"ann sees {app.text('#answers')} on a row she has not answered")
    driver.get(f"{team.links['ann']}#/batch/2/{answered['line']}")
    app.until_text("#answers", r"cat: ")
    check(not driver.find_elements(By.ID, "blind-note"), "the blind note on an answered row")
    driver.get(f"{team.links['ann']}#/batch/2/agreement")
    app.until_text("#blind", r"A blind review")
    app.until_text("#pairs", r"\(95%: -?\d\.\d\d to -?\d\.\d\d\)")


def a_lead_and_rows_assigned(r):
    """A lead and three reviewers, rows assigned two each: a reviewer answers only hers, the lead
    settles the disputes and submits."""
    app, driver, truth, work, egkb = r.app, r.driver, r.truth, r.work, r.egkb
    run = r.run
    run("sample", "kb.sqlite", "--size", "12", "--seed", "5", "--exclude-reviewed", "--out",
        "batch2.csv")
    names = ["ann", "ben", "cat"]
    team = Server(egkb, "kb.sqlite", work, *[a for name in names + ["lea"] for a in
                                              ("--reviewer", name)], "--lead", "lea",
                  "--assign", "2", "--blind")
    try:
        def team_api(path, who, data=None, method="GET"):
            request = urllib.request.Request(
                team.base.rstrip("/") + path, method=method,
                headers={"X-Egkb-Token": team.links[who].split("token=")[1],
                         "Content-Type": "application/json", "Origin": team.base.rstrip("/")},
                data=None if data is None else json.dumps(data).encode())
            with urllib.request.urlopen(request) as answer:
                return json.load(answer)
        rows2 = team_api("/api/batches/2", "lea")["items"]
        m2 = len(rows2)
        truth2 = {it["material"]: truth[it["material"]] for it in rows2}
        assigned = {name: [it for it in rows2 if name in it["assigned"]] for name in names}
        check(all(len(assigned[name]) == m2 * 2 // 3 for name in names),
              f"assigned: { {name: len(a) for name, a in assigned.items()} }")
        # ann by keys, 20 ms apart, on her rows only: the first skipped, the rest the truth.
        driver.get(f"{team.links['ann']}#/batch/2")
        app.until_text("#progress", rf"ann: 0 of {len(assigned['ann'])} assigned rows answered")
        app.axe("an assigned reviewer's row", r.axe)
        keys = ["x"] + [key(v) for v in
                        ("ok" if truth2[it["material"]] == it["drawn_score"]
                         else str(truth2[it["material"]]) for it in assigned["ann"][1:])]
        app.keys(*keys, pause=0.02)
        app.saved()
        with app.db() as db:
            ann = db.execute("SELECT count(*) FROM drafts WHERE batch = 2 AND reviewer = "
                             "'ann' AND verdict IS NOT NULL").fetchone()[0]
            check(ann == len(assigned["ann"]) - 1,
                  f"ann answered {ann} rows, not her {len(assigned['ann']) - 1}")
            skipped = db.execute("SELECT count(*) FROM drafts WHERE batch = 2 AND reviewer = "
                                 "'ann' AND skipped = 1 AND verdict IS NULL").fetchone()[0]
            timed = db.execute("SELECT count(*) FROM row_times WHERE batch = 2 AND reviewer "
                               "= 'ann'").fetchone()[0]
        check(skipped == 1, f"{skipped} rows skipped by ann, not 1")
        check(timed == len(assigned["ann"]), f"ann's time kept on {timed} rows")
        only_her_rows(app, team, rows2, assigned["cat"])
        # ben and cat through the API: ben the truth, cat one off on the rows she shares
        # with ann, so the lead has rows to settle.
        disputed = []
        for name in ("ben", "cat"):
            for it in assigned[name]:
                v = truth2[it["material"]]
                if name == "cat" and "ann" in it["assigned"] and it is not assigned["ann"][0]:
                    v = (v + 1) % 10
                    disputed.append(it)
                team_api(f"/api/batches/2/drafts/{it['material']}", name,
                         {"verdict": str(v), "seconds": 4}, "PUT")
        check(disputed, "no row of cat's is shared with ann")
        blind_before_answering(app, team, assigned["ann"][0], disputed[0])
        # The lead: the progress counts the rows settled, the unsettled filter lists the
        # disputes, a submit before they are settled is refused naming them, and d with an
        # answer settles each.
        driver.get(f"{team.links['lea']}#/batch/2")
        app.until_text("#progress", rf"{m2 - len(disputed)} of {m2} settled")
        app.until_text("#lead-note", r"still need")
        app.shot("serve-lead.png")
        app.axe("the lead's row", r.axe)
        for it in disputed:
            driver.get(f"{team.links['lea']}#/batch/2/{it['line']}")
            app.until_text("#disagreement", r"your answer settles it")
            app.keys(str(truth2[it["material"]]))
            app.saved()
        app.until_text("#progress", rf"{m2} of {m2} settled")
        driver.find_element(By.ID, "submit-button").click()
        app.until_text("#outcome", r"Applied as run (\d+)")
        with app.db() as db:
            got = dict(db.execute(
                "SELECT n.material, v.verdict FROM verdicts v JOIN nodes n ON n.key = v.key "
                "WHERE v.batch = 2 AND v.superseded_by IS NULL AND v.reviewer = 'lea'"))
            kept = db.execute("SELECT count(DISTINCT reviewer) FROM verdict_answers WHERE "
                              "batch = 2").fetchone()[0]
        check(got == truth2, f"the settled verdicts {got} differ from the truth {truth2}")
        check(kept == 4, f"the verdicts keep the answers of {kept} reviewers, not 4")
        driver.get(f"{team.links['lea']}#/batch/2/agreement")
        app.until_text("#times", r"ann")
        app.axe("agreement with times", r.axe)
    finally:
        team.stop()


def a_closed_tab(r):
    """Batch 3 drawn; eight answers of a tab closed before they were saved, taken over at once by
    the page opened again (closed_tab)."""
    r.run("sample", "kb.sqlite", "--size", "24", "--seed", "9", "--exclude-reviewed", "--out",
          "batch3.csv")
    r.rows3 = r.api("/api/batches/3")["items"]
    check(len(r.rows3) >= 20, f"batch 3 drew {len(r.rows3)} rows; the test needs 20")
    closed_tab(r.app, r.proxy, r.rows3)


def a_browser_quit(r):
    """Eight answers unsaved when the browser quits, sent by the browser started again
    (browser_quit)."""
    browser_quit(r.app, r.proxy, r.rows3, r.work)


def changes_made_on_an_older_row(r):
    """A closed tab's late answers refused as conflicts, and the reviewer's choice standing
    (conflicts)."""
    conflicts(r.app, r.proxy, r.rows3, r.api)
    r.proxy.delay = 0.3


def the_app_over_https(r):
    """A reviewer's link over HTTPS with a self-signed certificate (over_tls)."""
    over_tls(r.egkb, r.work, r.app, r.rows3)


def accessibility_and_the_console(r):
    """No serious or critical violation in the axe-core scans the cases took, and no error in the
    browser's console but those the test caused."""
    if not os.path.exists(AXE):
        print("browser test: axe-core is not installed (npm ci --prefix tests/serve): the "
              "accessibility scan was skipped")
    else:
        for what, found in r.axe.items():
            print(f"axe, {what}: " + (", ".join(f"{v['id']} ({v['impact']})" for v in found)
                                      or "no violation"))
        serious = [(what, v) for what, found in r.axe.items() for v in found
                   if v["impact"] in ("serious", "critical")]
        check(not serious, "axe found serious or critical violations:\n" + "\n".join(
            f"  {what}: {v['id']} ({v['impact']}): {v['help']} at {v['nodes']}"
            for what, v in serious))
    errors = [e["message"] for e in r.driver.get_log("browser") if e["level"] == "SEVERE"]
    # What the test caused: refusals (422), the server it killed, and 404s of favicons.
    errors = [e for e in errors if not re.search(
        r"/submit|/undo|/drafts/|/api/nodes/|/api/batches|ERR_CONNECTION_REFUSED|"
        r"Failed to fetch|about:blank", e)]
    check(not errors, f"the page logged errors: {errors}")


PIECE_CONTRAST = CONTRAST_RATIO + """
    const side = (name) => [...document.querySelectorAll(`svg.board .piece.${name}`)].map((g) => [
      getComputedStyle(g.querySelector('text')).fill, getComputedStyle(g.querySelector('circle')).fill]);
    const white = side('white'), black = side('black');
    if (!white.length || !black.length) return null;
    const glyph = Math.min(...white.concat(black).map(([t, c]) => ratio(t, c)));
    return [glyph, ratio(white[0][1], black[0][1]), white[0][1], black[0][1]];
"""


def a_chess_base(r):
    """Issue 44, item 4: a chess base's row speaks of White and Black, never red, in the answer's
    heading, the scores' meanings and the evidence's words, and its pieces are told apart in both
    themes: each glyph against its disc, and White's discs against Black's, at least 4.5:1."""
    app, driver = r.app, r.driver
    source = os.path.join(os.path.dirname(os.path.dirname(HERE)), "datasets",
                          "chess-syzygy-6men.csv")
    r.run("import", "chess.sqlite", source, "--from-counts")
    r.run("sample", "chess.sqlite", "--size", "6", "--seed", "1", "--out", "chess-batch.csv")
    chess = Server(r.egkb, "chess.sqlite", r.work)
    try:
        driver.get(f"{chess.base}#/batch/1/2")
        app.set_name("alice")  # another port, another origin: the name is asked again
        app.until_text("#node legend", r"White's side, 0 White wins … 9 Black wins")
        app.until(lambda: driver.find_elements(By.CSS_SELECTOR, "svg.board .piece.black"),
                  "no black piece on the chess board")
        words = app.text("#node")
        red = re.search(r".{0,40}\bred\b.{0,40}", words, re.IGNORECASE | re.DOTALL)
        check(not red, f"a chess row says red: {red and red.group(0)!r}")
        for theme in ("light", "dark"):
            app.cdp("Emulation.setEmulatedMedia", {
                "features": [{"name": "prefers-color-scheme", "value": theme}]})
            measured = app.js(PIECE_CONTRAST)
            check(measured, f"{theme}: no white and black pieces to measure")
            glyph, sides, white, black = measured
            check(glyph >= 4.5 and sides >= 4.5,
                  f"{theme}: chess glyphs {glyph:.2f}:1 on their discs, White's disc {white} "
                  f"against Black's {black} {sides:.2f}:1; 4.5:1 wanted")
            print(f"chess pieces, {theme} mode: glyphs {glyph:.1f}:1 on their discs, "
                  f"White's discs against Black's {sides:.1f}:1")
            app.js("document.getElementById('board-slot').scrollIntoView({block: 'center'})")
            app.shot(f"serve-chess-{theme}.png")
        app.cdp("Emulation.setEmulatedMedia", {"features": []})
    finally:
        chess.stop()


def value_words(v):
    """A value as the board words it, from `egkb solve --position --json`'s keys."""
    if v["value"] == "draw":
        return "draw"
    plies = "ply" if v["distance"] == 1 else "plies"
    return f"{v['value']} in {v['distance']} {plies}, ends in {v['ends_in']}"


def a_solved_row(r):
    """Issue 41 item 2 and issue 44 item 2: a solved row's board shows the exact value that
    `egkb solve --position` reads from the same kept tables, its moves best first; `]` plays the
    best move (the board and the value follow: the command's value of the position reached), a
    click plays another, `[` steps back. A two-sided material names its convention; a row not
    solved says so. At 1440 × 900 the value is in sight with the board and the answers."""
    app, driver = r.app, r.driver
    with open(os.path.join(r.work, "solved.csv"), "w") as f:
        f.write("material,score\nKRKG,1\nKPKP,4\nKNKGGM,5\n")
    r.run("import", "solved.sqlite", "solved.csv")
    r.run("sample", "solved.sqlite", "--size", "3", "--seed", "1", "--out", "solved-batch.csv")
    r.run("solve", "solved.sqlite", "--keep-tables", "tables", "--max-positions", "500000")

    def command(fen):
        out = subprocess.run([r.egkb, "solve", "--position", fen, "--keep-tables", "tables",
                              "--json"], cwd=r.work, check=True, capture_output=True, text=True)
        return json.loads(out.stdout)

    solved = Server(r.egkb, "solved.sqlite", r.work, "--tables", "tables")
    try:
        def get(path):
            with urllib.request.urlopen(solved.base.rstrip("/") + path) as answer:
                return json.load(answer)
        lines = {it["material"]: it["line"] for it in get("/api/batches/1")["items"]}
        driver.get(f"{solved.base}#/batch/1/{lines['KRKG']}")
        app.set_name("alice")  # another port, another origin: the name is asked again
        shown = get("/api/positions/KRKG?index=0")
        start = command(shown["fen"])
        side = start["to_move"].capitalize()
        app.until_text("#exact-value", rf"\(rules: exact\): {side} to move: "
                       + re.escape(value_words(start)))
        listed = app.js("return [...document.querySelectorAll('#moves button')]"
                        ".map((b) => b.dataset.move)")
        check(listed == [m["move"] for m in start["moves"]],
              f"the moves listed {listed} are not the command's, best first")
        size = driver.get_window_size()
        driver.set_window_size(1440, 900)
        app.resized(1440)
        answers, board, value, height = app.js(
            "window.scrollTo(0, 0);"
            "const rect = (css) => document.querySelector(css).getBoundingClientRect();"
            "return [rect('#node .scale').bottom, rect('#board-slot svg.board').bottom,"
            "  rect('#exact-value').bottom, window.innerHeight]")
        check(max(answers, board, value) <= height,
              f"at 1440 × 900 the answers end at {answers:.0f} px, the board at {board:.0f} px "
              f"and its exact value at {value:.0f} px of a window {height} px high")
        app.shot("serve-solved.png")
        # The best move by its key, then another by a click, then both taken back.
        best = start["moves"][0]
        reached = command(shown["exact"]["moves"][0]["fen"])
        app.keys("]")
        app.until_text("#board-title", rf"after {best['move']}")
        app.until_text("#exact-value", rf"{reached['to_move'].capitalize()} to move: "
                       + re.escape(value_words(reached)))
        second = reached["moves"][min(1, len(reached["moves"]) - 1)]
        driver.find_element(By.CSS_SELECTOR, f'#moves button[data-move="{second["move"]}"]').click()
        app.until_text("#line-played", rf"played: {best['move']} {second['move']}")
        app.keys("[")
        app.until_text("#line-played", rf"played: {best['move']}$")
        app.keys("[")
        app.until(lambda: re.search(r"Example position 1 · ", app.text("#board-title")),
                  f"[ does not step back to the first position: {app.text('#board-title')!r}")
        app.until_text("#exact-value", re.escape(value_words(start)))
        with sqlite3.connect(os.path.join(r.work, "solved.sqlite")) as db:
            drafts = db.execute("SELECT count(*) FROM drafts").fetchone()[0]
        check(drafts == 0, f"stepping through a line answered: {drafts} drafts")
        app.axe("a solved row", r.axe)
        app.cdp("Emulation.setEmulatedMedia", {
            "features": [{"name": "prefers-color-scheme", "value": "dark"}]})
        app.settled()
        app.border_contrast("a solved row, dark mode")
        app.shot("serve-solved-dark.png")
        app.cdp("Emulation.setEmulatedMedia", {"features": []})
        driver.set_window_size(size["width"], size["height"])
        # Both sides attack: the convention is named where the value shows.
        driver.get(f"{solved.base}#/batch/1/{lines['KPKP']}")
        app.until_text("#exact-value", r"\(rules: repetition-draw\)")
        # Not solved (beyond the budget): said plainly.
        driver.get(f"{solved.base}#/batch/1/{lines['KNKGGM']}")
        app.until_text("#exact-value", r"Exact value: none\. KNKGGM is not solved")
        app.cdp("Emulation.setDeviceMetricsOverride", {
            "width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
        driver.get(f"{solved.base}#/batch/1/{lines['KRKG']}")
        app.until(lambda: driver.find_elements(By.CSS_SELECTOR, "#moves button"), "no moves")
        app.no_wider_than_window("a solved row on a phone")
        under_header(app, "board-slot")
        app.shot("serve-solved-phone.png")
        app.cdp("Emulation.setDeviceMetricsOverride", {
            "width": 720, "height": 500, "deviceScaleFactor": 2, "mobile": False})
        app.settled()
        app.no_wider_than_window("a solved row at 200% zoom")
        under_header(app, "board-slot")
        app.shot("serve-solved-zoom.png")
        app.cdp("Emulation.clearDeviceMetricsOverride", {})
    finally:
        solved.stop()


CASES = [
    batches_by_key,
    board_and_evidence,
    enter_is_the_controls,
    bursts_through_a_slow_proxy,
    undo_after_reload_flag_and_note,
    find_filters_and_the_row_list,
    undo_then_an_answer_at_every_latency,
    answers_lost_on_the_way,
    the_server_killed_and_started_again,
    time_per_verdict,
    a_refusal_linked_by_line,
    the_neighbourhood_and_its_mirror,
    phone_zoom_and_dark_mode,
    a_second_reviewer_and_agreement,
    names_and_notes_are_text,
    a_reviewers_own_link,
    submit_with_a_warning,
    a_lead_and_rows_assigned,
    a_chess_base,
    a_solved_row,
    a_closed_tab,
    a_browser_quit,
    changes_made_on_an_older_row,
    the_app_over_https,
    accessibility_and_the_console,
]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--egkb", required=True)
    parser.add_argument("--screenshots", required=True)
    args = parser.parse_args()
    os.makedirs(args.screenshots, exist_ok=True)
    work = tempfile.mkdtemp(prefix="egkb-browser-")
    r = Run(os.path.abspath(args.egkb), work, args.screenshots)
    started = time.monotonic()
    try:
        prepare(r)
        for case in CASES:
            began = time.monotonic()
            try:
                case(r)
            except AssertionError as e:
                raise AssertionError(f"case {case.__name__}: {e}") from None
            print(f"case {case.__name__}: passed in {time.monotonic() - began:.1f} s")
        print(f"browser test: {len(CASES)} cases passed in {time.monotonic() - started:.0f} s: "
              f"{r.n} rows answered by keyboard through a slow proxy, a server restart and a "
              f"reload, and submitted (run {r.run_id}); a lead with rows assigned; closed tabs, "
              f"a browser quit, conflicts and HTTPS")
    finally:
        r.close()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
