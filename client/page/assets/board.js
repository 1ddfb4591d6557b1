// The star board in SVG: holes where the program says they are, pawns told apart by colour and
// by shape (camp A filled: ● S, ▲ SE, ■ SW; camp B hollow: ○ N, △ NW, □ NE), the picked pawn's
// destinations, a path, the last move and the hint. It knows no rule: it draws what it is given.
// The board can be turned by a multiple of 60° (each seat sees its home at the bottom): the holes
// move, the pawns' shapes and signs stay upright. The board of squares is board_squares.js's;
// what both share, board_cells.js's.

import { CellBoard, el } from "./board_cells.js";
import { SquareBoard } from "./board_squares.js";

// Holes are 2 units apart along a row; rows are √3 apart, so every neighbour is at distance 2.
const ROW = Math.sqrt(3);
const HOLE_R = 0.55;
const PAWN_R = 0.78;
const LONG_PRESS_MS = 450;

export const COLOURS = {
  S: { fill: "#d1342f", shape: "circle", filled: true },
  SE: { fill: "#e07b00", shape: "triangle", filled: true },
  SW: { fill: "#7b3fb5", shape: "square", filled: true },
  N: { fill: "#1d8a4c", shape: "circle", filled: false },
  NW: { fill: "#1f5fbf", shape: "triangle", filled: false },
  NE: { fill: "#b08a00", shape: "square", filled: false },
  // The captures game's neutral pieces.
  P: { fill: "#5b5550", shape: "diamond", filled: true },
};

// How long each hop of a move stays on screen.
export const HOP_MS = 320;

// The star board's colour codes by the program's colour index (N, NE, SE, S, SW, NW, then the
// neutral pieces').
export const STAR_CODES = ["N", "NE", "SE", "S", "SW", "NW", "P"];

// The board of a game's `geometry` (`star121`, `square10`) over the program's `cells` ({ name,
// x, y }): the one choice every board of the page (a table, a replay) makes.
export function boardFor(svg, geometry, cells, handlers) {
  return geometry === "square10"
    ? new SquareBoard(svg, cells, handlers)
    : new Board(svg, cells.map((c) => ({ name: c.name, x: c.x, y: c.y })), handlers);
}

// `pieces` (cell → the program's piece { owner, kind, colour }) as the board of `geometry` draws
// them: squares take the piece itself, the star its colour code.
export function drawnPieces(geometry, pieces) {
  if (geometry === "square10") return pieces;
  return new Map([...pieces].map(([name, p]) => [name, STAR_CODES[p.colour] || "P"]));
}

// Plays `move` on `pawns` (hole → colour) hop by hop — a swap at once — calling `show(path)` with
// the holes passed so far after each hop; resolves a hop's time after the last. Every board of
// the page (duel, table, online, replay) shows moves so.
export function playHops(pawns, move, show, hopMs = HOP_MS) {
  const path = move.path;
  let i = 0;
  return new Promise((resolve) => {
    const step = () => {
      if (move.kind === "swap") {
        const [a, b] = path;
        const ca = pawns.get(a);
        pawns.set(a, pawns.get(b));
        pawns.set(b, ca);
        i = path.length;
      } else if (i > 0) {
        const colour = pawns.get(path[i - 1]);
        pawns.delete(path[i - 1]);
        pawns.set(path[i], colour);
      }
      show(path.slice(0, i + 1));
      i += 1;
      setTimeout(i < path.length ? step : resolve, hopMs);
    };
    step();
  });
}

export function point(hole) {
  return { x: hole.x, y: -hole.y * ROW };
}

function pawnShape(colour, parent) {
  const style = COLOURS[colour] || COLOURS.S;
  const attrs = style.filled
    ? { fill: style.fill, stroke: "#1b1b1b", "stroke-width": 0.08 }
    : { fill: "#fdfaf3", stroke: style.fill, "stroke-width": 0.3 };
  let node;
  if (style.shape === "circle") {
    node = el("circle", { r: PAWN_R, ...attrs }, parent);
  } else if (style.shape === "triangle") {
    const r = PAWN_R * 1.15;
    const pts = [0, 1, 2].map((i) => {
      const a = -Math.PI / 2 + (i * 2 * Math.PI) / 3;
      return `${(r * Math.cos(a)).toFixed(3)},${(r * Math.sin(a) + 0.12).toFixed(3)}`;
    });
    node = el("polygon", { points: pts.join(" "), ...attrs }, parent);
  } else if (style.shape === "diamond") {
    const r = PAWN_R * 1.05;
    node = el("polygon", { points: `0,${-r} ${r},0 0,${r} ${-r},0`, ...attrs }, parent);
  } else {
    const s = PAWN_R * 1.5;
    node = el("rect", { x: -s / 2, y: -s / 2, width: s, height: s, rx: 0.12, ...attrs }, parent);
  }
  node.classList.add("pawn-shape");
  return node;
}

