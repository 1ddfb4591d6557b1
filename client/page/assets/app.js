// The page: one WebSocket to the program, the state it sends drawn on the board, and the
// player's taps sent back as intents (the board's select, path, move, hop, end_chain, cancel, as
// in every game: board_messages.rs; hint, undo, new_game). Every message is described in
// client/page/src/messages.rs. No rule is decided
// here: destinations, paths, hints and the end all come from the program.

import { Board, boardIntent, playHops } from "./board.js";
import * as play from "./play.js";
import { t, has, useWords, pickLanguage, rememberLanguage, programLanguage } from "./words.js";
import * as online from "./online.js";
import { initRatings, onRatingsMessage } from "./ratings.js";
import { initSaves, savesHello, onSavesMessage, applySavesWords, savesState } from "./saves.js";

const $ = (id) => document.getElementById(id);

let lang = pickLanguage();
let socket = null;
// Turned away because the program serves as many pages as it can (a `busy` of `pages`).
let turnedAway = false;
let board = null;
let hello = null;
let state = null;
let pawns = new Map();
let shownPath = [];
let hoverTarget = null;
let hopMode = false;
let message = null; // { text, alert }
let queue = Promise.resolve();
let animating = 0;
let cursor = null; // the keyboard's hole

function send(msg) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(msg));
}

// ---- words --------------------------------------------------------------------------------

function applyWords() {
  document.documentElement.lang = lang;
  document.title = t("title");
  for (const node of document.querySelectorAll("[data-w]")) node.textContent = t(node.dataset.w);
  $("lang").textContent = t("language");
  $("lang").title = t("language_title");
  $("rules-link").href = `rules-${lang}.html`;
  for (const svg of document.querySelectorAll("svg[data-w-label]")) svg.setAttribute("aria-label", t(svg.dataset.wLabel));
  fillLevels();
  if (hello) play.words();
  applySavesWords();
  if (state) render();
  online.render();
}

function fillLevels() {
  const select = $("level");
  if (!hello) return;
  const chosen = select.value || "facile";
  select.innerHTML = "";
  for (const level of hello.levels) {
    const option = document.createElement("option");
    option.value = level.key;
    option.textContent = `${lang === "fr" ? level.name_fr : level.name_en} · ${level.opponent}`;
    select.appendChild(option);
  }
  select.value = chosen;
}

// ---- names --------------------------------------------------------------------------------

function nameOf(camp) {
  if (!state) return "";
  if (state.mode === "solo") return camp === "A" ? t("you") : state.opponent;
  return camp === "A" ? t("player1") : t("player2");
}

function describe(move) {
  if (move.kind === "swap") return `${t("swap_word")} ${move.notation}`;
  if (move.kind === "pass") return t("pass_word");
  return move.notation;
}

// ---- drawing ------------------------------------------------------------------------------

function view() {
  const sel = state.selection;
  const set = (list) => new Set(list || []);
  const goals = new Map();
  for (const c of state.colours) goals.set(c.goal, c.colour);
  return {
    goals,
    selected: sel ? sel.path[sel.path.length - 1] : null,
    steps: set(sel && sel.steps),
    jumps: set(sel && sel.jumps),
    swaps: set(sel && sel.swaps),
    hops: set(hopMode || (sel && sel.path.length > 1) ? sel && sel.hops : []),
    path: shownPath.length ? shownPath : sel && sel.path.length > 1 ? sel.path : [],
    last: animating ? [] : state.last_move,
    hint: state.hint ? state.hint.path : [],
    cursor,
  };
}

function render() {
  if (!board || !state || play.isActive()) return;
  // Hot-seat: the second player sees the board turned, its camp at the bottom.
  board.setRotation(state.mode === "duel" && state.turn === "B" && !state.outcome ? 180 : 0);
  board.draw(pawns, view());
  const body = document.body;
  body.dataset.next = animating ? "animating" : state.next;
  body.dataset.turn = state.turn;
  body.dataset.selected = state.selection ? state.selection.path.join("-") : "";
  renderPanel();
}

