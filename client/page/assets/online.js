// Online play in the page: host (a room code on the relay, or directly), join by an address or
// a room code, the LAN's players and the relay's lobby, quick match; then the game on a board of
// its own, the connection's state, resign, claim, rematch and leave. Every message is described
// in client/page/src/online_messages.rs. As in the duel, no rule is decided here: the program
// says what may be picked and where it goes, checks every move and words every notice (in both
// languages: the page shows the one chosen).

import { Board, playHops } from "./board.js";
import { WORDS } from "./words.js";

const $ = (id) => document.getElementById(id);

let send = () => {};
let board = null;
let holes = null; // the hello's, for the board drawn when the section first shows
let started = false;
let shown = false; // the online section is on screen
let view = null; // the last OnlineView, or null
let list = null; // the last ListView, or null
let pawns = new Map();
let shownPath = [];
let hoverTarget = null;
let animating = 0;
let notice = null; // { words: {fr, en}, strong }
let cursor = null; // the keyboard's hole

const lang = () => (document.documentElement.lang === "en" ? "en" : "fr");
const w = () => WORDS[lang()];
const pick = (words) => (words ? words[lang()] : "");

function ask(action, fields = {}) {
  send({ type: "online", action, ...fields });
}

// ---- what the program says ------------------------------------------------------------------

export function active() {
  return shown;
}

export function onMessage(msg) {
  switch (msg.type) {
    case "online":
      view = msg.online;
      if (!view) cursor = null;
      if (view) {
        showSection(true);
        if (view.board) pawns = new Map(view.board.pawns.map((p) => [p.hole, p.colour]));
        else pawns = new Map();
      }
      shownPath = [];
      render();
      return Promise.resolve();
    case "online_move":
      return animate(msg);
    case "online_notice":
      notice = msg.words.fr || msg.words.en ? { words: msg.words, strong: msg.strong } : null;
      render();
      return Promise.resolve();
    case "online_error":
      notice = { words: msg.words, strong: true, code: msg.code };
      render();
      return Promise.resolve();
    case "online_list":
      list = msg;
      render();
      return Promise.resolve();
    case "online_path":
      if (hoverTarget === msg.to) {
        shownPath = msg.holes;
        render();
      }
      return Promise.resolve();
    default:
      return Promise.resolve();
  }
}

// A move shown hop by hop on the board as it was, before the view after it is drawn.
function animate(move) {
  if (move.kind === "pass" || !board) return Promise.resolve();
  animating += 1;
  return playHops(pawns, move, (path) => {
    shownPath = path;
    drawBoard();
  }).then(() => {
    animating -= 1;
  });
}

// ---- drawing ------------------------------------------------------------------------------

function showSection(on) {
  shown = on;
  // The board is made when first needed: a page that never plays online has only the duel's.
  if (on && !board && holes) {
    board = new Board($("online-board"), holes, { click: onHole, enter: onEnter, leave: onLeave, press: onEnter });
  }
  document.body.dataset.online = on ? "on" : "";
  $("online").hidden = !on;
}

function boardMarks() {
  const state = view.board;
  const sel = state.selection;
  const set = (l) => new Set(l || []);
  const goals = new Map();
  for (const c of state.colours) goals.set(c.goal, c.colour);
  return {
    goals,
    selected: sel ? sel.path[sel.path.length - 1] : null,
    steps: set(sel && sel.steps),
    jumps: set(sel && sel.jumps),
    swaps: set(sel && sel.swaps),
    hops: set(sel && sel.path.length > 1 ? sel.hops : []),
    path: shownPath.length ? shownPath : sel && sel.path.length > 1 ? sel.path : [],
    last: animating ? [] : state.last_move,
    hint: [],
    cursor,
  };
}

function drawBoard() {
  if (!board || !view || !view.board) return;
  // Each player sees their home at the bottom: camp B's board is turned half a turn.
  board.setRotation(view.camp === "B" ? 180 : 0);
  board.draw(pawns, boardMarks());
}

// ---- the keyboard: as in the duel, the arrows follow the board as drawn ----------------------

function startCursor() {
  const state = view.board;
  const mine = state.colours.filter((c) => c.camp === view.camp).map((c) => c.colour);
  const near = (h) => h.x * h.x + 3 * h.y * h.y;
  const own = holes.filter((h) => mine.includes(pawns.get(h.name)));
  own.sort((a, b) => near(a) - near(b));
  return own.length ? own[0].name : "i9";
}

function moveCursor(dx, dy) {
  cursor = cursor ? board.cursorStep(cursor, dx, dy) : startCursor();
  $("online").dataset.cursor = cursor;
  onEnter(cursor);
  drawBoard();
}

