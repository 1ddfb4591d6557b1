// Saved games in a real browser: playwright-core drives Debian's chromium, and this script starts
// and restarts `tripot web` itself (the same data and config directories each time). Run by
// client/cli/tests/web.rs (`saved_games_replays_and_typed_moves_in_a_real_browser`), which passes:
//   CHROMIUM            the browser to run
//   TRIPOT_BIN          the tripot binary
//   TRIPOT_DATA_DIR, TRIPOT_CONFIG_DIR  the folders games are saved in (a kawu-3 table's record
//                       of 4 moves is there already, a draughts record of 2 moves, and a corrupt
//                       `broken.tripot`)
//   TRIPOT_SCREENSHOTS  (optional) a folder to write web-replay.png into
// Checks: moves typed in notation (a bad one refused, nothing changed); the game offered back
// after a restart and resumed; the "Parties" list; the replay viewer stepped through (a chain
// hop by hop, the slider, the move list, a star table, a draughts game on its squares); `--lang
// en` gives an English page.
// Prints "all saves checks passed" at the end; any failed check throws (exit 1).

import { spawn } from "node:child_process";
import readline from "node:readline";
import path from "node:path";
import { env, check, checksMade, launchBrowser, SHOTS, TIMEOUT, openPage, startDuelOfTwoPersons, goHome } from "./checks.mjs";

const BIN = env("TRIPOT_BIN");

// Every server started, killed however this script ends: an error thrown in an event handler
// ends it without `finally`, and a server left running would hold the test's pipes open.
const children = new Set();
process.on("exit", () => {
  for (const child of children) child.kill();
});

// Starts `tripot web` and resolves with { url, stop } once it printed its address (first line).
function startServer(args = []) {
  const child = spawn(BIN, ["web", "--no-open", "--port", "0", ...args], {
    stdio: ["ignore", "pipe", "inherit"],
    env: process.env,
  });
  children.add(child);
  child.once("exit", () => children.delete(child));
  return new Promise((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout });
    let url = null;
    const printed = [];
    lines.on("line", (line) => {
      printed.push(line);
      if (url === null) url = line.trim();
      if (line.startsWith("Ctrl-C")) {
        const stop = () =>
          new Promise((done) => {
            if (child.exitCode !== null || child.signalCode !== null) return done();
            child.once("exit", () => done());
            child.kill();
          });
        resolve({ url, printed, stop });
      }
    });
    child.once("exit", (code) => reject(new Error(`tripot web exited (${code}): ${printed.join("\n")}`)));
  });
}

const hole = (name) => `#board [data-hole="${name}"]`;
const replayHole = (name) => `#replay-board [data-hole="${name}"]`;
const historyLength = (page) => page.locator("#history li").count();

async function typeMove(page, notation) {
  await page.fill("#typed-notation", notation);
  await page.press("#typed-notation", "Enter");
}

async function waitHistory(page, n) {
  await page.waitForFunction((n) => document.querySelectorAll("#history li").length === n, n, { timeout: TIMEOUT });
  await page.waitForSelector('body[data-next="player"]', { timeout: TIMEOUT });
}

async function typedMoves(context, url) {
  const page = await openPage(context, url);
  // Whichever list reads it first sets it aside and says so: the saved games' or the table's.
  const said = () =>
    ["#message", "#play-corrupt"].some((id) => document.querySelector(id).textContent.includes("broken.tripot.corrupt"));
  await page.waitForFunction(said, null, { timeout: TIMEOUT });
  // The table's list says it on the home, the saved games' list in the game's panel.
  if (!(await page.locator("#message.alert").isVisible())) await goHome(page);
  check(await page.locator("#message.alert, #play-corrupt.alert:not([hidden])").first().isVisible(), "a corrupt save is moved aside and said so");
  // Two players on this device, at the one table: the form's seats, both a person.
  await startDuelOfTwoPersons(page);
  check((await page.locator("#players li").nth(1).textContent()).includes("Joueur 2"), "a duel of two players");
  await typeMove(page, "l4-l5");
  await waitHistory(page, 1);
  check((await page.locator(`${hole("l5")} .pawn`).count()) === 1, "a typed step is played on the board");
  check((await page.inputValue("#typed-notation")) === "", "the field is emptied once the move is played");
  const before = await page.evaluate(() => [...document.querySelectorAll("#board [data-pawn]")].map((g) => g.dataset.hole).join());
  await typeMove(page, "m1-zz");
  await page.waitForFunction(() => document.querySelector("#message").textContent.includes("Coup refusé : m1-zz"), null, { timeout: TIMEOUT });
  check(await page.locator("#message.alert").isVisible(), "an unreadable move is said so, in French");
  await typeMove(page, "m1-m9");
  await page.waitForFunction(() => document.querySelector("#message").textContent.includes("Coup refusé : m1-m9"));
  check(true, "a move the rules refuse is said so");
  const after = await page.evaluate(() => [...document.querySelectorAll("#board [data-pawn]")].map((g) => g.dataset.hole).join());
  check(before === after && (await historyLength(page)) === 1, "a refused typed move changes nothing");
  check((await page.inputValue("#typed-notation")) === "m1-m9", "a refused move stays in the field to be corrected");
  await typeMove(page, "e14-e13");
  await waitHistory(page, 2);
  await typeMove(page, "k3-k5-m5");
  await waitHistory(page, 3);
  check((await page.locator(`${hole("m5")} .pawn`).count()) === 1, "a typed chain is played");
  await page.close();
}

