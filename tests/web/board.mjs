// The board of the page's one table as the best sites' and as a screen reader needs it, in a
// real browser (playwright-core driving Debian's chromium). Run by
// client/cli/tests/web_board.rs, which passes:
//   CHROMIUM    the browser to run
//   TRIPOT_URL  a local `tripot web` (http://127.0.0.1:PORT/)
// Checks: a move dragged and dropped; a piece sliding; both seats' last moves ringed in their
// colours; the board turned by its button; coordinates on demand; a past position looked at
// from the move list, and back; the live region's words after each move; the sounds' switch
// remembered and heard; the board reached by Tab and played with the arrows and Enter; every
// cell named in Chromium's accessibility tree; a star chain dragged hop by hop; a draughts capture
// dropped on its end and both sides' moves ringed.
// Prints "all board checks passed" at the end; any failed check throws (exit 1).

import { env, check, checksMade, launchBrowser } from "./checks.mjs";

const BASE = env("TRIPOT_URL");
const TIMEOUT = 30000;

const hole = (name) => `#board [data-hole="${name}"]`;
const waitHistory = (page, n) =>
  page.waitForFunction((n) => document.querySelectorAll("#history li").length === n, n, { timeout: TIMEOUT });
const playerToMove = (page) => page.waitForSelector('body[data-next="player"]', { timeout: TIMEOUT });
const pieceOn = (page, name) =>
  page.evaluate((name) => {
    const g = document.querySelector(`#board [data-hole="${name}"]`);
    return g ? g.dataset.pawn || null : null;
  }, name);

// Counts the oscillators the page starts (each sound is one or two) and the pieces' glides, and
// keeps every text the live region said, before any script runs.
function countSounds() {
  window.__oscillators = 0;
  window.__slides = 0;
  window.__said = [];
  document.addEventListener("DOMContentLoaded", () => {
    const live = document.getElementById("board-live");
    new MutationObserver(() => window.__said.push(live.textContent)).observe(live, { childList: true, characterData: true, subtree: true });
  });
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (...args) {
    if (this.classList.contains("pawn")) window.__slides += 1;
    return animate.apply(this, args);
  };
  const Context = window.AudioContext;
  if (!Context) return;
  const make = Context.prototype.createOscillator;
  Context.prototype.createOscillator = function () {
    window.__oscillators += 1;
    return make.call(this);
  };
}

async function open(context, url) {
  const page = await context.newPage();
  page.on("pageerror", (error) => {
    throw new Error(`page error: ${error.message}`);
  });
  const response = await page.goto(url);
  check(response.status() === 200, `${url} is served`);
  await playerToMove(page);
  return page;
}

// Drags the piece on `from` and drops it on `to`, as a mouse does.
async function drag(page, from, to) {
  const a = await page.locator(`${hole(from)} .socket`).boundingBox();
  const b = await page.locator(`${hole(to)} .socket`).boundingBox();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 8, a.y + a.height / 2 + 8, { steps: 2 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 6 });
  await page.mouse.up();
}

