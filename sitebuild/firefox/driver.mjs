// Drives Debian's Firefox ESR for Python (sitebuild/engines.py): one Firefox, headless,
// over WebDriver BiDi through puppeteer-core (no browser download: the system's
// Firefox), and one page. A command per line of JSON on stdin, an answer per line on
// stdout: {ok: true, value} or {ok: false, error}.
//
//   {"cmd": "open", "firefox": "/usr/bin/firefox-esr", "width": 390, "height": 844}
//   {"cmd": "goto", "url": "..."}            {"cmd": "reload"}
//   {"cmd": "js", "fn": "(a) => ...", "args": [...], "frame": "#game" | null}
//   {"cmd": "screenshot", "path": "..."}     {"cmd": "close"}
//
// `fn` is a function's source, called in the page (or in the iframe `frame` names)
// with `args`; its value, awaited, comes back as JSON. It is not evaluated by the
// page: the protocol calls it, so a page's Content-Security-Policy does not govern it.

import readline from "node:readline";
import puppeteer from "puppeteer-core";

let browser = null;
let page = null;

async function inFrame(selector) {
  if (!selector) return page;
  const handle = await page.$(selector);
  const frame = handle && (await handle.contentFrame());
  if (!frame) throw new Error(`no frame ${selector}`);
  return frame;
}

const commands = {
  async open({ firefox, width = 1280, height = 800 }) {
    browser = await puppeteer.launch({ browser: "firefox", executablePath: firefox, headless: true,
      protocolTimeout: 600_000 });
    page = await browser.newPage();
    await page.setViewport({ width, height });
    return browser.version();
  },
  async goto({ url }) {
    await page.goto(url, { waitUntil: "domcontentloaded", timeout: 120_000 });
  },
  async reload() {
    await page.reload({ waitUntil: "domcontentloaded", timeout: 120_000 });
  },
  async js({ fn, args = [], frame = null }) {
    const target = await inFrame(frame);
    return target.evaluate(new Function(`return (${fn});`)(), ...args);
  },
  async screenshot({ path }) {
    await page.screenshot({ path });
  },
  async close() {
    await browser?.close();
    browser = null;
  },
};

const lines = readline.createInterface({ input: process.stdin });
for await (const line of lines) {
  let answer, cmd;
  try {
    const { cmd: name, ...rest } = JSON.parse(line);
    cmd = name;
    answer = { ok: true, value: (await commands[cmd](rest)) ?? null };
  } catch (e) {
    answer = { ok: false, error: String(e?.message ?? e) };
  }
  process.stdout.write(JSON.stringify(answer) + "\n");
  if (cmd === "close") break;
}
await browser?.close();
process.exit(0); // (the input's reader would keep Node waiting)