async function resumedAfterRestart(context, url) {
  const page = await openPage(context, url);
  await page.waitForSelector("#resume-offer:not([hidden])", { timeout: TIMEOUT });
  const offer = await page.textContent("#resume-text");
  check(offer.includes("3 coups") && offer.includes("Joueur 1"), `the unfinished game is offered back: ${offer}`);
  check((await page.textContent("#resume-yes")) === "Reprendre la partie", "« Reprendre la partie »");
  await page.click("#resume-yes");
  await waitHistory(page, 3);
  check(await page.locator("#resume-offer").isHidden(), "the offer goes once taken");
  check((await page.locator(`${hole("m5")} .pawn`).count()) === 1, "the resumed game has its moves");
  check((await page.getAttribute("body", "data-turn")) === "1", "and its turn");
  check((await page.locator("#players li").first().textContent()).includes("Joueur 1"), "as a duel");
  await typeMove(page, "e13-e12");
  await waitHistory(page, 4);
  check(true, "the resumed game goes on");
  return page;
}

async function replayViewer(page) {
  await goHome(page);
  await page.click("#saves-refresh");
  await page.waitForFunction(() => document.querySelectorAll("#saves-list tbody tr").length === 3, null, { timeout: TIMEOUT });
  const rows = await page.locator("#saves-list tbody tr").allTextContents();
  check(rows.some((r) => r.includes("Joueur 1 – Joueur 2") && r.includes("En cours")), `the duel is listed: ${rows}`);
  check(rows.some((r) => r.includes("kawu à trois")), "the star table is listed by its title");
  const duelRow = page.locator("#saves-list tbody tr", { hasText: "Joueur 1 – Joueur 2" });
  const id = await duelRow.getAttribute("data-id");
  check(/^r\d+$/.test(id), `a record is named by an id, not a path (${id})`);
  await duelRow.locator(".replay-open").click();
  await page.waitForSelector('body[data-replay="open"][data-replay-index="0"]', { timeout: TIMEOUT });
  check(await page.locator("#board").isHidden(), "the viewer takes the game's place");
  check((await page.locator("#replay-board .pawn").count()) === 20, "the start has 20 pawns");
  check((await page.locator("#replay-moves li").count()) === 4, "every move is listed");
  await page.click("#replay-next");
  await page.waitForSelector('body[data-replay-index="1"]', { timeout: TIMEOUT });
  check((await page.locator(`${replayHole("l5")} .pawn`).count()) === 1, "next: l4-l5 is shown");
  await page.click("#replay-next");
  await page.waitForSelector('body[data-replay-index="2"]', { timeout: TIMEOUT });
  check((await page.locator(`${replayHole("k5")} .pawn`).count()) === 0, "k5 is empty before the chain");
  await page.click("#replay-next");
  // Hop by hop: the pawn stops on k5 on its way to m5.
  await page.waitForSelector(`${replayHole("k5")} .pawn`, { timeout: TIMEOUT });
  check(true, "the chain k3-k5-m5 goes through k5");
  await page.waitForSelector('body[data-replay-index="3"]', { timeout: TIMEOUT });
  check((await page.locator(`${replayHole("k5")} .pawn`).count()) === 0, "and ends on m5");
  check((await page.locator(`${replayHole("m5")} .pawn`).count()) === 1, "m5 holds it");
  check((await page.textContent("#replay-counter")).includes("3/4"), "the counter says where");
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, "web-replay.png") });
  await page.click("#replay-first");
  await page.waitForSelector('body[data-replay-index="0"]', { timeout: TIMEOUT });
  check((await page.locator(`${replayHole("k3")} .pawn`).count()) === 1, "first: back to the start");
  await page.click("#replay-last");
  await page.waitForSelector('body[data-replay-index="4"]', { timeout: TIMEOUT });
  check(await page.locator("#replay-next").isDisabled(), "last: nothing after");
  await page.$eval("#replay-slider", (slider) => {
    slider.value = "1";
    slider.dispatchEvent(new Event("input", { bubbles: true }));
  });
  await page.waitForSelector('body[data-replay-index="1"]', { timeout: TIMEOUT });
  check(true, "the slider goes to a move");
  await page.click('#replay-moves li[data-index="2"]');
  await page.waitForSelector('body[data-replay-index="2"]', { timeout: TIMEOUT });
  check((await page.locator("#replay-moves li.current").getAttribute("data-index")) === "2", "a move of the list is clicked");
  await page.keyboard.press("ArrowLeft");
  await page.waitForSelector('body[data-replay-index="1"]', { timeout: TIMEOUT });
  check(true, "the arrow keys step through");
  await page.click("#replay-close");
  check(await page.locator("#home").isVisible(), "back to the home, whence it was opened");
  check((await historyLength(page)) === 4, "the game is as it was");

  const tableRow = page.locator('#saves-list tbody tr[data-variant="kawu-3"]');
  await tableRow.locator(".replay-open").click();
  await page.waitForSelector('body[data-replay="open"][data-replay-index="0"]', { timeout: TIMEOUT });
  check((await page.locator("#replay-board .pawn").count()) === 30, "a star table's start: 30 marbles");
  const colours = await page.evaluate(() => new Set([...document.querySelectorAll("#replay-board [data-pawn]")].map((g) => g.dataset.pawn)).size);
  check(colours === 3, "in three colours");
  await page.click("#replay-last");
  await page.waitForSelector('body[data-replay-index="4"]', { timeout: TIMEOUT });
  check((await page.locator("#replay-board .pawn").count()) === 30, "the table is stepped through to its end");
  await page.click("#replay-close");

  // Draughts: its squares and men, drawn by the table's board code.
  const draughtsRow = page.locator('#saves-list tbody tr[data-variant="draughts"]');
  await draughtsRow.locator(".replay-open").click();
  await page.waitForSelector('body[data-replay="open"][data-replay-index="0"]', { timeout: TIMEOUT });
  check((await page.locator("#replay-board .hole.square").count()) === 50, "a draughts replay: 50 squares");
  check((await page.locator("#replay-board .pawn").count()) === 40, "and its 40 men");
  check((await page.locator('#replay-board [data-pawn="man-0"]').count()) === 20, "20 of each side");
  await page.click("#replay-last");
  await page.waitForSelector('body[data-replay-index="2"]', { timeout: TIMEOUT });
  check((await page.locator(`${replayHole("28")} .pawn`).count()) === 1, "32-28 is shown on 28");
  check((await page.locator(`${replayHole("32")} .pawn`).count()) === 0, "32 is left");
  await page.click("#replay-close");
}

