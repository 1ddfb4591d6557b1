// An online table of 2–6 seats in the page, in a real browser: page A (on its `tripot web`)
// hosts a kawu-3 table; page B (on another `tripot web`) joins by the link A's page shows,
// choosing the third seat, and A gives the second to a computer; both play by clicks, each page's
// moves seen on the other; a chat line of A's is read on B's page; B's page reloads (F5) and is
// back at its seat with the moves so far, and plays on; then the host's page reloads, its table
// having gone on meanwhile, and the table plays on again. Run by client/cli/tests/web_seats.rs,
// which starts the servers and passes:
//   CHROMIUM       the browser to run
//   TRIPOT_URL_A   the host's `tripot web` (its page in French)
//   TRIPOT_URL_B   the guest's `tripot web` (its page in English)
// Prints "all table browser checks passed" at the end; any failed check throws (exit 1).


import { env, check, checksMade, launchBrowser, goHome, openPage } from "./checks.mjs";
import { TIMEOUT, data, waitData, playStep, dragStep, ringedStarts } from "./online_steps.mjs";

const URL_A = env("TRIPOT_URL_A");
const URL_B = env("TRIPOT_URL_B");

async function open(browser, url, locale) {
  const context = await browser.newContext({ locale, viewport: { width: 1280, height: 1000 } });
  const page = await openPage(context, url);
  await goHome(page);
  await page.click("#online-open");
  await page.waitForSelector("#online-setup:not([hidden])");
  await page.waitForSelector('#seats-game option[value="kawu-3"]', { state: "attached", timeout: TIMEOUT });
  return page;
}

const moves = async (page) => Number(await data(page, "moves"));

// Waits for `page`'s turn, plays a step by clicks (or dragged); the other page sees the move.
async function turn(page, other, who, dragged = false) {
  await waitData(page, "your-turn", "true");
  const before = await moves(page);
  const move = dragged ? await dragStep(page, who) : await playStep(page, who);
  await other.waitForFunction((n) => Number(document.getElementById("online").dataset.moves) > n, before, {
    timeout: TIMEOUT,
  });
  const seen = await other.locator("#online-history li").allTextContents();
  check(seen.some((line) => line.includes(move)), `the other page sees ${who}'s ${move}`);
  return move;
}

