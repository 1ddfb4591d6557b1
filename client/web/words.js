// Every word of the page, in French (the default) and English. The game's rules and decisions
// come from the program; only the page's own labels live here.

export const WORDS = {
  fr: {
    title: "Tripot — la dame chinoise",
    newGame: "Nouvelle partie",
    mode: "Mode",
    solo: "Solo contre l'ordinateur",
    duel: "Duel à deux (même appareil)",
    level: "Niveau",
    format: "Couleurs par camp",
    opener: "Qui ouvre",
    openerFirst: "Moi (joueur 1)",
    openerSecond: "L'adversaire",
    openerDraw: "Tirage au sort",
    start: "Commencer",
    endJump: "Fin du saut",
    hopMode: "Saut par saut",
    hint: "Indice",
    undo: "Annuler",
    cancel: "Lâcher le pion",
    rules: "Règles",
    rulesHref: "rules-fr.html",
    history: "Historique",
    you: "Vous",
    player1: "Joueur 1",
    player2: "Joueur 2",
    yourTurn: "À vous : touchez un de vos pions.",
    turnOf: (name) => `À ${name} de jouer : touchez un pion.`,
    thinking: (name) => `${name} réfléchit…`,
    chooseDestination: "Choisissez une destination (survolez-la pour voir le chemin).",
    chooseDestinationTouch: "Choisissez une destination (un appui long montre le chemin).",
    noDestination: "Ce pion ne peut pas bouger.",
    chainRunning: "Saut en cours : sautez encore, ou « Fin du saut ».",
    hintIs: (m) => `Indice : ${m}`,
    hintSearching: "Recherche d'un indice…",
    swapWord: "Échange",
    passWord: "tour passé",
    blocked: (name) => `${name} était bloqué — tour passé`,
    youBlocked: "Vous étiez bloqué — tour passé",
    youWin: "Vous avez gagné !",
    youLose: "Vous avez perdu.",
    wins: (name) => `${name} gagne !`,
    byGoal: "Tous ses pions sont arrivés.",
    byCount: "Blocage : décompte des pions arrivés et des distances.",
    arrived: "arrivés",
    distance: "distance",
    connecting: "Connexion au programme…",
    disconnected: "Le programme ne répond plus : relancez « tripot web » puis rechargez la page.",
    language: "English",
    languageTitle: "Switch to English",
    boardLabel: "Le plateau en étoile",
    legend: "● ▲ ■ pleins : camp du bas · ○ △ □ creux : camp du haut",
    errors: {
      bad_message: "Message incompris.",
      too_large: "Message trop long.",
      too_many_messages: "Trop de messages : patientez un instant.",
      bad_hole: "Ce trou n'existe pas.",
      bad_position: "Position illisible.",
      bad_level: "Niveau inconnu.",
      bad_format: "Format inconnu.",
      no_game: "Aucune partie en cours.",
      game_over: "La partie est finie.",
      not_your_turn: "Ce n'est pas votre tour.",
      not_your_pawn: "Ce n'est pas un de vos pions.",
      no_selection: "Choisissez d'abord un pion.",
      not_a_destination: "Ce pion ne peut pas aller là.",
      no_chain: "Aucun saut en cours.",
      nothing_to_undo: "Rien à annuler.",
      hint_pending: "Un indice est déjà en route.",
    },
  },
  en: {
    title: "Tripot — Chinese checkers",
    newGame: "New game",
    mode: "Mode",
    solo: "Solo against the computer",
    duel: "Two players (same device)",
    level: "Level",
    format: "Colours per side",
    opener: "Who opens",
    openerFirst: "Me (player 1)",
    openerSecond: "The opponent",
    openerDraw: "Draw lots",
    start: "Start",
    endJump: "End the jump",
    hopMode: "Hop by hop",
    hint: "Hint",
    undo: "Undo",
    cancel: "Drop the pawn",
    rules: "Rules",
    rulesHref: "rules-en.html",
    history: "History",
    you: "You",
    player1: "Player 1",
    player2: "Player 2",
    yourTurn: "Your move: tap one of your pawns.",
    turnOf: (name) => `${name} to move: tap a pawn.`,
    thinking: (name) => `${name} is thinking…`,
    chooseDestination: "Choose a destination (hover it to see the path).",
    chooseDestinationTouch: "Choose a destination (a long press shows the path).",
    noDestination: "This pawn cannot move.",
    chainRunning: "Jumping: hop again, or “End the jump”.",
    hintIs: (m) => `Hint: ${m}`,
    hintSearching: "Looking for a hint…",
    swapWord: "Swap",
    passWord: "turn passed",
    blocked: (name) => `${name} was blocked — turn passed`,
    youBlocked: "You were blocked — turn passed",
    youWin: "You won!",
    youLose: "You lost.",
    wins: (name) => `${name} wins!`,
    byGoal: "All its pawns arrived.",
    byCount: "Blocked: decided by the count of arrived pawns and distances.",
    arrived: "arrived",
    distance: "distance",
    connecting: "Connecting to the program…",
    disconnected: "The program stopped answering: start “tripot web” again and reload the page.",
    language: "Français",
    languageTitle: "Passer en français",
    boardLabel: "The star board",
    legend: "● ▲ ■ filled: bottom side · ○ △ □ hollow: top side",
    errors: {
      bad_message: "Message not understood.",
      too_large: "Message too long.",
      too_many_messages: "Too many messages: wait a moment.",
      bad_hole: "No such hole.",
      bad_position: "Unreadable position.",
      bad_level: "Unknown level.",
      bad_format: "Unknown format.",
      no_game: "No game in progress.",
      game_over: "The game is over.",
      not_your_turn: "It is not your turn.",
      not_your_pawn: "That is not one of your pawns.",
      no_selection: "Pick a pawn first.",
      not_a_destination: "This pawn cannot go there.",
      no_chain: "No jump in progress.",
      nothing_to_undo: "Nothing to undo.",
      hint_pending: "A hint is on its way.",
    },
  },
};

