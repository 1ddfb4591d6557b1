// What every board of the page shares, whatever its geometry (board.js: the star;
// board_squares.js: draughts' squares): the SVG helper, the base class of a board of cells
// (turning, the keyboard's steps and focus, the cells' names for a screen reader, each seat's
// last move, the gliding pieces, the moves' lines), and drag and drop.

export const SVG = "http://www.w3.org/2000/svg";

// How long a piece glides over one hop (shorter than a hop's time on screen).
const SLIDE_MS = 220;

function reducedMotion() {
  return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
}

export function el(name, attrs = {}, parent = null) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}

// What every board of the page shares, whatever its geometry: its SVG prepared (the drag and
// drop of `handlers.drop`, no browser menu on a long press), the board turned, the keyboard's
// steps on the rows as drawn, and the lines of the moves (the other seats' last ones, the last,
// the hint, the path shown). A board says where a cell is drawn (`at`), its row gap (`rowGap`)
// and its layer of lines (`lines`).
export class CellBoard {
  constructor(svg, viewBox, handlers) {
    this.svg = svg;
    this.groups = new Map();
    this.rotation = 0;
    svg.setAttribute("viewBox", viewBox);
    svg.innerHTML = "";
    // A long press must not open the browser's menu over the board.
    svg.addEventListener("contextmenu", (e) => e.preventDefault());
    this.dragging = handlers.drop ? enableDrag(svg, handlers) : { moved: () => false };
    this.handlers = handlers;
    // A board one plays on is a group of named buttons reached by Tab (one cell at a time in the
    // tab order, the arrows moving on); a replay's is a picture whose cells are named.
    this.playable = !handlers.still;
    svg.setAttribute("role", "group");
    // The pieces as last drawn, to slide a piece that moved one hop since.
    this.drawn = new Map();
  }

  // A cell's group made reachable and named: role, focus (followed by `handlers.focus`), Enter
  // and Space left to the page's keyboard.
  name(name, g) {
    g.setAttribute("role", this.playable ? "button" : "img");
    g.setAttribute("aria-label", name);
    if (!this.playable) return;
    g.setAttribute("tabindex", "-1");
    // Only a focus the keyboard brought moves the cursor: a click focuses its cell too.
    g.addEventListener("focus", () => {
      if (this.handlers.focus && g.matches(":focus-visible")) this.handlers.focus(name);
    });
  }

  // The names, the tab stop and the focus of `view` (`labels`: Map cell → what a screen reader
  // says of it; `cursor`: the keyboard's cell, which keeps the focus while the board has it).
  label(view, pickable) {
    const inside = this.svg.contains(document.activeElement) ? document.activeElement.dataset.hole : null;
    const stop = view.cursor || inside || [...(pickable || [])][0] || this.groups.keys().next().value;
    for (const [name, g] of this.groups) {
      const said = view.labels && view.labels.get(name);
      g.setAttribute("aria-label", said || name);
      if (!this.playable) continue;
      g.setAttribute("tabindex", name === stop ? "0" : "-1");
    }
    // The keyboard's cursor moved (a destination after a pick): the focus follows it.
    if (view.cursor && inside && inside !== view.cursor) this.focusCell(view.cursor);
  }

  // Gives the focus to `name`'s cell (the keyboard's cursor went there).
  focusCell(name) {
    const g = this.groups.get(name);
    if (g && this.playable && document.activeElement !== g) g.focus();
  }

  // The piece that went one hop since the last drawing (the end of `path` newly taken, its
  // previous cell newly left) glides from there: short, and not at all for a reader who asked
  // for less motion.
  slide(pieces, path) {
    const before = this.drawn;
    this.drawn = new Map(pieces);
    if (path.length < 2 || reducedMotion()) return;
    const [from, to] = path.slice(-2);
    if (!before.has(from) || before.has(to) || pieces.has(from) || !pieces.has(to)) return;
    const node = this.groups.get(to) && this.groups.get(to).querySelector(".pawn");
    if (!node || !node.animate) return;
    const [a, b] = [this.at(from), this.at(to)];
    const shift = `translate(${a.x - b.x}px, ${a.y - b.y}px)`;
    node.animate([{ transform: shift }, { transform: "translate(0px, 0px)" }], {
      duration: SLIDE_MS,
      easing: "ease-out",
    });
  }

  // Each seat's last move (`view.lastMoves`: [{ path, colour }], the colour a piece's as this
  // board draws it), its start and end ringed in the seat's colour, kept until that seat moves
  // again.
  markLastMoves(view) {
    for (const g of this.groups.values()) {
      g.classList.remove("last-from", "last-to");
      g.style.removeProperty("--seat");
    }
    for (const last of view.lastMoves || []) {
      if (last.path.length < 2) continue;
      const colour = this.seatColour(last.colour);
      const ends = [
        [last.path[0], "last-from"],
        [last.path[last.path.length - 1], "last-to"],
      ];
      for (const [name, cls] of ends) {
        const g = this.groups.get(name);
        if (!g) continue;
        g.classList.add(cls);
        g.style.setProperty("--seat", colour);
      }
    }
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
    if (view.lastMoves) {
      for (const last of view.lastMoves) {
        if (last.path.length < 2) continue;
        const pts = last.path.map((n) => this.at(n)).map((p) => `${p.x},${p.y}`);
        const node = el("polyline", { class: "last-line seat-line", points: pts.join(" ") }, this.lines);
        node.style.setProperty("--seat", this.seatColour(last.colour));
      }
    } else {
      for (const earlier of view.earlier || []) line(earlier, "last-line earlier");
      line(view.last, "last-line");
    }
    line(view.hint, "hint-line");
    line(view.path, "path-line");
  }
}

// Drag and drop on a board whose cells are `[data-hole]` groups: a piece pressed on a cell the
// handlers allow (`handlers.draggable(name)`: true, or the cell where its piece is drawn)
// follows the pointer as a ghost, and dropped on another cell asks `handlers.drop(from, to)`.
// The click that ends a drag is swallowed (`moved()`), so a drag never also counts as clicks; a
// press that does not move stays a click.
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
  // The cell whose piece the ghost copies: the one pressed, or the one `draggable` names (a
  // chain's piece is still drawn where the chain started).
  let drawnAt = null;
  svg.addEventListener("pointerdown", (event) => {
    swallow = false;
    const name = cellAt(event);
    const allowed = name && handlers.draggable ? handlers.draggable(name) : false;
    if (!allowed) return;
    from = name;
    drawnAt = typeof allowed === "string" ? allowed : name;
    start = { x: event.clientX, y: event.clientY };
  });
  svg.addEventListener("pointermove", (event) => {
    if (!from) return;
    if (!ghost) {
      if (Math.hypot(event.clientX - start.x, event.clientY - start.y) < 6) return;
      const g = svg.querySelector(`[data-hole="${CSS.escape(drawnAt)}"] .pawn`);
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
