// The page of `tripot web` in a real browser: playwright-core drives Debian's chromium (no
// browser download). Run by client/cli/tests/web.rs, which starts the servers and passes:
//   CHROMIUM            the browser to run
//   TRIPOT_URL          a local `tripot web` (http://127.0.0.1:PORT/)
//   TRIPOT_LAN_URL      a `tripot web --lan`, reached through loopback with its token
//   TRIPOT_LAN_NO_TOKEN the same server without the token
//   TRIPOT_NEAR_END     a position one move from camp A's win
//   TRIPOT_LANE         a position where k3 hops k3-k5-m5
//   TRIPOT_SCREENSHOTS  (optional) a folder to write web-desktop.png and web-phone.png into
// Prints "all browser checks passed" at the end; any failed check throws (exit 1).

import path from "node:path";
import { env, check, checksMade, launchBrowser, SHOTS, TIMEOUT, openPage, phoneContext, goHome } from "./checks.mjs";

const BASE = env("TRIPOT_URL");
const LAN = env("TRIPOT_LAN_URL");
const LAN_NO_TOKEN = env("TRIPOT_LAN_NO_TOKEN");
const NEAR_END = env("TRIPOT_NEAR_END");
const LANE = env("TRIPOT_LANE");

const hole = (name) => `[data-hole="${name}"]`;
const historyLength = (page) => page.locator("#history li").count();

// Waits until the player may act (the computer has played and every move is shown).
async function playerToMove(page) {
  await page.waitForSelector('body[data-next="player"]', { timeout: TIMEOUT });
}

async function soloMoveByClicks(page) {
  check((await page.locator("g.hole").count()) === 121, "the board has 121 holes");
  check((await page.locator("g.hole .pawn").count()) === 20, "20 pawns at the start of format 1");
  await page.click(hole("m4"));
  await page.waitForSelector('body[data-selected="m4"]');
  check((await page.locator("g.hole.jump").count()) > 0, "the picked pawn's destinations light up");
  check(await page.locator(`${hole("m5")}.jump`).isVisible(), "m5 is a destination of m4");
  await page.hover(hole("m5"));
  await page.waitForSelector(".path-line", { timeout: TIMEOUT });
  check(true, "hovering a destination shows its path");
  await page.click(hole("m5"));
  await page.waitForFunction(() => document.querySelectorAll("#history li").length === 2, null, { timeout: TIMEOUT });
  await playerToMove(page);
  check((await page.locator(`${hole("m5")} .pawn-S`).count()) === 1, "the pawn stands on m5");
  check((await page.locator("#history li").first().textContent()).includes("m4-m5"), "the history lists m4-m5");
}

async function hintAndUndo(page) {
  await page.click("#hint");
  await page.waitForSelector("g.hole.hinted", { timeout: TIMEOUT });
  check((await page.locator("#message").textContent()).startsWith("Indice"), "the hint is named in French");
  await page.click("#undo");
  await page.waitForFunction(() => document.querySelectorAll("#history li").length === 0, null, { timeout: TIMEOUT });
  await playerToMove(page);
  check((await page.locator(`${hole("m4")} .pawn-S`).count()) === 1, "undo puts m4 back");
}

async function keyboard(context) {
  const page = await openPage(context, BASE);
  await page.keyboard.press("ArrowUp");
  const start = await page.evaluate(() => document.body.dataset.cursor);
  check(Boolean(start) && (await page.locator(`${hole(start)} .pawn-S`).count()) === 1, `the arrows start on a pawn (${start})`);
  await page.keyboard.press("Enter");
  await page.waitForSelector(`body[data-selected="${start}"]`);
  check(true, "Enter picks the pawn under the cursor");
  // Up the board until the cursor stands on a destination (the pawns in front come first).
  let to = null;
  for (let i = 0; i < 6 && !(to && (await page.locator(`${hole(to)}.jump`).count())); i++) {
    await page.keyboard.press("ArrowUp");
    to = await page.evaluate(() => document.body.dataset.cursor);
  }
  check((await page.locator(`${hole(to)}.jump`).count()) === 1, `the cursor reaches a destination (${to})`);
  await page.keyboard.press("Enter");
  await page.waitForFunction(() => document.querySelectorAll("#history li").length === 2, null, { timeout: TIMEOUT });
  check((await page.locator("#history li").first().textContent()).includes(`${start}-${to}`), "Enter plays the move");
  await page.close();
}

