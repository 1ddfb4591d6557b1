// Online tables of 2–6 seats in the page: the host form (any game of the catalogue at its seat
// count, a guest or a computer at a level for each seat after ours, the clock, spectators, a
// private room), joining by a link (a seat, or to watch), and around the board the seats, the
// link to share (« Copier le lien »), the chat, the draw, the vote. The board itself is drawn and
// clicked as every online game's (online.js); the table's view is described in
// client/page/src/seats_messages.rs. Every word comes from the catalogue (words.js, or the
// program's own words in both languages).

import { t } from "./words.js";

const $ = (id) => document.getElementById(id);

let ask = () => {};
let hello = null;
let tables = []; // every game of the catalogue: { name, title, seats }
let table = null; // the last SeatsTableView, or null

const lang = () => (document.documentElement.lang === "en" ? "en" : "fr");
const pick = (words) => (words ? words[lang()] : "");

// The table as online.js's view of an online game: the board, our seat, our turn.
export function asOnlineView(view) {
  return {
    side: "seats",
    connection: view.started ? "connected" : "waiting",
    connection_words: { fr: `${view.title.fr}, ${view.clock.fr}`, en: `${view.title.en}, ${view.clock.en}` },
    route: null,
    room_code: null,
    addrs: [],
    peer: null,
    seat: view.my_seat,
    camp: null,
    your_turn: view.your_turn,
    warning: null,
    claim_prompt: false,
    confirm: null,
    rematch: null,
    ending: view.end ? { termination: "end", words: view.end } : null,
    board: view.board,
    table: true,
  };
}

// The table's message: kept, and drawn around the board.
export function onTable(view) {
  table = view;
  render();
}

// The games a table may be hosted for, from the program's list.
export function setTables(list) {
  tables = list || [];
  fillGameChoice($("seats-game"), tables);
  fillComputers();
}

// The games of `list` as the options of `select` (online.js's host form too), each titled in the
// page's language; the game chosen stays chosen while it is offered.
export function fillGameChoice(select, list) {
  const chosen = select.value;
  select.innerHTML = "";
  for (const game of list) {
    const option = document.createElement("option");
    option.value = game.name;
    option.textContent = pick(game.title);
    select.appendChild(option);
  }
  if (list.some((g) => g.name === chosen)) select.value = chosen;
}

// A line per seat after ours: a guest, or a computer at one of the levels.
function fillComputers() {
  const box = $("seats-computers");
  const game = tables.find((g) => g.name === $("seats-game").value);
  const kept = [...box.querySelectorAll("select")].map((s) => s.value);
  box.innerHTML = "";
  if (!game) return;
  for (let seat = 2; seat <= game.seats; seat += 1) {
    const label = document.createElement("label");
    const name = document.createElement("span");
    name.textContent = t("seats_place", { n: seat });
    const select = document.createElement("select");
    select.dataset.seat = String(seat);
    const guest = document.createElement("option");
    guest.value = "guest";
    guest.textContent = t("seats_guest");
    select.appendChild(guest);
    for (const level of (hello && hello.levels) || []) {
      const option = document.createElement("option");
      option.value = String(level.number);
      option.textContent = t("seats_computer", { level: lang() === "en" ? level.name_en : level.name_fr });
      select.appendChild(option);
    }
    if (kept[seat - 2]) select.value = kept[seat - 2];
    label.append(name, " ", select);
    box.appendChild(label);
  }
}

// The join form's seats: the first free one, or each seat of the table the link names (its
// seat count follows the game's name: tripot://table/kawu-3/3/… or tripot://room/kawu-3/3/…).
function fillSeatChoice() {
  const select = $("seats-seat");
  const found = /^tripot:\/\/(?:table|room)\/[^/]+\/([2-6])\//.exec($("seats-link").value.trim());
  const seats = found ? Number(found[1]) : 0;
  const kept = select.value;
  for (const option of [...select.options].slice(1)) option.remove();
  for (let seat = 1; seat <= seats; seat += 1) {
    const option = document.createElement("option");
    option.value = String(seat);
    option.textContent = t("seats_place", { n: seat });
    select.appendChild(option);
  }
  select.value = Number(kept) <= seats ? kept : "";
}

// The computers' levels, in the seats right after ours (as the program seats them).
function computers() {
  return [...$("seats-computers").querySelectorAll("select")]
    .map((s) => s.value)
    .filter((v) => v !== "guest")
    .map(Number);
}

