// Online play in the page of `tripot web`, in a real browser: two pages, each on its own
// `tripot web` (each with the same local tripot-relay), play each other by room code, then meet
// at the relay's lobby and by quick match. Run by
// tests/tests/web_online.rs, which starts the relay and the servers and passes:
//   CHROMIUM            the browser to run
//   TRIPOT_URL_A        the host's `tripot web` (its page in French)
//   TRIPOT_URL_B        the guest's `tripot web` (its page in English)
//   TRIPOT_SCREENSHOTS  (optional) a folder to write web-online.png into
// Prints "all online browser checks passed" at the end; any failed check throws (exit 1).

import path from "node:path";
import { env, check, checksMade, launchBrowser, SHOTS, openPage, goHome } from "./checks.mjs";

import { TIMEOUT, section, onBoard, data, waitData, ownPawns, playStep, dragStep, ringedStarts } from "./online_steps.mjs";

const URL_A = env("TRIPOT_URL_A");
const URL_B = env("TRIPOT_URL_B");

async function open(browser, url, locale) {
  const context = await browser.newContext({ locale, viewport: { width: 1280, height: 900 } });
  const page = await openPage(context, url);
  await goHome(page);
  await page.click("#online-open");
  await page.waitForSelector("#online-setup:not([hidden])");
  return page;
}

// Leaves the online game shown: a live one asks for a second click.
async function leave(page, who) {
  await page.click("#online-leave");
  await page.waitForSelector(`#online-setup:not([hidden]), ${section}[data-confirm="leave"]`, {
    timeout: TIMEOUT,
    state: "attached",
  });
  if ((await data(page, "confirm")) === "leave") await page.click("#online-leave");
  await page.waitForSelector("#online-setup:not([hidden])", { timeout: TIMEOUT });
  check(true, `page ${who} left its game`);
}

