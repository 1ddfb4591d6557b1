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
//! Two seekers are compatible when they play the same rules and their format sets meet
//! (`any` is the set of all three formats). The one that waited longer hosts: it has been
//! holding its relay reservation, so the other can dial it at once.

use libp2p::PeerId;
use std::collections::VecDeque;
use tripot_directory::{FormatSet, Rules};

/// What a seeker accepts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Wish {
    /// The formats it accepts.
    pub formats: FormatSet,
    /// The rules preset it plays.
    pub rules: Rules,
}

impl Wish {
    /// The format two wishes agree on, if they are compatible.
    pub fn agree(self, other: Wish) -> Option<u8> {
        if self.rules != other.rules {
            return None;
        }
        self.formats.meet(other.formats).smallest()
    }
}

/// Two seekers paired for one game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pairing {
    /// The one that waited longer: it hosts the game on its relay address.
    pub host: PeerId,
    /// The newcomer: it dials the host through the relay.
    pub guest: PeerId,
    /// The format both accept.
    pub format: u8,
    /// The rules both play.
    pub rules: Rules,
}

/// The answer to a seek.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SeekOutcome {
    /// In the queue; no compatible seeker now.
    Waiting,
    /// Paired: both have left the queue.
    Matched(Pairing),
    /// The queue is full.
    Full,
}

