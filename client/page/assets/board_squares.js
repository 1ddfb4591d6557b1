// A board of squares (draughts) drawn in SVG, on the shared base of board_cells.js.

import { CellBoard, el } from "./board_cells.js";

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
      this.name(cell.name, g);
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

  // A seat's ring: the light pieces' colour or the dark ones'.
  seatColour(code) {
    return SQUARE_PIECES[Number(code) % SQUARE_PIECES.length].fill;
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
    this.markLastMoves(view);
    this.label(view, view.pickable);
    this.slide(pieces, view.path);
  }
}
