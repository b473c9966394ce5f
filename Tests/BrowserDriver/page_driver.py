"""Drives `sluice serve`'s page in headless Chromium for the Swift browser test.

Reads one JSON request per line on standard input and answers each with one JSON line on
standard output: {"ok": true, "value": ...} or {"ok": false, "error": "..."}. Every wait is
for a condition in the page (selenium's WebDriverWait), never a fixed sleep.

Requests:
  {"do": "open", "url": U}                      open the page, wait until it has drawn
  {"do": "wait", "js": EXPR}                    wait until EXPR is truthy; its value
  {"do": "eval", "js": EXPR}                    EXPR's value
  {"do": "click", "css": SELECTOR}              click the first element that matches
  {"do": "drag", "css": SELECTOR, "to": F}      press on the element's centre, move to F of its width
                                                (0: its left end, 1: its right end), release
  {"do": "key", "css": SELECTOR, "key": NAME}   a key (selenium's Keys.NAME) on the element
  {"do": "screenshot", "path": P}               the window, as PNG
  {"do": "quit"}
"""

import json
import sys

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

TIMEOUT = 60


def start():
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1400,900",
                     "--disable-gpu"]:
        options.add_argument(argument)
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def wait(driver, expression):
    return WebDriverWait(driver, TIMEOUT).until(lambda d: d.execute_script("return (" + expression + ")"))


def handle(driver, request):
    action = request["do"]
    if action == "open":
        driver.get(request["url"])
        return wait(driver, "document.body.dataset.ready === 'true'")
    if action == "wait":
        return wait(driver, request["js"])
    if action == "eval":
        return driver.execute_script("return (" + request["js"] + ")")
    if action == "click":
        # The page redraws a list whenever the session moves on: an element found just before
        # a redraw is stale by the time it is clicked, so it is found again.
        def clicked(d):
            d.find_element(By.CSS_SELECTOR, request["css"]).click()
            return True
        ignored = (NoSuchElementException, StaleElementReferenceException)
        return WebDriverWait(driver, TIMEOUT, ignored_exceptions=ignored).until(clicked)
    if action == "drag":
        element = driver.find_element(By.CSS_SELECTOR, request["css"])
        offset = int((request["to"] - 0.5) * (element.size["width"] - 2))
        ActionChains(driver).click_and_hold(element).move_by_offset(offset, 0).release().perform()
        return True
    if action == "key":
        driver.find_element(By.CSS_SELECTOR, request["css"]).send_keys(getattr(Keys, request["key"]))
        return True
    if action == "screenshot":
        return driver.save_screenshot(request["path"])
    raise ValueError("unknown request " + action)


def main():
    driver = start()
    try:
        print(json.dumps({"ok": True, "value": "started"}), flush=True)
        for line in sys.stdin:
            request = json.loads(line)
            if request["do"] == "quit":
                break
            try:
                answer = {"ok": True, "value": handle(driver, request)}
            except Exception as error:  # reported to the Swift test, which fails with it
                answer = {"ok": False, "error": f"{request}: {type(error).__name__}: {error}"}
            print(json.dumps(answer), flush=True)
    finally:
        driver.quit()


if __name__ == "__main__":
    main()
