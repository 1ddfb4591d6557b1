// Online play in the page: host (a room code on the relay, or directly), join by an address or
// a room code, the LAN's players and the relay's lobby, quick match; then the game on a board of
// its own, the connection's state, resign, claim, rematch and leave. Every message is described
// in client/page/src/online_messages.rs. The board is the one table's, any game of two seats,
// sent as local play sends it (play_messages.rs) and drawn by the same boardFor / drawnPieces.
// No rule is decided here: the program says what may be picked and where it goes, checks every
// move and words every notice (in both languages: the page shows the one chosen).

import { STAR_CODES, boardFor, drawnPieces, playHops } from "./board.js";
import { cellLabels, clickOnPicked, dragFrom, dropsOnChain, movedWords, tableMarks } from "./board_view.js";
import { soundOfChange } from "./sound.js";
import { t, chooseDestinationKey } from "./words.js";
import * as seats from "./seats.js";
import { keptSeat, keepSeat } from "./seat_token.js";

const $ = (id) => document.getElementById(id);

let send = () => {};
let board = null;
let boardGeometry = null;
let started = false;
let shown = false; // the online section is on screen
let view = null; // the last OnlineView, or null
let list = null; // the last ListView, or null
let games = []; // the games a host may offer: { name, title, description }
let pieces = new Map(); // cell → the program's piece { owner, kind, colour }
let shownPath = [];
let hoverTarget = null;
let animating = 0;
let notice = null; // { words: {fr, en}, strong }
let cursor = null; // the keyboard's hole

const lang = () => (document.documentElement.lang === "en" ? "en" : "fr");
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
      heard(msg.online && msg.online.board);
      view = msg.online;
      if (!view) cursor = null;
      if (view) {
        showSection(true);
        if (view.board) pieces = new Map(view.board.cells.filter((c) => c.piece).map((c) => [c.name, c.piece]));
        else pieces = new Map();
      }
      shownPath = [];
      render();
      return Promise.resolve();
    case "online_seats":
      // A table of 2–6 seats: its board is drawn and clicked here, the rest by seats.js.
      seats.onTable(msg.table);
      if (msg.table) {
        heard(msg.table.board);
        view = seats.asOnlineView(msg.table);
        showSection(true);
        pieces = view.board ? new Map(view.board.cells.filter((c) => c.piece).map((c) => [c.name, c.piece])) : new Map();
      } else if (view && view.table) {
        view = null;
        cursor = null;
      }
      shownPath = [];
      render();
      return Promise.resolve();
    case "online_move":
      // Said to a screen reader: the other players' moves (the player knows their own).
      if (view && msg.seat !== view.seat) $("online-board-live").textContent = movedWords(nameOf(msg.seat), msg.notation);
      return animate(msg);
    case "online_seat":
      keepSeat(msg.token);
      return Promise.resolve();
    case "online_rejoined":
      // Found: the game's whole state follows. Not found (expired, or never was): a fresh page.
      if (!msg.found) keepSeat(null);
      document.body.dataset.rejoined = String(msg.found);
      return Promise.resolve();
    case "online_notice":
      notice = msg.words.fr || msg.words.en ? { words: msg.words, strong: msg.strong } : null;
      render();
      return Promise.resolve();
    case "online_error":
      notice = { words: msg.words, strong: true, code: msg.code };
      render();
      return Promise.resolve();
    case "online_games":
      games = msg.games;
      fillGames();
      seats.setTables(msg.tables);
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

// The sound of what the new board brought (a move, a capture, the turn back), as at a local table.
function heard(board) {
  if (view && view.board && board) soundOfChange(view.board, board);
}

// A move shown hop by hop on the board as it was, before the view after it is drawn.
function animate(move) {
  if (move.kind === "pass" || !move.path.length || !board || !view || !view.board) return Promise.resolve();
  animating += 1;
  const drawn = drawnPieces(view.board.geometry, pieces);
  return playHops(drawn, { kind: "path", path: move.path }, (path) => {
    shownPath = path;
    board.draw(drawn, { ...boardMarks(), path });
  }).then(() => {
    animating -= 1;
  });
}

// ---- drawing ------------------------------------------------------------------------------

function showSection(on) {
  shown = on;
  document.body.dataset.online = on ? "on" : "";
  $("online").hidden = !on;
}

