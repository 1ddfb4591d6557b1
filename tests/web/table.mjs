// Star tables at the one table of the page of `tripot web`, in a real browser (playwright-core driving Debian's
// chromium). Run by client/cli/tests/web.rs (`a_table_plays_in_a_real_browser`), which passes:
//   CHROMIUM            the browser to run
//   TRIPOT_URL          a local `tripot web` (http://127.0.0.1:PORT/)
//   TRIPOT_SCREENSHOTS  (optional) a folder to write web-table.png into
// Prints "all table checks passed" at the end; any failed check throws (exit 1).

import path from "node:path";
import { env, check, checksMade, launchBrowser, SHOTS, TIMEOUT, openPage, phoneContext, startDuelOfTwoPersons, goHome } from "./checks.mjs";

const BASE = env("TRIPOT_URL");

const hole = (name) => `[data-hole="${name}"]`;
const historyLength = (page) => page.locator("#history li").count();
const waitHistory = (page, n) =>
  page.waitForFunction((n) => document.querySelectorAll("#history li").length === n, n, { timeout: TIMEOUT });

async function open(context) {
  const page = await openPage(context, BASE);
  await page.waitForSelector('#play-game option[value="kawu-3"]', { state: "attached", timeout: TIMEOUT });
  return page;
}

// The person's turn at the table, every move shown.
const humanToMove = (page) => page.waitForSelector('body[data-play="human"]', { timeout: TIMEOUT });

// Sets up a table by the form, as a person would.
async function sitDown(page, variant, players) {
  await goHome(page);
  await page.selectOption("#play-game", variant);
  for (const [i, player] of players.entries()) await page.selectOption(`#play-seat-${i + 1}`, player);
  await page.selectOption("#play-opener", "1");
  await page.click("#play-start");
  // The page opened on its first table (the duel): wait for this game's, not for any table.
  await page.waitForSelector(`body.at-play[data-game="${variant}"]`, { timeout: TIMEOUT });
}

// Where the holes holding `colour`'s marbles are drawn, relative to the board's centre (y down).
async function drawnOffsets(page, colour) {
  return page.evaluate((colour) => {
    const board = document.getElementById("board").getBoundingClientRect();
    const cy = board.top + board.height / 2;
    return [...document.querySelectorAll(`g.hole .pawn-${colour}`)].map((pawn) => {
      const r = pawn.getBoundingClientRect();
      return r.top + r.height / 2 - cy;
    });
  }, colour);
}

// Picks a marble of `colour` that can move and clicks its farthest-listed destination;
// returns [from, to].
async function playAMove(page, colour) {
  const holes = await page.$$eval(`g.hole .pawn-${colour}`, (pawns) => pawns.map((p) => p.closest("g.hole").dataset.hole));
  for (const from of holes) {
    await page.click(hole(from));
    await page.waitForSelector(`body[data-selected="${from}"]`, { timeout: TIMEOUT });
    const targets = await page.$$eval("g.hole.step, g.hole.jump", (gs) => gs.map((g) => g.dataset.hole));
    if (targets.length) {
      const to = targets[targets.length - 1];
      await page.hover(hole(to));
      await page.waitForSelector(".path-line", { state: "attached", timeout: TIMEOUT });
      await page.click(hole(to));
      return [from, to];
    }
    await page.click(hole(from));
    await page.waitForSelector('body[data-selected=""]', { timeout: TIMEOUT });
  }
  throw new Error(`no ${colour} marble can move`);
}

