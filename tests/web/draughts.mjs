// International draughts at the page's one table, in a real browser (playwright-core driving
// Debian's chromium). Run by client/cli/tests/web.rs (`draughts_plays_in_a_real_browser`), which
// passes:
//   CHROMIUM            the browser to run
//   TRIPOT_URL          a local `tripot web` (http://127.0.0.1:PORT/)
//   TRIPOT_SCREENSHOTS  (optional) a folder to write web-draughts.png into
// Prints "all draughts checks passed" at the end; any failed check throws (exit 1).

import path from "node:path";
import { env, check, checksMade, launchBrowser, SHOTS, TIMEOUT, goHome } from "./checks.mjs";

const BASE = env("TRIPOT_URL");

const square = (name) => `#board [data-hole="${name}"]`;
const waitHistory = (page, n) =>
  page.waitForFunction((n) => document.querySelectorAll("#history li").length === n, n, { timeout: TIMEOUT });
const personToMove = (page) => page.waitForSelector('body[data-play="human"]', { timeout: TIMEOUT });
const pieceOn = (page, name) =>
  page.evaluate((name) => {
    const g = document.querySelector(`#board [data-hole="${name}"]`);
    return g ? g.dataset.pawn || null : null;
  }, name);

// Drags the piece on `from` and drops it on `to`, as a mouse does: pressed, moved in steps,
// released.
async function drag(page, from, to) {
  const a = await page.locator(`${square(from)} .socket`).boundingBox();
  const b = await page.locator(`${square(to)} .socket`).boundingBox();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 8, a.y + a.height / 2 + 8, { steps: 2 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 6 });
  await page.mouse.up();
}

const browser = await launchBrowser();
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "fr-FR" });
  const page = await context.newPage();
  page.on("pageerror", (error) => {
    throw new Error(`page error: ${error.message}`);
  });
  const response = await page.goto(BASE);
  check(response.status() === 200, "the page is served");
  await page.waitForSelector('#play-game option[value="draughts"]', { state: "attached", timeout: TIMEOUT });

  // The form offers every game of the catalogue with its one-line description.
  const offered = await page.$$eval("#play-game option", (options) => options.map((o) => o.value));
  check(
    ["tripot", "kawu-3", "halma-6", "captures-2", "draughts"].every((g) => offered.includes(g)),
    `the form offers every game (${offered.length})`,
  );
  await goHome(page);
  await page.selectOption("#play-game", "draughts");
  const description = await page.textContent("#play-description");
  check(description.length > 10, `draughts is described: « ${description} »`);
  check((await page.locator("#play-seats select").count()) === 2, "draughts has two seats to fill");
  await page.selectOption("#play-seat-1", "human");
  await page.selectOption("#play-seat-2", "human");
  await page.click("#play-start");
  await page.waitForSelector('body.at-play[data-game="draughts"]', { timeout: TIMEOUT });
  await personToMove(page);

  // The board of squares: fifty dark squares, twenty men a side.
  check((await page.locator("#board .hole.square").count()) === 50, "fifty dark squares are drawn");
  check((await page.locator("#board .piece-man").count()) === 40, "forty men stand on them");
  check((await pieceOn(page, "32")) === "man-0" && (await pieceOn(page, "19")) === "man-1", "white below, black above");
  check((await page.getAttribute("#board", "data-rotation")) !== "180", "white sees its side at the bottom");

  // Only the pieces that can move are picked; a click on a blocked one says so.
  await page.click(square("46"));
  await page.waitForFunction(() => document.getElementById("message").textContent.length > 0, null, {
    timeout: TIMEOUT,
  });
  check((await page.getAttribute("body", "data-selected")) === "", "a blocked man is not picked");

  // Moves dragged and dropped: 32-28, then black (the board turned) 19-23.
  await drag(page, "32", "28");
  await waitHistory(page, 1);
  await personToMove(page);
  check((await pieceOn(page, "28")) === "man-0" && !(await pieceOn(page, "32")), "32-28 dropped");
  await page.waitForSelector('#board[data-rotation="180"]', { timeout: TIMEOUT });
  check(true, "the board turns for black to move");
  await drag(page, "19", "23");
  await waitHistory(page, 2);
  await personToMove(page);

  // The capture is compulsory: another man dragged does not move.
  await drag(page, "31", "27");
  await page.waitForTimeout(400);
  check((await page.locator("#history li").count()) === 2 && (await pieceOn(page, "31")) === "man-0", "no quiet move while a capture is due");
  check(
    (await page.locator("#board .hole.square.pickable").count()) === 1 &&
      (await page.locator(`${square("28")}.pickable`).count()) === 1,
    "only the capturing man is offered",
  );

  // The capture by drag and drop: 28x19 takes the man on 23.
  await drag(page, "28", "19");
  await waitHistory(page, 3);
  await personToMove(page);
  check((await pieceOn(page, "19")) === "man-0", "the capturing man stands on 19");
  check(!(await pieceOn(page, "23")) && !(await pieceOn(page, "28")), "the man taken is gone");
  check((await page.locator("#board .piece-man").count()) === 39, "thirty-nine men are left");
  const lastMove = await page.textContent("#history li:last-child");
  check(lastMove.includes("28x19"), `the history says it: « ${lastMove} »`);
  check((await page.locator("#board .last-line").count()) >= 1, "the last moves are drawn");

  // A move typed in the notation, black's capture back: a quiet move is refused, 14x23 played.
  await page.fill("#typed-notation", "20-25");
  await page.press("#typed-notation", "Enter");
  await page.waitForFunction(() => document.getElementById("message").textContent.startsWith("Coup refusé"), null, {
    timeout: TIMEOUT,
  });
  check((await page.locator("#history li").count()) === 3, "a typed quiet move is refused while a capture is due");
  await page.fill("#typed-notation", "14x23");
  await page.press("#typed-notation", "Enter");
  await waitHistory(page, 4);
  check(!(await pieceOn(page, "19")) && (await pieceOn(page, "23")) === "man-1", "14x23 typed takes the man on 19");
  check((await page.inputValue("#typed-notation")) === "", "the field is cleared once the move is played");

  // Square numbers on demand.
  await page.click("#play-numbers");
  check(await page.evaluate(() => document.getElementById("board").classList.contains("numbered")), "square numbers shown");

  // « Règles » opens the rules of the game being played: draughts', linking to the others'.
  const [rules] = await Promise.all([page.waitForEvent("popup", { timeout: TIMEOUT }), page.click("#rules-link")]);
  await rules.waitForLoadState();
  check(rules.url().endsWith("rules-fr-draughts.html"), `the draughts rules are opened: ${rules.url()}`);
  const rulesText = await rules.textContent("main");
  check(rulesText.includes("La prise obligatoire et la majorité"), "they say the majority rule");
  check((await rules.locator('nav a[href="rules-fr-kawu.html"]').count()) === 1, "they link to kawu's");
  await rules.close();

  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, "web-draughts.png") });
  console.log(`all draughts checks passed (${checksMade()})`);
} finally {
  await browser.close();
}