async function chainHopByHop(context) {
  const page = await openPage(context, `${BASE}?mode=duel&position=${encodeURIComponent(LANE)}`);
  await page.click(hole("k3"));
  await page.waitForSelector('body[data-selected="k3"]');
  await page.click("#hop-mode");
  await page.click(hole("k5"));
  await page.waitForSelector('body[data-selected="k3-k5"]', { timeout: TIMEOUT });
  check((await historyLength(page)) === 0, "a hop plays nothing yet");
  check(await page.locator("#end-jump").isEnabled(), "« Fin du saut » is offered during the chain");
  check((await page.locator(`${hole("m5")}.hop`).count()) === 1, "the next hop m5 lights up");
  await page.click(hole("m5"));
  // The chain either ends by itself (no hop left) or waits for « Fin du saut ».
  await page.waitForFunction(
    () => document.body.dataset.selected === "k3-k5-m5" || document.querySelectorAll("#history li").length === 1,
    null,
    { timeout: TIMEOUT },
  );
  if ((await historyLength(page)) === 0) {
    await page.click("#end-jump");
  }
  await page.waitForFunction(() => document.querySelectorAll("#history li").length === 1, null, { timeout: TIMEOUT });
  await playerToMove(page);
  check((await page.locator("#history li").first().textContent()).includes("k3-k5-m5"), "the chain k3-k5-m5 was played");
  check((await page.locator(`${hole("m5")} .pawn-S`).count()) === 1, "the pawn ended on m5");
  await page.close();
}

async function playToTheEnd(context) {
  const page = await openPage(context, `${BASE}?position=${encodeURIComponent(NEAR_END)}`);
  await page.click(hole("h13"));
  await page.waitForSelector('body[data-selected="h13"]');
  await page.click(hole("h14"));
  await page.waitForSelector('body[data-next="over"]', { timeout: TIMEOUT });
  await page.waitForSelector("#end:not([hidden])", { timeout: TIMEOUT });
  check((await page.locator("#end-title").textContent()) === "Joueur 1 gagne !", "the end says « Joueur 1 gagne ! »");
  await page.close();
}

// The one form: the duel's formats are games of the catalogue, its seats a person or a level.
async function newGameForm(context) {
  const page = await openPage(context, BASE);
  check((await page.locator("form h2").count()) === 1, "one « Nouvelle partie » form");
  await goHome(page);
  check((await page.inputValue("#play-game")) === "tripot", "the duel is the first game offered");
  await page.selectOption("#play-game", "tripot-f3");
  await page.selectOption("#play-seat-2", "human");
  await page.click("#play-start");
  await page.waitForFunction(() => document.querySelectorAll("g.hole .pawn").length === 60, null, { timeout: TIMEOUT });
  // Colours are told apart by shape too: filled for the bottom camp, hollow for the top one.
  const shapes = { S: "circle", SE: "polygon", SW: "rect", N: "circle", NW: "polygon", NE: "rect" };
  for (const [colour, shape] of Object.entries(shapes)) {
    const n = await page.locator(`.pawn-${colour} > ${shape}.pawn-shape`).count();
    check(n === 10, `format 3: ten ${colour} pawns drawn as ${shape}`);
  }
  check((await page.locator("#players li").first().textContent()).includes("Joueur 1"), "two players are named Joueur 1 and 2");
  await page.close();
}

async function lanToken(context) {
  const page = await context.newPage();
  for (const url of [LAN_NO_TOKEN, `${LAN_NO_TOKEN}index.html`, `${LAN_NO_TOKEN}app.js`]) {
    const refused = await context.request.get(url);
    check(refused.status() === 404, `--lan without the token serves nothing: ${url} is 404`);
  }
  const response = await page.goto(LAN);
  check(response.status() === 200, "--lan with the token serves the page");
  await playerToMove(page);
  check((await page.locator("g.hole .pawn").count()) === 20, "the LAN page plays");
  await page.close();
}

