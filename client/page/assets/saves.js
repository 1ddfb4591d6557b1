// Saved games on the page: the "Parties" list (records named by the ids the program gave them,
// never by a path), the offer to take up an unfinished game, the replay viewer (the program
// sends each position; moves are shown hop by hop along the path it sends) and the move typed
// in notation (checked by the program). Messages: client/page/src/saves_messages.rs.

import { boardFor, drawnPieces, playHops } from "./board.js";
import { t } from "./words.js";
import { titleOf, descriptionOf } from "./play_form.js";

const HOP_MS = 260;
const $ = (id) => document.getElementById(id);

// Given by app.js: { send(msg), say(text, alert), moves() → the number of moves of the table
// shown, typed(notation) → plays it at the table, resuming() → the table that comes is shown }.
let ctx = null;
let records = [];
let offered = null; // the record offered for resumption
let offerAsked = false; // the offer is made once per page, at its first list
let replay = null; // the record open in the viewer
let replayBoard = null;
let replayGeometry = null; // the geometry replayBoard was built for
let shown = -1; // the move index drawn
let replayPieces = new Map(); // cell → the program's piece
let replayPath = [];
let animation = Promise.resolve();

export function initSaves(context) {
  ctx = context;
  $("saves-refresh").addEventListener("click", list);
  $("resume-yes").addEventListener("click", () => {
    if (offered) resume(offered.id);
  });
  $("resume-no").addEventListener("click", () => {
    $("resume-offer").hidden = true;
  });
  $("typed-move").addEventListener("submit", (event) => {
    event.preventDefault();
    const notation = $("typed-notation").value.trim();
    // The move is the table's, read by its game's own verifier.
    if (notation) ctx.typed(notation);
  });
  $("replay-first").addEventListener("click", () => go(0));
  $("replay-prev").addEventListener("click", () => go(shown - 1));
  $("replay-next").addEventListener("click", () => go(shown + 1));
  $("replay-last").addEventListener("click", () => go(replay ? replay.moves.length : 0));
  $("replay-slider").addEventListener("input", (e) => go(Number(e.target.value)));
  $("replay-close").addEventListener("click", closeReplay);
  // Before the game's own keys (registered on the document): the arrows step through a replay.
  window.addEventListener(
    "keydown",
    (event) => {
      // Typing a move: the arrows move the caret, not the board's cursor.
      if (event.target.id === "typed-notation") {
        event.stopPropagation();
        return;
      }
      if (!replay || event.target.closest("input, select")) return;
      const to = { ArrowLeft: shown - 1, ArrowRight: shown + 1, Home: 0, End: replay.moves.length }[event.key];
      if (event.key === "Escape") closeReplay();
      else if (to === undefined) return;
      else go(to);
      event.preventDefault();
      event.stopPropagation();
    },
    true,
  );
}

export function savesHello() {
  list();
}

// The saved games asked for (the home asks whenever it shows).
export function listSaves() {
  list();
}

function list() {
  ctx.send({ type: "saves", action: "list" });
}

function resume(id) {
  $("resume-offer").hidden = true;
  closeReplay();
  ctx.resuming();
  ctx.send({ type: "saves", action: "resume", id });
}

function go(index) {
  if (!replay) return;
  const to = Math.max(0, Math.min(index, replay.moves.length));
  if (to !== shown) ctx.send({ type: "saves", action: "show", index: to });
}

// The program's messages of this part; false for the others.
export function onSavesMessage(msg) {
  switch (msg.type) {
    case "records":
      records = msg.records;
      renderList();
      if (msg.moved.length) {
        ctx.say(t("corrupt_moved", { files: msg.moved.map((m) => m.file).join(", ") }), true);
      }
      if (msg.skipped && msg.skipped.length) {
        ctx.say(t("records_skipped", { files: msg.skipped.map((m) => m.file).join(", ") }), true);
      }
      if (!offerAsked) {
        offerAsked = true;
        offered = records.find((r) => r.resumable) || null;
        if (offered && ctx.moves() === 0) renderOffer();
      }
      return true;
    case "replay":
      openReplay(msg);
      return true;
    case "replay_frame":
      animation = animation.then(() => showFrame(msg));
      return true;
    default:
      return false;
  }
}

export function applySavesWords() {
  if (!ctx) return;
  renderList();
  if (offered && !$("resume-offer").hidden) renderOffer();
  if (replay) renderReplayText();
}

// ---- the list -------------------------------------------------------------------------------

// A player as the page's language names them: the program writes a person « Joueur N » in its
// records, which an English page showed as such.
function who(name) {
  const person = /^Joueur (\d+)$/.exec(name);
  return person ? t("table_player", { n: Number(person[1]) }) : name;
}

// The day and the time the record was last written, in the browser's time zone and language
// (the record itself keeps only the day).
function when(record) {
  if (typeof record.saved_at !== "number") return record.date || "—";
  const options = { dateStyle: "short", timeStyle: "short" };
  return new Date(record.saved_at * 1000).toLocaleString(document.documentElement.lang, options);
}

// A table by its game's title, never by the catalogue's name alone (`kawu-3`); its description
// is the row's tooltip.
function kindText(record) {
  const lang = document.documentElement.lang;
  if (record.kind === "table") return `${t("table_word")} ${record.variant ? titleOf(record.variant, lang) : ""}`.trim();
  if (record.kind === "online") return t("online_word");
  return record.level ? t("solo_word") : t("duel_word");
}

function resultText(record) {
  if (record.winners.length) return t("won_by", { names: record.winners.map(who).join(", ") });
  return record.finished ? t("stopped") : t("unfinished");
}

