// The online section of the page as the browser tests drive it: its data attributes read and
// waited for, the player's own pawns, and one move of one hop played by clicks. Shared by
// online.mjs and rejoin.mjs.

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
  const before = Number(await data(page, "moves"));
  const pickable = ((await data(page, "pickable")) || "").split(" ").filter(Boolean);
  for (const hole of pickable) {
    await page.click(onBoard(hole));
    await waitData(page, "selected", hole);
    const ends = await page.locator("#online-board g.hole.jump").evaluateAll((gs) => gs.map((g) => g.dataset.hole));
    if (!ends.length) continue;
    await page.click(onBoard(ends[0]));
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
      `${who} played ${hole}-${ends[0]} by clicks`,
    );
    return `${hole}-${ends[0]}`;
  }
  throw new Error(`${who}: no pawn can step`);
}
