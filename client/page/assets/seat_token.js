// The token that takes this page's online game back after a reload (F5): told by the program
// when online play starts, kept for this tab only. A browser that refuses storage just loses
// the game on a reload, as before.
const SEAT_KEY = "tripot-online-seat";

// The token kept by this tab, if any.
export function keptSeat() {
  try {
    return sessionStorage.getItem(SEAT_KEY);
  } catch (_) {
    return null;
  }
}

// Keeps `token` for this tab; none forgets it.
export function keepSeat(token) {
  try {
    if (token) sessionStorage.setItem(SEAT_KEY, token);
    else sessionStorage.removeItem(SEAT_KEY);
  } catch (_) {
    // No storage: nothing to take back after a reload.
  }
}