// The duel against the computer: drag, slide, last moves, live region, turn, coordinates, the
// move list, sounds.
async function duel(context) {
  const page = await open(context, BASE);
  check((await page.getAttribute("#play-sound", "aria-pressed")) === "false", "sounds are off at first");

  // A move dropped off the pawn's destinations plays nothing.
  await drag(page, "m4", "m7");
  await page.waitForFunction(() => document.getElementById("message").textContent.length > 0, null, {
    timeout: TIMEOUT,
  });
  check((await page.locator("#history li").count()) === 0 && (await pieceOn(page, "m4")) === "S", "a drop off the destinations plays nothing");
  check((await page.getAttribute("body", "data-selected")) === "", "and leaves nothing picked");

  // Dragged and dropped: m4 to m5.
  await drag(page, "m4", "m5");
  await page.waitForFunction(() => document.querySelectorAll("#history li").length >= 1, null, { timeout: TIMEOUT });
  await page.waitForFunction(() => window.__said.length >= 1, null, { timeout: TIMEOUT });
  const live = await page.evaluate(() => window.__said[0]);
  check(live.includes("m4-m5"), `the live region says the move: « ${live} »`);
  check((await page.getAttribute("#board-live", "aria-live")) === "polite", "the live region is polite");

  await waitHistory(page, 2);
  await playerToMove(page);
  const slides = await page.evaluate(() => window.__slides);
  check(slides >= 2, `each move's pawn glides hop by hop (${slides} glides)`);
  check((await pieceOn(page, "m5")) === "S" && !(await pieceOn(page, "m4")), "the dragged pawn stands on m5");
  const answer = (await page.textContent("#history li:last-child")).split(" : ").pop().trim();
  const said = await page.textContent("#board-live");
  check(said.includes(answer), `the live region says the computer's move ${answer}: « ${said} »`);
  check(!said.includes("m4-m5"), "and only the latest move");
  check((await page.evaluate(() => window.__said.length)) === 2, "one announcement a move");
  check((await page.evaluate(() => window.__oscillators)) === 0, "no sound while they are off");

  // Both seats' last moves, each ringed in its seat's colour, mine kept after the answer.
  const rings = await page.$$eval("#board .hole.last-from, #board .hole.last-to", (gs) =>
    gs.map((g) => ({ hole: g.dataset.hole, from: g.classList.contains("last-from"), seat: g.style.getPropertyValue("--seat") })),
  );
  const from = rings.filter((r) => r.from);
  check(from.length === 2 && rings.length === 4, `two moves ringed, start and end: ${JSON.stringify(rings)}`);
  check(rings.some((r) => r.hole === "m4" && r.from) && rings.some((r) => r.hole === "m5" && !r.from), "my move m4-m5 is still marked");
  check(new Set(from.map((r) => r.seat)).size === 2, "each in its seat's own colour");
  check((await page.locator("#board .last-line.seat-line").count()) === 2, "both paths drawn");
  const named = await page.getAttribute(hole("m5"), "aria-label");
  check(named.includes("m5") && named.includes("dernier coup"), `m5 is named with its move: « ${named} »`);

  // « Tourner le plateau » turns it half a turn, and back.
  const before = Number((await page.getAttribute("#board", "data-rotation")) || "0");
  const m5 = await page.locator(`${hole("m5")} .socket`).boundingBox();
  await page.click("#play-turn");
  const after = Number(await page.getAttribute("#board", "data-rotation"));
  check((after - before + 360) % 360 === 180, `the board turns half a turn (${before} → ${after})`);
  const m5Turned = await page.locator(`${hole("m5")} .socket`).boundingBox();
  check(m5Turned.y < m5.y, "my pawn on m5 is now in the upper half");
  check((await page.getAttribute("#play-turn", "aria-pressed")) === "true", "the button says it is pressed");
  await page.click("#play-turn");
  check(Number((await page.getAttribute("#board", "data-rotation")) || "0") === before, "and turns back");

  // Coordinates on demand.
  const coordShown = () =>
    page.evaluate(() => getComputedStyle(document.querySelector('#board [data-hole="m5"] .coord')).display !== "none");
  check(!(await coordShown()), "no coordinates at first");
  await page.click("#play-numbers");
  check(await coordShown(), "the coordinates switch shows each hole's name");
  check((await page.textContent(`${hole("m5")} .coord`)) === "m5", "m5 is written by its hole");
  await page.click("#play-numbers");

  // The move list looks back: after move 1, the computer's pawn is not yet moved.
  const computerTo = rings.find((r) => !r.from && r.hole !== "m5").hole;
  await page.click("#history li:first-child button");
  await page.waitForSelector('body[data-looking="1"]', { timeout: TIMEOUT });
  check(!(await pieceOn(page, computerTo)), `after move 1, ${computerTo} is empty`);
  check((await pieceOn(page, "m5")) === "S", "and m5 holds my pawn");
  check(await page.isVisible("#play-live"), "« Retour au direct » is offered");
  check((await page.locator("#history li.looked").count()) === 1, "the move looked at is marked in the list");
  await page.click(hole("m5"));
  check((await page.getAttribute("body", "data-selected")) === "", "nothing is picked on a past position");
  await page.click("#play-live");
  await page.waitForFunction(() => !document.body.dataset.looking, null, { timeout: TIMEOUT });
  check((await pieceOn(page, computerTo)) !== null, `back to the game: ${computerTo} is taken again`);

  // Sounds on: remembered, and heard at the next move and the turn that comes back.
  await page.click("#play-sound");
  check((await page.getAttribute("#play-sound", "aria-pressed")) === "true", "sounds switched on");
  check((await page.evaluate(() => localStorage.getItem("tripot-sound"))) === "on", "the switch is remembered");
  const heard = await page.evaluate(() => window.__oscillators);
  await page.click(hole("m3"));
  await page.waitForSelector('body[data-selected="m3"]', { timeout: TIMEOUT });
  await page.click(hole("m4"));
  await waitHistory(page, 4);
  await playerToMove(page);
  const more = await page.evaluate(() => window.__oscillators);
  check(more >= heard + 3, `a move, the answer and the turn are heard (${more - heard} notes)`);
  await page.reload();
  await playerToMove(page);
  check((await page.getAttribute("#play-sound", "aria-pressed")) === "true", "sounds stay on after a reload");
  await page.close();
}

