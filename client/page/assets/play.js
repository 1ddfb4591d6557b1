// The one table of the page, any game of the catalogue (the duel, the star games of 2–6 seats,
// draughts): the form that starts one, the board drawn by its geometry (the star, or 10×10
// squares), the pieces picked by click or dragged and dropped, the seats with their counters,
// the moves shown hop by hop, the end. Messages: `{"type":"play",…}`
// (client/page/src/play_messages.rs). No rule is decided here: what may be picked, where it may
// go, the paths and the end all come from the program.

import { boardFor, drawnPieces, playHops } from "./board.js";
import { cellLabels as labelsOf, clickOnPicked, dragFrom, movedWords, seatCode, tableMarks } from "./board_view.js";
import { t, has } from "./words.js";
import { playSound, setSound, soundOn, soundOfChange } from "./sound.js";
import { fillGames, fillSeats, setGames, titleOf } from "./play_form.js";
import { announce as announceNews, nameOfSeat, renderPanel as drawPanel, statusText as status } from "./play_panel.js";

const $ = (id) => document.getElementById(id);

// The star board's colours by the interface's colour index (N, NE, SE, S, SW, NW, neutral).

let ctx = null; // { send, svg(), hello(), lang(), say(text, alert), hopMode() }
let state = null;
let active = false;
let board = null;
let boardGeometry = null;
let pieces = new Map();
let shownPath = [];
let hoverTarget = null;
let animating = 0;
let lastSetup = null;
let saved = { tables: [], corrupt: [] };
let cursor = null;
let numbers = false;
// « Tourner le plateau »: half a turn more than the program's view for the seat.
let turned = false;
// A past position looked at from the move list ({ at, pieces, last }), or null: the game live.
let looking = null;
// The form was just sent: its table's first state brings the board into view (the page stayed
// scrolled at the form, the board off-screen) and says whose turn it is.
let seated = false;

const send = (msg) => ctx.send({ type: "play", ...msg });

// ---- what app.js asks ---------------------------------------------------------------------

export function init(context) {
  ctx = context;
  $("play-form").addEventListener("submit", (event) => {
    event.preventDefault();
    start();
  });
  $("play-game").addEventListener("change", () => fillSeats(ctx));
  $("play-confirm-yes").addEventListener("click", () => send({ action: "confirm" }));
  $("play-confirm-no").addEventListener("click", () => send({ action: "cancel" }));
  $("play-numbers").addEventListener("click", () => {
    numbers = !numbers;
    $("play-numbers").setAttribute("aria-pressed", String(numbers));
    render();
  });
  $("play-turn").addEventListener("click", () => {
    turned = !turned;
    $("play-turn").setAttribute("aria-pressed", String(turned));
    render();
  });
  $("play-sound").setAttribute("aria-pressed", String(soundOn()));
  $("play-sound").addEventListener("click", () => {
    setSound(!soundOn());
    $("play-sound").setAttribute("aria-pressed", String(soundOn()));
    // Heard at once: the switch is also the browser's leave to make a sound.
    playSound("move");
  });
  $("play-live").addEventListener("click", backToLive);
  send({ action: "games" });
  send({ action: "saved" });
}

// Whether the board shows this table.
export function isActive() {
  return active;
}

// The page's first table (app.js: the duel against the computer, or as the address says).
export function startFirst(setup) {
  lastSetup = setup;
  begin();
  send({ action: "new", ...setup });
}

// A saved game is taken up (saves.js asks): the table that comes is shown.
export function resuming() {
  lastSetup = null;
  begin();
}

// The number of moves of the table shown (none: 0).
export function moves() {
  return active && state ? state.history.length : 0;
}

// The board again, as it is (the hop mode changed).
export function redraw() {
  if (state) render();
}

// Online play takes the screen: the table is left (its computers stop) and the board emptied.
export function leave() {
  if (!active) return;
  send({ action: "leave" });
  active = false;
  state = null;
  looking = null;
  board = null;
  boardGeometry = null;
  $("play-confirm").hidden = true;
  document.body.classList.remove("at-play");
  delete document.body.dataset.game;
  ctx.svg().innerHTML = "";
}

// A move typed in the game's notation, for the table shown; `false` when none is.
export function typed(notation) {
  if (!active) return false;
  send({ action: "typed", notation });
  return true;
}

// The panel's buttons and keys.
export function act(action) {
  if (action === "undo") ctx.say(null);
  send({ action });
}

// The end panel's new-game button: the same table again.
export function again() {
  if (!lastSetup && state) {
    lastSetup = { game: state.game, players: state.seats.map((s) => s.player), opener: 1 };
  }
  if (lastSetup) {
    active = true;
    send({ action: "new", ...lastSetup });
  }
}

export function words() {
  fillGames(ctx);
  renderSaved();
  if (state) render();
}

