// The page of `dama serve` in a real browser: Debian's chromium driven by playwright-core.
// Starts the release binary on a free loopback port, plays through the page as a person
// would (taps, drags, keys, two players in a room) and keeps screenshots in artefacts/.
import { chromium } from "playwright-core";
import { spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join } from "node:path";

const BIN = process.env.DAMA_BIN || "../../target/release/dama";
const SHOTS = process.env.SHOTS || "artefacts";
mkdirSync(SHOTS, { recursive: true });

function startServer() {
  const proc = spawn(BIN, ["serve", "--listen", "127.0.0.1:0", "--time", "0.05", "--hint-time", "0.05", "--dropout", "2", "--search-threads", "2"], { stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    let out = "";
    proc.stdout.on("data", d => {
      out += d;
      const m = out.match(/open (http:\/\/[0-9.:]+\/)/);
      if (m) resolve({ proc, url: m[1] });
    });
    proc.on("exit", code => reject(new Error("dama serve exited with " + code)));
    setTimeout(() => reject(new Error("dama serve did not start")), 20000);
  });
}

function assert(ok, what) { if (!ok) throw new Error(what); }

// The centre of the square named `name` on the page's board.
async function centre(page, name) {
  return page.evaluate(n => {
    const sq = [...L.byNum.values()].find(s => s.name === n);
    const r = document.querySelector(`rect[data-sq="${sq.n}"]`).getBoundingClientRect();
    return { x: r.left + r.width / 2, y: r.top + r.height / 2, n: sq.n };
  }, name);
}

async function tap(page, name) {
  const c = await centre(page, name);
  await page.mouse.click(c.x, c.y);
  return c.n;
}

const state = page => page.evaluate(() => S && { ply: S.ply, side: S.side, you: S.you, moves: S.moves, last: S.last, over: S.over, room: S.room, history: S.history, started: S.started, thinking: S.thinking });
async function waitFor(page, fn, arg, what) {
  try { await page.waitForFunction(fn, arg, { timeout: 15000 }); } catch (e) { throw new Error("timed out waiting for " + what); }
}

async function newGame(page, url, { level = 1, colour = "white", variant = "czech" } = {}) {
  await page.goto(url);
  await page.evaluate(() => localStorage.clear());
  await page.goto(url);
  await page.waitForSelector("#play-engine");
  await page.selectOption("#variant", variant);
  await page.check(`input[name=level][value="${level}"]`);
  await page.selectOption("#colour", colour);
  await page.click("#play-engine");
  await waitFor(page, () => S && S.moves.length > 0, null, "the first move");
}