// The keyboard and the accessibility tree, on a fresh page.
async function keyboard(context) {
  const page = await open(context, BASE);
  let focused = null;
  for (let i = 0; i < 20 && !focused; i++) {
    await page.keyboard.press("Tab");
    focused = await page.evaluate(() => (document.activeElement.closest && document.activeElement.closest("#board") ? document.activeElement.dataset.hole : null));
  }
  check(focused !== null, `Tab reaches the board (on ${focused})`);
  const ring = await page.evaluate(() => {
    const socket = document.activeElement.querySelector(".socket");
    return { stroke: getComputedStyle(socket).stroke, width: parseFloat(getComputedStyle(socket).strokeWidth) };
  });
  check(ring.stroke === "rgb(11, 87, 208)" && ring.width >= 0.3, `the focused hole is ringed clearly: ${JSON.stringify(ring)}`);
  // A pawn at the row's right end goes left and back instead.
  const [there, back] = ["ArrowRight", "ArrowLeft"];
  await page.keyboard.press(there);
  let moved = await page.evaluate(() => document.activeElement.dataset.hole);
  let home = back;
  if (moved === focused) {
    await page.keyboard.press(back);
    moved = await page.evaluate(() => document.activeElement.dataset.hole);
    home = there;
  }
  check(moved && moved !== focused, `the arrows move the focus (${focused} → ${moved})`);
  // Back onto a pawn that can move, picked with Enter; the arrows to a destination, Enter plays.
  await page.keyboard.press(home);
  const start = await page.evaluate(() => document.activeElement.dataset.hole);
  check((await pieceOn(page, start)) === "S", `the cursor is on a pawn of mine (${start})`);
  await page.keyboard.press("Enter");
  await page.waitForSelector(`body[data-selected="${start}"]`, { timeout: TIMEOUT });
  check(true, `Enter picks ${start}`);
  // Up the board until the focus stands on a destination (the pawns in front come first).
  let target = null;
  for (let i = 0; i < 6 && !(target && (await page.locator(`${hole(target)}.jump`).count())); i++) {
    await page.keyboard.press("ArrowUp");
    target = await page.evaluate(() => document.activeElement.dataset.hole);
  }
  check((await page.locator(`${hole(target)}.jump`).count()) === 1, `the focus reaches a destination (${target})`);
  await page.keyboard.press("Enter");
  await page.waitForFunction(() => document.querySelectorAll("#history li").length >= 1, null, { timeout: TIMEOUT });
  check((await page.textContent("#history li:first-child")).includes(`${start}-${target}`), `Enter played ${start}-${target}`);
  await page.waitForFunction(() => window.__said.length >= 1, null, { timeout: TIMEOUT });
  check((await page.evaluate(() => window.__said[0])).includes(`${start}-${target}`), "and the live region says it");
  await playerToMove(page);

  // Chromium's accessibility tree: every hole a button named by its coordinate and its content.
  const cdp = await context.newCDPSession(page);
  await cdp.send("Accessibility.enable");
  const { nodes } = await cdp.send("Accessibility.getFullAXTree");
  const buttons = nodes.filter((n) => !n.ignored && n.role && n.role.value === "button" && n.name && /^[a-z]+\d+, /.test(n.name.value));
  check(buttons.length === 121, `121 holes are buttons with a name in the accessibility tree (${buttons.length})`);
  const names = buttons.map((n) => n.name.value);
  const played = names.find((n) => n.startsWith(`${target},`));
  check(played.startsWith(`${target}, pion de`) && played.includes("dernier coup"), `the hole played to is named: « ${played} »`);
  check(names.some((n) => / vide/.test(n)), "an empty hole says so");
  const board = nodes.find((n) => n.role && n.role.value === "group" && n.name && n.name.value.length > 0 && n.description && n.description.value.includes("Entrée"));
  check(!!board, "the board is a named group that tells its keys");
  await cdp.detach();
  await page.close();
}

