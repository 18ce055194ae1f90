"""The browser engines the HTML checks run in, behind one small interface.

    chromium  Debian's Chromium, driven by Playwright (PyPI) with its own launcher
    webkit    WebKitGTK's MiniBrowser (Debian webkit2gtk-driver) through WebDriver, with Selenium
              (PyPI), on a virtual display from Xvfb
    firefox   Firefox ESR (Debian firefox-esr) through Marionette, its own remote protocol,
              with marionette_driver (PyPI): no geckodriver needed

A tab is opened at a width and colour scheme, and scripts are evaluated in it. The WebDriver
engines cannot make their windows as narrow as a phone, so the page is loaded in an iframe of
exactly the width asked for and every script runs inside that frame: media queries, container
queries and layout see the width a reader's browser would have.

`open_engine` raises `Missing` when an engine cannot be started here; the scripts exit with
status 3 then, so a test can report "could not check" rather than "passed".
"""

import atexit
import os
import pathlib
import shutil
import signal
import socket
import subprocess
import tempfile
import time

# A test runner may start this script with signals blocked (Foundation's Process does); every
# browser process below inherits the mask, and would then ignore being told to stop.
signal.pthread_sigmask(signal.SIG_SETMASK, [])

CHROMIUM = "/usr/bin/chromium"
WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver"
FIREFOX = "/usr/bin/firefox-esr"
ENGINES = ("chromium", "webkit", "firefox")


class Missing(Exception):
    """The engine or its driver is not installed here."""


def open_engine(name):
    if name == "chromium":
        return Chromium()
    if name == "webkit":
        return WebKit()
    if name == "firefox":
        return Firefox()
    raise Missing(f"unknown engine {name}")


class _Engine:
    """Each engine is a context manager that closes its browser on the way out."""

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def _call(function):
    """Script that calls a JavaScript function given as source with one argument, awaiting it."""
    return f"return Promise.resolve(({function})(arguments[0]));"


# -- Chromium ------------------------------------------------------------------------------------


class Chromium(_Engine):
    name = "chromium"

    def __init__(self):
        try:
            from playwright.sync_api import sync_playwright
        except ImportError as error:
            raise Missing("playwright") from error
        if not os.access(CHROMIUM, os.X_OK):
            raise Missing(CHROMIUM)
        self._playwright = sync_playwright().start()
        self._browser = self._playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])

    def tab(self, url, width, height=900, scheme="light"):
        page = self._browser.new_page(viewport={"width": width, "height": height}, color_scheme=scheme)
        dialogs = []
        page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
        page.goto(url)
        page.wait_for_load_state("load")
        return ChromiumTab(page, dialogs)

    def close(self):
        self._browser.close()
        self._playwright.stop()


class ChromiumTab:
    def __init__(self, page, dialogs):
        self.page = page
        self.dialogs = dialogs

    def evaluate(self, function, arg=None):
        return self.page.evaluate(function, arg)

    def add_style(self, css):
        self.page.add_style_tag(content=css)

    def screenshot(self, path, clip=None):
        self.page.screenshot(path=path, full_page=True, clip=clip)

    def wait(self, milliseconds):
        self.page.wait_for_timeout(milliseconds)

    def close(self):
        self.page.close()


# -- The WebDriver engines: a frame of the asked width ------------------------------------------


_frames = []  # the one folder of frame pages this script writes, removed when it exits


def _frame_folder():
    if not _frames:
        _frames.append(pathlib.Path(tempfile.mkdtemp(prefix="whatsnew-frames-")))
        atexit.register(shutil.rmtree, _frames[0], ignore_errors=True)
    return _frames[0]


def _frame_page(url, width, height):
    """A page holding `url` in an iframe of exactly `width` CSS pixels."""
    folder = _frame_folder()
    page = folder / f"frame-{len(os.listdir(folder))}.html"
    page.write_text(
        "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><style>html, body { margin: 0; background: #808080; }"
        f" iframe {{ display: block; border: 0; width: {width}px; height: {height}px; }}</style></head>"
        f"<body><iframe id=\"sheet\" src=\"{url}\"></iframe></body></html>")
    return page.as_uri()


