// What every browser test of the page shares: its settings read from the environment, the
// browser it drives, and the numbered checks it prints (`ok 3 the board turns`), any failed one
// throwing.

import { chromium } from "playwright-core";

// The value of the environment variable `name`; a test without it cannot run.
export const env = (name) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

// A folder to write screenshots into, if the test was given one.
export const SHOTS = process.env.TRIPOT_SCREENSHOTS || "";

// How long any wait for the page may last, in milliseconds.
export const TIMEOUT = 30000;

// Debian's chromium at `$CHROMIUM`, headless. As root (CI) chromium's sandbox cannot start; the
// machine has no network beyond loopback, so chromium's own background connections are turned
// off rather than refused by the dozen.
export const launchBrowser = () =>
  chromium.launch({
    executablePath: env("CHROMIUM"),
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });

let made = 0;

// Checks `condition`, printing `what` numbered; throws (the test fails) when it does not hold.
export function check(condition, what) {
  if (!condition) throw new Error(`check failed: ${what}`);
  made += 1;
  console.log(`ok ${made} ${what}`);
}

// How many checks were made so far.
export const checksMade = () => made;

// A new page of `context` at `url`: served, any error in it failing the test, ready for the
// player.
export async function openPage(context, url) {
  const page = await context.newPage();
  page.on("pageerror", (error) => {
    throw new Error(`page error: ${error.message}`);
  });
  const response = await page.goto(url);
  check(response.status() === 200, `${url} is served`);
  await page.waitForSelector('body[data-next="player"]', { timeout: TIMEOUT });
  return page;
}

// A phone's browser: its width, its pixel density, touch, in French.
export const phoneContext = (browser) =>
  browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: "fr-FR",
  });

// The page's home (every game, the forms that start one, online play, the saved games), reached
// from the game's view by « Accueil ».
export async function goHome(page) {
  if (await page.locator("#home").isVisible()) return;
  await page.click("#home-open");
  await page.waitForSelector("#home", { state: "visible", timeout: TIMEOUT });
}

// Starts a duel of two persons at the one table through the page's form, and waits for that
// table: the page's first table (the duel against a computer) has a second seat too.
export async function startDuelOfTwoPersons(page) {
  await goHome(page);
  await page.selectOption("#play-game", "tripot");
  await page.selectOption("#play-seat-2", "human");
  await page.click("#play-start");
  const secondIsAPerson = () => {
    const seat = document.querySelector('#players li[data-seat="1"]');
    return Boolean(seat) && seat.textContent.includes("Joueur 2");
  };
  await page.waitForFunction(secondIsAPerson, null, { timeout: TIMEOUT });
}