const tests = {
  async "tap a man, then a dotted square: the engine answers"(ctx, url) {
    const page = await ctx.newPage();
    await newGame(page, url);
    await tap(page, "c3");
    const dots = await page.locator("circle.dot").count();
    assert(dots === 2, "c3 has two dotted targets, not " + dots);
    await page.screenshot({ path: join(SHOTS, "01-selected.png") });
    await tap(page, "d4");
    await waitFor(page, () => S.ply === 2 && S.moves.length > 0, null, "the engine's answer");
    const s = await state(page);
    assert(s.history[0].length === 2, "the move was played");
    await page.screenshot({ path: join(SHOTS, "02-answered.png") });
    // reload: the game is resumed from the browser's storage
    await page.reload();
    await waitFor(page, () => S && S.ply === 2, null, "the resumed game");
    const r = await state(page);
    assert(JSON.stringify(r.history) === JSON.stringify(s.history), "the same moves after reload");
    await page.screenshot({ path: join(SHOTS, "03-resumed.png") });
  },

  async "an illegal move shakes the piece and shows the reason"(ctx, url) {
    const page = await ctx.newPage();
    await newGame(page, url);
    await tap(page, "c3");
    await tap(page, "c5");
    await waitFor(page, () => document.getElementById("msg").textContent.length > 10, null, "the reason");
    const msg = await page.textContent("#msg");
    assert(/c3|c5|move|square/i.test(msg), "a reason that names the move: " + msg);
    assert(await page.locator("g.shake").count() === 1, "the piece shakes");
    await page.screenshot({ path: join(SHOTS, "04-illegal.png") });
  },

  async "a capture with two paths: the first jump is tapped first"(ctx, url) {
    const page = await ctx.newPage();
    await newGame(page, url);
    await page.evaluate(() => send({ t: "new", variant: "czech", level: 1, colour: "white", fen: "W:Wc3:Bb4,d4,b6,d6,h8" }));
    await waitFor(page, () => S.fen && S.moves.length === 2, null, "the position with two paths");
    await tap(page, "c3");
    assert(await page.locator("polyline.path").count() === 2, "both capture paths drawn dashed");
    assert(await page.locator("circle.captured").count() === 4, "the four pieces to be taken ringed");
    await page.screenshot({ path: join(SHOTS, "05-two-paths.png") });
    await tap(page, "c7");
    const msg = await page.textContent("#msg");
    assert(msg.length > 10, "the page asks for the first jump");
    assert(await page.locator("circle.step").count() === 2, "the two first jumps marked");
    await page.screenshot({ path: join(SHOTS, "06-first-jump.png") });
    const e5 = await tap(page, "e5");
    await tap(page, "c7");
    await waitFor(page, () => S.ply >= 1, null, "the capture");
    const s = await state(page);
    assert(s.history[0].length === 3 && s.history[0][1] === e5, "played through e5: " + JSON.stringify(s.history[0]));
  },

  async "drag a man to its square"(ctx, url) {
    const page = await ctx.newPage();
    await newGame(page, url);
    const from = await centre(page, "e3"), to = await centre(page, "f4");
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 5 });
    await page.mouse.move(to.x, to.y, { steps: 5 });
    await page.mouse.up();
    await waitFor(page, () => S.ply === 2, null, "the dragged move and its answer");
    const s = await state(page);
    assert(s.history[0][0] === from.n && s.history[0][1] === to.n, "e3-f4 was played");
  },

  async "keyboard: arrows, Enter and Esc play a move"(ctx, url) {
    const page = await ctx.newPage();
    await newGame(page, url);
    await page.focus("#board");
    // the cursor starts on e1 (White at the bottom): to c3, select, Esc, select again, to d4
    for (const k of ["ArrowLeft", "ArrowLeft", "ArrowUp", "ArrowUp", "Enter"]) await page.keyboard.press(k);
    assert(await page.locator("circle.selected").count() === 1, "Enter selects the man");
    await page.keyboard.press("Escape");
    assert(await page.locator("circle.selected").count() === 0, "Esc cancels");
    await page.keyboard.press(" ");
    for (const k of ["ArrowRight", "ArrowUp", "Enter"]) await page.keyboard.press(k);
    await waitFor(page, () => S.ply === 2, null, "the move and its answer");
    await page.screenshot({ path: join(SHOTS, "07-keyboard.png") });
  },

  async "hint, undo, flip, counters, PDN and the end of a game"(ctx, url) {
    const page = await ctx.newPage();
    await newGame(page, url, { level: 2 });
    await page.click("#hint");
    await waitFor(page, () => ui.hint && !ui.hint.whole, null, "the hinted piece");
    await page.click("#hint");
    await waitFor(page, () => ui.hint && ui.hint.whole, null, "the hinted path");
    await page.screenshot({ path: join(SHOTS, "08-hint.png") });
    const path = await page.evaluate(() => ui.hint.path);
    await page.evaluate(p => play(p), path);
    await waitFor(page, () => S.ply === 2, null, "the answer");
    await page.click("#undo");
    await waitFor(page, () => S.ply === 0, null, "the undo");
    await page.click("#flip");
    await page.click("#counters-btn");
    assert((await page.locator("#counters li").count()) >= 2, "the draw rules' counters");
    await page.click("#pdn-btn");
    assert((await page.inputValue("#pdn")).includes("[GameType"), "the PDN");
    await page.screenshot({ path: join(SHOTS, "09-flipped-counters-pdn.png") });
    page.once("dialog", d => d.accept());
    await page.click("#resign");
    await waitFor(page, () => S.over && S.over.cause === "resigned", null, "the resignation");
    const status = await page.textContent("#status");
    assert(status.includes("1-0") || status.includes("0-1"), "the end is shown: " + status);
    await page.screenshot({ path: join(SHOTS, "10-resigned.png") });
  },

  async "two browsers play each other through a room"(ctx, url, browser) {
    const a = await ctx.newPage();
    await a.goto(url);
    await a.evaluate(() => localStorage.clear());
    await a.goto(url);
    await a.click("#play-friend");
    await a.waitForSelector("#room-code:not(:empty)");
    await waitFor(a, () => document.getElementById("qr").src.startsWith("data:image/svg+xml"), null, "the QR code");
    await a.screenshot({ path: join(SHOTS, "11-room-created.png") });
    const link = await a.getAttribute("#room-link", "href");
    const other = await browser.newContext({ locale: "en-US", viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const b = await other.newPage();
    await b.goto(link);
    await waitFor(a, () => S && S.started, null, "the friend joins");
    await waitFor(b, () => S && S.started, null, "the room starts");
    const sa = await state(a), sb = await state(b);
    assert(sa.you !== sb.you, "one colour each");
    const [white, black] = sa.you === "white" ? [a, b] : [b, a];
    const flippedForBlack = await black.evaluate(() => { const c3 = [...L.byNum.values()].find(s => s.name === "c3"); return c3.sy; });
    assert(flippedForBlack < 3, "Black's board is turned (his men at the bottom)");
    const mv = (await state(white)).moves[0].path;
    await white.evaluate(p => play(p), mv);
    await waitFor(black, () => S.ply === 1 && S.moves.length > 0, null, "the move reaches the other browser");
    // Black moves by tapping on the phone
    const bs = await state(black);
    const names = await black.evaluate(p => p.map(n => L.byNum.get(n).name), bs.moves[0].path);
    for (const n of names) {
      const c = await centre(black, n);
      if (black === b) await black.touchscreen.tap(c.x, c.y); else await black.mouse.click(c.x, c.y);
    }
    await waitFor(white, () => S.ply === 2, null, "the tapped move reaches White");
    await a.screenshot({ path: join(SHOTS, "12-room-" + sa.you + ".png") });
    await b.screenshot({ path: join(SHOTS, "13-room-phone-" + sb.you + ".png") });
    await other.close();
  },

  async "languages: Slovak from the browser, switchable to English, variants by their names"(ctx, url, browser) {
    const sk = await browser.newContext({ locale: "sk-SK" });
    const page = await sk.newPage();
    await page.goto(url);
    await page.waitForSelector("#play-engine");
    assert((await page.textContent("#play-engine")).includes("Hrať"), "Slovak by the browser's language");
    const czech = () => page.textContent('#variant option[value="czech"]');
    assert(await czech() === "Česká dáma", "the variant's Slovak name, not " + await czech());
    await page.selectOption("#lang", "en");
    assert((await page.textContent("#play-engine")).includes("Play"), "English when chosen");
    assert(await czech() === "Czech draughts", "the variant's English name, not " + await czech());
    const names = await page.$$eval("#variant option", os => os.map(o => o.textContent));
    assert(names.every(n => /[A-Z]/.test(n)), "every variant shown by its display name: " + names.join(", "));
    await page.screenshot({ path: join(SHOTS, "00-start.png") });
    await sk.close();
  },
};

const { proc, url } = await startServer();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  // a fresh user-data-dir: playwright gives each launch a new temporary profile
});
let passed = 0, failed = 0;
for (const [name, test] of Object.entries(tests)) {
  const ctx = await browser.newContext({ locale: "cs-CZ", viewport: { width: 1000, height: 900 } });
  try {
    await test(ctx, url, browser);
    passed++;
    console.log("ok   " + name);
  } catch (e) {
    failed++;
    console.log("FAIL " + name + ": " + e.message);
    const pages = ctx.pages();
    if (pages.length) await pages[pages.length - 1].screenshot({ path: join(SHOTS, "failed-" + passed + failed + ".png") }).catch(() => {});
  }
  await ctx.close();
}
await browser.close();
proc.kill();
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