// The words come from the program's catalogue (words-fr.json, words-en.json): a few of them in
// each language, and the switch between them.
async function english(browser) {
  const context = await browser.newContext({ locale: "en-US" });
  const page = await openPage(context, BASE);
  const text = (selector) => page.locator(selector).textContent();
  check((await text("#hint")) === "Hint", "an English browser gets English");
  check((await text("#end-jump")) === "End the jump", "« End the jump » in English");
  check((await text("#play-form h2")) === "New game", "« New game » in English");
  check((await text("#status")) === "Player 1 to move.", "the English status line");
  check((await text("#lang")) === "Français", "the switch offers French");
  check((await page.getAttribute("#board", "aria-label")) === "The star board", "the board is labelled in English");
  await page.click("#lang");
  await page.waitForFunction(() => document.documentElement.lang === "fr", null, { timeout: TIMEOUT });
  check((await text("#hint")) === "Indice", "the switch turns it French");
  check((await text("#end-jump")) === "Fin du saut", "« Fin du saut » in French");
  check((await text("#play-form h2")) === "Nouvelle partie", "« Nouvelle partie » in French");
  check((await text("#status")) === "Joueur 1 : à vous de jouer.", "the French status line");
  check((await text("#lang")) === "English", "the switch offers English");
  const words = await context.request.get(`${BASE}words-en.json`);
  check(words.status() === 200 && (await words.json()).end_jump === "End the jump", "words-en.json is served");
  await context.close();
}

async function phone(browser) {
  const context = await phoneContext(browser);
  const page = await openPage(context, BASE);
  const box = await page.locator("#board").boundingBox();
  check(box && box.width <= 390 && box.width >= 330, `the board fits a phone's width (${box && box.width})`);
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
  check(scroll <= 390, `no sideways scrolling on a phone (${scroll})`);
  await page.tap(hole("l4"));
  await page.waitForSelector('body[data-selected="l4"]');
  check((await page.locator("g.hole.jump").count()) > 0, "a tap shows the destinations");
  // A long press on a destination shows its path and plays nothing.
  const target = await page.locator("g.hole.jump").last().getAttribute("data-hole");
  const press = { pointerType: "touch", isPrimary: true, pointerId: 7 };
  await page.locator(hole(target)).dispatchEvent("pointerdown", press);
  await page.waitForSelector(".path-line", { timeout: TIMEOUT });
  await page.locator(hole(target)).dispatchEvent("pointerup", press);
  check((await historyLength(page)) === 0, `a long press on ${target} shows its path and plays nothing`);
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, "web-phone.png") });
  await page.tap(hole("l5"));
  await page.waitForFunction(() => document.querySelectorAll("#history li").length === 2, null, { timeout: TIMEOUT });
  check(true, "a tap on a destination plays on a phone");
  await context.close();
}

async function desktopShot(context) {
  if (!SHOTS) return;
  const page = await openPage(context, BASE);
  await page.click(hole("l4"));
  await page.click(hole("l5"));
  await page.waitForFunction(() => document.querySelectorAll("#history li").length === 2, null, { timeout: TIMEOUT });
  await playerToMove(page);
  await page.click(hole("k3"));
  await page.waitForSelector('body[data-selected="k3"]');
  await page.hover(`${hole("k3")}`);
  const far = page.locator("g.hole.jump").last();
  await far.hover();
  await page.waitForSelector(".path-line", { timeout: TIMEOUT });
  await page.screenshot({ path: path.join(SHOTS, "web-desktop.png") });
  await page.close();
}

const browser = await launchBrowser();
// « Classements »: every game offered; the answer is the relay's table, or (no relay here) the
// refusal worded in the page.
async function ratingsView(context) {
  const page = await openPage(context, BASE);
  await page.click("#ratings-open");
  check(await page.locator("#ratings").isVisible(), "« Classements » opens");
  const games = await page.$$eval("#ratings-game option", (options) => options.length);
  check(games > 20, `every game of the catalogue is offered (${games})`);
  await page.click("#ratings-show");
  await page.waitForFunction(
    () => document.getElementById("ratings-heading").textContent || /relais/i.test(document.body.innerText),
    null,
    { timeout: TIMEOUT },
  );
  check(true, "the ratings request is answered in the page");
  await page.close();
}

try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, locale: "fr-FR" });
  const page = await openPage(context, BASE);
  await soloMoveByClicks(page);
  await hintAndUndo(page);
  await page.close();
  await keyboard(context);
  await chainHopByHop(context);
  await playToTheEnd(context);
  await newGameForm(context);
  await lanToken(context);
  await ratingsView(context);
  await desktopShot(context);
  await context.close();
  await english(browser);
  await phone(browser);
} finally {
  await browser.close();
}
console.log(`all browser checks passed (${checksMade()})`);