const browser = await launchBrowser();
try {
  const a = await open(browser, URL_A, "fr-FR");
  const b = await open(browser, URL_B, "en-US");

  // A's form: kawu-3, seats 2 and 3 left to guests (a computer takes seat 2 later).
  check((await a.textContent("#seats-host")).includes("Ouvrir la table"), "page A offers to open a table, in French");
  await a.selectOption("#seats-game", "kawu-3");
  await a.waitForSelector('#seats-computers select[data-seat="3"]', { state: "attached" });
  check(!(await a.locator('#seats-computers select[data-seat="4"]').count()), "a kawu-3 table has two seats after the host's");
  await a.selectOption("#seats-clock", "none");
  await a.click("#seats-host");
  await a.waitForSelector('#online[data-seats-invitation^="tripot://table/kawu-3/3/"]', { state: "attached", timeout: TIMEOUT });
  const link = await data(a, "seats-invitation");
  check((await a.textContent("#seats-invitation")) === link, `page A shows the link to share: ${link.slice(0, 40)}…`);
  check(await a.isVisible("#seats-copy"), "page A offers « Copier le lien »");
  // The link may come before the table's own announcement of its seats.
  await a.waitForSelector('#seats-list li[data-seat="1"][data-holder="empty"] .seats-computer', { timeout: TIMEOUT });
  check(await a.isVisible("#seats-fill-level"), "page A offers a computer for its free seats, and their level");

  // B joins by the link, choosing the third seat among the link's three.
  await b.fill("#seats-link", link);
  const offered = await b.locator("#seats-seat option").allTextContents();
  check(JSON.stringify(offered) === JSON.stringify(["The first free one", "Seat 1", "Seat 2", "Seat 3"]), `page B offers the link's seats (${offered})`);
  await b.selectOption("#seats-seat", "3");
  await b.click("#seats-join");
  await a.waitForSelector('#seats-list li[data-seat="2"][data-holder="person"]', { timeout: TIMEOUT });
  // A gives seat 2 to a computer (Débutant): every seat is taken, the game starts.
  check((await a.textContent('#seats-list li[data-seat="1"] .seats-computer')) === "Un ordinateur ici", "« Un ordinateur ici » in French");
  await a.click('#seats-list li[data-seat="1"] .seats-computer');
  await a.waitForSelector('#seats-list li[data-seat="1"][data-holder="computer"]', { timeout: TIMEOUT });
  check(await a.isHidden("#seats-fill"), "no more free seat: the level's choice goes");
  await waitData(b, "seat", "2");
  await waitData(a, "connection", "connected");
  await waitData(b, "connection", "connected");
  check((await b.getAttribute('#seats-list li[data-seat="2"]', "data-holder")) === "you", "page B sits at seat 3");
  check((await a.getAttribute('#seats-list li[data-seat="2"]', "data-holder")) === "person", "page A sees a person at seat 3");
  check((await b.textContent('#seats-list li[data-seat="0"]')).includes("Alice"), "page B sees Alice at seat 1");

  // Two rounds: A, the computer, B — by clicks, B's second move dragged, each page's moves on
  // the other.
  let bMove = null;
  for (let round = 0; round < 2; round += 1) {
    await turn(a, b, "page A");
    bMove = await turn(b, a, "page B", round === 1);
  }
  check((await moves(a)) >= 6 && (await moves(b)) >= 6, "six plies on both boards");
  // The three seats' last moves ringed, each in its colour; A's live region says B's move.
  await waitData(a, "your-turn", "true");
  const starts = await ringedStarts(a);
  check(starts.length === 3 && new Set(starts.map((r) => r.seat)).size === 3, `page A rings the three seats' last moves (${JSON.stringify(starts)})`);
  check(starts.some((r) => r.hole === bMove.split("-")[0]), `B's ${bMove} is among them`);
  await a.waitForFunction((m) => document.getElementById("online-board-live").textContent.includes(m), bMove, { timeout: TIMEOUT });
  check(true, `page A's live region says B's ${bMove}`);

  // A chat line crosses the table.
  await a.fill("#seats-chat-text", "bonne partie");
  await a.click("#seats-chat-send");
  await b.waitForSelector('#seats-chat li:has-text("bonne partie")', { timeout: TIMEOUT });
  check((await b.textContent("#seats-chat li")).includes("Alice"), "page B reads Alice's line");

  // B's page reloads: back at its seat with the moves so far, and plays on.
  const before = await b.locator("#online-history li").allTextContents();
  await b.reload();
  await b.waitForSelector('body[data-rejoined="true"]', { timeout: TIMEOUT, state: "attached" });
  await waitData(b, "seat", "2");
  await b.waitForFunction((n) => Number(document.getElementById("online").dataset.moves) >= n, before.length, {
    timeout: TIMEOUT,
  });
  const after = await b.locator("#online-history li").allTextContents();
  check(JSON.stringify(after.slice(0, before.length)) === JSON.stringify(before), "page B is back with the moves so far");
  await turn(a, b, "page A");
  await turn(b, a, "page B after its reload");
  check(true, "the table plays on after the reload");

  // The host's page reloads too: the table it hosts went on meanwhile (its computer included).
  const hosted = await moves(a);
  await a.reload();
  await a.waitForSelector('body[data-rejoined="true"]', { timeout: TIMEOUT, state: "attached" });
  await waitData(a, "seat", "0");
  await a.waitForFunction((n) => Number(document.getElementById("online").dataset.moves) >= n, hosted, {
    timeout: TIMEOUT,
  });
  check((await data(a, "seats-invitation")).startsWith("tripot://table/kawu-3/3/"), "page A still shares its table");
  await turn(a, b, "page A after its reload");
  await turn(b, a, "page B");
  check(true, "the table plays on after the host's reload");
} finally {
  await browser.close();
}
console.log(`all table browser checks passed (${checksMade()} checks)`);
