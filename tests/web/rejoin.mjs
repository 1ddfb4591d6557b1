// A reload (F5) in the middle of an online game, in a real browser: page A hosts directly on
// its `tripot web`, page B (on another `tripot web`) joins by A's address over loopback; they
// play; A reloads and is back at its seat with the moves so far, and the game plays on. Then a
// raw WebSocket from A's own origin presents forged tokens: nothing is found, no game comes, and
// A's game plays on untouched. Run by client/cli/tests/web_rejoin.rs, which starts the servers
// and passes:
//   CHROMIUM       the browser to run
//   TRIPOT_URL_A   the host's `tripot web`
//   TRIPOT_URL_B   the guest's `tripot web`
// Prints "all rejoin browser checks passed" at the end; any failed check throws (exit 1).


import { env, check, checksMade, launchBrowser, goHome, openPage } from "./checks.mjs";
import { TIMEOUT, data, waitData, playStep } from "./online_steps.mjs";

const URL_A = env("TRIPOT_URL_A");
const URL_B = env("TRIPOT_URL_B");

async function open(browser, url) {
  const context = await browser.newContext({ locale: "en-US", viewport: { width: 1280, height: 900 } });
  return openPage(context, url);
}

const history = (page) => page.locator("#online-history li").allTextContents();

// `mover` plays a step; `other` sees it and is to move.
async function ply(mover, other, n, who) {
  const move = await playStep(mover, who);
  await waitData(other, "moves", String(n));
  await waitData(other, "your-turn", "true");
  return move;
}

// From `page`'s own origin, a raw WebSocket presents `token` first: whether it was found, and
// whether anything of an online game came before the answer or instead of a refusal of a
// resignation.
function presentToken(page, token) {
  return page.evaluate(
    (token) =>
      new Promise((resolve, reject) => {
        const base = location.pathname.replace(/[^/]*$/, "");
        const ws = new WebSocket(`ws://${location.host}${base}ws`);
        let found = null;
        let sawGame = false;
        ws.addEventListener("error", () => reject(new Error("the socket failed")));
        ws.addEventListener("message", (event) => {
          const msg = JSON.parse(event.data);
          if (msg.type === "hello") {
            ws.send(JSON.stringify({ type: "rejoin", token }));
          } else if (msg.type === "online_rejoined") {
            found = msg.found;
            ws.send(JSON.stringify({ type: "online", action: "resign" }));
          } else if (msg.type === "online" && msg.online) {
            sawGame = true;
          } else if (msg.type === "online_error") {
            ws.close();
            resolve({ found, sawGame, refusal: msg.code });
          }
        });
      }),
    token,
  );
}

const browser = await launchBrowser();
try {
  const a = await open(browser, URL_A);
  const b = await open(browser, URL_B);
  for (const page of [a, b]) {
    await goHome(page);
    await page.click("#online-open");
    await page.waitForSelector("#online-setup:not([hidden])");
    await page.waitForSelector('#online-game-choice option[value="tripot"]', { state: "attached", timeout: TIMEOUT });
    await page.selectOption("#online-game-choice", "tripot");
  }

  // A hosts directly; B types A's loopback address.
  await a.click("#online-host-direct");
  await a.waitForSelector("#online-share code", { timeout: TIMEOUT });
  const addr = (await a.locator("#online-share code").allTextContents()).find((t) => t.startsWith("/ip4/127.0.0.1/"));
  check(Boolean(addr), `page A shows its address ${addr}`);
  await b.fill("#online-join-to", addr);
  await b.click("#online-join");
  await waitData(a, "connection", "connected");
  await waitData(b, "connection", "connected");
  await waitData(a, "your-turn", "true");
  const token = await a.evaluate(() => sessionStorage.getItem("tripot-online-seat"));
  check(/^[0-9a-f]{32}$/.test(token || ""), "page A keeps its seat's token for this tab");

  await ply(a, b, 1, "page A");
  await ply(b, a, 2, "page B");
  const camp = await data(a, "camp");
  const seat = await data(a, "seat");
  const before = await history(a);
  check(before.length === 2, `page A shows the two moves: ${before.join(" ")}`);

  // F5 on A: the same seat, the moves so far, its turn, the same opponent.
  await a.reload();
  await a.waitForSelector('body[data-rejoined="true"]', { timeout: TIMEOUT, state: "attached" });
  check(true, "the reloaded page A took its game back");
  await waitData(a, "moves", "2");
  await waitData(a, "connection", "connected");
  check((await data(a, "camp")) === camp && (await data(a, "seat")) === seat, `page A is back at its seat (camp ${camp})`);
  check(JSON.stringify(await history(a)) === JSON.stringify(before), "page A shows the moves so far");
  check((await data(a, "your-turn")) === "true", "page A is to move, as before the reload");
  check((await a.textContent("#online-players")).includes("Bruno"), "page A still plays Bruno");
  check(!(await a.locator("#online").isHidden()), "page A shows the online game, not its first table");

  // The game plays on, both ways.
  await ply(a, b, 3, "page A after its reload");
  await ply(b, a, 4, "page B");
  check(true, "the game played on after the reload");

  // Forged tokens from a raw WebSocket on A's own origin: nothing found, no game, A untouched.
  const stranger = await open(browser, URL_A);
  const flipped = (token[0] === "0" ? "1" : "0") + token.slice(1);
  for (const forged of [flipped, token.slice(0, 31), "0".repeat(32), `${token}0`, ""]) {
    const answer = await presentToken(stranger, forged);
    check(
      answer.found === false && !answer.sawGame && answer.refusal === "not_online",
      `a forged token (${forged.slice(0, 8)}…) gets nothing: ${JSON.stringify(answer)}`,
    );
  }
  await ply(a, b, 5, "page A after the forged tokens");
  check((await data(b, "moves")) === "5", "page A's game went on untouched");
} finally {
  await browser.close();
}
console.log(`all rejoin browser checks passed (${checksMade()} checks)`);
