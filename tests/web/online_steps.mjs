// The online section of the page as the browser tests drive it: its data attributes read and
// waited for, the player's own pawns, one move of one hop played by clicks or by a drag, each
// seat's last move ringed. Shared by online.mjs, seats.mjs and rejoin.mjs.

import { check, TIMEOUT } from "./checks.mjs";

export { TIMEOUT };

export const section = "#online";
export const onBoard = (hole) => `#online-board [data-hole="${hole}"]`;
export const data = (page, name) => page.locator(section).getAttribute(`data-${name}`);
export const waitData = (page, name, value) =>
  page.waitForSelector(`${section}[data-${name}="${value}"]`, { timeout: TIMEOUT, state: "attached" });

// The holes of the player's own pawns: camp A's colour is S, camp B's N (format 1).
export async function ownPawns(page) {
  const camp = await data(page, "camp");
  const colour = camp === "A" ? "S" : "N";
  return page.locator(`#online-board g.hole[data-pawn="${colour}"]`).evaluateAll((gs) => gs.map((g) => g.dataset.hole));
}

// Plays one move of one hop by clicks: a pawn with a destination is picked, then its first
// destination; a jump that could go on is a hop of a chain, ended by a click on its end again.
// Returns the move as the history writes it.
export async function playStep(page, who) {
  return playOne(page, who, "clicks");
}

// The same move dragged and dropped, as a mouse does: the pawn's destinations are read from a
// click on it, then the pawn is dragged from its cell and dropped on the first one.
export async function dragStep(page, who) {
  return playOne(page, who, "a drag");
}

// Drags the piece on `from` to `to` on the online board.
async function drag(page, from, to) {
  const a = await page.locator(`${onBoard(from)} .socket`).boundingBox();
  const b = await page.locator(`${onBoard(to)} .socket`).boundingBox();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 8, a.y + a.height / 2 + 8, { steps: 2 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 6 });
  await page.mouse.up();
}

// The cells where a seat's last move starts, each with the colour it is ringed in.
export async function ringedStarts(page) {
  return page.$$eval("#online-board .hole.last-from", (gs) =>
    gs.map((g) => ({ hole: g.dataset.hole, seat: g.style.getPropertyValue("--seat") })),
  );
}

async function playOne(page, who, how) {
  const before = Number(await data(page, "moves"));
  const pickable = ((await data(page, "pickable")) || "").split(" ").filter(Boolean);
  for (const hole of pickable) {
    await page.click(onBoard(hole));
    await waitData(page, "selected", hole);
    const ends = await page.locator("#online-board g.hole.jump").evaluateAll((gs) => gs.map((g) => g.dataset.hole));
    if (!ends.length) continue;
    if (how === "a drag") await drag(page, hole, ends[0]);
    else await page.click(onBoard(ends[0]));
    await page.waitForFunction(
      ([n, end]) => {
        const d = document.getElementById("online").dataset;
        return Number(d.moves) >= n || d.selected.endsWith(`-${end}`);
      },
      [before + 1, ends[0]],
      { timeout: TIMEOUT },
    );
    if (Number(await data(page, "moves")) < before + 1) await page.click(onBoard(ends[0]));
    // At a table of more seats a computer may already have answered.
    await page.waitForFunction((n) => Number(document.getElementById("online").dataset.moves) > n, before, {
      timeout: TIMEOUT,
    });
    await waitData(page, "your-turn", "false");
    check(
      (await page.locator(`${onBoard(ends[0])} .pawn`).count()) === 1 &&
        (await page.locator(`${onBoard(hole)} .pawn`).count()) === 0,
      `${who} played ${hole}-${ends[0]} by ${how}`,
    );
    return `${hole}-${ends[0]}`;
  }
  throw new Error(`${who}: no pawn can step`);
}
