// The page's home and its game's view in a real browser. Run by client/cli/tests/web_home.rs,
// which starts the server and passes:
//   CHROMIUM            the browser to run
//   TRIPOT_URL          a local `tripot web` with its own data folder
//   TRIPOT_SCREENSHOTS  (optional) a folder to write web-home.png into
// Prints "all home checks passed" at the end; any failed check throws (exit 1).

import path from "node:path";
import { env, check, checksMade, launchBrowser, SHOTS, TIMEOUT, openPage, phoneContext, goHome } from "./checks.mjs";

const BASE = env("TRIPOT_URL");

const visible = (page, selector) => page.locator(selector).isVisible();

// The home: every game of the catalogue in a line, described, with its picture; the forms live
// there and not in the game's panel.
async function everyGameListed(page) {
  check(!(await visible(page, "#play-form")), "the game's view holds no « Nouvelle partie » form");
  check(!(await visible(page, "#online-open")), "nor « Jouer en ligne »");
  check(!(await visible(page, "#saves")), "nor the saved games");
  await goHome(page);
  check(!(await visible(page, "#board")), "the home hides the board");
  const offered = await page.$$eval("#play-game option", (options) => options.map((o) => o.value));
  const lines = await page.$$eval("#home-games li", (lis) =>
    lis.map((li) => ({
      game: li.dataset.game,
      title: li.querySelector("strong").textContent,
      description: li.querySelector(".home-description").textContent,
      picture: li.querySelector("svg.home-picture") !== null,
    })),
  );
  check(offered.length > 20 && lines.length === offered.length, `every game of the catalogue is listed (${lines.length})`);
  check(lines.every((l, i) => l.game === offered[i]), "in the catalogue's order");
  check(lines.every((l) => l.description.length > 10 && l.picture), "each with its description and its picture");
  // A variant is never shown by its name alone (`kawu-3`): its line says what it is.
  check(lines.every((l) => l.title !== l.game), "each by its title, not its name");
  const kawu = lines.find((l) => l.game === "kawu-3");
  check(Boolean(kawu), `kawu-3 is listed: « ${kawu && kawu.title} · ${kawu && kawu.description} »`);
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, "web-home.png") });
}

// A solo game started from the home: the game's view, its move list above the fold.
async function soloFromHome(page) {
  await page.click('#home-games li[data-game="tripot"] button');
  check((await page.inputValue("#play-game")) === "tripot", "« Choisir » puts the duel in the form");
  await page.selectOption("#play-seat-1", "human");
  await page.selectOption("#play-seat-2", "facile");
  await page.click("#play-start");
  await page.waitForSelector('body[data-view="game"]', { timeout: TIMEOUT });
  await page.waitForSelector('body[data-next="player"]', { timeout: TIMEOUT });
  check(await visible(page, "#board"), "the game's view shows the board");
  check(!(await visible(page, "#home")), "and not the home");
  // A move, so that the list has a line to show (and the game a record to save).
  await page.click('[data-hole="l4"]');
  await page.waitForSelector('body[data-selected="l4"]', { timeout: TIMEOUT });
  await page.click('[data-hole="l5"]');
  await page.waitForFunction(() => document.querySelectorAll("#history li").length === 2, null, { timeout: TIMEOUT });
  await page.waitForSelector('body[data-next="player"]', { timeout: TIMEOUT });
  // Measured from the page's top, not the window's: the board brought into view may have
  // scrolled the header away.
  const list = await page.locator("#history li").last().boundingBox();
  const end = list && list.y + list.height + (await page.evaluate(() => window.scrollY));
  const height = page.viewportSize().height;
  check(list && end <= height, `the move list is above the fold at 1280×${height} (its last line ends at ${Math.round(end)} px)`);
}

// Back home, the game keeps going: its saved games are listed without « Actualiser », each row
// with a date and a time; « Retour à la partie » comes back to it.
async function homeAndBack(page) {
  await goHome(page);
  check(await visible(page, "#home-back"), "« Retour à la partie » is offered while a game is on");
  await page.waitForFunction(() => document.querySelectorAll("#saves-list tbody tr").length > 0, null, { timeout: TIMEOUT });
  check(!(await visible(page, "#saves-empty")), "the saved games are listed as the home shows, never « Aucune partie »");
  const written = await page.locator("#saves-list tbody tr td").first().textContent();
  check(/\d{1,2}:\d{2}/.test(written), `a row says the day and the time (« ${written} »)`);
  await page.click("#home-back");
  await page.waitForSelector('body[data-view="game"]', { timeout: TIMEOUT });
  check((await page.locator("#history li").count()) === 2, "the game is as it was left");
}

async function phone(browser) {
  const context = await phoneContext(browser);
  const page = await openPage(context, BASE);
  const width = () => page.evaluate(() => document.documentElement.scrollWidth);
  check((await width()) <= 390, `the game's view has no horizontal scroll on a 390 px phone (${await width()})`);
  // The first page's game is unfinished: it is offered back until a move is played here.
  await page.waitForSelector("#resume-offer:not([hidden])", { timeout: TIMEOUT });
  await page.tap('[data-hole="l4"]');
  await page.waitForSelector('body[data-selected="l4"]', { timeout: TIMEOUT });
  await page.tap('[data-hole="l5"]');
  await page.waitForFunction(() => document.querySelectorAll("#history li").length >= 1, null, { timeout: TIMEOUT });
  await page.waitForSelector("#resume-offer", { state: "hidden", timeout: TIMEOUT });
  check(true, "the offer to take up another game goes once a move is played");
  await goHome(page);
  await page.waitForFunction(() => document.querySelectorAll("#saves-list tbody tr").length > 0, null, { timeout: TIMEOUT });
  check((await width()) <= 390, `nor the home, its saved games listed (${await width()})`);
  await page.click("#online-open");
  await page.waitForSelector("#online-setup:not([hidden])", { timeout: TIMEOUT });
  check((await width()) <= 390, `nor online play's forms (${await width()})`);
  await page.click("#online-back");
  await page.waitForSelector("#home", { state: "visible", timeout: TIMEOUT });
  check(true, "leaving online play comes back to the home");
  await context.close();
}

const browser = await launchBrowser();
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: "fr-FR" });
  const page = await openPage(context, BASE);
  await everyGameListed(page);
  await soloFromHome(page);
  await homeAndBack(page);
  await context.close();
  await phone(browser);
} finally {
  await browser.close();
}
console.log(`all home checks passed (${checksMade()})`);