#[derive(Debug, Clone, Copy)]
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
        let partner = self
            .queue
            .iter()
            .enumerate()
            .filter(|(_, s)| s.peer != peer)
            .find_map(|(i, s)| s.wish.agree(wish).map(|format| (i, s.peer, s.wish.rules, format)));
        if let Some((index, other, rules, format)) = partner {
            // The one that waited longer hosts: it is earlier in the queue.
            let (host, guest) = match place {
                Some(mine) if mine < index => (peer, other),
                _ => (other, peer),
            };
            self.queue.retain(|s| s.peer != peer && s.peer != other);
            return SeekOutcome::Matched(Pairing { host, guest, format, rules });
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
            self.queue.iter().skip(i + 1).all(|b| a.peer != b.peer && a.wish.agree(b.wish).is_none())
        })
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::collections::HashSet;

    fn wish(formats: FormatSet) -> Wish {
        Wish { formats, rules: Rules::Tripot }
    }

    fn one(f: u8) -> Wish {
        wish(FormatSet::single(f).unwrap())
    }

    const fn alive(_: &PeerId) -> bool {
        true
    }

    #[test]
    fn format_sets() {
        assert_eq!(FormatSet::single(0), None);
        assert_eq!(FormatSet::single(4), None);
        assert_eq!(FormatSet::from_mask(0), None);
        assert_eq!(FormatSet::from_mask(0b1000), None);
        assert_eq!(FormatSet::from_mask(0b111), Some(FormatSet::ANY));
        assert_eq!(FormatSet::ANY.meet(FormatSet::single(2).unwrap()).smallest(), Some(2));
        assert_eq!(FormatSet::single(1).unwrap().meet(FormatSet::single(2).unwrap()).smallest(), None);
        assert_eq!(format!("{:?}", FormatSet::from_mask(0b101).unwrap()), "{1,3}");
    }

    #[test]
    fn formats_one_and_two_never_meet_but_any_meets_both() {
        let mut m = Matchmaker::new(100);
        let (a, b, c) = (PeerId::random(), PeerId::random(), PeerId::random());
        assert_eq!(m.seek(a, one(1), alive), SeekOutcome::Waiting);
        assert_eq!(m.seek(b, one(2), alive), SeekOutcome::Waiting);
        assert!(m.check());
        // "any" pairs with the longest waiting, format 1.
        assert_eq!(
            m.seek(c, wish(FormatSet::ANY), alive),
            SeekOutcome::Matched(Pairing { host: a, guest: c, format: 1, rules: Rules::Tripot })
        );
        let d = PeerId::random();
        assert_eq!(
            m.seek(d, wish(FormatSet::ANY), alive),
            SeekOutcome::Matched(Pairing { host: b, guest: d, format: 2, rules: Rules::Tripot })
        );
        assert!(m.is_empty());
    }

    #[test]
    fn rules_must_agree() {
        let mut m = Matchmaker::new(100);
        let (a, b) = (PeerId::random(), PeerId::random());
        m.seek(a, Wish { formats: FormatSet::ANY, rules: Rules::Tripot }, alive);
        assert_eq!(
            m.seek(b, Wish { formats: FormatSet::ANY, rules: Rules::Classic }, alive),
            SeekOutcome::Waiting
        );
        assert_eq!(m.len(), 2);
    }

    #[test]
    fn a_repeated_seek_keeps_its_place_and_is_never_paired_with_itself() {
        let mut m = Matchmaker::new(100);
        let (a, b) = (PeerId::random(), PeerId::random());
        assert_eq!(m.seek(a, one(1), alive), SeekOutcome::Waiting);
        assert_eq!(m.seek(a, one(1), alive), SeekOutcome::Waiting);
        assert_eq!(m.len(), 1);
        assert_eq!(m.seek(b, one(2), alive), SeekOutcome::Waiting);
        // a widens its wish: it meets b, and hosts since it came first.
        assert_eq!(
            m.seek(a, wish(FormatSet::ANY), alive),
            SeekOutcome::Matched(Pairing { host: a, guest: b, format: 2, rules: Rules::Tripot })
        );
    }

    #[test]
    fn the_dead_are_skipped_and_withdrawn_seekers_gone() {
        let mut m = Matchmaker::new(100);
        let (ghost, a, b) = (PeerId::random(), PeerId::random(), PeerId::random());
        m.seek(ghost, one(1), alive);
        assert_eq!(m.seek(a, one(1), |p| *p != ghost), SeekOutcome::Waiting);
        assert!(!m.is_waiting(&ghost));
        assert!(m.withdraw(&a));
        assert!(!m.withdraw(&a));
        assert_eq!(m.seek(b, one(1), alive), SeekOutcome::Waiting);
    }

    #[test]
    fn the_queue_is_bounded() {
        let mut m = Matchmaker::new(2);
        m.seek(PeerId::random(), one(1), alive);
        m.seek(PeerId::random(), one(2), alive);
        assert_eq!(m.seek(PeerId::random(), one(3), alive), SeekOutcome::Full);
        // A compatible newcomer is still paired.
        assert!(matches!(m.seek(PeerId::random(), one(2), alive), SeekOutcome::Matched(_)));
    }

    /// Plays arrivals in order; returns the pairings.
    fn play(arrivals: &[(PeerId, Wish)]) -> (Vec<Pairing>, Matchmaker) {
        let mut m = Matchmaker::new(1000);
        let mut games = Vec::new();
        for (peer, w) in arrivals {
            if let SeekOutcome::Matched(p) = m.seek(*peer, *w, alive) {
                games.push(p);
            }
            assert!(m.check(), "two compatible seekers wait side by side");
        }
        (games, m)
    }

    /// Every pairing is compatible, nobody plays twice, nobody both plays and waits.
    fn sound(arrivals: &[(PeerId, Wish)], games: &[Pairing], m: &Matchmaker) {
        let wishes: std::collections::HashMap<PeerId, Wish> = arrivals.iter().copied().collect();
        let mut seen = HashSet::new();
        for g in games {
            assert!(seen.insert(g.host) && seen.insert(g.guest), "a player in two games");
            assert_ne!(g.host, g.guest);
            assert!(wishes[&g.host].formats.contains(g.format));
            assert!(wishes[&g.guest].formats.contains(g.format));
        }
        for p in wishes.keys() {
            assert_ne!(seen.contains(p), m.is_waiting(p), "{p} both plays and waits, or is lost");
        }
    }

    #[test]
    fn four_at_once_make_two_games_in_every_order() {
        // Every order of four arrivals, for every mix of wishes from {1, 2, any}.
        let choices = [one(1), one(2), wish(FormatSet::ANY)];
        let peers: Vec<PeerId> = (0..4).map(|_| PeerId::random()).collect();
        let mut orders = Vec::new();
        permutations(&mut (0..4).collect(), 0, &mut orders);
        for mix in 0..81 {
            let wishes: Vec<Wish> = (0..4).map(|i| choices[(mix / 3usize.pow(i)) % 3]).collect();
            for order in &orders {
                let arrivals: Vec<(PeerId, Wish)> = order.iter().map(|&i| (peers[i], wishes[i])).collect();
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
        (1u8..8, proptest::sample::select(Rules::ALL.to_vec()))
            .prop_map(|(mask, rules)| Wish { formats: FormatSet::from_mask(mask).unwrap(), rules })
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