function renderPanel() {
  const sel = state.selection;
  const chain = sel && sel.path.length > 1;
  $("end-jump").disabled = !chain;
  $("cancel").disabled = !sel;
  $("hint").disabled = state.next !== "player" || state.hint_pending || animating > 0;
  $("undo").disabled = !state.can_undo || animating > 0;
  $("hop-mode").setAttribute("aria-pressed", String(hopMode));

  const players = $("players");
  players.innerHTML = "";
  for (const camp of ["A", "B"]) {
    const i = camp === "A" ? 0 : 1;
    const li = document.createElement("li");
    li.className = state.turn === camp && !state.outcome ? "to-move" : "";
    const shapes = state.colours
      .filter((c) => c.camp === camp)
      .map((c) => `<span class="chip chip-${c.colour}"></span>`)
      .join("");
    li.innerHTML = `${shapes}<strong></strong> <small></small>`;
    li.querySelector("strong").textContent = nameOf(camp);
    li.querySelector("small").textContent =
      `${t("arrived")} ${state.arrived[i]}/${state.format * 10} · ${t("distance")} ${state.distance[i]}`;
    players.appendChild(li);
  }

  const history = $("history");
  history.innerHTML = "";
  for (const move of state.history) {
    const li = document.createElement("li");
    li.className = `camp-${move.camp}`;
    li.textContent = `${nameOf(move.camp)} : ${describe(move)}`;
    history.appendChild(li);
  }
  history.scrollTop = history.scrollHeight;

  const status = $("status");
  status.textContent = statusText();
  const note = $("message");
  note.textContent = message ? message.text : "";
  note.className = message && message.alert ? "alert" : "";

  const end = $("end");
  if (state.outcome && !animating) {
    const winner = state.outcome.winner;
    $("end-title").textContent =
      state.mode === "solo" ? (winner === "A" ? t("you_win") : t("you_lose")) : t("wins", { name: nameOf(winner) });
    $("end-reason").textContent = state.outcome.reason === "goal" ? t("by_goal") : t("by_count");
    end.hidden = false;
  } else {
    end.hidden = true;
  }
}

function statusText() {
  if (animating) return "";
  if (state.outcome) return "";
  if (state.next === "computer") return t("thinking", { name: state.opponent });
  const sel = state.selection;
  if (sel && sel.path.length > 1) return t("chain_running");
  if (sel) {
    const any = sel.steps.length + sel.jumps.length + sel.swaps.length > 0;
    const touch = window.matchMedia && window.matchMedia("(hover: none)").matches;
    return any ? (touch ? t("choose_destination_touch") : t("choose_destination")) : t("no_destination");
  }
  if (state.hint_pending) return t("hint_searching");
  return state.mode === "solo" ? t("your_turn") : t("turn_of", { name: nameOf(state.turn) });
}

function say(text, alert = false) {
  message = text ? { text, alert } : null;
  if (play.isActive()) {
    const note = $("message");
    note.textContent = message ? message.text : "";
    note.className = message && message.alert ? "alert" : "";
  } else if (state) renderPanel();
}

// ---- the program's messages ---------------------------------------------------------------