// The board of the game's geometry, made when a game is first shown and again when the
// geometry changes (a page that never plays online draws none).
function ensureBoard() {
  const state = view.board;
  if (board && boardGeometry === state.geometry) return;
  board = boardFor($("online-board"), state.geometry, state.cells, {
    click: onHole,
    enter: onEnter,
    leave: onLeave,
    press: onEnter,
    draggable: (name) => canMove() && dragFrom(view.board.selection, view.board.pickable, name),
    drop: onDrop,
  });
  boardGeometry = state.geometry;
}

// What the board shows beside the pieces, as at a local table, each cell named for a screen
// reader (our own pieces and moves said as ours).
function boardMarks() {
  const state = view.board;
  const marks = tableMarks(state, {
    selection: view.your_turn ? state.selection : null,
    pickable: view.your_turn ? state.pickable : [],
    hops: false,
    path: shownPath,
    animating,
    hint: [],
    cursor,
  });
  const mine = view.seat === null || view.seat === undefined ? null : view.seat;
  marks.labels = cellLabels(state, pieces, marks, nameOf, mine);
  return marks;
}

// Whether a piece may be moved now: our turn, no move gliding, none waiting for our word.
function canMove() {
  return Boolean(view && view.board && view.your_turn && !animating && !view.board.pending);
}

// A piece dragged and dropped: the chain's piece goes on from its last landing; any other is
// picked, then played to where it was dropped. The program checks both as clicks.
function onDrop(from, to) {
  if (!canMove()) return;
  if (!dropsOnChain(view.board.selection, from)) ask("select", { hole: from });
  ask("move", { to });
}

function drawBoard() {
  if (!view || !view.board) return;
  ensureBoard();
  // Each player sees their own side at the bottom: the program turns the board for its seat.
  board.setRotation(view.board.rotation);
  board.draw(drawnPieces(view.board.geometry, pieces), boardMarks());
}

// ---- the keyboard: as in the duel, the arrows follow the board as drawn ----------------------

