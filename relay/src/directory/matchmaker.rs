//! Quick match: players waiting for an opponent, paired in one place.
//!
//! Pairing lives in the relay, not in the clients, because only one place can make it atomic:
//! two clients that each pick "the first waiting player" from a rendezvous listing can pick the
//! same one, or both wait beside each other. Here every arrival is handled alone by the relay's
//! event loop, against the whole queue:
//!
//! - a newcomer is paired at once with the longest-waiting compatible seeker, and both leave
//!   the queue together, so nobody is ever in two games;
//! - otherwise it joins the queue. So the queue never holds two compatible seekers (the
//!   invariant [`Matchmaker::check`] states): nobody waits beside a free, compatible player.
//!
//! Two seekers are compatible when they seek tables of as many seats and of the same game, or
//! one of them takes any game ([`Wish::agree`]: names compared, no rule known). The one that
//! waited longer hosts: it has been holding its relay reservation, so the other can dial it at
//! once.

use libp2p::PeerId;
use std::collections::VecDeque;
use tripot_directory::TableSpec;

/// What a seeker accepts: the directory's seek.
pub type Wish = tripot_directory::QuickSeek;

/// Two seekers paired for one game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pairing {
    /// The one that waited longer: it hosts the game on its relay address.
    pub host: PeerId,
    /// The newcomer: it dials the host through the relay.
    pub guest: PeerId,
    /// The game both play.
    pub table: TableSpec,
}

/// The answer to a seek.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SeekOutcome {
    /// In the queue; no compatible seeker now.
    Waiting,
    /// Paired: both have left the queue.
    Matched(Pairing),
    /// The queue is full.
    Full,
}

#[derive(Debug, Clone)]
struct Seeker {
    peer: PeerId,
    wish: Wish,
}

/// The quick-match queue, oldest first.
#[derive(Debug)]
pub struct Matchmaker {
    queue: VecDeque<Seeker>,
    max_waiting: usize,
}

impl Matchmaker {
    /// An empty queue holding at most `max_waiting` seekers.
    pub fn new(max_waiting: usize) -> Self {
        Matchmaker { queue: VecDeque::new(), max_waiting }
    }

    /// Seekers waiting now.
    pub fn len(&self) -> usize {
        self.queue.len()
    }

    /// Whether nobody waits.
    pub fn is_empty(&self) -> bool {
        self.queue.is_empty()
    }

    /// Whether `peer` waits.
    pub fn is_waiting(&self, peer: &PeerId) -> bool {
        self.queue.iter().any(|s| s.peer == *peer)
    }

    /// `peer` seeks a game. A seeker already waiting keeps its place (its wish may change).
    /// Seekers for which `alive` says false are dropped on the way (they left without saying).
    pub fn seek(&mut self, peer: PeerId, wish: Wish, alive: impl Fn(&PeerId) -> bool) -> SeekOutcome {
        self.queue.retain(|s| s.peer == peer || alive(&s.peer));
        let place = self.queue.iter().position(|s| s.peer == peer);
        let partner = self.queue.iter().enumerate().filter(|(_, s)| s.peer != peer).find_map(|(i, s)| {
            // The one that waited longer hosts, and its game wins between two "any": it is
            // earlier in the queue.
            let older_is_me = place.is_some_and(|mine| mine < i);
            let table = if older_is_me { wish.agree(&s.wish) } else { s.wish.agree(&wish) };
            table.map(|table| (s.peer, older_is_me, table))
        });
        if let Some((other, older_is_me, table)) = partner {
            let (host, guest) = if older_is_me { (peer, other) } else { (other, peer) };
            self.queue.retain(|s| s.peer != peer && s.peer != other);
            return SeekOutcome::Matched(Pairing { host, guest, table });
        }
        let full = self.queue.len() >= self.max_waiting;
        match place.and_then(|i| self.queue.get_mut(i)) {
            Some(seeker) => seeker.wish = wish,
            None if full => return SeekOutcome::Full,
            None => self.queue.push_back(Seeker { peer, wish }),
        }
        SeekOutcome::Waiting
    }

    /// `peer` stops seeking (it gave up, its request lapsed, or it left); whether it waited.
    pub fn withdraw(&mut self, peer: &PeerId) -> bool {
        let before = self.queue.len();
        self.queue.retain(|s| s.peer != *peer);
        self.queue.len() != before
    }

