// Star tables in the page (RULES-STAR.md): the set-up (a variant, a person or a computer at each
// seat, who opens), the table drawn on the shared board turned so that the seat to move sees its
// home at the bottom, the clicks sent as intents, the elimination question, the places, and the
// list of saved tables to resume. Every message is described in client/page/src/table_messages.rs;
// the program decides every rule: what may be picked, where it may go, the paths, the hints.

import { playHops } from "./board.js";

const $ = (id) => document.getElementById(id);

let ctx = null; // { send, board(), words(), lang(), hello(), say(text, alert), hopMode() }
let variants = [];
let playersKeys = [];
let state = null;
let active = false;
let pawns = new Map();
let shownPath = [];
let hoverTarget = null;
let animating = 0;
let lastSetup = null;
let saved = { tables: [], corrupt: [] };
let cursor = null; // the keyboard's hole

const send = (msg) => ctx.send({ type: "table", ...msg });
const w = () => ctx.words();

// ---- what app.js asks ---------------------------------------------------------------------

export function init(context) {
  ctx = context;
  $("table-form").addEventListener("submit", (event) => {
    event.preventDefault();
    startTable();
  });
  $("table-variant").addEventListener("change", fillSeats);
  $("table-confirm-yes").addEventListener("click", () => send({ action: "confirm" }));
  $("table-confirm-no").addEventListener("click", () => send({ action: "cancel" }));
  send({ action: "variants" });
  send({ action: "saved" });
}

// Whether the board shows a table (else the duel).
export function isActive() {
  return active;
}

// A duel starts: the board is the duel's again.
export function leave() {
  if (active) send({ action: "leave" });
  active = false;
  state = null;
  $("table-confirm").hidden = true;
  document.body.classList.remove("at-table");
  delete document.body.dataset.table;
  const board = ctx.board();
  if (board) board.setRotation(0);
}

// The panel's buttons and keys, at a table.
export function act(action) {
  if (action === "undo") ctx.say(null);
  send({ action });
}

// The end panel's « Nouvelle partie »: the same table again.
export function again() {
  if (!lastSetup && state) {
    // A resumed table: the same seats again.
    lastSetup = { variant: state.variant, players: state.seats.map((s) => s.player), opener: 1 };
  }
  if (lastSetup) {
    active = true;
    send({ action: "new", ...lastSetup });
  }
}

export function words() {
  fillVariants();
  renderSaved();
  if (state) render();
}

export function onHole(name, event) {
  if (!canAct() || state.pending) return;
  const sel = state.selection;
  const wantsHop = ctx.hopMode() || (event && event.shiftKey);
  if (sel && wantsHop && sel.hops.includes(name)) return send({ action: "hop", hole: name });
  send({ action: "click", hole: name });
}