function onMessage(msg) {
  switch (msg.type) {
    case "hello":
      hello = msg;
      board = new Board($("board"), msg.holes, { click: onHole, enter: onEnter, leave: onLeave, press: onEnter });
      fillLevels();
      play.init({
        send,
        svg: () => $("board"),
        hello: () => hello,
        lang: () => lang,
        say,
        hopMode: () => hopMode,
        restore: restoreBoard,
      });
      online.start(msg, send);
      // `tripot web --lang` wins over the browser's language; told once the parts are ready.
      startGame(true);
      savesHello(msg);
      if (programLanguage(msg) && programLanguage(msg) !== lang) return switchLanguage(programLanguage(msg));
      return Promise.resolve();
    case "state":
      state = msg;
      pawns = new Map(msg.pawns.map((p) => [p.hole, p.colour]));
      shownPath = [];
      savesState(state);
      if (state.hint) say(t("hint_is", { move: describe(state.hint) }));
      render();
      return Promise.resolve();
    case "move_played":
      return play.isActive() ? Promise.resolve() : animate(msg);
    case "play":
      return play.onMessage(msg);
    case "ratings":
      onRatingsMessage(msg);
      return Promise.resolve();
    case "path":
      if (hoverTarget === msg.to) {
        shownPath = msg.holes;
        render();
      }
      return Promise.resolve();
    case "error":
      say(has(`error_${msg.code}`) ? t(`error_${msg.code}`) : msg.detail, true);
      return Promise.resolve();
    case "busy":
      // Too many pages: this one is turned away and its socket closes. Searches: the
      // computer's answer comes, later.
      if (msg.what === "pages") {
        turnedAway = true;
        $("status").textContent = t("busy_pages");
      } else say(t("busy_searches", { n: msg.ahead || 0 }));
      return Promise.resolve();
    default:
      if (typeof msg.type === "string" && msg.type.startsWith("online")) return online.onMessage(msg);
      // The saved games' messages go to saves.js; those of a newer program are ignored.
      onSavesMessage(msg);
      return Promise.resolve();
  }
}

// A move shown hop by hop on the board as it was, before the state after it is drawn.
function animate(move) {
  if (move.kind === "pass") {
    say(move.by_computer || state.mode === "duel" ? t("blocked", { name: nameOf(move.camp) }) : t("you_blocked"), true);
    return Promise.resolve();
  }
  message = null;
  animating += 1;
  return playHops(pawns, move, (path) => {
    shownPath = path;
    render();
  }).then(() => {
    animating -= 1;
  });
}

// ---- the player's taps --------------------------------------------------------------------

function canAct() {
  return state && state.next === "player" && !animating;
}

// The duel's board again, after the one table had it.
function restoreBoard() {
  board = new Board($("board"), hello.holes, { click: onHole, enter: onEnter, leave: onLeave, press: onEnter });
  render();
}

function onHole(name, event) {
  if (play.isActive()) return play.onHole(name, event);
  if (!canAct()) return;
  const mine = pawns.has(name) && state.colours.some((c) => c.camp === state.turn && c.colour === pawns.get(name));
  const intent = boardIntent(state.selection, name, { hop: hopMode || (event && event.shiftKey), pick: mine });
  if (intent) return send({ type: "board", ...intent });
  if (pawns.has(name)) say(t("error_not_your_pawn"));
}

function onEnter(name) {
  if (play.isActive()) return play.onEnter(name);
  if (!canAct() || !state.selection) return;
  const sel = state.selection;
  if ([...sel.steps, ...sel.jumps, ...sel.swaps].includes(name) && sel.path.length === 1) {
    hoverTarget = name;
    send({ type: "board", action: "path", to: name });
  }
}

function onLeave(name) {
  if (play.isActive()) return play.onLeave(name);
  if (hoverTarget === name) {
    hoverTarget = null;
    shownPath = [];
    render();
  }
}

// ---- the keyboard ---------------------------------------------------------------------------
// Arrows move a cursor from hole to hole (on the screen's rows: the board's geometry, not its
// rules), Enter acts on it as a click, Space as a shift-click (one hop of a chain).

function startCursor() {
  const mine = state.colours.filter((c) => c.camp === state.turn).map((c) => c.colour);
  const near = (h) => h.x * h.x + 3 * h.y * h.y;
  const pawnsHoles = hello.holes.filter((h) => mine.includes(pawns.get(h.name)));
  pawnsHoles.sort((a, b) => near(a) - near(b));
  return pawnsHoles.length ? pawnsHoles[0].name : "i9";
}

// Rows and columns as drawn: on a turned board the arrows follow the screen, not the notation.
function moveCursor(dx, dy) {
  if (!state || !hello) return;
  cursor = cursor ? board.cursorStep(cursor, dx, dy) : startCursor();
  document.body.dataset.cursor = cursor;
  onEnter(cursor);
  render();
}