function renderList() {
  const body = $("saves-list").querySelector("tbody");
  body.innerHTML = "";
  $("saves-empty").hidden = records.length > 0;
  for (const record of records) {
    const tr = document.createElement("tr");
    tr.dataset.id = record.id;
    if (record.variant) {
      tr.dataset.variant = record.variant;
      tr.title = descriptionOf(record.variant, document.documentElement.lang);
    }
    const cells = [when(record), kindText(record), record.players.map(who).join(" – "), resultText(record), String(record.moves)];
    for (const text of cells) {
      const td = document.createElement("td");
      td.textContent = text;
      tr.appendChild(td);
    }
    const actions = document.createElement("td");
    const view = document.createElement("button");
    view.type = "button";
    view.className = "replay-open";
    view.textContent = t("watch");
    view.addEventListener("click", () => ctx.send({ type: "saves", action: "open", id: record.id }));
    actions.appendChild(view);
    if (record.resumable) {
      const take = document.createElement("button");
      take.type = "button";
      take.className = "resume-one";
      take.textContent = t("resume_game");
      take.addEventListener("click", () => resume(record.id));
      actions.appendChild(take);
    }
    tr.appendChild(actions);
    body.appendChild(tr);
  }
}

function renderOffer() {
  const values = { kind: kindText(offered), players: offered.players.map(who).join(" – "), n: offered.moves, date: offered.date };
  $("resume-text").textContent = offered.date ? t("resume_offer_dated", values) : t("resume_offer", values);
  $("resume-offer").hidden = false;
}

// ---- the replay viewer ------------------------------------------------------------------------

function openReplay(msg) {
  replay = msg;
  shown = -1;
  replayPieces = new Map();
  replayPath = [];
  // A board of the record's game, drawn by the same code as the table's.
  if (!replayBoard || replayGeometry !== msg.geometry) {
    const none = () => {};
    const handlers = { click: none, enter: none, leave: none, press: none, still: true };
    replayBoard = boardFor($("replay-board"), msg.geometry, msg.cells, handlers);
    replayGeometry = msg.geometry;
  }
  $("replay-slider").max = String(msg.moves.length);
  const moves = $("replay-moves");
  moves.innerHTML = "";
  msg.moves.forEach((move, i) => {
    const li = document.createElement("li");
    li.dataset.index = String(i + 1);
    li.tabIndex = 0;
    li.addEventListener("click", () => go(i + 1));
    moves.appendChild(li);
  });
  renderReplayText();
  document.body.dataset.replay = "open";
  $("replay").hidden = false;
  $("replay").scrollIntoView({ block: "start" });
}

function closeReplay() {
  replay = null;
  $("replay").hidden = true;
  delete document.body.dataset.replay;
  delete document.body.dataset.replayIndex;
}

function seatName(seat) {
  return replay.seats[seat] ? replay.seats[seat].name : "";
}

function moveText(move) {
  return move.notation === "pass" ? t("pass_word") : move.notation;
}

function renderReplayText() {
  const seats = replay.seats.map((s) => s.name).join(" – ");
  $("replay-title").textContent = `${seats}${replay.date ? ` · ${replay.date}` : ""}`;
  $("replay-moves")
    .querySelectorAll("li")
    .forEach((li, i) => {
      const move = replay.moves[i];
      li.textContent = `${seatName(move.seat)} : ${moveText(move)}`;
    });
  renderReplayCounter();
}

function renderReplayCounter() {
  if (!replay) return;
  const total = replay.moves.length;
  const index = Math.max(shown, 0);
  let text =
    index === 0 ? t("replay_start", { n: total }) : t("replay_at", { index, total, move: moveText(replay.moves[index - 1]) });
  if (index === total && replay.winners.length) text += ` · ${t("won_by", { names: replay.winners.map(who).join(", ") })}`;
  $("replay-counter").textContent = text;
  $("replay-slider").value = String(index);
  $("replay-first").disabled = $("replay-prev").disabled = index === 0;
  $("replay-next").disabled = $("replay-last").disabled = index === total;
  $("replay-moves")
    .querySelectorAll("li")
    .forEach((li, i) => li.classList.toggle("current", i + 1 === index));
}

function drawReplay() {
  if (!replayBoard) return;
  const empty = new Set();
  replayBoard.draw(drawnPieces(replayGeometry, replayPieces), {
    goals: new Map(),
    ends: empty,
    pickable: empty,
    selected: null,
    steps: empty,
    jumps: empty,
    swaps: empty,
    hops: empty,
    path: replayPath,
    last: [],
    hint: [],
    cursor: null,
  });
}

// A frame: the move that leads to it is shown hop by hop when it is the next one, then the
// program's position is drawn as sent.
function showFrame(frame) {
  if (!replay) return Promise.resolve();
  const move = frame.index === shown + 1 && frame.index > 0 ? replay.moves[frame.index - 1] : null;
  const finish = () => {
    shown = frame.index;
    replayPieces = new Map(frame.pieces.map((p) => [p.cell, p.piece]));
    replayPath = frame.last_move;
    document.body.dataset.replayIndex = String(shown);
    drawReplay();
    renderReplayCounter();
  };
  if (!move || move.path.length < 2 || move.notation.includes("<>")) {
    finish();
    return Promise.resolve();
  }
  document.body.dataset.replayIndex = "moving";
  return playHops(
    replayPieces,
    move,
    (path) => {
      replayPath = path;
      drawReplay();
    },
    HOP_MS,
  ).then(finish);
}