    /// The invariant: no two waiting seekers are compatible, and nobody waits twice.
    pub fn check(&self) -> bool {
        self.queue.iter().enumerate().all(|(i, a)| {
            self.queue.iter().skip(i + 1).all(|b| a.peer != b.peer && a.wish.agree(&b.wish).is_none())
        })
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::collections::HashSet;
    use tripot_directory::GameSpec;

    fn table(name: &str) -> TableSpec {
        TableSpec { game: GameSpec::new(name).unwrap(), seats: 2 }
    }

    fn one(name: &str) -> Wish {
        Wish::exactly(table(name))
    }

    fn anything() -> Wish {
        Wish::any(table("tripot"))
    }

    const fn alive(_: &PeerId) -> bool {
        true
    }

    #[test]
    fn two_games_never_meet_but_any_meets_both_and_plays_the_named_game() {
        let mut m = Matchmaker::new(100);
        let (a, b, c) = (PeerId::random(), PeerId::random(), PeerId::random());
        assert_eq!(m.seek(a, one("kawu-2"), alive), SeekOutcome::Waiting);
        assert_eq!(m.seek(b, one("tripot-f2"), alive), SeekOutcome::Waiting);
        assert!(m.check());
        // "any" pairs with the longest waiting, and plays its game.
        assert_eq!(
            m.seek(c, anything(), alive),
            SeekOutcome::Matched(Pairing { host: a, guest: c, table: table("kawu-2") })
        );
        let d = PeerId::random();
        assert_eq!(
            m.seek(d, anything(), alive),
            SeekOutcome::Matched(Pairing { host: b, guest: d, table: table("tripot-f2") })
        );
        assert!(m.is_empty());
    }

    #[test]
    fn two_any_play_the_longer_waiters_game() {
        let mut m = Matchmaker::new(100);
        let (a, b) = (PeerId::random(), PeerId::random());
        m.seek(a, Wish::any(table("draughts")), alive);
        assert_eq!(
            m.seek(b, anything(), alive),
            SeekOutcome::Matched(Pairing { host: a, guest: b, table: table("draughts") })
        );
    }

    #[test]
    fn seat_counts_must_agree() {
        let mut m = Matchmaker::new(100);
        let (a, b) = (PeerId::random(), PeerId::random());
        m.seek(a, anything(), alive);
        let three = Wish::exactly(TableSpec { game: GameSpec::new("kawu-3").unwrap(), seats: 3 });
        assert_eq!(m.seek(b, three, alive), SeekOutcome::Waiting);
        assert_eq!(m.len(), 2);
    }

    #[test]
    fn a_repeated_seek_keeps_its_place_and_is_never_paired_with_itself() {
        let mut m = Matchmaker::new(100);
        let (a, b) = (PeerId::random(), PeerId::random());
        assert_eq!(m.seek(a, one("tripot"), alive), SeekOutcome::Waiting);
        assert_eq!(m.seek(a, one("tripot"), alive), SeekOutcome::Waiting);
        assert_eq!(m.len(), 1);
        assert_eq!(m.seek(b, one("kawu-2"), alive), SeekOutcome::Waiting);
        // a widens its wish: it meets b, and hosts since it came first; b's game is played.
        assert_eq!(
            m.seek(a, anything(), alive),
            SeekOutcome::Matched(Pairing { host: a, guest: b, table: table("kawu-2") })
        );
    }

    #[test]
    fn the_dead_are_skipped_and_withdrawn_seekers_gone() {
        let mut m = Matchmaker::new(100);
        let (ghost, a, b) = (PeerId::random(), PeerId::random(), PeerId::random());
        m.seek(ghost, one("tripot"), alive);
        assert_eq!(m.seek(a, one("tripot"), |p| *p != ghost), SeekOutcome::Waiting);
        assert!(!m.is_waiting(&ghost));
        assert!(m.withdraw(&a));
        assert!(!m.withdraw(&a));
        assert_eq!(m.seek(b, one("tripot"), alive), SeekOutcome::Waiting);
    }

    #[test]
    fn the_queue_is_bounded() {
        let mut m = Matchmaker::new(2);
        m.seek(PeerId::random(), one("tripot"), alive);
        m.seek(PeerId::random(), one("kawu-2"), alive);
        assert_eq!(m.seek(PeerId::random(), one("draughts"), alive), SeekOutcome::Full);
        // A compatible newcomer is still paired.
        assert!(matches!(m.seek(PeerId::random(), one("kawu-2"), alive), SeekOutcome::Matched(_)));
    }

    /// Plays arrivals in order; returns the pairings.
    fn play(arrivals: &[(PeerId, Wish)]) -> (Vec<Pairing>, Matchmaker) {
        let mut m = Matchmaker::new(1000);
        let mut games = Vec::new();
        for (peer, w) in arrivals {
            if let SeekOutcome::Matched(p) = m.seek(*peer, w.clone(), alive) {
                games.push(p);
            }
            assert!(m.check(), "two compatible seekers wait side by side");
        }
        (games, m)
    }

    /// Every pairing is compatible, nobody plays twice, nobody both plays and waits.
    fn sound(arrivals: &[(PeerId, Wish)], games: &[Pairing], m: &Matchmaker) {
        let wishes: std::collections::HashMap<PeerId, Wish> = arrivals.iter().cloned().collect();
        let mut seen = HashSet::new();
        for g in games {
            assert!(seen.insert(g.host) && seen.insert(g.guest), "a player in two games");
            assert_ne!(g.host, g.guest);
            for player in [g.host, g.guest] {
                let wish = &wishes[&player];
                assert!(wish.any_game || wish.table == g.table, "{player} plays a game it did not seek");
            }
        }
        for p in wishes.keys() {
            assert_ne!(seen.contains(p), m.is_waiting(p), "{p} both plays and waits, or is lost");
        }
    }

    #[test]
    fn four_at_once_make_two_games_in_every_order() {
        // Every order of four arrivals, for every mix of wishes from {tripot, kawu-2, any}.
        let choices = [one("tripot"), one("kawu-2"), anything()];
        let peers: Vec<PeerId> = (0..4).map(|_| PeerId::random()).collect();
        let mut orders = Vec::new();
        permutations(&mut (0..4).collect(), 0, &mut orders);
        for mix in 0..81 {
            let wishes: Vec<Wish> = (0..4).map(|i| choices[(mix / 3usize.pow(i)) % 3].clone()).collect();
            for order in &orders {
                let arrivals: Vec<(PeerId, Wish)> =
                    order.iter().map(|&i| (peers[i], wishes[i].clone())).collect();
                let (games, m) = play(&arrivals);
                sound(&arrivals, &games, &m);
                if wishes.iter().all(|w| *w == wishes[0]) {
                    assert_eq!(games.len(), 2, "four alike make two games: {wishes:?}");
                }
            }
        }
    }

    fn permutations(items: &mut Vec<usize>, k: usize, out: &mut Vec<Vec<usize>>) {
        if k == items.len() {
            out.push(items.clone());
            return;
        }
        for i in k..items.len() {
            items.swap(k, i);
            permutations(items, k + 1, out);
            items.swap(k, i);
        }
    }

    fn any_wish() -> impl Strategy<Value = Wish> {
        let games = ["tripot", "tripot-f2", "kawu-2", "kawu-3", "draughts"];
        (proptest::sample::select(games.to_vec()), 2u8..4, any::<bool>()).prop_map(
            |(name, seats, any_game)| Wish {
                table: TableSpec { game: GameSpec::new(name).unwrap(), seats },
                any_game,
            },
        )
    }

    proptest! {
        /// Arrivals, repeats and departures in any order: one game per pair, never a player in
        /// two games, never two compatible players waiting side by side.
        #[test]
        fn one_game_per_pair(
            steps in proptest::collection::vec((0usize..12, any_wish(), any::<bool>()), 1..80)
        ) {
            let peers: Vec<PeerId> = (0..12).map(|_| PeerId::random()).collect();
            let mut m = Matchmaker::new(1000);
            let mut playing: HashSet<PeerId> = HashSet::new();
            for (i, w, leave) in steps {
                let peer = peers[i];
                if playing.contains(&peer) {
                    continue;
                }
                if leave {
                    m.withdraw(&peer);
                } else if let SeekOutcome::Matched(p) = m.seek(peer, w, alive) {
                    prop_assert!(p.host != p.guest);
                    prop_assert!(playing.insert(p.host), "host already playing");
                    prop_assert!(playing.insert(p.guest), "guest already playing");
                    prop_assert!(!m.is_waiting(&p.host) && !m.is_waiting(&p.guest));
                }
                prop_assert!(m.check());
            }
        }
    }
}