// The keyboard's first cell: one of the player's own pieces, the nearest the board's middle.
function startCursor() {
  const state = view.board;
  const near = (c) => c.x * c.x + 3 * c.y * c.y;
  const own = state.cells.filter((c) => c.piece && c.piece.owner === view.seat);
  own.sort((a, b) => near(a) - near(b));
  return own.length ? own[0].name : state.cells[0].name;
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
  const section = $("online");
  section.dataset.connection = view ? view.connection : "";
  section.dataset.camp = (view && view.camp) || "";
  section.dataset.seat = view && view.seat !== null && view.seat !== undefined ? String(view.seat) : "";
  section.dataset.game = view && view.board ? view.board.game : "";
  // The pieces the program says may be picked now (none out of turn).
  section.dataset.pickable = view && view.board && view.your_turn ? view.board.pickable.join(" ") : "";
  section.dataset.yourTurn = String(Boolean(view && view.your_turn && !animating));
  section.dataset.moves = String(view && view.board ? view.board.history.length : 0);
  section.dataset.rematch = (view && view.rematch) || "";
  section.dataset.confirm = (view && view.confirm) || "";
  section.dataset.ending = view && view.ending ? view.ending.termination : "";
  section.dataset.selected = view && view.board && view.board.selection ? view.board.selection.path.join("-") : "";
  section.dataset.notice = notice && notice.code ? notice.code : "";

  seats.words();
  // The games' titles in the page's language (it may have changed).
  for (const option of $("online-game-choice").options) {
    const game = games.find((g) => g.name === option.value);
    option.textContent = game ? pick(game.title) : t("online_any_game");
  }
  if (!view) describeGame();
  const message = $("online-message");
  message.textContent = notice ? pick(notice.words) : "";
  message.className = notice && notice.strong ? "alert" : "";

  $("online-setup").hidden = Boolean(view);
  $("online-game").hidden = !view;
  renderList();
  if (!view) {
    if (shown) $("status").textContent = "";
    return;
  }

  $("online-connection").textContent = `${t("online_connection")}${pick(view.connection_words)}`;
  const share = $("online-share");
  share.innerHTML = "";
  if (!view.peer && view.room_code) {
    const p = document.createElement("p");
    p.textContent = t("online_share_code");
    const code = document.createElement("strong");
    code.id = "online-room-code";
    code.textContent = view.room_code;
    share.append(p, code);
  } else if (!view.peer && view.side === "room") {
    share.textContent = t("online_room_opening");
  } else if (!view.peer && view.side === "host") {
    const p = document.createElement("p");
    p.textContent = view.addrs.length ? t("online_share_addrs") : t("online_no_addr_yet");
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
    const square = state.geometry === "square10";
    for (const seat of state.seats) {
      const li = document.createElement("li");
      li.className = state.turn === seat.seat && !state.outcome && !view.ending ? "to-move" : "";
      li.dataset.seat = String(seat.seat);
      const chips = seat.colours
        .map((c) => `<span class="chip ${square ? `chip-piece-${c}` : `chip-${STAR_CODES[c] || "P"}`}"></span>`)
        .join("");
      li.innerHTML = `${chips}<strong></strong> <small></small>`;
      li.querySelector("strong").textContent = seat.seat === view.seat ? t("you") : nameOf(seat.seat);
      li.querySelector("small").textContent = seat.counters.map(counterText).join(" · ");
      players.appendChild(li);
    }
    const history = $("online-history");
    history.innerHTML = "";
    for (const move of state.history) {
      const li = document.createElement("li");
      const who = move.seat === view.seat ? t("you") : nameOf(move.seat);
      li.textContent = `${who} : ${move.kind === "pass" ? t("pass_word") : move.notation}`;
      history.appendChild(li);
    }
    history.scrollTop = history.scrollHeight;
  }
  // A move the game warned about waits for the player's word, as at a local table.
  const pending = view.your_turn && view.board && view.board.pending;
  $("online-confirm").hidden = !pending || animating > 0;
  if (pending) $("online-confirm-text").textContent = t("table_confirm", { move: pending.notation });
  $("online-turn").textContent = turnText();
  // The header's line speaks of the online game while it is shown (the duel's waits behind).
  $("status").textContent = turnText();
  $("online-end").hidden = !view.ending;
  $("online-end-words").textContent = view.ending ? pick(view.ending.words) : "";

  const seated = view.seat !== null && view.seat !== undefined;
  const live = view.board && !view.ending && (view.table ? seated : view.camp);
  const sel = view.board && view.board.selection;
  $("online-end-jump").disabled = !(sel && sel.path.length > 1);
  $("online-cancel").disabled = !sel;
  $("online-resign").hidden = !live;
  $("online-resign").textContent = view.confirm === "resign" ? t("online_resign_confirm") : t("online_resign");
  $("online-claim").hidden = view.connection !== "grace_over" || Boolean(view.ending) || Boolean(view.table);
  $("online-keep-waiting").hidden = !view.claim_prompt;
  $("online-rematch").hidden = !view.ending || Boolean(view.table);
  $("online-rematch").disabled = view.rematch === "asked";
  $("online-rematch").textContent = view.rematch === "offered" ? t("online_accept_rematch") : t("online_rematch");
  $("online-decline").hidden = view.rematch !== "offered";
  $("online-leave").textContent = view.confirm === "leave" ? t("online_leave_confirm") : t("online_leave");
  drawBoard();
}

function counterText(c) {
  const label = t(`counter_${c.kind}`);
  return c.limit === null || c.limit === undefined ? `${label} ${c.value}` : `${label} ${c.value}/${c.limit}`;
}

// Who plays `seat`: the opponent, or at a table the seat's holder.
function nameOf(seat) {
  return view.table ? seats.seatName(seat) : view.peer || "";
}

function turnText() {
  if (view.table && !(view.your_turn && view.board && view.board.selection)) return seats.turnText();
  if (!view.board || view.ending || animating) return "";
  if (view.your_turn) {
    const sel = view.board.selection;
    if (sel && sel.path.length > 1) return t("chain_running");
    if (sel) return sel.hops.length + sel.ends.length ? t(chooseDestinationKey()) : t("no_destination");
    return t("your_turn");
  }
  return view.connection === "connected" ? t("online_their_turn", { name: view.peer || "" }) : "";
}

function renderList() {
  const box = $("online-list");
  box.hidden = !list || Boolean(view);
  if (!list) return;
  $("online-list-title").textContent = list.kind === "lan" ? t("online_lan_title") : t("online_lobby_title");
  $("online-open-table").hidden = list.kind !== "lobby";
  // A table opens at the lobby's relay, known once the lobby was read.
  $("online-open-table").disabled = !list.read;
  const note = $("online-list-note");
  note.textContent = list.error ? pick(list.error) : !list.read ? t("online_list_reading") : list.games.length ? "" : t("online_list_empty");
  const games = $("online-games");
  games.innerHTML = "";
  for (const game of list.games) {
    const li = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.className = "online-open-game";
    button.dataset.addr = game.addr;
    // A table under way is listed to be watched: the button opens it as a spectator.
    const seats = game.under_way ? t("online_under_way") : t("online_free_seats", { n: game.free_seats, seats: game.seats });
    button.classList.toggle("under-way", Boolean(game.under_way));
    button.dataset.game = game.game;
    button.textContent = `${game.name} · ${pick(game.title)} · ${seats} · ${game.waiting_secs} s`;
    button.addEventListener("click", () => ask("join_table", { addr: game.addr }));
    li.appendChild(button);
    games.appendChild(li);
  }
}

