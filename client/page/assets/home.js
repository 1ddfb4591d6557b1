// The page's home, apart from the game's view as the best sites keep their lobby apart from the
// board: every game of the catalogue in a line (its picture, its name, its one-line
// description), the ways to play it (the one table's form: solo, hot-seat, a table; online
// play), and the saved games. The game's view holds only the game; « Accueil » leaves it
// running (a table is saved after every move) and « Retour à la partie » comes back to it.

import { t } from "./words.js";

const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";

// Given by app.js: { listSaves() → asks for the saved games, playing() → whether a table is
// shown }.
let ctx = null;

export function initHome(context) {
  ctx = context;
  document.body.dataset.view = "game";
  $("home-open").addEventListener("click", showHome);
  $("home-back").addEventListener("click", showGame);
  // A table started or taken up from the home is shown at once.
  $("play-form").addEventListener("submit", showGame);
  $("play-saved").addEventListener("click", (event) => {
    if (event.target.closest("button[data-play]")) showGame();
  });
  // Online play leaves the table (app.js): what is left to come back to is the home.
  $("online-back").addEventListener("click", showHome);
}

// The home, its saved games asked for again (never « none » left from an older list).
export function showHome() {
  document.body.dataset.view = "home";
  $("home-back").hidden = !ctx.playing();
  ctx.listSaves();
  window.scrollTo(0, 0);
}

// The game's view. An offer to take up another game is not left over it.
export function showGame() {
  document.body.dataset.view = "game";
  $("resume-offer").hidden = true;
}

// The catalogue's games, each in a line; « Choisir » puts it in the form, whose seats say how
// (a person or a computer at each seat).
export function fillHomeGames(games, lang) {
  const list = $("home-games");
  list.innerHTML = "";
  for (const game of games) {
    const li = document.createElement("li");
    li.dataset.game = game.name;
    const words = document.createElement("div");
    const title = document.createElement("strong");
    title.textContent = lang === "fr" ? game.title_fr : game.title_en;
    const description = document.createElement("span");
    description.className = "home-description";
    description.textContent = lang === "fr" ? game.description_fr : game.description_en;
    words.append(title, " ", description);
    const choose = document.createElement("button");
    choose.type = "button";
    choose.textContent = t("home_choose");
    choose.addEventListener("click", () => {
      const select = $("play-game");
      select.value = game.name;
      select.dispatchEvent(new Event("change"));
      $("play-form").scrollIntoView({ block: "start" });
      $("play-start").focus({ preventScroll: true });
    });
    li.append(picture(game), words, choose);
    list.appendChild(li);
  }
}

// A small picture of the game's board: a corner of the draughts board, or the star with a
// marble at each of its seats' homes.
function picture(game) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "-10 -10 20 20");
  svg.setAttribute("aria-hidden", "true");
  svg.classList.add("home-picture");
  if (game.name.startsWith("draughts")) {
    for (let row = 0; row < 4; row++)
      for (let col = 0; col < 4; col++) {
        const square = document.createElementNS(SVG, "rect");
        square.setAttribute("x", String(-10 + col * 5));
        square.setAttribute("y", String(-10 + row * 5));
        square.setAttribute("width", "5");
        square.setAttribute("height", "5");
        square.setAttribute("class", (row + col) % 2 ? "home-dark" : "home-light");
        svg.appendChild(square);
      }
    return svg;
  }
  const points = [];
  for (let i = 0; i < 12; i++) {
    const radius = i % 2 ? 5.2 : 9.5;
    const angle = (Math.PI / 6) * i - Math.PI / 2;
    points.push(`${(radius * Math.cos(angle)).toFixed(2)},${(radius * Math.sin(angle)).toFixed(2)}`);
  }
  const star = document.createElementNS(SVG, "polygon");
  star.setAttribute("points", points.join(" "));
  star.setAttribute("class", "star");
  svg.appendChild(star);
  // The homes in the order seats take them (south, north, then the others), as many as seats.
  const homes = [90, 270, 330, 150, 210, 30];
  for (let seat = 0; seat < Math.min(game.seats, homes.length); seat++) {
    const angle = (homes[seat] * Math.PI) / 180;
    const marble = document.createElementNS(SVG, "circle");
    marble.setAttribute("cx", (6.8 * Math.cos(angle)).toFixed(2));
    marble.setAttribute("cy", (6.8 * Math.sin(angle)).toFixed(2));
    marble.setAttribute("r", "1.8");
    marble.setAttribute("class", `home-seat home-seat-${seat + 1}`);
    svg.appendChild(marble);
  }
  return svg;
}
