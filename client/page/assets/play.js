// The one table of the page, any game of the catalogue (the duel, the star games of 2–6 seats,
// draughts): the form that starts one, the board drawn by its geometry (the star, or 10×10
// squares), the pieces picked by click or dragged and dropped, the seats with their counters,
// the moves shown hop by hop, the end. Messages: `{"type":"play",…}`
// (client/page/src/play_messages.rs). No rule is decided here: what may be picked, where it may
// go, the paths and the end all come from the program.

import { STAR_CODES, boardFor, drawnPieces, playHops } from "./board.js";
import { t, has, chooseDestinationKey } from "./words.js";

const $ = (id) => document.getElementById(id);

// The star board's colours by the interface's colour index (N, NE, SE, S, SW, NW, neutral).

let ctx = null; // { send, svg(), hello(), lang(), say(text, alert), hopMode() }
let games = [];
let playersKeys = [];
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
  $("play-game").addEventListener("change", fillSeats);
  $("play-confirm-yes").addEventListener("click", () => send({ action: "confirm" }));
  $("play-confirm-no").addEventListener("click", () => send({ action: "cancel" }));
  $("play-numbers").addEventListener("click", () => {
    numbers = !numbers;
    $("play-numbers").setAttribute("aria-pressed", String(numbers));
    render();
  });
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
  fillGames();
  renderSaved();
  if (state) render();
}