function onKey(event) {
  if (!shown || !view || !view.board || !board) return;
  const inForm = event.target.closest && event.target.closest("select, input, button, a");
  const arrows = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
  if (arrows[event.key] && !(inForm && event.target.closest("select, input"))) {
    event.preventDefault();
    const [dx, dy] = arrows[event.key];
    return moveCursor(dx, dy);
  }
  if (inForm) return;
  if ((event.key === "Enter" || event.key === " ") && cursor) {
    event.preventDefault();
    return onHole(cursor, { shiftKey: event.key === " " });
  }
  if (!view.your_turn) return;
  if (event.key === "Escape") ask("cancel");
  else if (event.key === "f") ask("end_chain");
}

export function render() {
  if (!started) return;
  const words = w();
  const section = $("online");
  section.dataset.connection = view ? view.connection : "";
  section.dataset.camp = (view && view.camp) || "";
  section.dataset.yourTurn = String(Boolean(view && view.your_turn && !animating));
  section.dataset.moves = String(view && view.board ? view.board.history.length : 0);
  section.dataset.rematch = (view && view.rematch) || "";
  section.dataset.confirm = (view && view.confirm) || "";
  section.dataset.ending = view && view.ending ? view.ending.termination : "";
  section.dataset.selected = view && view.board && view.board.selection ? view.board.selection.path.join("-") : "";
  section.dataset.notice = notice && notice.code ? notice.code : "";

  const message = $("online-message");
  message.textContent = notice ? pick(notice.words) : "";
  message.className = notice && notice.strong ? "alert" : "";

  $("online-setup").hidden = Boolean(view);
  $("online-game").hidden = !view;
  renderList(words);
  if (!view) {
    if (shown) $("status").textContent = "";
    return;
  }

  $("online-connection").textContent = `${words.onlineConnection}${pick(view.connection_words)}`;
  const share = $("online-share");
  share.innerHTML = "";
  if (!view.peer && view.room_code) {
    const p = document.createElement("p");
    p.textContent = words.onlineShareCode;
    const code = document.createElement("strong");
    code.id = "online-room-code";
    code.textContent = view.room_code;
    share.append(p, code);
  } else if (!view.peer && view.side === "room") {
    share.textContent = words.onlineRoomOpening;
  } else if (!view.peer && view.side === "host") {
    const p = document.createElement("p");
    p.textContent = view.addrs.length ? words.onlineShareAddrs : words.onlineNoAddrYet;
    share.appendChild(p);
    for (const addr of view.addrs.slice(0, 4)) {
      const code = document.createElement("code");
      code.textContent = addr;
      share.appendChild(code);
    }
  }
  $("online-warning").textContent = view.warning ? pick(view.warning) : "";

  const players = $("online-players");
  players.innerHTML = "";
  if (view.board) {
    const state = view.board;
    for (const camp of ["A", "B"]) {
      const i = camp === "A" ? 0 : 1;
      const li = document.createElement("li");
      li.className = state.turn === camp && !state.outcome && !view.ending ? "to-move" : "";
      const chips = state.colours
        .filter((c) => c.camp === camp)
        .map((c) => `<span class="chip chip-${c.colour}"></span>`)
        .join("");
      li.innerHTML = `${chips}<strong></strong> <small></small>`;
      li.querySelector("strong").textContent = camp === view.camp ? words.you : view.peer || "";
      li.querySelector("small").textContent =
        `${words.arrived} ${state.arrived[i]}/${state.format * 10} · ${words.distance} ${state.distance[i]}`;
      players.appendChild(li);
    }
    const history = $("online-history");
    history.innerHTML = "";
    for (const move of state.history) {
      const li = document.createElement("li");
      const who = move.camp === view.camp ? words.you : view.peer || "";
      li.textContent = `${who} : ${move.kind === "pass" ? words.passWord : move.notation}`;
      history.appendChild(li);
    }
    history.scrollTop = history.scrollHeight;
  }
  $("online-turn").textContent = turnText(words);
  // The header's line speaks of the online game while it is shown (the duel's waits behind).
  $("status").textContent = turnText(words);
  $("online-end").hidden = !view.ending;
  $("online-end-words").textContent = view.ending ? pick(view.ending.words) : "";

  const live = view.board && !view.ending && view.camp;
  const sel = view.board && view.board.selection;
  $("online-end-jump").disabled = !(sel && sel.path.length > 1);
  $("online-cancel").disabled = !sel;
  $("online-resign").hidden = !live;
  $("online-resign").textContent = view.confirm === "resign" ? words.onlineResignConfirm : words.onlineResign;
  $("online-claim").hidden = view.connection !== "grace_over" || Boolean(view.ending);
  $("online-keep-waiting").hidden = !view.claim_prompt;
  $("online-rematch").hidden = !view.ending;
  $("online-rematch").disabled = view.rematch === "asked";
  $("online-rematch").textContent = view.rematch === "offered" ? words.onlineAcceptRematch : words.onlineRematch;
  $("online-decline").hidden = view.rematch !== "offered";
  $("online-leave").textContent = view.confirm === "leave" ? words.onlineLeaveConfirm : words.onlineLeave;
  drawBoard();
}