export class Board extends CellBoard {
  // `holes`: the hello's list; `handlers`: { click(name, event), enter(name), leave(name),
  // press(name) } (press: a long press on a touch screen), and optionally draggable(name) and
  // drop(from, to) (drag and drop), focus(name) (the keyboard reached a cell), still (a board
  // only looked at: its cells named pictures, not buttons).
  constructor(svg, holes, handlers) {
    super(svg, "-14 -16 28 32", handlers);
    this.holes = new Map(holes.map((h) => [h.name, h]));
    this.rowGap = ROW;
    el("polygon", { class: "star", points: this.starPoints() }, svg);
    this.lines = el("g", { class: "lines" }, svg);
    const holesLayer = el("g", { class: "holes" }, svg);
    this.overlay = el("g", { class: "overlay" }, svg);
    for (const hole of holes) {
      const p = point(hole);
      const g = el("g", { class: "hole", "data-hole": hole.name, transform: `translate(${p.x} ${p.y})` }, holesLayer);
      if (hole.branch) g.dataset.branch = hole.branch;
      // A generous invisible target: a finger is larger than a hole.
      el("circle", { class: "hit", r: 1 }, g);
      el("circle", { class: "socket", r: HOLE_R }, g);
      el("circle", { class: "mark", r: PAWN_R + 0.22 }, g);
      // The destination's sign, as in the terminal: + a step, ✱ the end of a chain, ⇄ a swap.
      el("text", { class: "glyph", y: 0.42 }, g);
      // Its coordinate, shown on demand (`view.numbers`).
      el("text", { class: "coord", y: -0.95 }, g).textContent = hole.name;
      this.name(hole.name, g);
      // A long press on a touch screen previews (handlers.press) instead of playing: the click
      // that follows it is swallowed.
      let timer = null;
      let pressed = false;
      g.addEventListener("pointerdown", (e) => {
        if (e.pointerType !== "touch") return;
        pressed = false;
        clearTimeout(timer);
        timer = setTimeout(() => {
          pressed = true;
          handlers.press(hole.name);
        }, LONG_PRESS_MS);
      });
      for (const end of ["pointerup", "pointercancel"]) g.addEventListener(end, () => clearTimeout(timer));
      g.addEventListener("click", (e) => {
        if (pressed || this.dragging.moved()) {
          pressed = false;
          return;
        }
        handlers.click(hole.name, e);
      });
      g.addEventListener("pointerenter", () => handlers.enter(hole.name));
      g.addEventListener("pointerleave", () => handlers.leave(hole.name));
      this.groups.set(hole.name, g);
    }
  }

  // The fill of a star colour code.
  seatColour(code) {
    return (COLOURS[code] || COLOURS.P).fill;
  }

  // Where `name` is drawn, the board turned.
  at(name) {
    const p = point(this.holes.get(name));
    if (!this.rotation) return p;
    // Counter-clockwise on the screen: SVG's y points down.
    const a = (this.rotation * Math.PI) / 180;
    const [c, s] = [Math.cos(a), Math.sin(a)];
    const round = (v) => Math.round(v * 1000) / 1000;
    return { x: round(p.x * c + p.y * s), y: round(-p.x * s + p.y * c) };
  }

  starPoints() {
    // The six tips and the six inner corners of the star, a little outside the holes: the
    // outer tips stand at 8√3 from the centre, the inner corners at 8 (a hexagram).
    const tips = [];
    for (let i = 0; i < 12; i++) {
      const a = -Math.PI / 2 + (i * Math.PI) / 6;
      const r = i % 2 === 0 ? 15.6 : 9.0;
      tips.push(`${(r * Math.cos(a)).toFixed(2)},${(r * Math.sin(a)).toFixed(2)}`);
    }
    return tips.join(" ");
  }

  // Draws the pawns (`pawns`: Map hole → colour) and the marks of `view`:
  // { goals: Map branch → colour, selected, steps, jumps, swaps, hops, path, last, hint, cursor },
  // and for a star table { goalHoles: Map hole → colour, forbidden: Set of holes } (greyed
  // where the seat may not stop).
  draw(pawns, view) {
    this.svg.classList.toggle("numbered", !!view.numbers);
    for (const [name, g] of this.groups) {
      const old = g.querySelector(".pawn");
      if (old) old.remove();
      const colour = pawns.get(name);
      g.className.baseVal = "hole";
      delete g.dataset.pawn;
      if (colour) {
        const pawn = el("g", { class: `pawn pawn-${colour}` });
        pawnShape(colour, pawn);
        g.insertBefore(pawn, g.querySelector(".mark"));
        g.dataset.pawn = colour;
      } else {
        const goalOf = view.goalHoles ? view.goalHoles.get(name) : view.goals.get(g.dataset.branch || "");
        if (goalOf) {
          g.classList.add("goal");
          g.style.setProperty("--goal", COLOURS[goalOf].fill);
        } else if (view.forbidden && view.forbidden.has(name)) {
          g.classList.add("forbidden");
        }
      }
      const marks = [
        ["selected", view.selected === name],
        ["step", view.steps.has(name)],
        ["jump", view.jumps.has(name)],
        ["swap", view.swaps.has(name)],
        ["hop", view.hops.has(name)],
        ["last", view.last.includes(name)],
        ["hinted", view.hint.includes(name)],
        ["on-path", view.path.includes(name)],
        ["cursor", view.cursor === name],
      ];
      for (const [cls, on] of marks) if (on) g.classList.add(cls);
      const sign = view.swaps.has(name) ? "⇄" : view.steps.has(name) ? "+" : view.jumps.has(name) ? "✱" : "";
      const glyph = sign || (g.classList.contains("forbidden") ? "×" : "");
      g.querySelector(".glyph").textContent = glyph;
    }
    this.drawLines(view);
    this.markLastMoves(view);
    this.label(view, view.pickable && view.pickable.size ? view.pickable : null);
    this.slide(pawns, view.path);
  }

  drawLines(view) {
    this.drawMoveLines(view);
    this.overlay.innerHTML = "";
    // Landings numbered 1, 2, 3… along the path shown.
    view.path.slice(1).forEach((name, i) => {
      const p = this.at(name);
      const t = el("text", { class: "landing", x: p.x + 0.75, y: p.y - 0.7 }, this.overlay);
      t.textContent = String(i + 1);
    });
  }
}