const browser = await launchBrowser();
try {
  const a = await open(browser, URL_A, "fr-FR");
  const b = await open(browser, URL_B, "en-US");
  check((await a.textContent("#online-host-room")).includes("Salon privé"), "page A speaks French");
  check((await b.textContent("#online-host-room")).includes("Private room"), "page B speaks English");

  // The host form offers the games of two seats, each described; A offers the Tripot duel.
  await a.waitForSelector('#online-game-choice option[value="kawu-2"]', { state: "attached", timeout: TIMEOUT });
  check(!(await a.locator('#online-game-choice option[value="kawu-3"]').count()), "only games of two seats are offered");
  await a.selectOption("#online-game-choice", "tripot");
  check((await a.textContent("#online-game-description")).length > 0, "the game chosen is described");
  await b.selectOption("#online-game-choice", "tripot");

  // A hosts a private room on the relay: its code is shown.
  await a.click("#online-host-room");
  await a.waitForSelector("#online-room-code", { timeout: TIMEOUT });
  const code = (await a.textContent("#online-room-code")).trim();
  check(/^[2-9A-Z]{3}-[2-9A-Z]{3}$/.test(code), `page A shows the room code ${code}`);
  check((await a.textContent("#online-share")).includes("Donnez ce code"), "page A says to give the code, in French");
  check((await data(a, "connection")) === "waiting", "page A waits for its opponent");

  // B types the code (in lower case, as a friend might) and joins.
  await b.fill("#online-join-to", code.toLowerCase());
  await b.click("#online-join");
  await waitData(a, "connection", "connected");
  await waitData(b, "connection", "connected");
  await a.waitForSelector("#online-board g.hole .pawn", { timeout: TIMEOUT });
  await b.waitForSelector("#online-board g.hole .pawn", { timeout: TIMEOUT });
  check((await a.locator("#online-board g.hole .pawn").count()) === 20, "page A shows the board with 20 pawns");
  check((await b.locator("#online-board g.hole .pawn").count()) === 20, "page B shows the board with 20 pawns");
  check((await a.textContent("#online-players")).includes("Bruno"), "page A names its opponent");
  check((await b.textContent("#online-players")).includes("Alice"), "page B names its opponent");
  const connection = await b.textContent("#online-connection");
  check(/^Connection: connected/.test(connection), `page B shows the connection: ${connection}`);
  check((await data(a, "camp")) !== (await data(b, "camp")), "the two pages have different camps");

  // The host opens.
  await waitData(a, "your-turn", "true");
  check((await data(b, "your-turn")) === "false", "page B waits for its turn");

  // An out-of-turn click on B: refused, nothing changes.
  const bPawn = (await ownPawns(b))[0];
  await b.click(onBoard(bPawn));
  await waitData(b, "notice", "not_your_turn");
  check((await data(b, "selected")) === "", "the out-of-turn click picked nothing");
  check((await b.textContent("#online-message")).length > 0, "page B says it is not its turn");
  check((await data(a, "moves")) === "0" && (await data(b, "moves")) === "0", "no move was played by it");

  // Four moves, the third dragged and dropped, the others by clicks, each seen by the other page.
  let [mover, other] = [a, b];
  let names = ["A", "B"];
  const played = [];
  for (let ply = 1; ply <= 4; ply += 1) {
    const move = ply === 3 ? await dragStep(mover, `page ${names[0]}`) : await playStep(mover, `page ${names[0]}`);
    played.push(move);
    await waitData(other, "moves", String(ply));
    await waitData(other, "your-turn", "true");
    const seen = await other.locator("#online-history li").last().textContent();
    check(seen.includes(move), `page ${names[1]} sees ${move}`);
    [mover, other] = [other, mover];
    names = [names[1], names[0]];
  }
  // Each seat's last move stays ringed in its colour on both boards, and the live region (polite)
  // says the opponent's last move.
  for (const [page, who] of [
    [a, "A"],
    [b, "B"],
  ]) {
    const starts = await ringedStarts(page);
    const holes = starts.map((r) => r.hole).sort();
    const expected = [played[2].split("-")[0], played[3].split("-")[0]].sort();
    check(JSON.stringify(holes) === JSON.stringify(expected), `page ${who} rings both seats' last moves (${holes})`);
    check(new Set(starts.map((r) => r.seat)).size === 2, `page ${who} rings each in its seat's colour`);
  }
  check((await a.getAttribute("#online-board-live", "aria-live")) === "polite", "the online live region is polite");
  await a.waitForFunction((m) => document.getElementById("online-board-live").textContent.includes(m), played[3], { timeout: TIMEOUT });
  check((await a.textContent("#online-board-live")).includes("Bruno"), `page A hears Bruno's ${played[3]}`);
  await b.waitForFunction((m) => document.getElementById("online-board-live").textContent.includes(m), played[2], { timeout: TIMEOUT });
  check((await b.textContent("#online-board-live")).includes("Alice"), `page B hears Alice's ${played[2]}`);
  const myLast = played[2].split("-").pop();
  const said = await a.getAttribute(onBoard(myLast), "aria-label");
  check(said.includes(myLast) && said.includes("votre dernier coup"), `page A names ${myLast} with its own last move: « ${said} »`);

  // Each player sees their home at the bottom: camp B's board is turned half a turn.
  for (const [page, who] of [
    [a, "A"],
    [b, "B"],
  ]) {
    const camp = await data(page, "camp");
    const rotation = await page.getAttribute("#online-board", "data-rotation");
    check((camp === "B") === (rotation === "180"), `page ${who} (camp ${camp}) has its home at the bottom (${rotation})`);
  }
  // The keyboard: an arrow puts the cursor on one of our pawns, Enter picks it, Escape drops it.
  await a.evaluate(() => document.activeElement && document.activeElement.blur());
  await a.keyboard.press("ArrowUp");
  const cursorHole = await data(a, "cursor");
  check(Boolean(cursorHole) && (await ownPawns(a)).includes(cursorHole), `the cursor starts on a pawn of page A (${cursorHole})`);
  await a.keyboard.press("Enter");
  await waitData(a, "selected", cursorHole);
  check(true, "Enter picks the pawn under the cursor");
  await a.keyboard.press("Escape");
  await waitData(a, "selected", "");
  check(true, "Escape drops it");
  if (SHOTS) {
    await a.screenshot({ path: path.join(SHOTS, "web-online.png") });
    console.log(`wrote ${path.join(SHOTS, "web-online.png")}`);
  }

  // A resigns: the first click asks, the second resigns.
  await a.click("#online-resign");
  await a.waitForFunction(() => document.getElementById("online-resign").textContent.includes("encore"));
  check(true, "resigning asks for a second click");
  await a.click("#online-resign");
  await waitData(a, "ending", "resign");
  await waitData(b, "ending", "resign");
  check((await a.textContent("#online-end-words")).includes("perdu"), "page A says it lost, in French");
  check((await b.textContent("#online-end-words")).includes("won"), "page B says it won, in English");

  // B offers a rematch; A accepts it.
  await b.click("#online-rematch");
  await waitData(b, "rematch", "asked");
  await waitData(a, "rematch", "offered");
  check((await a.textContent("#online-rematch")).includes("Accepter"), "page A is offered the rematch");
  await a.click("#online-rematch");
  await waitData(a, "ending", "");
  await waitData(b, "ending", "");
  await waitData(a, "moves", "0");
  await waitData(b, "moves", "0");
  check((await data(a, "connection")) === "connected", "the rematch is on, on the same connection");
  check((await a.locator("#online-board g.hole .pawn").count()) === 20, "the rematch starts from the start");

  // A leaves the live game (asked once); B is told.
  await a.click("#online-leave");
  await a.waitForFunction(() => document.getElementById("online-leave").textContent.includes("encore"));
  await a.click("#online-leave");
  await a.waitForSelector("#online-setup:not([hidden])", { timeout: TIMEOUT });
  check(true, "page A is back on the online set-up");
  await b.waitForFunction(() => document.getElementById("online-message").className === "alert", null, {
    timeout: TIMEOUT,
  });
  check((await b.textContent("#online-message")).length > 0, `page B is told: ${await b.textContent("#online-message")}`);
  await leave(b, "B");

  // The relay's lobby: A opens its table, B sees it listed and joins it by a click.
  await a.click("#online-lobby");
  await a.waitForSelector("#online-list:not([hidden])", { timeout: TIMEOUT });
  await a.click("#online-open-table");
  await waitData(a, "connection", "waiting");
  check((await a.textContent("#online-connection")).length > 0, "page A waits at its table in the lobby");
  await b.click("#online-lobby");
  const table = b.locator(".online-open-game", { hasText: "Alice" });
  await table.first().waitFor({ timeout: TIMEOUT });
  check(true, "page B sees Alice's table in the lobby");
  const entry = await table.first().textContent();
  check(entry.includes("1 free seat of 2"), `the lobby's entry gives the free seats of the table's seats: ${entry}`);
  await table.first().click();
  await waitData(a, "connection", "connected");
  await waitData(b, "connection", "connected");
  await b.waitForSelector("#online-board g.hole .pawn", { timeout: TIMEOUT });
  check((await b.textContent("#online-players")).includes("Alice"), "page B plays Alice, met in the lobby");
  await leave(a, "A");
  await leave(b, "B");

  // Quick match: both seek; the relay pairs them.
  await a.click("#online-quick");
  await b.click("#online-quick");
  await waitData(a, "connection", "connected");
  await waitData(b, "connection", "connected");
  await a.waitForSelector("#online-board g.hole .pawn", { timeout: TIMEOUT });
  check((await a.textContent("#online-players")).includes("Bruno"), "quick match paired page A with Bruno");
  await leave(a, "A");
  await leave(b, "B");

  // A game of kawu for two, by room code, on the same one table: played, then resigned.
  await a.selectOption("#online-game-choice", "kawu-2");
  await a.click("#online-host-room");
  await a.waitForSelector("#online-room-code", { timeout: TIMEOUT });
  const kawuCode = (await a.textContent("#online-room-code")).trim();
  await b.fill("#online-join-to", kawuCode);
  await b.click("#online-join");
  await waitData(a, "connection", "connected");
  await waitData(b, "connection", "connected");
  await waitData(a, "game", "kawu-2");
  await waitData(b, "game", "kawu-2");
  check(true, "pages A and B play kawu-2 by room code");
  await waitData(a, "your-turn", "true");
  [mover, other] = [a, b];
  names = ["A", "B"];
  for (let ply = 1; ply <= 4; ply += 1) {
    await playStep(mover, `page ${names[0]} (kawu-2)`);
    await waitData(other, "moves", String(ply));
    await waitData(other, "your-turn", "true");
    [mover, other] = [other, mover];
    names = [names[1], names[0]];
  }
  check((await a.locator("#online-players li").count()) === 2, "the kawu-2 table shows its two seats");
  await b.click("#online-resign");
  await waitData(b, "confirm", "resign");
  await b.click("#online-resign");
  await waitData(a, "ending", "resign");
  await waitData(b, "ending", "resign");
  check((await a.textContent("#online-end-words")).includes("gagné"), "page A won the kawu-2 game, in French");
  await leave(a, "A");
  await leave(b, "B");
} finally {
  await browser.close();
}
console.log(`all online browser checks passed (${checksMade()} checks)`);
