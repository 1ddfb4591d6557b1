// The new-game form (`#play-form`) of the page's one table: every game of the catalogue with its
// one-line description, a person or a computer's level at each seat, who opens. play.js sends
// it; this file fills it from the program's `games` reply and the page's words.

import { t } from "./words.js";
import { fillHomeGames } from "./home.js";

const $ = (id) => document.getElementById(id);

let games = [];
let playersKeys = [];

// The program's catalogue (`games`) and who may sit (`players`: `human`, then the levels).
export function setGames(list, players) {
  games = list;
  playersKeys = players;
}

// A game's title in `lang`, by its name (the name itself for a game the catalogue lacks).
export function titleOf(name, lang) {
  const game = games.find((g) => g.name === name);
  return game ? title(game, lang) : name;
}

// A game's one-line description in `lang` (none for a game the catalogue lacks).
export function descriptionOf(name, lang) {
  const game = games.find((g) => g.name === name);
  if (!game) return "";
  return lang === "fr" ? game.description_fr : game.description_en;
}

function title(game, lang) {
  return lang === "fr" ? game.title_fr : game.title_en;
}

// The games offered, the one chosen kept; its seats after it. `ctx`: { hello(), lang() }.
export function fillGames(ctx) {
  const select = $("play-game");
  if (!games.length) return;
  const chosen = select.value || games[0].name;
  select.innerHTML = "";
  for (const game of games) {
    const option = document.createElement("option");
    option.value = game.name;
    option.textContent = `${title(game, ctx.lang())} (${game.seats})`;
    select.appendChild(option);
  }
  select.value = games.some((g) => g.name === chosen) ? chosen : games[0].name;
  fillSeats(ctx);
  fillHomeGames(games, ctx.lang());
}

function playerLabel(ctx, key) {
  if (key === "human") return t("table_human");
  const level = ctx.hello().levels.find((l) => l.key === key);
  if (!level) return key;
  return `${ctx.lang() === "fr" ? level.name_fr : level.name_en} · ${level.opponent}`;
}

// The chosen game's description, a choice of player at each of its seats, and who opens.
export function fillSeats(ctx) {
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
      option.textContent = playerLabel(ctx, key);
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