async function kawu3WithTwoComputers(context) {
  const page = await open(context);
  const games = await page.$$eval("#play-game option", (options) => options.map((o) => o.value));
  const star = games.filter((g) => /^(kawu|halma|captures)-/.test(g));
  check(star.length === 23, `every star variant is offered (${star.length})`);
  // The person sits at seat 2 (NW), between two computers; S opens.
  await sitDown(page, "kawu-3", ["debutant", "human", "debutant"]);
  await humanToMove(page);
  const boardBox = await page.locator("#board").boundingBox();
  check(boardBox && boardBox.y > -10 && boardBox.y < 450, `the board is in view once seated (top ${boardBox && boardBox.y})`);
  check((await historyLength(page)) === 1, "the computer at S opened");
  check((await page.getAttribute("body", "data-viewer")) === "1", "the person at NW (seat 2) is to move");
  check((await page.getAttribute("#board", "data-rotation")) === "120", "the board is turned by 120°");
  const nw = await drawnOffsets(page, "NW");
  check(nw.length === 10 && nw.every((dy) => dy > 0), "NW's ten marbles are drawn at the bottom");
  const others = await drawnOffsets(page, "NE");
  check(others.some((dy) => dy < 0), "the other seats are drawn above");
  // The empty goals are tinted by the army bound there; kawu closes nothing.
  check((await page.locator("g.hole.goal").count()) === 30, "the three empty goals are tinted");
  check((await page.locator("g.hole.forbidden").count()) === 0, "kawu greys no hole");
  // Shapes tell the seats apart: S ●, NW △, NE □.
  check((await page.locator(".pawn-S > circle.pawn-shape").count()) === 10, "S's marbles are circles");
  check((await page.locator(".pawn-NW > polygon.pawn-shape").count()) === 10, "NW's marbles are triangles");
  check((await page.locator(".pawn-NE > rect.pawn-shape").count()) === 10, "NE's marbles are squares");

  // Watch the computers' moves being shown hop by hop.
  await page.evaluate(() => {
    window.tableSeen = { animating: 0, landings: 0 };
    new MutationObserver(() => {
      if (document.body.dataset.play === "animating") {
        window.tableSeen.animating += 1;
        window.tableSeen.landings = Math.max(window.tableSeen.landings, document.querySelectorAll(".landing").length);
      }
    }).observe(document.body, { attributes: true, subtree: true, childList: true });
  });
  const before = await page.$$eval("g.hole .pawn-NW", (ps) => ps.map((p) => p.closest("g.hole").dataset.hole).sort());
  const [from, to] = await playAMove(page, "NW");
  await waitHistory(page, 4);
  await humanToMove(page);
  const seen = await page.evaluate(() => window.tableSeen);
  check(seen.animating > 0 && seen.landings >= 1, `the computers' moves were shown hop by hop (${JSON.stringify(seen)})`);
  check((await page.locator(`${hole(to)} .pawn-NW`).count()) === 1, `the person's marble went ${from}-${to}`);
  check((await page.locator("#history li").nth(1).textContent()).includes(`${from}-`), "the history lists the person's move");
  check((await page.getAttribute("#board", "data-rotation")) === "120", "back to the person's turn, still turned");

  // Undo: the person's move and the computers' replies go.
  await page.click("#undo");
  await waitHistory(page, 1);
  await humanToMove(page);
  const after = await page.$$eval("g.hole .pawn-NW", (ps) => ps.map((p) => p.closest("g.hole").dataset.hole).sort());
  check(JSON.stringify(after) === JSON.stringify(before), "undo puts NW's marbles back");

  // A hint for the person.
  await page.click("#hint");
  await page.waitForSelector("g.hole.hinted", { timeout: TIMEOUT });
  check((await page.locator("#message").textContent()).startsWith("Indice"), "the hint is named");

  // The keyboard: the arrows start on a marble NW may pick, Enter picks it. The focus leaves
  // the « Indice » button first: Enter on a focused button presses it (the browser's rule), and
  // whether the button kept the focus depends on how fast the hint came.
  await page.evaluate(() => document.activeElement && document.activeElement.blur());
  await page.keyboard.press("ArrowUp");
  const start = await page.evaluate(() => document.body.dataset.cursor);
  check((await page.locator(`${hole(start)} .pawn-NW`).count()) === 1, `the arrows start on a NW marble (${start})`);
  await page.keyboard.press("Enter");
  await page.waitForSelector(`body[data-selected="${start}"]`, { timeout: TIMEOUT });
  check(true, "Enter picks the marble under the cursor");
  await page.keyboard.press("Escape");
  await page.waitForSelector('body[data-selected=""]', { timeout: TIMEOUT });

  // A few rounds.
  for (let round = 1; round <= 3; round++) {
    await playAMove(page, "NW");
    await waitHistory(page, 1 + 3 * round);
    await humanToMove(page);
  }
  check((await historyLength(page)) === 10, "three rounds were played");
  check((await page.locator("#players li").count()) === 3, "the panel lists the three seats");
  check((await page.locator("#players li.to-move").getAttribute("data-seat")) === "1", "the panel marks the seat to move");

  // The table was saved: a fresh page offers it back, by its id, and resumes it.
  const again = await open(context);
  await goHome(again);
  const resume = again.locator("#play-saved button[data-play]");
  await resume.first().waitFor({ timeout: TIMEOUT });
  check((await resume.count()) >= 1, "« Reprendre » offers the unfinished table");
  await resume.first().click();
  // A fresh page opens on its first table (the duel, the person to move): wait for the
  // resumed table's history, not for a turn that may still be the first table's.
  await waitHistory(again, 10);
  await humanToMove(again);
  check((await historyLength(again)) === 10, "the resumed table has its ten moves");
  check((await again.getAttribute("#board", "data-rotation")) === "120", "the resumed table is turned to NW");
  await again.close();

  if (SHOTS) {
    const [from2] = await playAMoveShot(page);
    check(Boolean(from2), "screenshot taken");
  }
  await page.close();
}

