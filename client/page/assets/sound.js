// The board's sounds, made on the spot with WebAudio (no sound file is served): a soft click for
// a move, a sharper double knock for a capture, two rising notes when it is the player's turn.
// Off until the player turns them on (a page that speaks up unasked is a nuisance); the switch
// is remembered in the browser.

const KEY = "tripot-sound";
let on = readSwitch();
let audio = null;

function readSwitch() {
  try {
    return localStorage.getItem(KEY) === "on";
  } catch (_) {
    // Storage refused (private mode): off, as for a first visit.
    return false;
  }
}

// Whether sounds are on.
export function soundOn() {
  return on;
}

// Turns the sounds on or off, remembered for the next visit.
export function setSound(value) {
  on = !!value;
  try {
    localStorage.setItem(KEY, on ? "on" : "off");
  } catch (_) {
    // Not remembered: the switch still works for this page.
  }
}

// Each sound: its notes as [frequency in Hz, start in s, length in s, wave].
const SOUNDS = {
  move: [[520, 0, 0.07, "triangle"]],
  capture: [
    [300, 0, 0.06, "square"],
    [220, 0.08, 0.09, "square"],
  ],
  turn: [
    [660, 0, 0.09, "sine"],
    [880, 0.11, 0.12, "sine"],
  ],
};

// Plays `kind` (`move`, `capture`, `turn`) if sounds are on; silently nothing where the browser
// has no WebAudio or has not let the page make a sound yet.
export function playSound(kind) {
  const notes = SOUNDS[kind];
  if (!on || !notes) return;
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return;
  if (!audio) audio = new Context();
  if (audio.state === "suspended") audio.resume();
  const now = audio.currentTime;
  for (const [frequency, start, length, wave] of notes) {
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.type = wave;
    oscillator.frequency.value = frequency;
    // A quick rise and fall: no click at either end.
    gain.gain.setValueAtTime(0.0001, now + start);
    gain.gain.exponentialRampToValueAtTime(0.18, now + start + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + start + length);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(now + start);
    oscillator.stop(now + start + length + 0.02);
  }
}

// The sound of what changed from `before` to `after`: a capture, a move, and the player's turn
// come back after a computer's.
export function soundOfChange(before, after) {
  if (!before || before.game !== after.game) return;
  if (after.history.length > before.history.length) {
    playSound(after.news.some((e) => e.kind === "captured") ? "capture" : "move");
  }
  if (after.next === "human" && before.next === "computer") playSound("turn");
}
