// What a board shows of a table beside its pieces, the same at the one table (play.js) and in
// online play (online.js, for two seats and for tables of seats): the marks (the picked piece,
// its destinations, the path, each seat's last move ringed in its colour, the rules' zones),
// each cell named for a screen reader, what a click or a drag asks, and the live region's words
// for a move. The state is the program's table view (page_play_view.rs), whoever plays it: no
// rule is decided here.

import { STAR_CODES } from "./board.js";
import { t } from "./words.js";

// The colour code the board draws seat `n`'s pieces in (a star colour, or a piece's colour).
export function seatCode(state, n) {
  const seat = state.seats.find((s) => s.seat === n);
  const colour = seat && seat.colours.length ? seat.colours[0] : 0;
  return state.geometry === "square10" ? colour : STAR_CODES[colour] || "P";
}

// The marks of `state` as the board draws them. `shown`: what the page shows now — `selection`
// (the picked piece, or null), `pickable` (the cells that may be picked, [] out of turn),
// `hops` (whether a chain's single hops are offered), `path` (a path asked for, [] if none),
// `animating` (a move glides: no last move ringed meanwhile), `hint`, `cursor`, `numbers`.
export function tableMarks(state, shown) {
  const sel = shown.selection;
  const set = (list) => new Set(list || []);
  const chain = sel && sel.path.length > 1;
  const lasts = shown.animating ? [] : state.last_moves;
  // The rules' zones as the interface marks them: goals tinted by the army bound there, and
  // greyed the cells closed to the seat the board is shown for.
  const zoned = (c) => c.goal !== undefined && c.goal !== null;
  return {
    goals: new Map(),
    goalHoles: new Map(state.cells.filter(zoned).map((c) => [c.name, STAR_CODES[c.goal]])),
    forbidden: new Set(state.cells.filter((c) => (c.closed_to || []).includes(state.viewer)).map((c) => c.name)),
    selected: sel ? sel.path[sel.path.length - 1] : null,
    steps: new Set(),
    jumps: set(sel && sel.ends),
    ends: set(sel && sel.ends),
    swaps: new Set(),
    hops: set(shown.hops || chain || state.geometry === "square10" ? sel && sel.hops : []),
    pickable: set(!sel ? shown.pickable : []),
    path: shown.path.length ? shown.path : chain ? sel.path : [],
    last: lasts.length ? lasts[lasts.length - 1].path : [],
    lastMoves: lasts.map((l) => ({ seat: l.seat, path: l.path, colour: seatCode(state, l.seat) })),
    earlier: lasts.slice(0, -1).map((l) => l.path),
    hint: shown.hint || [],
    cursor: shown.cursor,
    numbers: Boolean(shown.numbers),
  };
}

// What a screen reader says of each cell of `state` with the pieces `pieces` (cell → piece) and
// the marks `marks`: its name, what stands on it, and whether it is picked, a destination, or
// where a seat's last move started or ended. `nameOf(seat)` names a seat; `mine` is the page's
// own seat online (its pieces and moves said as « yours »), null at the one table.
export function cellLabels(state, pieces, marks, nameOf, mine = null) {
  const labels = new Map();
  const lastOf = new Map();
  for (const l of marks.lastMoves) {
    if (l.path.length < 2) continue;
    for (const name of [l.path[0], l.path[l.path.length - 1]]) lastOf.set(name, l.seat);
  }
  const known = (owner) => owner !== null && owner !== undefined;
  for (const cell of state.cells) {
    const name = cell.name;
    const piece = pieces.get(name);
    const king = piece && piece.kind === "king";
    let said;
    if (!piece) said = t("board_cell_empty", { cell: name });
    else if (!known(piece.owner)) said = t("board_cell_neutral", { cell: name });
    else if (piece.owner === mine) said = t(king ? "board_cell_your_king" : "board_cell_yours", { cell: name });
    else said = t(king ? "board_cell_king" : "board_cell_piece", { cell: name, name: nameOf(piece.owner) });
    const words = [said];
    if (marks.selected === name) words.push(t("board_cell_picked"));
    if (marks.ends.has(name) || marks.hops.has(name)) words.push(t("board_cell_destination"));
    if (lastOf.has(name)) {
      const seat = lastOf.get(name);
      words.push(seat === mine ? t("board_cell_your_last") : t("board_cell_last", { name: nameOf(seat) }));
    }
    labels.set(name, words.join(", "));
  }
  return labels;
}

// What a click on `name` asks of a piece already picked (`sel`): the chain ended on its last
// landing, a hop (`wantsHop`), the move to a destination, the pick cancelled on the piece
// itself; null when the click is not about the picked piece.
export function clickOnPicked(sel, name, wantsHop) {
  if (!sel) return null;
  const chain = sel.path.length > 1;
  if (chain && name === sel.path[sel.path.length - 1]) return { action: "end_chain" };
  if (wantsHop && sel.hops.includes(name)) return { action: "hop", to: name };
  if (sel.hops.includes(name) || sel.ends.includes(name)) return { action: "move", to: name };
  if (!chain && name === sel.path[0]) return { action: "cancel" };
  return null;
}

// Whether the piece on `name` may be dragged: one the program says may be picked, or a chain's
// piece on its last landing — dragged on from there, though still drawn where it started (the
// cell named is where the ghost takes its piece from).
export function dragFrom(sel, pickable, name) {
  const chain = Boolean(sel) && sel.path.length > 1 && sel.path[sel.path.length - 1] === name;
  return chain ? sel.path[0] : pickable.includes(name);
}

// Whether a drop from `from` goes on with the chain being built (rather than a new pick).
export function dropsOnChain(sel, from) {
  return Boolean(sel) && sel.path.length > 1 && sel.path[sel.path.length - 1] === from;
}

// The live region's words for a move: who played what.
export function movedWords(name, notation) {
  return t("board_moved", { name, move: notation });
}
