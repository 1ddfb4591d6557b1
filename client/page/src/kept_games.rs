//! A page's online game kept across a reload. An accidental F5 must not end a game: when a
//! page's socket closes, its online worker (the thread holding the session) is kept for a grace
//! period (two minutes unless `tripot web --online-grace` says otherwise) under a random token
//! the page holds in its `sessionStorage`; a new socket that presents that token in its first
//! message takes the worker back and is sent the whole state. The opponent sees nothing at
//! all: the session never stopped.
//!
//! The token is the only key: 128 random bits made here, never chosen by a page, compared as a
//! whole. An unknown or expired token is answered "not found" and nothing else. At most
//! [`MAX_KEPT`] games are kept (the oldest goes first, its game left as a closed page leaves
//! it), so that pages opened and closed in a loop cannot pile games up.
//!
//! A token may also be presented while its game is still held by a live socket (a tab
//! duplicated with its `sessionStorage`, or a reload whose old socket has not yet been seen
//! closing): the newest page wins. Under the registry's lock the entry passes to the claimant
//! and a claim goes to the holder's socket, which hands its worker over (and tells its page);
//! a holder that closes meanwhile finds the entry claimed and answers the claim the same way.
//!
//! [`KeptGames`] is the registry without I/O (the times are given), generic over what it keeps
//! so that its rules are tested alone; `socket_online` drives it with the real workers and clock.

use std::collections::HashMap;
use std::time::{Duration, Instant};

/// Games kept at most for closed pages (as many as pages served at once).
pub(crate) const MAX_KEPT: usize = crate::server::MAX_SOCKETS;

/// A fresh token: 128 random bits in hex, too many to guess.
pub(crate) fn new_token() -> String {
    crate::lan::new_token()
}

/// Who holds a token's game.
enum Held<W, C> {
    /// A live socket (`socket`, its number), reached by `claims`.
    Live { socket: u64, claims: C },
    /// No socket: kept since `since`, for the grace period.
    Kept { worker: W, since: Instant },
}

/// What a token presented by `socket` leads to.
pub(crate) enum Taken<W, C> {
    /// The game, now this socket's.
    Worker(W),
    /// Held by a live socket: send it a claim through `C`; the entry is already the claimant's.
    Claim(C),
    /// No such game (never was, expired, or this socket's own).
    Unknown,
}

/// What a closing socket does with its worker.
pub(crate) enum Closing<W> {
    /// Kept for the grace period; the workers pushed out by the bound (or this one, if nothing
    /// is kept), to drop.
    Kept { pushed_out: Vec<W> },
    /// Another socket claimed it: answer the claim waiting on this socket's channel with it.
    Claimed(W),
}

/// The online games of the pages, by token: held by a socket or kept for a closed one.
pub(crate) struct KeptGames<W, C> {
    games: HashMap<String, Held<W, C>>,
    max_kept: usize,
    grace: Duration,
}

impl<W, C: Clone> KeptGames<W, C> {
    /// A registry keeping at most `max_kept` games of closed pages, each for `grace` (none if
    /// either is zero).
    pub(crate) fn with_bound(max_kept: usize, grace: Duration) -> Self {
        KeptGames { games: HashMap::new(), max_kept, grace }
    }

    /// How long a closed page's game is kept.
    pub(crate) fn grace(&self) -> Duration {
        self.grace
    }

    /// Socket `socket` started an online worker, reached by `claims`: its new token.
    pub(crate) fn register(&mut self, socket: u64, claims: C) -> String {
        let token = new_token();
        self.games.insert(token.clone(), Held::Live { socket, claims });
        token
    }

    /// Socket `socket` presents `token` at `now`.
    pub(crate) fn take(&mut self, token: &str, socket: u64, claims: C, now: Instant) -> Taken<W, C> {
        self.expire(now);
        let Some(held) = self.games.get_mut(token) else { return Taken::Unknown };
        let mine = Held::Live { socket, claims };
        match held {
            Held::Live { socket: holder, .. } if *holder == socket => Taken::Unknown,
            Held::Live { claims: holder, .. } => {
                let holder = holder.clone();
                *held = mine;
                Taken::Claim(holder)
            }
            Held::Kept { .. } => match std::mem::replace(held, mine) {
                Held::Kept { worker, .. } => Taken::Worker(worker),
                Held::Live { .. } => Taken::Unknown,
            },
        }
    }