// A star chain dragged hop by hop: k3 dropped on k5 waits there, dragged on to m5 it ends; with
// reduced motion asked for, it jumps.
async function chain(context) {
  const lane = encodeURIComponent("A:Ne17,e16,f16,e15,f15,g15,f14,g14,h14,e13:Sl5,j4,k4,m4,k3,l3,m3,l2,m2,m1");
  const page = await open(context, `${BASE}?mode=duel&position=${lane}`);
  // A reader who asked for less motion: the pawn jumps from hole to hole, it does not glide.
  await page.emulateMedia({ reducedMotion: "reduce" });
  await drag(page, "k3", "k5");
  await page.waitForSelector('body[data-selected="k3-k5"]', { timeout: TIMEOUT });
  check((await page.locator("#history li").count()) === 0, "the first hop dropped is no move yet");
  await drag(page, "k5", "m5");
  await waitHistory(page, 1);
  check((await page.textContent("#history li:first-child")).includes("k3-k5-m5"), "dragged on, the chain k3-k5-m5 is played");
  await page.waitForSelector('body[data-next="player"]', { timeout: TIMEOUT });
  check((await pieceOn(page, "m5")) === "S", "the pawn stands on m5");
  check((await page.evaluate(() => window.__slides)) === 0, "with reduced motion asked for, nothing glides");
  await page.close();
}

// Draughts: the capture of two men dropped on its end, black's answer dragged, both moves ringed
// in the two sides' colours, every square a named button.
async function draughts(context) {
  const position = encodeURIComponent("W:W32,45:B27,17,40");
  const page = await open(context, `${BASE}?game=draughts&mode=duel&position=${position}`);
  check((await page.locator("#board .hole.square").count()) === 50, "the draughts board is drawn");
  check((await page.getAttribute("#board", "aria-label")) === "Le damier", "and named as a draughts board");
  await drag(page, "32", "12");
  await waitHistory(page, 1);
  await playerToMove(page);
  check((await pieceOn(page, "12")) === "man-0" && !(await pieceOn(page, "27")) && !(await pieceOn(page, "17")), "the capture dropped on 12 takes both men");
  check((await page.textContent("#board-live")).includes("32x12"), "the live region says 32x12");
  await drag(page, "40", "44");
  await waitHistory(page, 2);
  await playerToMove(page);
  const seats = await page.$$eval("#board .hole.last-from", (gs) => gs.map((g) => g.style.getPropertyValue("--seat")));
  check(seats.length === 2 && seats[0] !== seats[1], `both sides' last moves ringed in their colours: ${seats}`);
  const cells = await page.$$eval("#board [data-hole]", (gs) => gs.filter((g) => g.getAttribute("role") === "button" && g.getAttribute("aria-label")).length);
  check(cells === 50, "every square is a named button");
  check((await page.getAttribute(`${hole("44")}`, "aria-label")).startsWith("44, pion de"), "44 is named with its man");
  await page.close();
}

const browser = await launchBrowser();
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "fr-FR" });
  await context.addInitScript(countSounds);
  await duel(context);
  await keyboard(context);
  await chain(context);
  await draughts(context);
  console.log(`all board checks passed (${checksMade()})`);
} finally {
  await browser.close();
}
