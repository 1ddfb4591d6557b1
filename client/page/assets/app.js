// The page: one WebSocket to the program, and its parts: the home and the game's view (home.js),
// the one table (play.js: every game of the catalogue, the duel included), online play (online.js), the saved games and the replay
// viewer (saves.js), the ratings (ratings.js). Every message is described in
// client/page/src/messages.rs. No rule is decided here: destinations, paths, hints and the end
// all come from the program.

import * as play from "./play.js";
import { t, has, useWords, pickLanguage, rememberLanguage, programLanguage } from "./words.js";
import * as online from "./online.js";
import { initRatings, onRatingsMessage } from "./ratings.js";
import { initSaves, savesHello, onSavesMessage, applySavesWords, listSaves } from "./saves.js";
import { initHome, showGame } from "./home.js";

const $ = (id) => document.getElementById(id);

let lang = pickLanguage();
let socket = null;
// Turned away because the program serves as many pages as it can (a `busy` of `pages`).
let turnedAway = false;
let hello = null;
let hopMode = false;
let queue = Promise.resolve();

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
  $("rules-link").href = rulesAddress();
  for (const svg of document.querySelectorAll("svg[data-w-label]")) svg.setAttribute("aria-label", t(svg.dataset.wLabel));
  if (hello) play.words();
  applySavesWords();
  online.render();
}

// The rules of the game at hand: the one played online or at the table, else the one chosen in
// the form; the server serves each family's rules (`rules-fr-draughts.html`), the family being
// a game's name's first word.
function rulesAddress() {
  const online = $("online").dataset.game;
  const name = online || document.body.dataset.game || $("play-game").value || "tripot";
  return `rules-${lang}-${name.split("-")[0]}.html`;
}

function say(text, alert = false) {
  const note = $("message");
  note.textContent = text || "";
  note.className = text && alert ? "alert" : "";
}

// ---- the program's messages ---------------------------------------------------------------

function onMessage(msg) {
  switch (msg.type) {
    case "hello":
      hello = msg;
      play.init({
        send,
        svg: () => $("board"),
        hello: () => hello,
        lang: () => lang,
        say,
        hopMode: () => hopMode,
      });
      online.start(msg, send);
      play.startFirst(firstTable());
      savesHello(msg);
      // `tripot web --lang` wins over the browser's language; told once the parts are ready.
      if (programLanguage(msg) && programLanguage(msg) !== lang) return switchLanguage(programLanguage(msg));
      return Promise.resolve();
    case "play":
      // The offer to take up an older game is for a table not yet begun: a move played at the
      // table shown (any game) ends it.
      return play.onMessage(msg).then(() => {
        if (play.moves() > 0) $("resume-offer").hidden = true;
      });
    case "ratings":
      onRatingsMessage(msg);
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
      // The online game taken back after a reload is shown; the page's first table, started
      // meanwhile, is left as when « En ligne » is clicked.
      if (msg.type === "online_rejoined" && msg.found) play.leave();
      if (typeof msg.type === "string" && msg.type.startsWith("online")) return online.onMessage(msg);
      // The saved games' messages go to saves.js; those of a newer program are ignored.
      onSavesMessage(msg);
      return Promise.resolve();
  }
}

// The page's first table: the duel against the computer (« Facile »), or as the address says
// (`?game=tripot-f2`, `?mode=duel` for two players here, `?position=…` to start from).
function firstTable() {
  const params = new URLSearchParams(location.search);
  const game = params.get("game") || "tripot";
  const players = params.get("mode") === "duel" ? ["human", "human"] : ["human", "facile"];
  const table = { game, players, opener: 1 };
  if (params.get("position")) {
    table.position = params.get("position");
    delete table.opener;
  }
  return table;
}

// ---- the keyboard ---------------------------------------------------------------------------

function onKey(event) {
  // The online section has its own board and keys.
  if (online.active() || !play.isActive() || document.body.dataset.view !== "game") return;
  const inForm = event.target.closest && event.target.closest("select, input, button, a");
  const arrow = event.key.startsWith("Arrow");
  if (!inForm || (arrow && !event.target.closest("select"))) play.onKey(event);
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
  // Set again at the click: the game at hand may have changed since the words were applied.
  $("rules-link").addEventListener("click", () => { $("rules-link").href = rulesAddress(); });
  $("lang").addEventListener("click", () => {
    const to = lang === "fr" ? "en" : "fr";
    rememberLanguage(to);
    switchLanguage(to);
  });
  $("end-jump").addEventListener("click", () => play.act("end_chain"));
  $("cancel").addEventListener("click", () => play.act("cancel"));
  $("hint").addEventListener("click", () => play.act("hint"));
  $("undo").addEventListener("click", () => play.act("undo"));
  $("hop-mode").addEventListener("click", () => {
    hopMode = !hopMode;
    $("hop-mode").setAttribute("aria-pressed", String(hopMode));
    play.redraw();
  });
  $("again").addEventListener("click", () => play.again());
  // Online play hides the board: a table left running would go on playing unseen (it is saved
  // after every move, so « Reprendre » brings it back).
  $("online-open").addEventListener("click", () => play.leave());
  document.addEventListener("keydown", onKey);
  const resuming = () => {
    showGame();
    play.resuming();
  };
  initSaves({ send, say, moves: play.moves, typed: play.typed, resuming });
  initHome({ listSaves, playing: play.isActive });
  initRatings({ send });
  connect();
}

setup();
