// The page's words: no text lives here. The program serves its one catalogue (tripot-app's
// `PageTexts`, French and English) as a table of keys (`words-fr.json`, `words-en.json`); this
// file fetches the table of the language shown, and `t(key, values)` looks a key up and fills its
// `{name}` placeholders. A value `n` picks a key's `_one` twin for one (and for zero where the
// table's `plural_zero` says `one`).

const tables = new Map(); // lang → its table, once fetched
let shown = {};

// Fetches `lang`'s table (once) and makes it the one `t` reads.
export async function useWords(lang) {
  if (!tables.has(lang)) {
    const response = await fetch(`words-${lang}.json`);
    tables.set(lang, response.ok ? await response.json() : {});
  }
  shown = tables.get(lang);
}

// The text of `key` in the language shown, `values` filled in; the key itself if the table
// lacks it (a test checks that none is lacking).
export function t(key, values = {}) {
  let text = shown[key];
  if (typeof values.n === "number" && shown[`${key}_one`]) {
    const one = values.n === 1 || (values.n === 0 && shown.plural_zero === "one");
    if (one) text = shown[`${key}_one`];
  }
  if (typeof text !== "string") return key;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

// Whether the table has `key` (the codes of refusals the program may add later fall back).
export function has(key) {
  return typeof shown[key] === "string";
}

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

// The key of "choose a destination": a screen without hover (a phone) is told of the long press
// that shows the path, one with a mouse of hovering (each was told the other's gesture).
export function chooseDestinationKey() {
  const touch = typeof matchMedia === "function" && matchMedia("(hover: none)").matches;
  return touch ? "choose_destination_touch" : "choose_destination";
}