    /// Socket `socket`, holding `token`'s `worker`, closes at `now`.
    pub(crate) fn close(&mut self, token: &str, socket: u64, worker: W, now: Instant) -> Closing<W> {
        let mut pushed_out = self.expire(now);
        match self.games.get(token) {
            Some(Held::Live { socket: holder, .. }) if *holder != socket => return Closing::Claimed(worker),
            _ => {}
        }
        while self.kept() >= self.max_kept {
            let oldest = self
                .games
                .iter()
                .filter_map(|(token, held)| match held {
                    Held::Kept { since, .. } => Some((*since, token.clone())),
                    Held::Live { .. } => None,
                })
                .min();
            let Some((_, token)) = oldest else { break };
            if let Some(Held::Kept { worker, .. }) = self.games.remove(&token) {
                pushed_out.push(worker);
            }
        }
        if self.max_kept == 0 || self.grace.is_zero() {
            self.games.remove(token);
            pushed_out.push(worker);
        } else {
            self.games.insert(token.to_owned(), Held::Kept { worker, since: now });
        }
        Closing::Kept { pushed_out }
    }

    /// Socket `socket` gave `token`'s game up for good (handed to a claimant, or stopped): the
    /// entry is forgotten unless another socket holds it now.
    pub(crate) fn forget(&mut self, token: &str, socket: u64) {
        if matches!(self.games.get(token), Some(Held::Live { socket: holder, .. }) if *holder == socket) {
            self.games.remove(token);
        }
    }

    /// The games kept longer than the grace period at `now`, taken out (to drop: their games end).
    pub(crate) fn expire(&mut self, now: Instant) -> Vec<W> {
        let expired: Vec<String> = self
            .games
            .iter()
            .filter(|(_, held)| {
                matches!(held, Held::Kept { since, .. } if now.saturating_duration_since(*since) >= self.grace)
            })
            .map(|(token, _)| token.clone())
            .collect();
        expired
            .into_iter()
            .filter_map(|token| match self.games.remove(&token) {
                Some(Held::Kept { worker, .. }) => Some(worker),
                _ => None,
            })
            .collect()
    }

    /// How many games wait for their closed pages.
    pub(crate) fn kept(&self) -> usize {
        self.games.values().filter(|held| matches!(held, Held::Kept { .. })).count()
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::panic)]
mod tests {
    use super::*;

    type Games = KeptGames<&'static str, u64>;

    /// `tripot web`'s default grace period.
    const GRACE: Duration = Duration::from_secs(120);