function turnText(words) {
  if (!view.board || view.ending || animating) return "";
  if (view.your_turn) {
    const sel = view.board.selection;
    if (sel && sel.path.length > 1) return words.chainRunning;
    if (sel) return words.chooseDestination;
    return words.yourTurn;
  }
  return view.connection === "connected" ? words.onlineTheirTurn(view.peer || "") : "";
}

function renderList(words) {
  const box = $("online-list");
  box.hidden = !list || Boolean(view);
  if (!list) return;
  $("online-list-title").textContent = list.kind === "lan" ? words.onlineLanTitle : words.onlineLobbyTitle;
  $("online-open-table").hidden = list.kind !== "lobby";
  // A table opens at the lobby's relay, known once the lobby was read.
  $("online-open-table").disabled = !list.read;
  const note = $("online-list-note");
  note.textContent = list.error ? pick(list.error) : !list.read ? words.onlineListReading : list.games.length ? "" : words.onlineListEmpty;
  const games = $("online-games");
  games.innerHTML = "";
  for (const game of list.games) {
    const li = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.className = "online-open-game";
    button.dataset.addr = game.addr;
    button.textContent = `${game.name} · ${words.onlineFormat(game.format)} · ${game.waiting_secs} s`;
    button.addEventListener("click", () => ask("join_table", { addr: game.addr }));
    li.appendChild(button);
    games.appendChild(li);
  }
}

// ---- the player's clicks --------------------------------------------------------------------

function onHole(name, event) {
  if (!view || !view.board || animating) return;
  const sel = view.board.selection;
  if (view.your_turn && sel) {
    const chain = sel.path.length > 1;
    const end = sel.path[sel.path.length - 1];
    if (chain && name === end) return ask("end_chain");
    // A shift-click makes the first hop of a chain built hop by hop, as in the duel.
    if ((chain || (event && event.shiftKey)) && sel.hops.includes(name)) return ask("hop", { to: name });
    if (!chain && [...sel.steps, ...sel.jumps, ...sel.swaps].includes(name)) return ask("move", { to: name });
    if (!chain && name === sel.path[0]) return ask("cancel");
  }
  // Out of turn too: the program refuses, and says why.
  if (pawns.has(name)) ask("select", { hole: name });
}

function onEnter(name) {
  if (!view || !view.your_turn || !view.board || !view.board.selection || animating) return;
  const sel = view.board.selection;
  if (sel.path.length === 1 && [...sel.steps, ...sel.jumps, ...sel.swaps].includes(name)) {
    hoverTarget = name;
    ask("path", { to: name });
  }
}

function onLeave(name) {
  if (hoverTarget === name) {
    hoverTarget = null;
    shownPath = [];
    drawBoard();
  }
}

function format() {
  return Number($("online-format").value);
}

// Called once the program's hello arrived: `hello` holds the board's holes.
export function start(hello, sender) {
  send = sender;
  if (!started) {
    started = true;
    $("online-open").addEventListener("click", () => {
      notice = null;
      showSection(true);
      render();
    });
    $("online-back").addEventListener("click", () => {
      if (list) ask("close_list");
      list = null;
      notice = null;
      showSection(false);
    });
    $("online-host-room").addEventListener("click", () =>
      ask("host", { room: true, format: format(), opener: $("online-opener").value }),
    );
    $("online-host-direct").addEventListener("click", () =>
      ask("host", { room: false, format: format(), opener: $("online-opener").value }),
    );
    $("online-join-form").addEventListener("submit", (event) => {
      event.preventDefault();
      ask("join", { to: $("online-join-to").value });
    });
    $("online-lan").addEventListener("click", () => ask("lan"));
    $("online-lobby").addEventListener("click", () => ask("lobby"));
    $("online-quick").addEventListener("click", () => ask("quick", { format: format() }));
    $("online-open-table").addEventListener("click", () =>
      ask("open_table", { format: format(), opener: $("online-opener").value }),
    );
    $("online-close-list").addEventListener("click", () => {
      ask("close_list");
      list = null;
      render();
    });
    $("online-end-jump").addEventListener("click", () => ask("end_chain"));
    $("online-cancel").addEventListener("click", () => ask("cancel"));
    $("online-resign").addEventListener("click", () => ask("resign"));
    $("online-claim").addEventListener("click", () => ask("claim"));
    $("online-keep-waiting").addEventListener("click", () => ask("keep_waiting"));
    $("online-rematch").addEventListener("click", () => ask("rematch"));
    $("online-decline").addEventListener("click", () => ask("decline_rematch"));
    $("online-leave").addEventListener("click", () => ask("leave"));
    document.addEventListener("keydown", onKey);
  }
  holes = hello.holes;
  if (board) board = new Board($("online-board"), holes, { click: onHole, enter: onEnter, leave: onLeave, press: onEnter });
  render();
}