async function english(browser, url) {
  // A French browser: the program's --lang en wins.
  const context = await browser.newContext({ locale: "fr-FR" });
  const page = await openPage(context, url);
  await page.waitForFunction(() => document.documentElement.lang === "en", null, { timeout: TIMEOUT });
  check((await page.textContent("#saves h2")) === "Games", "--lang en: the page is in English");
  await page.waitForSelector("#resume-offer:not([hidden])", { timeout: TIMEOUT });
  check((await page.textContent("#resume-yes")) === "Resume the game", "and its offer too");
  const offer = await page.textContent("#resume-text");
  check(!offer.includes("Joueur"), `the offer names the people in English: ${offer}`);
  await goHome(page);
  await page.click("#saves-refresh");
  await page.waitForFunction(() => document.querySelectorAll("#saves-list tbody tr").length > 0, null, { timeout: TIMEOUT });
  const rows = await page.locator("#saves-list tbody tr").allTextContents();
  check(rows.some((r) => r.includes("Player 1 – Player 2")) && !rows.some((r) => r.includes("Joueur")), `the list names the people in English: ${rows}`);
  await page.click("#home-back");
  await typeMove(page, "zz");
  await page.waitForFunction(() => document.querySelector("#message").textContent.includes("Move refused: zz"));
  check(true, "a bad typed move is refused in English");
  await context.close();
}

const browser = await launchBrowser();
const servers = [];
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, locale: "fr-FR" });
  let server = await startServer();
  servers.push(server);
  check(server.printed.at(-1) === "Ctrl-C arrête le serveur.", "tripot web speaks French by default");
  await typedMoves(context, server.url);
  await server.stop();
  server = await startServer();
  servers.push(server);
  const page = await resumedAfterRestart(context, server.url);
  await replayViewer(page);
  await context.close();
  const en = await startServer(["--lang", "en"]);
  servers.push(en);
  check(en.printed.at(-1) === "Ctrl-C stops the server.", "tripot web --lang en speaks English");
  await english(browser, en.url);
} finally {
  await browser.close();
  for (const server of servers) await server.stop();
}
console.log(`all saves checks passed (${checksMade()})`);
