// The panel beside the one table's board: the seats with their counters and standings, the
// move list (each move a button that looks back at the position after it), the status line,
// the question before a warned move, the end, and the news of a move said in the panel. Every
// function takes the table's `state` as the program sent it; play.js keeps it.

import { STAR_CODES } from "./board.js";
import { t, has, chooseDestinationKey } from "./words.js";

const $ = (id) => document.getElementById(id);

// ---- names --------------------------------------------------------------------------------

export function seatOf(state, n) {
  return state.seats.find((s) => s.seat === n);
}

// How the page names seat `n`: its computer's name (numbered when two share it), else « Joueur N ».
export function nameOfSeat(state, n) {
  const seat = seatOf(state, n);
  if (!seat) return String(n);
  if (!seat.opponent) return t("table_player", { n: seat.seat + 1 });
  const twin = state.seats.some((s) => s !== seat && s.opponent === seat.opponent);
  return twin ? `${seat.opponent} (${seat.seat + 1})` : seat.opponent;
}

function chip(state, seat) {
  const square = state.geometry === "square10";
  return seat.colours
    .map((c) => `<span class="chip ${square ? `chip-piece-${c}` : `chip-${STAR_CODES[c] || "P"}`}"></span>`)
    .join("");
}

// ---- the panel ----------------------------------------------------------------------------

function counterText(c) {
  const label = t(`counter_${c.kind}`);
  return c.limit === null || c.limit === undefined ? `${label} ${c.value}` : `${label} ${c.value}/${c.limit}`;
}

// The panel for `table`: { state, animating, looking (the move number looked at, or null),
// lookAt(n), lang }.
export function renderPanel(table) {
  const { state, animating, looking, lookAt, lang } = table;
  const nameOf = (n) => nameOfSeat(state, n);
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
    li.innerHTML = `${chip(state, seat)}<strong></strong> <small></small>`;
    li.querySelector("strong").textContent = nameOf(seat.seat);
    const bits = seat.counters.map(counterText);
    if (seat.status === "eliminated") bits.push(t("table_out"));
    else if (seat.status === "left") bits.push(t("play_left"));
    else if (seat.status === "finished" && !seat.place) bits.push(t("table_waits"));
    if (seat.place) bits.push(t("table_place", { n: seat.place }));
    li.querySelector("small").textContent = bits.join(" · ");
    players.appendChild(li);
  }

  // Each move a button: the position after it is shown, until « Retour au direct » (or the
  // last move) brings the game back.
  const history = $("history");
  history.innerHTML = "";
  state.history.forEach((move, i) => {
    const li = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = `${nameOf(move.seat)} : ${move.kind === "pass" ? t("pass_word") : move.notation}`;
    button.addEventListener("click", () => lookAt(i + 1));
    if (looking === i + 1) li.className = "looked";
    li.appendChild(button);
    history.appendChild(li);
  });
  if (looking === null) history.scrollTop = history.scrollHeight;
  $("play-looking").hidden = looking === null;
  if (looking !== null) {
    $("play-looking-text").textContent = t("board_looking", { n: looking });
  }

  $("status").textContent = statusText(state, animating);

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
    const worded = state.outcome.said && state.outcome.said[lang];
    const said = worded || (has(`play_end_${reason}`) ? t(`play_end_${reason}`) : state.outcome.reason);
    $("end-reason").textContent = [said, ...places].join(" · ");
    end.hidden = false;
  } else {
    end.hidden = true;
  }
}

// The status line: whose turn, the computer thinking, what to do with a piece picked.
export function statusText(state, animating) {
  const nameOf = (n) => nameOfSeat(state, n);
  if (animating || state.outcome) return "";
  if (state.next === "computer") return t("thinking", { name: nameOf(state.turn) });
  const sel = state.selection;
  if (sel && sel.path.length > 1) return t("chain_running");
  if (sel) return sel.hops.length + sel.ends.length ? t(chooseDestinationKey()) : t("no_destination");
  if (state.hint_pending) return t("hint_searching");
  return t("play_turn", { name: nameOf(state.turn) });
}

// Places, eliminations, captures, passes and leavings, said in the panel; a hint too.
export function announce(state, say) {
  const nameOf = (n) => nameOfSeat(state, n);
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
          const taken = seatOf(state, e.seat).counters.find((c) => c.kind === "captured");
          return taken
            ? t("table_captured", { name, n: e.pieces, total: taken.value })
            : t("play_captured", { name, n: e.pieces });
        }
        default:
          return null;
      }
    })
    .filter(Boolean);
  if (said.length) say(said.join(" "), true);
  else if (state.hint) say(t("hint_is", { move: state.hint.notation }));
}