// For the screenshot: a marble picked and the path to one destination shown.
async function playAMoveShot(page) {
  const holes = await page.$$eval("g.hole .pawn-NW", (pawns) => pawns.map((p) => p.closest("g.hole").dataset.hole));
  for (const from of holes) {
    await page.click(hole(from));
    await page.waitForSelector(`body[data-selected="${from}"]`, { timeout: TIMEOUT });
    const jumps = await page.$$eval("g.hole.jump", (gs) => gs.map((g) => g.dataset.hole));
    if (jumps.length) {
      await page.hover(hole(jumps[jumps.length - 1]));
      await page.waitForSelector(".path-line", { state: "attached", timeout: TIMEOUT });
      await page.screenshot({ path: path.join(SHOTS, "web-table.png") });
      return [from];
    }
    await page.click(hole(from));
    await page.waitForSelector('body[data-selected=""]', { timeout: TIMEOUT });
  }
  return [null];
}

async function duelHotSeatTurns(context) {
  const page = await open(context);
  await startDuelOfTwoPersons(page);
  await page.waitForFunction(() => document.querySelectorAll("#history li").length === 0, null, { timeout: TIMEOUT });
  check((await page.getAttribute("#board", "data-rotation")) !== "180", "camp A sees its own camp at the bottom");
  await page.click(hole("l4"));
  await page.waitForSelector('body[data-selected="l4"]');
  await page.click(hole("l5"));
  await page.waitForSelector('body[data-next="player"][data-turn="1"]', { timeout: TIMEOUT });
  check((await page.getAttribute("#board", "data-rotation")) === "180", "camp B's turn: the board is turned");
  const north = await drawnOffsets(page, "N");
  check(north.length === 10 && north.every((dy) => dy > 0), "camp B's pawns are drawn at the bottom");
  // B plays from its own view, by clicks.
  await page.click(hole("e14"));
  await page.waitForSelector('body[data-selected="e14"]');
  const step = await page.$$eval("g.hole.jump", (gs) => gs.map((g) => g.dataset.hole));
  await page.click(hole(step[0]));
  await page.waitForSelector('body[data-next="player"][data-turn="0"]', { timeout: TIMEOUT });
  check((await page.getAttribute("#board", "data-rotation")) === "0", "camp A's turn: the board turns back");
  await page.close();
}

// Stern-Halma for two: the four side branches are closed to both seats, greyed with a ×.
async function halmaClosedBranches(context) {
  const page = await open(context);
  await sitDown(page, "halma-2", ["human", "human"]);
  await humanToMove(page);
  check((await page.locator("g.hole.forbidden").count()) === 40, "Stern-Halma greys the four side branches");
  check((await page.locator("g.hole.forbidden .glyph", { hasText: "×" }).count()) === 40, "each marked ×");
  check((await page.locator("g.hole.goal").count()) === 0, "both goals are full of the other's marbles");
  await page.close();
}

async function phone(browser) {
  const context = await phoneContext(browser);
  const page = await open(context);
  await sitDown(page, "kawu-3", ["human", "debutant", "debutant"]);
  await humanToMove(page);
  // The page stayed scrolled at the form, 1,330 px below the board (issue 26): the board is
  // brought into view and whose turn it is said.
  const seen = await page.locator("#board").boundingBox();
  check(seen && seen.y > -10 && seen.y < 844 / 2, `the board is in view once seated on a phone (top ${seen && seen.y})`);
  const said = await page.textContent("#message");
  check(/à vous de jouer/.test(said), `whose turn it is is said once seated (« ${said} »)`);
  const box = await page.locator("#board").boundingBox();
  check(box && box.width <= 390 && box.width >= 330, `the table's board fits a phone's width (${box && box.width})`);
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
  check(scroll <= 390, `no sideways scrolling at a table on a phone (${scroll})`);
  const s = await drawnOffsets(page, "S");
  check(s.every((dy) => dy > 0), "seat S sees its home at the bottom");
  await page.tap(hole("k3"));
  await page.waitForSelector('body[data-selected="k3"]');
  check((await page.locator("g.hole.jump").count()) > 0, "a tap shows the destinations");
  await page.tap(hole("k5"));
  await waitHistory(page, 3);
  await humanToMove(page);
  check(true, "a tap plays and both computers answer on a phone");
  await context.close();
}

const browser = await launchBrowser();
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "fr-FR" });
  await kawu3WithTwoComputers(context);
  await duelHotSeatTurns(context);
  await halmaClosedBranches(context);
  await context.close();
  await phone(browser);
} finally {
  await browser.close();
}
console.log(`all table checks passed (${checksMade()})`);
