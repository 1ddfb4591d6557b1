// The « Classements » view: a relay's Elo table for one game and a period. The program asks the
// relay and sends the rows (client/page/src/page_ratings.rs); refusals come as errors, worded
// by app.js. The games are those of the table's form (#play-game), names included.

import { t } from "./words.js";

const $ = (id) => document.getElementById(id);

// Given by app.js: { send(msg) }.
let ctx = null;

export function initRatings(context) {
  ctx = context;
  $("ratings-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const month = $("ratings-month").value.trim();
    ctx.send({ type: "ratings", game: $("ratings-game").value, month: month || null });
  });
  $("ratings-open").addEventListener("click", () => {
    const games = $("ratings-game");
    if (!games.options.length) {
      for (const option of $("play-game").options) games.append(new Option(option.textContent, option.value));
    }
    $("ratings").hidden = !$("ratings").hidden;
  });
}

// Draws a table the program sent.
export function onRatingsMessage(msg) {
  $("ratings-heading").textContent = [
    $("ratings-game").selectedOptions[0]?.textContent || msg.game,
    msg.month || t("ratings_all_time"),
    t("ratings_players", { n: msg.players }),
  ].join(" — ");
  const body = $("ratings-list").querySelector("tbody");
  body.innerHTML = "";
  for (const row of msg.rows) {
    const tr = document.createElement("tr");
    tr.dataset.peer = row.peer_id;
    const name = row.provisional ? `${row.name} (${t("ratings_provisional")})` : row.name;
    for (const text of [row.rank, name, row.rating, row.games, row.opponents]) {
      const td = document.createElement("td");
      td.textContent = String(text);
      tr.append(td);
    }
    body.append(tr);
  }
  $("ratings-empty").hidden = msg.rows.length > 0;
}