class FramedTab:
    """Shared by WebKit and Firefox: scripts run inside the frame; dialogs are collected."""

    def __init__(self, driver, height):
        self.driver = driver
        self.height = height
        self.dialogs = []

    def evaluate(self, function, arg=None):
        self._dismiss_dialogs()
        return self._run(_call(function), arg)

    def add_style(self, css):
        self.evaluate("""css => { const style = document.createElement('style');
            style.textContent = css; document.head.appendChild(style); }""", css)

    def wait(self, milliseconds):
        time.sleep(milliseconds / 1000)
        self._dismiss_dialogs()

    def forget(self):
        """Each tab starts as a fresh one does in Playwright: what a page stored (MkDocs Material
        keeps its palette in localStorage) must not carry into the next."""
        try:
            self._run("try { localStorage.clear(); sessionStorage.clear(); } catch (error) {}", None)
        except Exception:
            pass

    def screenshot(self, path, clip=None):
        # The whole page: the frame grown to its document's height, then the frame's picture.
        full = self.evaluate("() => Math.ceil(document.documentElement.scrollHeight)")
        self._outside(f"document.getElementById('sheet').style.height = '{max(full, self.height)}px'")
        pathlib.Path(path).write_bytes(self._frame_png())


class WebKit(_Engine):
    name = "webkit"

    def __init__(self):
        try:
            from selenium import webdriver  # noqa: F401
        except ImportError as error:
            raise Missing("selenium") from error
        if not os.access(WEBKIT_DRIVER, os.X_OK) or _minibrowser() is None:
            raise Missing(WEBKIT_DRIVER)
        self._display = _VirtualDisplay()
        self._drivers = {}

    def _driver(self, scheme):
        # WebKitGTK takes prefers-color-scheme from the GTK theme, so each scheme has its browser.
        if scheme not in self._drivers:
            from selenium import webdriver
            from selenium.webdriver.webkitgtk.options import Options
            from selenium.webdriver.webkitgtk.service import Service
            options = Options()
            options.binary_location = _minibrowser()
            options.add_argument("--automation")
            environment = dict(os.environ, DISPLAY=self._display.name)
            if scheme == "dark":
                environment["GTK_THEME"] = "Adwaita:dark"
            service = Service(executable_path=WEBKIT_DRIVER, env=environment)
            driver = webdriver.WebKitGTK(options=options, service=service)
            driver.set_window_size(1400, 1000)
            self._drivers[scheme] = driver
        return self._drivers[scheme]

    def tab(self, url, width, height=900, scheme="light"):
        driver = self._driver(scheme)
        driver.switch_to.default_content()
        driver.get(_frame_page(url, width, height))
        tab = WebKitTab(driver, height)
        tab.enter()
        return tab

    def close(self):
        for driver in self._drivers.values():
            try:
                driver.quit()
            except Exception:
                pass
        self._display.close()


class WebKitTab(FramedTab):
    def enter(self):
        from selenium.webdriver.support.ui import WebDriverWait
        self._dismiss_dialogs()
        frame = self.driver.find_element("id", "sheet")
        self.driver.switch_to.frame(frame)
        WebDriverWait(self.driver, 20).until(
            lambda d: self._safe("return document.readyState") == "complete")
        self._dismiss_dialogs()

    def _safe(self, script):
        try:
            return self.driver.execute_script(script)
        except Exception:
            self._dismiss_dialogs()
            return None

    def _run(self, script, arg):
        return self.driver.execute_script(script, arg)

    def _dismiss_dialogs(self):
        from selenium.common.exceptions import NoAlertPresentException
        while True:
            try:
                alert = self.driver.switch_to.alert
                self.dialogs.append(alert.text)
                alert.dismiss()
            except NoAlertPresentException:
                return
            except Exception:
                return

    def _outside(self, script):
        self.driver.switch_to.default_content()
        self.driver.execute_script(script)
        self.driver.switch_to.frame(self.driver.find_element("id", "sheet"))

    def _frame_png(self):
        self.driver.switch_to.default_content()
        png = self.driver.find_element("id", "sheet").screenshot_as_png
        self.driver.switch_to.frame(self.driver.find_element("id", "sheet"))
        return png

    def close(self):
        self.forget()
        self.driver.switch_to.default_content()