export function onEnter(name) {
  if (!canAct() || !state.selection) return;
  const sel = state.selection;
  if (sel.path.length === 1 && [...sel.steps, ...sel.jumps].includes(name)) {
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

// The keyboard's first hole: a marble the seat may pick, nearest the centre as drawn.
export function firstPickable() {
  if (!state || !state.pickable.length) return null;
  const board = ctx.board();
  const near = (name) => {
    const p = board.at(name);
    return p.x * p.x + p.y * p.y;
  };
  return [...state.pickable].sort((a, b) => near(a) - near(b))[0];
}

export function showCursor(name) {
  cursor = name;
  render();
}

// ---- the program's replies ----------------------------------------------------------------

export function onMessage(msg) {
  switch (msg.reply) {
    case "variants":
      variants = msg.variants;
      playersKeys = msg.players;
      fillVariants();
      return Promise.resolve();
    case "saved":
      saved = msg;
      renderSaved();
      return Promise.resolve();
    case "state":
      if (!active) return Promise.resolve();
      // A table saved for the first time joins the list of tables to resume (the current one
      // is left out of it).
      if (msg.saved_as && (!state || state.saved_as !== msg.saved_as)) send({ action: "saved" });
      state = msg;
      pawns = new Map(msg.pawns.map((p) => [p.hole, p.colour]));
      shownPath = [];
      announce();
      render();
      if (state.outcome) send({ action: "saved" });
      return Promise.resolve();
    case "moved":
      return active && state ? animate(msg) : Promise.resolve();
    case "path":
      if (active && hoverTarget === msg.to) {
        shownPath = msg.holes;
        render();
      }
      return Promise.resolve();
    case "error": {
      const text = w().tableErrors[msg.code] || msg.detail;
      ctx.say(msg.code === "refused" || msg.code === "save_failed" ? `${text} : ${msg.detail}` : text, true);
      return Promise.resolve();
    }
    default:
      return Promise.resolve();
  }
}

// ---- set-up -------------------------------------------------------------------------------

function fillVariants() {
  const select = $("table-variant");
  if (!variants.length) return;
  const chosen = select.value || "kawu-3";
  select.innerHTML = "";
  for (const v of variants) {
    const option = document.createElement("option");
    option.value = v.name;
    option.textContent = `${v.name} (${v.seats.length})`;
    select.appendChild(option);
  }
  select.value = chosen;
  fillSeats();
}

function playerLabel(key) {
  if (key === "human") return w().tableHuman;
  const level = ctx.hello().levels.find((l) => l.key === key);
  if (!level) return key;
  return `${ctx.lang() === "fr" ? level.name_fr : level.name_en} · ${level.opponent}`;
}

function fillSeats() {
  const variant = variants.find((v) => v.name === $("table-variant").value);
  if (!variant) return;
  const seats = $("table-seats");
  const before = [...seats.querySelectorAll("select")].map((s) => s.value);
  seats.innerHTML = "";
  variant.seats.forEach((seat, i) => {
    const label = document.createElement("label");
    label.innerHTML = `<span><span class="chip chip-${seat}"></span> </span>`;
    label.querySelector("span").append(w().tableSeat(i + 1));
    const select = document.createElement("select");
    select.id = `table-seat-${i + 1}`;
    for (const key of playersKeys) {
      const option = document.createElement("option");
      option.value = key;
      option.textContent = playerLabel(key);
      select.appendChild(option);
    }
    select.value = before[i] || (i === 0 ? "human" : "facile");
    label.appendChild(select);
    seats.appendChild(label);
  });
  const opener = $("table-opener");
  const chosen = opener.value;
  opener.innerHTML = "";
  variant.seats.forEach((seat, i) => {
    const option = document.createElement("option");
    option.value = String(i + 1);
    option.textContent = w().tableSeat(i + 1);
    opener.appendChild(option);
  });
  const draw = document.createElement("option");
  draw.value = "0";
  draw.textContent = w().tableDraw;
  opener.appendChild(draw);
  opener.value = [...opener.options].some((o) => o.value === chosen) ? chosen : "1";
}

function startTable() {
  const variant = $("table-variant").value;
  const players = [...$("table-seats").querySelectorAll("select")].map((s) => s.value);
  lastSetup = { variant, players, opener: Number($("table-opener").value) };
  active = true;
  ctx.say(null);
  send({ action: "new", ...lastSetup });
}

function renderSaved() {
  const list = $("table-saved");
  list.innerHTML = "";
  const current = active && state ? state.saved_as : null;
  for (const table of saved.tables.filter((t) => t.id !== current)) {
    const li = document.createElement("li");
    const text = document.createElement("span");
    text.textContent = w().tableSavedLine(table);
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = w().tableResume;
    button.dataset.table = table.id;
    button.addEventListener("click", () => {
      active = true;
      lastSetup = null;
      ctx.say(null);
      send({ action: "resume", id: table.id });
    });
    li.append(text, " ", button);
    list.appendChild(li);
  }
  if (!list.children.length) {
    const li = document.createElement("li");
    li.textContent = w().tableNoSaved;
    list.appendChild(li);
  }
  const corrupt = $("table-corrupt");
  corrupt.textContent = saved.corrupt.map((c) => w().tableCorrupt(c.file, c.reason)).join("\n");
  corrupt.hidden = !saved.corrupt.length;
}

// ---- names --------------------------------------------------------------------------------

function seatOf(code) {
  return state.seats.find((s) => s.seat === code);
}

function nameOf(code) {
  const seat = seatOf(code);
  if (!seat) return code;
  if (!seat.opponent) return w().tablePlayer(seat.number);
  // Two computers of one level share a name: the seat's number tells them apart.
  const twin = state.seats.some((s) => s !== seat && s.opponent === seat.opponent);
  return twin ? `${seat.opponent} (${seat.number})` : seat.opponent;
}

// ---- drawing ------------------------------------------------------------------------------

function canAct() {
  return active && state && state.next === "human" && !animating;
}

function view() {
  const sel = state.selection;
  const set = (list) => new Set(list || []);
  const goalHoles = new Map();
  // The focused seat's goal last, so that it wins where goals meet.
  const goals = [...state.goals].sort((a, b) => (a.seat === state.focus) - (b.seat === state.focus));
  for (const goal of goals) for (const hole of goal.holes) goalHoles.set(hole, goal.seat);
  const chain = sel && sel.path.length > 1;
  return {
    goals: new Map(),
    goalHoles,
    forbidden: set(state.forbidden),
    selected: sel ? sel.path[sel.path.length - 1] : null,
    steps: set(sel && sel.steps),
    jumps: set(sel && sel.jumps),
    swaps: new Set(),
    hops: set(ctx.hopMode() || chain ? sel && sel.hops : []),
    path: shownPath.length ? shownPath : chain ? sel.path : [],
    last: animating ? [] : state.last_move,
    hint: state.hint ? state.hint.path : [],
    cursor,
  };
}

function render() {
  const board = ctx.board();
  if (!board || !state || !active) return;
  board.setRotation(state.rotation);
  board.draw(pawns, view());
  const body = document.body;
  body.classList.add("at-table");
  const next = animating ? "animating" : state.next;
  body.dataset.table = next;
  body.dataset.next = next === "human" ? "player" : next;
  body.dataset.turn = state.turn;
  body.dataset.viewer = state.viewer;
  body.dataset.selected = state.selection ? state.selection.path.join("-") : "";
  renderPanel();
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
    li.dataset.seat = seat.seat;
    li.innerHTML = `<span class="chip chip-${seat.seat}"></span><strong></strong> <small></small>`;
    li.querySelector("strong").textContent = nameOf(seat.seat);
    const bits = [state.game === "captures" ? w().tableTaken(seat.taken) : w().tableDetail(seat)];
    if (seat.out) bits.push(w().tableOut);
    else if (seat.finished && !seat.place) bits.push(w().tableWaits);
    if (seat.place) bits.push(w().tablePlace(seat.place));
    li.querySelector("small").textContent = bits.join(" · ");
    players.appendChild(li);
  }

  const history = $("history");
  history.innerHTML = "";
  for (const move of state.history) {
    const li = document.createElement("li");
    li.textContent = `${nameOf(move.seat)} : ${move.notation === "pass" ? w().passWord : move.notation}`;
    history.appendChild(li);
  }
  history.scrollTop = history.scrollHeight;

  $("status").textContent = statusText();

  const confirm = $("table-confirm");
  confirm.hidden = !state.pending || animating > 0;
  if (state.pending) $("table-confirm-text").textContent = w().tableConfirm(state.pending.notation);

  const end = $("end");
  if (state.outcome && !animating) {
    const firsts = state.outcome.places.filter((p) => p.place === 1).map((p) => nameOf(p.seat));
    $("end-title").textContent =
      firsts.length === 1 ? w().tableWinner(firsts[0]) : firsts.length ? w().tableDrawn(firsts.join(", ")) : w().tableNobody;
    const places = state.outcome.places.map((p) => `${w().tablePlace(p.place)} : ${nameOf(p.seat)}`);
    $("end-reason").textContent = [w().tableEnds[state.outcome.end] || "", ...places].join(" · ");
    end.hidden = false;
  } else {
    end.hidden = true;
  }
}

function statusText() {
  if (animating || state.outcome) return "";
  if (state.next === "computer") return w().thinking(nameOf(state.turn));
  const sel = state.selection;
  if (sel && sel.path.length > 1) return w().chainRunning;
  if (sel) return sel.steps.length + sel.jumps.length ? w().chooseDestination : w().noDestination;
  if (state.hint_pending) return w().hintSearching;
  const name = nameOf(state.turn);
  return state.game === "captures" ? w().tableCapturesTurn(name) : w().tableYourTurn(name);
}

// Places, eliminations, captures and passes, said in the panel; a hint too.
function announce() {
  const place = (p) => (p ? w().tablePlace(p) : null);
  const said = state.news
    .map((e) => {
      const name = e.seat ? nameOf(e.seat) : "";
      switch (e.kind) {
        case "passed":
          return w().tablePassed(name);
        case "finished":
          return w().tableFinishedNews(name, place(e.place));
        case "eliminated":
          return w().tableEliminatedNews(name, place(e.place));
        case "captured":
          return w().tableCapturedNews(name, e.pieces, seatOf(e.seat).taken);
        default:
          return null;
      }
    })
    .filter(Boolean);
  if (said.length) ctx.say(said.join(" "), true);
  else if (state.hint) ctx.say(w().hintIs(state.hint.notation));
}

// A move shown hop by hop on the board as it was, before the state after it is drawn.
function animate(move) {
  if (!move.path.length) return Promise.resolve();
  animating += 1;
  return playHops(pawns, move, (path) => {
    shownPath = path;
    render();
  }).then(() => {
    animating -= 1;
  });
}