// The language: the one chosen with the switch (remembered), else `?lang=`, else the browser's
// first language if it is English, else French.
export function pickLanguage() {
  const asked = new URLSearchParams(location.search).get("lang");
  if (asked === "fr" || asked === "en") return asked;
  let saved = null;
  try {
    saved = localStorage.getItem("tripot-lang");
  } catch (_) {
    // Storage refused (private mode): the browser's language decides.
  }
  if (saved === "fr" || saved === "en") return saved;
  const first = (navigator.languages && navigator.languages[0]) || navigator.language || "fr";
  return first.toLowerCase().startsWith("en") ? "en" : "fr";
}

export function rememberLanguage(lang) {
  try {
    localStorage.setItem("tripot-lang", lang);
  } catch (_) {
    // Not remembered: the switch still works for this page.
  }
}

// ---- Saved games, replays, typed moves and `tripot web --lang` (the saves part) --------------

Object.assign(WORDS.fr, {
  savedGames: "Parties",
  refresh: "Actualiser",
  noSavedGames: "Aucune partie enregistrée.",
  colDate: "Date",
  colKind: "Partie",
  colPlayers: "Joueurs",
  colResult: "Résultat",
  colMoves: "Coups",
  watch: "Revoir",
  resumeGame: "Reprendre la partie",
  resumeLater: "Plus tard",
  resumeOffer: (kind, players, moves, date) =>
    `Une partie n'est pas finie : ${kind}, ${players}, ${moves} coup${moves > 1 ? "s" : ""}${date ? `, le ${date}` : ""}.`,
  soloWord: "Solo",
  duelWord: "Duel",
  tableWord: "Table",
  onlineWord: "En ligne",
  wonBy: (names) => `Gagnée par ${names}`,
  stopped: "Arrêtée",
  unfinished: "En cours",
  corruptMoved: (files) => `Partie illisible mise de côté : ${files}`,
  typedMove: "Coup noté",
  typedPlay: "Jouer",
  replayFirst: "|◀ Début",
  replayPrev: "◀ Précédent",
  replayNext: "Suivant ▶",
  replayLast: "Fin ▶|",
  replayClose: "Retour à la partie",
  replayStart: (total) => `Départ · ${total} coup${total > 1 ? "s" : ""}`,
  replayAt: (index, total, move) => `Coup ${index}/${total} : ${move}`,
});
Object.assign(WORDS.fr.errors, {
  save_failed: "La partie n'a pas pu être enregistrée (elle continue).",
  unknown_record: "Cette partie n'est pas dans la liste : actualisez-la.",
  unreadable_record: "Cette partie ne se relit plus.",
  no_record: "Aucune partie ouverte.",
  no_such_move: "Il n'y a pas de coup là.",
  not_resumable: "Cette partie ne peut pas être reprise ici.",
  bad_notation: "Coup illisible : écrivez par exemple m1-m3-k5, m1<>l2 ou pass.",
  illegal_move: "Ce coup n'est pas permis ici.",
});

Object.assign(WORDS.en, {
  savedGames: "Games",
  refresh: "Refresh",
  noSavedGames: "No saved game.",
  colDate: "Date",
  colKind: "Game",
  colPlayers: "Players",
  colResult: "Result",
  colMoves: "Moves",
  watch: "Replay",
  resumeGame: "Resume the game",
  resumeLater: "Later",
  resumeOffer: (kind, players, moves, date) =>
    `A game is unfinished: ${kind}, ${players}, ${moves} move${moves === 1 ? "" : "s"}${date ? `, on ${date}` : ""}.`,
  soloWord: "Solo",
  duelWord: "Duel",
  tableWord: "Table",
  onlineWord: "Online",
  wonBy: (names) => `Won by ${names}`,
  stopped: "Stopped",
  unfinished: "In progress",
  corruptMoved: (files) => `Unreadable game moved aside: ${files}`,
  typedMove: "Typed move",
  typedPlay: "Play",
  replayFirst: "|◀ Start",
  replayPrev: "◀ Previous",
  replayNext: "Next ▶",
  replayLast: "End ▶|",
  replayClose: "Back to the game",
  replayStart: (total) => `Start · ${total} move${total === 1 ? "" : "s"}`,
  replayAt: (index, total, move) => `Move ${index}/${total}: ${move}`,
});
Object.assign(WORDS.en.errors, {
  save_failed: "The game could not be saved (it goes on).",
  unknown_record: "This game is not in the list: refresh it.",
  unreadable_record: "This game no longer reads back.",
  no_record: "No game is open.",
  no_such_move: "There is no move there.",
  not_resumable: "This game cannot be resumed here.",
  bad_notation: "Unreadable move: write for example m1-m3-k5, m1<>l2 or pass.",
  illegal_move: "This move is not allowed here.",
});

// The language `tripot web --lang` asked for (told in the hello): it wins over the browser's
// language, not over `?lang=` nor over the switch once used on this page.
export function programLanguage(hello) {
  if (hello.lang !== "fr" && hello.lang !== "en") return null;
  if (new URLSearchParams(location.search).get("lang")) return null;
  try {
    if (localStorage.getItem("tripot-lang")) return null;
  } catch (_) {
    // No storage: nothing was remembered.
  }
  return hello.lang;
}