export function onHole(name, event) {
  if (!canAct() || state.pending) return;
  const asked = clickOnPicked(state.selection, name, ctx.hopMode() || (event && event.shiftKey));
  if (asked) return send(asked);
  if (state.pickable.includes(name)) return send({ action: "select", hole: name });
  if (pieces.has(name)) ctx.say(t("play_error_not_pickable"));
}

export function onEnter(name) {
  if (!canAct() || !state.selection) return;
  const sel = state.selection;
  if (sel.ends.includes(name)) {
    hoverTarget = name;
    send({ action: "path", to: name });
  }
}

export function onLeave(name) {
  if (hoverTarget === name) {
    hoverTarget = null;
    shownPath = [];
    render();
  }
}

// The arrows move the keyboard's cell on the board as drawn; Enter acts on it as a click,
// Space as a shift-click.
export function onKey(event) {
  const arrows = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
  if (arrows[event.key] && board && state) {
    event.preventDefault();
    const [dx, dy] = arrows[event.key];
    cursor = cursor ? board.cursorStep(cursor, dx, dy) : firstPickable();
    if (cursor) document.body.dataset.cursor = cursor;
    if (cursor) onEnter(cursor);
    render();
    if (cursor) board.focusCell(cursor);
    return;
  }
  if ((event.key === "Enter" || event.key === " ") && cursor) {
    event.preventDefault();
    onHole(cursor, { shiftKey: event.key === " " });
  } else if (event.key === "Escape") act("cancel");
  else if (event.key === "f") act("end_chain");
  else if (event.key === "i") act("hint");
  else if (event.key === "u") act("undo");
}

// A cell reached by the keyboard (Tab, or the focus moved): the keyboard's cursor is there.
function onFocus(name) {
  if (cursor === name) return;
  cursor = name;
  document.body.dataset.cursor = name;
  onEnter(name);
  render();
}

function firstPickable() {
  if (!state || !state.pickable.length) return state && state.cells.length ? state.cells[0].name : null;
  return state.pickable[0];
}

// ---- the program's replies ----------------------------------------------------------------

export function onMessage(msg) {
  switch (msg.reply) {
    case "games":
      setGames(msg.games, msg.players);
      fillGames(ctx);
      return Promise.resolve();
    case "saved":
      saved = msg;
      renderSaved();
      return Promise.resolve();
    case "state":
      if (!active) return Promise.resolve();
      if (msg.saved_as && (!state || state.saved_as !== msg.saved_as)) send({ action: "saved" });
      // A typed move that was played leaves the field.
      if (state && msg.history.length !== state.history.length) $("typed-notation").value = "";
      soundOfChange(state, msg);
      // A position looked at that is no longer of this game (another table, moves taken back).
      if (looking && (!state || state.game !== msg.game || msg.history.length < looking.at)) looking = null;
      state = msg;
      pieces = new Map(msg.cells.filter((c) => c.piece).map((c) => [c.name, c.piece]));
      shownPath = [];
      ensureBoard();
      announce();
      render();
      if (seated && lastSetup && state.game === lastSetup.game) {
        seated = false;
        $("board-wrap").scrollIntoView({ block: "start" });
        ctx.say(statusText());
      }
      if (state.outcome) send({ action: "saved" });
      return Promise.resolve();
    case "moved":
      if (!active || !state) return Promise.resolve();
      // Said to a screen reader: who played what.
      $("board-live").textContent = movedWords(nameOf(msg.seat), msg.notation);
      return animate(msg);
    case "position":
      if (active && state) {
        looking = { at: msg.at, pieces: new Map(msg.cells.filter((c) => c.piece).map((c) => [c.name, c.piece])), last: msg.last };
        render();
      }
      return Promise.resolve();
    case "path":
      if (active && hoverTarget === msg.to) {
        shownPath = msg.cells;
        render();
      }
      return Promise.resolve();
    case "error": {
      const code = msg.code;
      const text = has(`play_error_${code}`) ? t(`play_error_${code}`) : msg.detail;
      ctx.say(code === "refused" || code === "save_failed" ? `${text}${t("colon")}${msg.detail}` : text, true);
      return Promise.resolve();
    }
    default:
      return Promise.resolve();
  }
}

// ---- set-up -------------------------------------------------------------------------------

function start() {
  const game = $("play-game").value;
  const players = [...$("play-seats").querySelectorAll("select")].map((s) => s.value);
  lastSetup = { game, players, opener: Number($("play-opener").value) };
  begin();
  seated = true;
  send({ action: "new", ...lastSetup });
}

// The board becomes this table's.
function begin() {
  active = true;
  looking = null;
  ctx.say(null);
}