function onKey(event) {
  // The online section has its own board and keys.
  if (online.active()) return;
  const inForm = event.target.closest && event.target.closest("select, input, button, a");
  if (play.isActive()) {
    const arrow = event.key.startsWith("Arrow");
    if (!inForm || (arrow && !event.target.closest("select"))) play.onKey(event);
    return;
  }
  const arrows = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
  if (arrows[event.key] && !(inForm && event.target.closest("select"))) {
    event.preventDefault();
    const [dx, dy] = arrows[event.key];
    return moveCursor(dx, dy);
  }
  if (inForm) return;
  if ((event.key === "Enter" || event.key === " ") && cursor) {
    event.preventDefault();
    return onHole(cursor, { shiftKey: event.key === " " });
  }
  if (event.key === "Escape") act("cancel");
  else if (event.key === "f") act("end_chain");
  else if (event.key === "i") act("hint");
  else if (event.key === "u") act("undo");
}

function startGame(first) {
  const params = new URLSearchParams(location.search);
  const msg = {
    type: "new_game",
    mode: $("mode").value,
    level: $("level").value || "facile",
    format: Number($("format").value),
    opener: $("opener").value,
  };
  // A position in the address (`?position=…`) starts the first game from it.
  if (first && params.get("position")) {
    msg.position = params.get("position");
    delete msg.format;
    if (params.get("mode") === "duel") msg.mode = "duel";
  }
  message = null;
  play.leave();
  send(msg);
}

// A button or key of the panel: for the table when one is shown, else for the duel.
function act(action) {
  if (play.isActive()) return play.act(action);
  // The chain's end and its cancel are board actions, as in every game; hint and undo the duel's.
  if (action === "end_chain" || action === "cancel") send({ type: "board", action });
  else send({ type: action });
}

function connect() {
  const base = location.pathname.replace(/[^/]*$/, "");
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  socket = new WebSocket(`${scheme}//${location.host}${base}ws`);
  $("status").textContent = t("connecting");
  socket.addEventListener("message", (event) => {
    let msg;
    try {
      msg = JSON.parse(event.data);
    } catch (_) {
      return;
    }
    queue = queue.then(() => onMessage(msg));
  });
  socket.addEventListener("close", () => {
    document.body.dataset.next = "disconnected";
    if (turnedAway) $("status").textContent = t("busy_pages");
    say(turnedAway ? t("busy_pages") : t("disconnected"), true);
  });
}

// Shows the page in `to`, its words fetched first.
async function switchLanguage(to) {
  await useWords(to);
  lang = to;
  applyWords();
}

async function setup() {
  await useWords(lang);
  applyWords();
  $("lang").addEventListener("click", () => {
    const to = lang === "fr" ? "en" : "fr";
    rememberLanguage(to);
    switchLanguage(to);
  });
  $("end-jump").addEventListener("click", () => act("end_chain"));
  $("cancel").addEventListener("click", () => act("cancel"));
  $("hint").addEventListener("click", () => act("hint"));
  $("undo").addEventListener("click", () => {
    message = null;
    act("undo");
  });
  $("hop-mode").addEventListener("click", () => {
    hopMode = !hopMode;
    render();
  });
  const showLevel = () => {
    $("level-row").hidden = $("mode").value !== "solo";
  };
  $("mode").addEventListener("change", showLevel);
  showLevel();
  $("new-game").addEventListener("submit", (event) => {
    event.preventDefault();
    startGame(false);
  });
  $("again").addEventListener("click", () =>
    play.isActive() ? play.again() : startGame(false),
  );
  // Online play hides the board: a table left running would go on playing unseen (it is saved
  // after every move, so « Reprendre » brings it back).
  $("online-open").addEventListener("click", () => play.leave());
  document.addEventListener("keydown", onKey);
  initSaves({ send, say, moves: () => (state ? state.history.length : 0), typed: play.typed });
  initRatings({ send });
  connect();
}

setup();