// ---- the player's clicks --------------------------------------------------------------------

// A click as at a local table; out of turn a piece is still asked for, and the program says
// why it is refused.
function onHole(name, event) {
  if (!view || !view.board || animating) return;
  const state = view.board;
  const asked = clickOnPicked(view.your_turn ? state.selection : null, name, Boolean(event && event.shiftKey));
  if (asked) return ask(asked.action, asked.to ? { to: asked.to } : {});
  if (pieces.has(name)) ask("select", { hole: name });
}

function onEnter(name) {
  if (!view || !view.your_turn || !view.board || !view.board.selection || animating) return;
  const sel = view.board.selection;
  if (sel.path.length === 1 && sel.ends.includes(name)) {
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

// The host form's games, each with its one-line description; the quick match takes any too.
function fillGames() {
  const select = $("online-game-choice");
  seats.fillGameChoice(select, games);
  const any = document.createElement("option");
  any.value = "any";
  any.textContent = t("online_any_game");
  select.appendChild(any);
  describeGame();
}

function describeGame() {
  const game = games.find((g) => g.name === $("online-game-choice").value);
  $("online-game-description").textContent = game ? pick(game.description) : "";
  // "Any game" is for the quick match alone: a host offers one game.
  const any = $("online-game-choice").value === "any";
  for (const id of ["online-host-room", "online-host-direct", "online-open-table"]) $(id).disabled = any;
  // Where the rules name the first mover (draughts: White), the choice and the draw seat the
  // players: the form asks who plays White. The key stays on the node for a change of language.
  const colours = Boolean(game && game.opener_fixed);
  const label = $("online-opener-label");
  const draw = $("online-opener-draw");
  label.textContent = colours ? t("online_opener_white") : t("opener");
  label.dataset.w = colours ? "online_opener_white" : "opener";
  draw.textContent = colours ? t("online_colours_draw") : t("opener_draw");
  draw.dataset.w = colours ? "online_colours_draw" : "opener_draw";
}

function game() {
  return $("online-game-choice").value;
}

// Called once the program's hello arrived.
export function start(hello, sender) {
  send = sender;
  seats.start(hello, ask);
  // The first message after a reload: the online game left by the page before it, if any.
  const seat = keptSeat();
  if (seat) send({ type: "rejoin", token: seat });
  ask("games");
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
      ask("host", { room: true, game: game(), opener: $("online-opener").value }),
    );
    $("online-host-direct").addEventListener("click", () =>
      ask("host", { room: false, game: game(), opener: $("online-opener").value }),
    );
    $("online-join-form").addEventListener("submit", (event) => {
      event.preventDefault();
      ask("join", { to: $("online-join-to").value });
    });
    $("online-lan").addEventListener("click", () => ask("lan"));
    $("online-lobby").addEventListener("click", () => ask("lobby"));
    $("online-quick").addEventListener("click", () => ask("quick", { game: game() }));
    $("online-game-choice").addEventListener("change", describeGame);
    $("online-open-table").addEventListener("click", () =>
      ask("open_table", { game: game(), opener: $("online-opener").value }),
    );
    $("online-close-list").addEventListener("click", () => {
      ask("close_list");
      list = null;
      render();
    });
    $("online-end-jump").addEventListener("click", () => ask("end_chain"));
    $("online-cancel").addEventListener("click", () => ask("cancel"));
    $("online-confirm-yes").addEventListener("click", () => ask("confirm"));
    $("online-confirm-no").addEventListener("click", () => ask("cancel"));
    $("online-resign").addEventListener("click", () => ask("resign"));
    $("online-claim").addEventListener("click", () => ask("claim"));
    $("online-keep-waiting").addEventListener("click", () => ask("keep_waiting"));
    $("online-rematch").addEventListener("click", () => ask("rematch"));
    $("online-decline").addEventListener("click", () => ask("decline_rematch"));
    $("online-leave").addEventListener("click", () => ask("leave"));
    seats.bind();
    document.addEventListener("keydown", onKey);
  }
  render();
}