export function render() {
  const panel = $("seats-panel");
  panel.hidden = !table;
  if (!table) return;
  const section = $("online");
  section.dataset.seatsInvitation = table.invitation || "";
  section.dataset.chat = String(table.chat.length);
  $("seats-share").hidden = !table.invitation;
  $("seats-invitation").textContent = table.invitation || "";

  const list = $("seats-list");
  list.innerHTML = "";
  for (const seat of table.seats) {
    const li = document.createElement("li");
    li.dataset.seat = String(seat.seat);
    li.dataset.holder = seat.holder;
    li.className = table.to_move === seat.seat && table.started ? "to-move" : "";
    const marks = [];
    if (seat.host) marks.push(t("seats_host_mark"));
    if (seat.away) marks.push(t("seats_away"));
    if (seat.clock_secs !== null && seat.clock_secs !== undefined) marks.push(t("seats_clock_left", { secs: seat.clock_secs }));
    const marked = marks.length ? ` (${marks.join(", ")})` : "";
    li.textContent = `${t("seats_place", { n: seat.seat + 1 })}${t("colon")}${pick(seat.words)}${marked}`;
    if (seat.holder === "person") {
      const mute = document.createElement("button");
      mute.type = "button";
      mute.className = "seats-mute";
      mute.textContent = seat.muted ? t("seats_unmute") : t("seats_mute");
      mute.addEventListener("click", () => ask("mute", { seat: seat.seat, muted: !seat.muted }));
      li.append(" ", mute);
    }
    // The host, before a game, may give an empty seat to a computer of the level chosen below.
    if (table.computer_seats.includes(seat.seat)) {
      const computer = document.createElement("button");
      computer.type = "button";
      computer.className = "seats-computer";
      computer.textContent = t("seats_computer_here");
      computer.addEventListener("click", () =>
        ask("seat_computer", { seat: seat.seat, level: Number($("seats-fill-level").value) }),
      );
      li.append(" ", computer);
    }
    if (table.claimable.includes(seat.seat)) {
      const claim = document.createElement("button");
      claim.type = "button";
      claim.textContent = t("seats_claim");
      claim.addEventListener("click", () => ask("claim_seat", { seat: seat.seat }));
      li.append(" ", claim);
    }
    list.appendChild(li);
  }
  $("seats-fill").hidden = table.computer_seats.length === 0;
  // The spectators' count under the seats, as the terminal shows it (only while some watch).
  section.dataset.watching = table.watching ? table.watching.en : "";
  if (table.watching) {
    const li = document.createElement("li");
    li.className = "seats-watching";
    li.textContent = pick(table.watching);
    list.appendChild(li);
  }
  const vote = table.vote;
  $("seats-vote-state").textContent = vote ? t("seats_votes", { n: vote.votes.length, secs: vote.secs_left }) : "";
  $("seats-offer-draw").hidden = !table.may_offer_draw;
  $("seats-accept-draw").hidden = !table.may_answer_draw;
  $("seats-decline-draw").hidden = !table.may_answer_draw;
  $("seats-vote").hidden = !table.may_vote;

  const chat = $("seats-chat");
  chat.innerHTML = "";
  for (const line of table.chat) {
    const li = document.createElement("li");
    li.className = line.channel === "spectators" ? "spectators" : "";
    const who = document.createElement("strong");
    who.textContent = pick(line.from);
    li.append(who, ` ${line.text}`);
    chat.appendChild(li);
  }
}

// Who holds `seat`, in words.
export function seatName(seat) {
  const line = table && table.seats.find((s) => s.seat === seat);
  return line ? pick(line.words) : "";
}

// The line under the board: whose turn, or the seats being taken, or watching.
export function turnText() {
  if (!table) return "";
  if (!table.started) return t("seats_waiting");
  if (table.my_seat === null || table.my_seat === undefined) return t("seats_watching");
  if (table.your_turn) return t("your_turn");
  const seat = table.seats.find((s) => s.seat === table.to_move);
  return seat ? t("seats_to_move", { name: pick(seat.words) }) : "";
}

// Called once the program's hello arrived; `sender` sends an online request.
export function start(helloMessage, sender) {
  hello = helloMessage;
  ask = sender;
  fillComputers();
  fillLevels();
}

// The levels a computer given an empty seat may play at (the first, the easiest, chosen).
function fillLevels() {
  const select = $("seats-fill-level");
  select.innerHTML = "";
  for (const level of (hello && hello.levels) || []) {
    const option = document.createElement("option");
    option.value = String(level.number);
    option.textContent = lang() === "en" ? level.name_en : level.name_fr;
    select.appendChild(option);
  }
}

// The form's and the panel's buttons, bound once.
export function bind() {
  $("seats-game").addEventListener("change", fillComputers);
  $("seats-host").addEventListener("click", () =>
    ask("host_seats", {
      game: $("seats-game").value,
      computers: computers(),
      clock: $("seats-clock").value,
      spectators: $("seats-spectators").checked,
      room: $("seats-room").checked,
    }),
  );
  $("seats-link").addEventListener("input", fillSeatChoice);
  $("seats-join-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const seat = $("seats-seat").value;
    ask("join_seats", { link: $("seats-link").value, seat: seat ? Number(seat) : null });
  });
  $("seats-watch").addEventListener("click", () => ask("join_seats", { link: $("seats-link").value, watch: true }));
  $("seats-copy").addEventListener("click", () => {
    const link = table && table.invitation;
    if (!link) return;
    const copied = () => {
      $("seats-copy").textContent = t("seats_copied");
    };
    // The clipboard needs a secure context or the browser's leave; the link stays shown.
    if (navigator.clipboard) navigator.clipboard.writeText(link).then(copied, () => {});
  });
  $("seats-offer-draw").addEventListener("click", () => ask("offer_draw"));
  $("seats-accept-draw").addEventListener("click", () => ask("answer_draw", { accept: true }));
  $("seats-decline-draw").addEventListener("click", () => ask("answer_draw", { accept: false }));
  $("seats-vote").addEventListener("click", () => ask("vote"));
  $("seats-chat-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = $("seats-chat-text").value.trim();
    if (!text) return;
    ask("chat", { text });
    $("seats-chat-text").value = "";
  });
}

// The words changed: the form's lists again.
export function words() {
  setTables(tables);
  render();
}
