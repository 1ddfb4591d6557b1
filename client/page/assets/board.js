// The star board in SVG: holes where the program says they are, pawns told apart by colour and
// by shape (camp A filled: ● S, ▲ SE, ■ SW; camp B hollow: ○ N, △ NW, □ NE), the picked pawn's
// destinations, a path, the last move and the hint. It knows no rule: it draws what it is given.
// The board can be turned by a multiple of 60° (each seat sees its home at the bottom): the holes
// move, the pawns' shapes and signs stay upright.

const SVG = "http://www.w3.org/2000/svg";
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

function el(name, attrs = {}, parent = null) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}

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

// What every board of the page shares, whatever its geometry: its SVG prepared (the drag and
// drop of `handlers.drop`, no browser menu on a long press), the board turned, the keyboard's
// steps on the rows as drawn, and the lines of the moves (the other seats' last ones, the last,
// the hint, the path shown). A board says where a cell is drawn (`at`), its row gap (`rowGap`)
// and its layer of lines (`lines`).
class CellBoard {
  constructor(svg, viewBox, handlers) {
    this.svg = svg;
    this.groups = new Map();
    this.rotation = 0;
    svg.setAttribute("viewBox", viewBox);
    svg.innerHTML = "";
    // A long press must not open the browser's menu over the board.
    svg.addEventListener("contextmenu", (e) => e.preventDefault());
    this.dragging = handlers.drop ? enableDrag(svg, handlers) : { moved: () => false };
  }

  // Every cell where the turned board draws it.
  place() {
    for (const [name, g] of this.groups) {
      const p = this.at(name);
      g.setAttribute("transform", `translate(${p.x} ${p.y})`);
    }
  }

  // Turns the board by `degrees` counter-clockwise (a multiple of what brings it onto itself).
  setRotation(degrees) {
    const rotation = ((degrees % 360) + 360) % 360;
    if (rotation === this.rotation) return;
    this.rotation = rotation;
    this.svg.dataset.rotation = String(rotation);
    this.place();
  }

  // The keyboard's next cell from `name`, one arrow press away on the board as drawn (turned or
  // not): the nearest cell in the same row to the left or right (`dx`), or in the row above or
  // below (`dy`); `name` itself at an edge.
  cursorStep(name, dx, dy) {
    const at = this.at(name);
    const candidates = [...this.groups.keys()]
      .map((cell) => ({ name: cell, ...this.at(cell) }))
      .filter((p) =>
        dy === 0
          ? Math.abs(p.y - at.y) < 0.1 && Math.sign(p.x - at.x) === dx
          : Math.abs(p.y - (at.y - dy * this.rowGap)) < 0.1,
      );
    candidates.sort((a, b) => Math.abs(a.x - at.x) - Math.abs(b.x - at.x));
    return candidates.length ? candidates[0].name : name;
  }

  // The moves' lines of `view`: the other seats' last moves (fainter), the last, the hint, the
  // path shown.
  drawMoveLines(view) {
    this.lines.innerHTML = "";
    const line = (names, cls) => {
      if (names.length < 2) return;
      const pts = names.map((n) => this.at(n)).map((p) => `${p.x},${p.y}`);
      el("polyline", { class: cls, points: pts.join(" ") }, this.lines);
    };
    for (const earlier of view.earlier || []) line(earlier, "last-line earlier");
    line(view.last, "last-line");
    line(view.hint, "hint-line");
    line(view.path, "path-line");
  }
}