class Firefox(_Engine):
    name = "firefox"

    def __init__(self):
        try:
            from marionette_driver.marionette import Marionette
        except ImportError as error:
            raise Missing("marionette_driver") from error
        if not os.access(FIREFOX, os.X_OK):
            raise Missing(FIREFOX)
        self._profile = tempfile.mkdtemp(prefix="whatsnew-firefox-")
        port = _free_port()
        pathlib.Path(self._profile, "user.js").write_text(
            f'user_pref("marionette.port", {port});\n'
            'user_pref("browser.shell.checkDefaultBrowser", false);\n'
            'user_pref("datareporting.policy.dataSubmissionEnabled", false);\n'
            'user_pref("security.fileuri.strict_origin_policy", false);\n')
        self._process = subprocess.Popen(
            [FIREFOX, "--headless", "--marionette", "--remote-allow-system-access", "--no-remote", "--profile", self._profile],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self._client = Marionette(host="127.0.0.1", port=port, startup_timeout=60)
        self._client.start_session()
        self._client.set_window_rect(width=1400, height=1000)
        self._scheme = None

    def tab(self, url, width, height=900, scheme="light"):
        client = self._client
        if scheme != self._scheme:
            # 0 dark, 1 light: what the page's prefers-color-scheme reports.
            client.set_pref("layout.css.prefers-color-scheme.content-override", 0 if scheme == "dark" else 1)
            self._scheme = scheme
        client.switch_to_frame()
        client.navigate(_frame_page(url, width, height))
        tab = FirefoxTab(client, height)
        tab.enter()
        return tab

    def close(self):
        try:
            self._client.delete_session()
        except Exception:
            pass
        self._process.terminate()
        try:
            self._process.wait(10)
        except subprocess.TimeoutExpired:
            self._process.kill()
        shutil.rmtree(self._profile, ignore_errors=True)


class FirefoxTab(FramedTab):
    def enter(self):
        from marionette_driver.by import By
        self._dismiss_dialogs()
        self.driver.switch_to_frame(self.driver.find_element(By.ID, "sheet"))
        deadline = time.time() + 20
        while self._run("return document.readyState", None) != "complete" and time.time() < deadline:
            time.sleep(0.05)
        self._dismiss_dialogs()

    def _run(self, script, arg):
        return self.driver.execute_script(script, script_args=[arg], sandbox=None)

    def _dismiss_dialogs(self):
        from marionette_driver.marionette import Alert
        while True:
            try:
                alert = Alert(self.driver)
                self.dialogs.append(alert.text)
                alert.dismiss()
            except Exception:
                return

    def _outside(self, script):
        from marionette_driver.by import By
        self.driver.switch_to_frame()
        self.driver.execute_script(script, sandbox=None)
        self.driver.switch_to_frame(self.driver.find_element(By.ID, "sheet"))

    def _frame_png(self):
        from marionette_driver.by import By
        self.driver.switch_to_frame()
        frame = self.driver.find_element(By.ID, "sheet")
        png = self.driver.screenshot(element=frame, format="binary")
        self.driver.switch_to_frame(frame)
        return png

    def close(self):
        self.forget()
        self.driver.switch_to_frame()


# -- Helpers ---------------------------------------------------------------------------------------


def _minibrowser():
    for candidate in ("/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser",
                      "/usr/lib/aarch64-linux-gnu/webkit2gtk-4.1/MiniBrowser",
                      "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.0/MiniBrowser"):
        if os.access(candidate, os.X_OK):
            return candidate
    return None


def _free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class _VirtualDisplay:
    """Xvfb on a display of its own, or the display this process already has."""

    def __init__(self):
        self._process = None
        if os.environ.get("DISPLAY"):
            self.name = os.environ["DISPLAY"]
            return
        if shutil.which("Xvfb") is None:
            raise Missing("Xvfb")
        for number in range(90, 140):
            if not os.path.exists(f"/tmp/.X11-unix/X{number}") and not os.path.exists(f"/tmp/.X{number}-lock"):
                break
        self.name = f":{number}"
        self._process = subprocess.Popen(["Xvfb", self.name, "-screen", "0", "1600x1200x24", "-nolisten", "tcp"],
                                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.time() + 10
        while not os.path.exists(f"/tmp/.X11-unix/X{number}") and time.time() < deadline:
            time.sleep(0.05)

    def close(self):
        if self._process:
            self._process.terminate()
            try:
                self._process.wait(5)
            except subprocess.TimeoutExpired:
                self._process.kill()
                self._process.wait()