function renderSaved() {
  const list = $("play-saved");
  list.innerHTML = "";
  const current = active && state ? state.saved_as : null;
  for (const table of saved.tables.filter((s) => s.id !== current)) {
    const li = document.createElement("li");
    const text = document.createElement("span");
    const line = t("table_saved_line", { variant: titleOf(table.game, ctx.lang()), moves: table.moves });
    text.textContent = table.date ? `${line} · ${table.date}` : line;
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = t("table_resume");
    button.dataset.play = table.id;
    button.addEventListener("click", () => {
      lastSetup = null;
      begin();
      send({ action: "resume", id: table.id });
    });
    li.append(text, " ", button);
    list.appendChild(li);
  }
  if (!list.children.length) {
    const li = document.createElement("li");
    li.textContent = t("table_no_saved");
    list.appendChild(li);
  }
  const corrupt = $("play-corrupt");
  corrupt.textContent = saved.corrupt.map((c) => t("table_corrupt", { file: c.file, reason: c.reason })).join("\n");
  corrupt.hidden = !saved.corrupt.length;
}

// ---- names and the panel (play_panel.js) ---------------------------------------------------

const nameOf = (n) => nameOfSeat(state, n);
const statusText = () => status(state, animating);
const announce = () => announceNews(state, ctx.say);

function renderPanel() {
  drawPanel({ state, animating, looking: looking ? looking.at : null, lookAt, lang: ctx.lang() });
}

// ---- drawing ------------------------------------------------------------------------------

function canAct() {
  return active && state && state.next === "human" && !animating && !looking;
}

function ensureBoard() {
  if (board && boardGeometry === state.geometry) return;
  const handlers = {
    click: onHole,
    enter: onEnter,
    leave: onLeave,
    press: onEnter,
    draggable: (name) => canAct() && !state.pending && dragFrom(state.selection, state.pickable, name),
    drop: (from, to) => send({ action: "drop", from, to }),
    focus: onFocus,
  };
  const svg = ctx.svg();
  // Named by its geometry, again at a change of language (app.js reads `data-w-label`).
  const square = state.geometry === "square10";
  svg.dataset.wLabel = square ? "board_label_squares" : "board_label";
  svg.setAttribute("aria-label", square ? t("board_label_squares") : t("board_label"));
  board = boardFor(svg, state.geometry, state.cells, handlers);
  boardGeometry = state.geometry;
}

// What a screen reader says of each cell (board_view.js), the seats named as the panel names them.
const cellLabels = (shown, marks) => labelsOf(state, shown, marks, nameOf);

// A past position as the board shows it: its pieces, the move that led there, nothing to pick.
function lookingView() {
  const seat = looking.at > 0 ? state.history[looking.at - 1].seat : null;
  const marks = {
    goals: new Map(),
    goalHoles: new Map(),
    forbidden: new Set(),
    selected: null,
    steps: new Set(),
    jumps: new Set(),
    ends: new Set(),
    swaps: new Set(),
    hops: new Set(),
    pickable: new Set(),
    path: [],
    last: looking.last,
    lastMoves: seat === null ? [] : [{ seat, path: looking.last, colour: seatCode(state, seat) }],
    earlier: [],
    hint: [],
    cursor,
    numbers,
  };
  marks.labels = cellLabels(looking.pieces, marks);
  return marks;
}

function view() {
  if (looking) return lookingView();
  return tableMarks(state, {
    selection: state.selection,
    pickable: canAct() ? state.pickable : [],
    hops: ctx.hopMode(),
    path: shownPath,
    animating,
    hint: state.hint ? state.hint.path : [],
    cursor,
    numbers,
  });
}

// The view of the board, each cell named for a screen reader.
function namedView() {
  const marks = view();
  if (!marks.labels) marks.labels = cellLabels(pieces, marks);
  return marks;
}

function render() {
  if (!board || !state || !active) return;
  board.setRotation(state.rotation + (turned ? 180 : 0));
  board.draw(drawnPieces(state.geometry, looking ? looking.pieces : pieces), namedView());
  const body = document.body;
  if (looking) body.dataset.looking = String(looking.at);
  else delete body.dataset.looking;
  body.classList.add("at-play");
  const next = animating ? "animating" : state.next;
  body.dataset.game = state.game;
  body.dataset.play = next;
  body.dataset.next = next === "human" ? "player" : next;
  body.dataset.turn = state.turn === null ? "" : String(state.turn);
  body.dataset.viewer = String(state.viewer);
  body.dataset.selected = state.selection ? state.selection.path.join("-") : "";
  renderPanel();
}

// A move shown hop by hop on the board as it was, before the state after it is drawn.
function animate(move) {
  if (!move.path.length || !board || looking) return Promise.resolve();
  animating += 1;
  const drawn = drawnPieces(state.geometry, pieces);
  document.body.dataset.play = "animating";
  document.body.dataset.next = "animating";
  return playHops(drawn, { kind: "path", path: move.path }, (path) => {
    shownPath = path;
    board.draw(drawn, { ...namedView(), path });
  }).then(() => {
    animating -= 1;
  });
}

// ---- looking back, sounds ---------------------------------------------------------------

// The position after the first `at` moves, asked of the program; the last move is the game.
function lookAt(at) {
  if (!state) return;
  if (at >= state.history.length) return backToLive();
  send({ action: "look", at });
}

function backToLive() {
  looking = null;
  render();
}