export class Board extends CellBoard {
  // `holes`: the hello's list; `handlers`: { click(name, event), enter(name), leave(name),
  // press(name) } (press: a long press on a touch screen).
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

// Drag and drop on a board whose cells are `[data-hole]` groups: a piece pressed on a cell the
// handlers allow (`handlers.draggable(name)`) follows the pointer as a ghost, and dropped on
// another cell asks `handlers.drop(from, to)`. The click that ends a drag is swallowed
// (`moved()`), so a drag never also counts as clicks; a press that does not move stays a click.
export function enableDrag(svg, handlers) {
  let from = null;
  let ghost = null;
  let start = null;
  let swallow = false;
  const toSvg = (event) => {
    const ctm = svg.getScreenCTM();
    if (!ctm) return { x: 0, y: 0 };
    const p = new DOMPoint(event.clientX, event.clientY).matrixTransform(ctm.inverse());
    return { x: p.x, y: p.y };
  };
  const cellAt = (event) => {
    const node = document.elementFromPoint(event.clientX, event.clientY);
    const g = node && node.closest ? node.closest("[data-hole]") : null;
    return g && svg.contains(g) ? g.dataset.hole : null;
  };
  svg.addEventListener("pointerdown", (event) => {
    swallow = false;
    const name = cellAt(event);
    if (!name || !handlers.draggable || !handlers.draggable(name)) return;
    from = name;
    start = { x: event.clientX, y: event.clientY };
  });
  svg.addEventListener("pointermove", (event) => {
    if (!from) return;
    if (!ghost) {
      if (Math.hypot(event.clientX - start.x, event.clientY - start.y) < 6) return;
      const g = svg.querySelector(`[data-hole="${CSS.escape(from)}"] .pawn`);
      if (!g) return;
      ghost = g.cloneNode(true);
      ghost.classList.add("ghost");
      svg.appendChild(ghost);
      svg.dataset.dragging = from;
      if (svg.setPointerCapture) svg.setPointerCapture(event.pointerId);
    }
    const p = toSvg(event);
    ghost.setAttribute("transform", `translate(${p.x} ${p.y})`);
  });
  const end = (event, drop) => {
    if (ghost) {
      ghost.remove();
      ghost = null;
      delete svg.dataset.dragging;
      swallow = true;
      const to = drop ? cellAt(event) : null;
      if (to && to !== from) handlers.drop(from, to);
    }
    from = null;
  };
  svg.addEventListener("pointerup", (event) => end(event, true));
  svg.addEventListener("pointercancel", (event) => end(event, false));
  return {
    moved() {
      const was = swallow;
      swallow = false;
      return was;
    },
  };
}

// A piece of a game drawn on squares: a man a disc, a king a disc with a crown; told apart by
// colour (the light seat's and the dark seat's) and, for kings, by the crown's sign.
const SQUARE_PIECES = [
  { fill: "#f7f1e3", stroke: "#3b2a1a" },
  { fill: "#2b2320", stroke: "#0d0b0a" },
];

function squarePiece(piece, parent) {
  const style = SQUARE_PIECES[piece.colour % SQUARE_PIECES.length];
  const g = el("g", { class: `pawn piece-${piece.kind} piece-colour-${piece.colour}` }, parent);
  el("circle", { class: "pawn-shape", r: 0.4, fill: style.fill, stroke: style.stroke, "stroke-width": 0.05 }, g);
  el("circle", { r: 0.28, fill: "none", stroke: style.stroke, "stroke-width": 0.03, opacity: 0.6 }, g);
  if (piece.kind === "king") {
    const crown = el("text", { class: "crown", y: 0.14, fill: piece.colour % 2 ? "#f7f1e3" : "#2b2320" }, g);
    crown.textContent = "♛";
  }
  return g;
}

// A board of 10×10 squares (`Geometry::Square10`): the cells the program lists (the dark
// squares) at their column `x` and row `y` from the first seat's side, the pieces, the picked
// piece's next squares and ends, a path drawn square by square, the last moves, the square
// numbers on demand. Turned half a turn for the second seat. Same calls as the star `Board`.
export class SquareBoard extends CellBoard {
  constructor(svg, cells, handlers) {
    super(svg, "-0.3 -0.3 10.6 10.6", handlers);
    this.cells = new Map(cells.map((c) => [c.name, c]));
    this.rowGap = 1;
    el("rect", { class: "squares-frame", x: -0.3, y: -0.3, width: 10.6, height: 10.6, rx: 0.15 }, svg);
    el("rect", { class: "squares-light", x: 0, y: 0, width: 10, height: 10 }, svg);
    const layer = el("g", { class: "squares" }, svg);
    this.lines = el("g", { class: "lines" }, svg);
    for (const cell of cells) {
      const g = el("g", { class: "hole square", "data-hole": cell.name }, layer);
      el("rect", { class: "socket", x: -0.5, y: -0.5, width: 1, height: 1 }, g);
      el("rect", { class: "mark", x: -0.46, y: -0.46, width: 0.92, height: 0.92 }, g);
      const number = el("text", { class: "number", x: -0.44, y: -0.3 }, g);
      number.textContent = cell.name;
      g.addEventListener("click", (e) => {
        if (this.dragging.moved()) return;
        handlers.click(cell.name, e);
      });
      g.addEventListener("pointerenter", () => handlers.enter(cell.name));
      g.addEventListener("pointerleave", () => handlers.leave(cell.name));
      this.groups.set(cell.name, g);
    }
    this.place();
  }

  // The centre of `name` as drawn, the board turned.
  at(name) {
    const c = this.cells.get(name);
    const turned = this.rotation === 180;
    const x = turned ? 9 - c.x : c.x;
    const y = turned ? c.y : 9 - c.y;
    return { x: x + 0.5, y: y + 0.5 };
  }

  // `pieces`: Map name → { owner, kind, colour }; `view`: { selected, hops, ends (Sets), path,
  // last, hint (arrays), cursor, numbers }.
  draw(pieces, view) {
    this.svg.classList.toggle("numbered", !!view.numbers);
    for (const [name, g] of this.groups) {
      const old = g.querySelector(".pawn");
      if (old) old.remove();
      g.className.baseVal = "hole square";
      delete g.dataset.pawn;
      const piece = pieces.get(name);
      if (piece) {
        const node = squarePiece(piece, g);
        g.insertBefore(node, g.querySelector(".mark"));
        g.dataset.pawn = `${piece.kind}-${piece.colour}`;
      }
      const marks = [
        ["selected", view.selected === name],
        ["jump", view.ends.has(name)],
        ["hop", view.hops.has(name) && !view.ends.has(name)],
        ["pickable", view.pickable.has(name)],
        ["last", view.last.includes(name)],
        ["hinted", view.hint.includes(name)],
        ["on-path", view.path.includes(name)],
        ["cursor", view.cursor === name],
      ];
      for (const [cls, on] of marks) if (on) g.classList.add(cls);
    }
    this.drawMoveLines(view);
  }
}