export function onHole(name, event) {
  if (!canAct() || state.pending) return;
  const sel = state.selection;
  const wantsHop = ctx.hopMode() || (event && event.shiftKey);
  if (sel) {
    const chain = sel.path.length > 1;
    if (chain && name === sel.path[sel.path.length - 1]) return send({ action: "end_chain" });
    if (wantsHop && sel.hops.includes(name)) return send({ action: "hop", to: name });
    if (sel.hops.includes(name) || sel.ends.includes(name)) return send({ action: "move", to: name });
    if (!chain && name === sel.path[0]) return send({ action: "cancel" });
  }
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

function firstPickable() {
  if (!state || !state.pickable.length) return state && state.cells.length ? state.cells[0].name : null;
  return state.pickable[0];
}

// ---- the program's replies ----------------------------------------------------------------

export function onMessage(msg) {
  switch (msg.reply) {
    case "games":
      games = msg.games;
      playersKeys = msg.players;
      fillGames();
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
      return active && state ? animate(msg) : Promise.resolve();
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

function title(game) {
  return ctx.lang() === "fr" ? game.title_fr : game.title_en;
}

function fillGames() {
  const select = $("play-game");
  if (!games.length) return;
  const chosen = select.value || games[0].name;
  select.innerHTML = "";
  for (const game of games) {
    const option = document.createElement("option");
    option.value = game.name;
    option.textContent = `${title(game)} (${game.seats})`;
    select.appendChild(option);
  }
  select.value = games.some((g) => g.name === chosen) ? chosen : games[0].name;
  fillSeats();
}

function playerLabel(key) {
  if (key === "human") return t("table_human");
  const level = ctx.hello().levels.find((l) => l.key === key);
  if (!level) return key;
  return `${ctx.lang() === "fr" ? level.name_fr : level.name_en} · ${level.opponent}`;
}

function fillSeats() {
  const game = games.find((g) => g.name === $("play-game").value);
  if (!game) return;
  $("play-description").textContent = ctx.lang() === "fr" ? game.description_fr : game.description_en;
  const seats = $("play-seats");
  const before = [...seats.querySelectorAll("select")].map((s) => s.value);
  seats.innerHTML = "";
  for (let i = 0; i < game.seats; i++) {
    const label = document.createElement("label");
    const span = document.createElement("span");
    span.textContent = t("table_seat", { n: i + 1 });
    const select = document.createElement("select");
    select.id = `play-seat-${i + 1}`;
    for (const key of playersKeys) {
      const option = document.createElement("option");
      option.value = key;
      option.textContent = playerLabel(key);
      select.appendChild(option);
    }
    select.value = before[i] || (i === 0 ? "human" : "facile");
    label.append(span, select);
    seats.appendChild(label);
  }
  const opener = $("play-opener");
  const chosen = opener.value;
  opener.innerHTML = "";
  // Where the rules name the first mover (draughts' White), only it or a draw of the seats.
  for (let i = 0; i < (game.opener_fixed ? 1 : game.seats); i++) {
    const option = document.createElement("option");
    option.value = String(i + 1);
    option.textContent = t("table_seat", { n: i + 1 });
    opener.appendChild(option);
  }
  const draw = document.createElement("option");
  draw.value = "0";
  draw.textContent = t("table_draw");
  opener.appendChild(draw);
  opener.value = [...opener.options].some((o) => o.value === chosen) ? chosen : "1";
}

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
  ctx.say(null);
}

function renderSaved() {
  const list = $("play-saved");
  list.innerHTML = "";
  const current = active && state ? state.saved_as : null;
  for (const table of saved.tables.filter((s) => s.id !== current)) {
    const li = document.createElement("li");
    const text = document.createElement("span");
    const game = games.find((g) => g.name === table.game);
    const line = t("table_saved_line", { variant: game ? title(game) : table.game, moves: table.moves });
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

// ---- names --------------------------------------------------------------------------------

function seatOf(n) {
  return state.seats.find((s) => s.seat === n);
}

function nameOf(n) {
  const seat = seatOf(n);
  if (!seat) return String(n);
  if (!seat.opponent) return t("table_player", { n: seat.seat + 1 });
  const twin = state.seats.some((s) => s !== seat && s.opponent === seat.opponent);
  return twin ? `${seat.opponent} (${seat.seat + 1})` : seat.opponent;
}

function chip(seat) {
  const square = state.geometry === "square10";
  return seat.colours
    .map((c) => `<span class="chip ${square ? `chip-piece-${c}` : `chip-${STAR_CODES[c] || "P"}`}"></span>`)
    .join("");
}

// ---- drawing ------------------------------------------------------------------------------

function canAct() {
  return active && state && state.next === "human" && !animating;
}

function ensureBoard() {
  if (board && boardGeometry === state.geometry) return;
  const handlers = {
    click: onHole,
    enter: onEnter,
    leave: onLeave,
    press: onEnter,
    draggable: (name) => canAct() && !state.pending && state.pickable.includes(name),
    drop: (from, to) => send({ action: "drop", from, to }),
  };
  const svg = ctx.svg();
  board = boardFor(svg, state.geometry, state.cells, handlers);
  boardGeometry = state.geometry;
}

function view() {
  const sel = state.selection;
  const set = (list) => new Set(list || []);
  const chain = sel && sel.path.length > 1;
  const lasts = animating ? [] : state.last_moves;
  const last = lasts.length ? lasts[lasts.length - 1].path : [];
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
    hops: set(ctx.hopMode() || chain || state.geometry === "square10" ? sel && sel.hops : []),
    pickable: set(canAct() && !sel ? state.pickable : []),
    path: shownPath.length ? shownPath : chain ? sel.path : [],
    last,
    earlier: lasts.slice(0, -1).map((l) => l.path),
    hint: state.hint ? state.hint.path : [],
    cursor,
    numbers,
  };
}

function render() {
  if (!board || !state || !active) return;
  board.setRotation(state.rotation);
  board.draw(drawnPieces(state.geometry, pieces), view());
  const body = document.body;
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

function counterText(c) {
  const label = t(`counter_${c.kind}`);
  return c.limit === null || c.limit === undefined ? `${label} ${c.value}` : `${label} ${c.value}/${c.limit}`;
}

function renderPanel() {
  const sel = state.selection;
  $("end-jump").disabled = !(sel && sel.path.length > 1);
  $("cancel").disabled = !sel && !state.hint;
  $("hint").disabled = state.next !== "human" || state.hint_pending || animating > 0 || !!state.pending;
  $("undo").disabled = !state.can_undo || animating > 0;

  const players = $("players");
  players.innerHTML = "";
  for (const seat of state.seats) {
    const li = document.createElement("li");
    li.className = state.turn === seat.seat && !state.outcome ? "to-move" : "";
    li.dataset.seat = String(seat.seat);
    li.innerHTML = `${chip(seat)}<strong></strong> <small></small>`;
    li.querySelector("strong").textContent = nameOf(seat.seat);
    const bits = seat.counters.map(counterText);
    if (seat.status === "eliminated") bits.push(t("table_out"));
    else if (seat.status === "left") bits.push(t("play_left"));
    else if (seat.status === "finished" && !seat.place) bits.push(t("table_waits"));
    if (seat.place) bits.push(t("table_place", { n: seat.place }));
    li.querySelector("small").textContent = bits.join(" · ");
    players.appendChild(li);
  }

  const history = $("history");
  history.innerHTML = "";
  for (const move of state.history) {
    const li = document.createElement("li");
    li.textContent = `${nameOf(move.seat)} : ${move.kind === "pass" ? t("pass_word") : move.notation}`;
    history.appendChild(li);
  }
  history.scrollTop = history.scrollHeight;

  $("status").textContent = statusText();

  const confirm = $("play-confirm");
  confirm.hidden = !state.pending || animating > 0;
  if (state.pending) $("play-confirm-text").textContent = t("table_confirm", { move: state.pending.notation });

  const end = $("end");
  if (state.outcome && !animating) {
    const firsts = state.outcome.places.filter((p) => p.rank === 1).map((p) => nameOf(p.seat));
    $("end-title").textContent =
      firsts.length === 1
        ? t("table_winner", { name: firsts[0] })
        : firsts.length
          ? t("table_drawn", { names: firsts.join(", ") })
          : t("table_nobody");
    const reason = state.outcome.reason.replace(/-/g, "_");
    const places =
      state.seats.length > 2
        ? state.outcome.places.filter((p) => p.rank).map((p) => `${t("table_place", { n: p.rank })} : ${nameOf(p.seat)}`)
        : [];
    // The program words the reason from the places too (a goal filled, kawu's full-goal rule,
    // the last seat left by eliminations); the termination word is the fallback.
    const worded = state.outcome.said && state.outcome.said[ctx.lang()];
    const said = worded || (has(`play_end_${reason}`) ? t(`play_end_${reason}`) : state.outcome.reason);
    $("end-reason").textContent = [said, ...places].join(" · ");
    end.hidden = false;
  } else {
    end.hidden = true;
  }
}

function statusText() {
  if (animating || state.outcome) return "";
  if (state.next === "computer") return t("thinking", { name: nameOf(state.turn) });
  const sel = state.selection;
  if (sel && sel.path.length > 1) return t("chain_running");
  if (sel) return sel.hops.length + sel.ends.length ? t(chooseDestinationKey()) : t("no_destination");
  if (state.hint_pending) return t("hint_searching");
  return t("play_turn", { name: nameOf(state.turn) });
}

// Places, eliminations, captures, passes and leavings, said in the panel; a hint too.
function announce() {
  const said = state.news
    .map((e) => {
      const name = e.seat === null || e.seat === undefined ? "" : nameOf(e.seat);
      const place = e.place ? t("table_place", { n: e.place }) : null;
      switch (e.kind) {
        case "passed":
          return t("table_passed", { name });
        case "finished":
          return place ? t("table_finished_placed", { name, place }) : t("table_finished_waits", { name });
        case "eliminated":
          return place ? t("table_eliminated_placed", { name, place }) : t("table_eliminated", { name });
        case "left":
          return t("play_left_news", { name });
        case "captured": {
          const taken = seatOf(e.seat).counters.find((c) => c.kind === "captured");
          return taken
            ? t("table_captured", { name, n: e.pieces, total: taken.value })
            : t("play_captured", { name, n: e.pieces });
        }
        default:
          return null;
      }
    })
    .filter(Boolean);
  if (said.length) ctx.say(said.join(" "), true);
  else if (state.hint) ctx.say(t("hint_is", { move: state.hint.notation }));
}

// A move shown hop by hop on the board as it was, before the state after it is drawn.
function animate(move) {
  if (!move.path.length || !board) return Promise.resolve();
  animating += 1;
  const drawn = drawnPieces(state.geometry, pieces);
  document.body.dataset.play = "animating";
  document.body.dataset.next = "animating";
  return playHops(drawn, { kind: "path", path: move.path }, (path) => {
    shownPath = path;
    board.draw(drawn, { ...view(), path });
  }).then(() => {
    animating -= 1;
  });
}