    fn worker(taken: Taken<&'static str, u64>) -> Option<&'static str> {
        match taken {
            Taken::Worker(w) => Some(w),
            _ => None,
        }
    }

    #[test]
    fn a_closed_page_s_game_is_taken_back_by_its_token_once() {
        let t0 = Instant::now();
        let mut games = Games::with_bound(MAX_KEPT, GRACE);
        let token = games.register(1, 1);
        assert_eq!(token.len(), 32, "128 bits in hex");
        assert!(
            matches!(games.close(&token, 1, "game", t0), Closing::Kept { pushed_out } if pushed_out.is_empty())
        );
        assert_eq!(games.kept(), 1);
        assert_eq!(worker(games.take(&token, 2, 2, t0 + Duration::from_secs(1))), Some("game"));
        assert_eq!(games.kept(), 0);
        // Now socket 2's: a third socket presenting it claims it from socket 2.
        assert!(matches!(games.take(&token, 3, 3, t0), Taken::Claim(2)));
    }

    #[test]
    fn a_wrong_or_expired_token_gets_nothing() {
        let t0 = Instant::now();
        let mut games = Games::with_bound(MAX_KEPT, GRACE);
        let token = games.register(1, 1);
        let _ = games.close(&token, 1, "game", t0);
        let forged = "0".repeat(32);
        assert!(matches!(games.take(&forged, 2, 2, t0), Taken::Unknown));
        assert!(matches!(games.take(&token[..31], 2, 2, t0), Taken::Unknown), "a prefix is not the token");
        assert!(matches!(games.take("", 2, 2, t0), Taken::Unknown));
        assert_eq!(games.kept(), 1, "a wrong token takes nothing away");
        assert!(matches!(games.take(&token, 2, 2, t0 + GRACE), Taken::Unknown), "past the grace period");
        assert_eq!(games.kept(), 0);
    }

    #[test]
    fn with_no_grace_a_closed_page_s_game_is_not_kept() {
        let mut games = Games::with_bound(MAX_KEPT, Duration::ZERO);
        let token = games.register(1, 1);
        match games.close(&token, 1, "game", Instant::now()) {
            Closing::Kept { pushed_out } => assert_eq!(pushed_out, vec!["game"], "dropped at once"),
            Closing::Claimed(_) => panic!("nobody claimed it"),
        }
        assert!(matches!(games.take(&token, 2, 2, Instant::now()), Taken::Unknown));
    }

    #[test]
    fn a_socket_presenting_its_own_live_token_gets_nothing() {
        let mut games = Games::with_bound(MAX_KEPT, GRACE);
        let token = games.register(1, 1);
        assert!(matches!(games.take(&token, 1, 1, Instant::now()), Taken::Unknown));
    }

    #[test]
    fn the_grace_period_ends_the_kept_games() {
        let t0 = Instant::now();
        let mut games = Games::with_bound(MAX_KEPT, GRACE);
        let a = games.register(1, 1);
        let b = games.register(2, 2);
        let _ = games.close(&a, 1, "a", t0);
        let _ = games.close(&b, 2, "b", t0 + Duration::from_secs(60));
        assert!(games.expire(t0 + GRACE - Duration::from_secs(1)).is_empty());
        assert_eq!(games.expire(t0 + GRACE), vec!["a"]);
        assert_eq!(games.expire(t0 + GRACE + Duration::from_secs(60)), vec!["b"]);
        assert_eq!(games.kept(), 0);
    }

    #[test]
    fn past_the_bound_the_oldest_kept_game_is_pushed_out() {
        let t0 = Instant::now();
        let mut games = Games::with_bound(2, GRACE);
        let tokens: Vec<String> = (0..3).map(|socket| games.register(socket, socket)).collect();
        let _ = games.close(&tokens[0], 0, "first", t0);
        let _ = games.close(&tokens[1], 1, "second", t0 + Duration::from_secs(1));
        match games.close(&tokens[2], 2, "third", t0 + Duration::from_secs(2)) {
            Closing::Kept { pushed_out } => assert_eq!(pushed_out, vec!["first"]),
            Closing::Claimed(_) => panic!("nobody claimed it"),
        }
        assert_eq!(games.kept(), 2);
        assert!(matches!(games.take(&tokens[0], 9, 9, t0), Taken::Unknown));
        assert_eq!(worker(games.take(&tokens[2], 9, 9, t0)), Some("third"));
    }

    #[test]
    fn a_holder_closing_after_a_claim_hands_its_game_to_the_claimant() {
        let t0 = Instant::now();
        let mut games = Games::with_bound(MAX_KEPT, GRACE);
        let token = games.register(1, 1);
        assert!(matches!(games.take(&token, 2, 2, t0), Taken::Claim(1)));
        assert!(matches!(games.close(&token, 1, "game", t0), Closing::Claimed("game")));
        assert_eq!(games.kept(), 0, "not kept: the claimant gets it");
        // The holder that handed it over forgets nothing of the claimant's.
        games.forget(&token, 1);
        assert!(matches!(games.take(&token, 3, 3, t0), Taken::Claim(2)));
        games.forget(&token, 2);
        assert!(matches!(games.take(&token, 4, 4, t0), Taken::Claim(3)));
        // The holder stopping its worker forgets the token.
        games.forget(&token, 4);
        assert!(matches!(games.take(&token, 5, 5, t0), Taken::Unknown));
    }
}
