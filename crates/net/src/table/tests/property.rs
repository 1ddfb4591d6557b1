//! Property: whatever a hostile host sends, an honest member applies only entries that are
//! legal and signed by whom the table's rules allow.

use proptest::prelude::*;
use tripot_protocol::FrameError;
use tripot_protocol::table::{Act, Entry, LeaveHow, TableState};

use super::*;

/// What the hostile host does next.
#[derive(Debug, Clone)]
enum Hostile {
    /// Forwards a legal move, honestly signed by the seat to move (the host's own or the
    /// member's, whose proposal it relays).
    Honest(usize),
    /// Signs the member's move with its own key, as the seat.
    ForgeSeat(usize),
    /// Flips a byte of an honest entry's signature.
    FlipSignature(usize, usize),
    /// An honest entry at another index.
    WrongIndex(usize, u32),
    /// An honest entry over another chain.
    WrongChain(usize, u8),
    /// Made-up move text, properly signed by the seat to move.
    Garbage(String),
    /// A move for the member's seat "because its time ran out" (no clock at this table).
    ClockMove(usize),
    /// Rules the member out as away.
    RuleAway,
    /// Resigns for the member.
    ResignForMember,
    /// Another table's state.
    BadState(u8),
    /// A new game announced while this one goes on.
    NewGame,
    /// An undecodable frame.
    Malformed,
}

fn hostile() -> impl Strategy<Value = Hostile> {
    prop_oneof![
        4 => any::<usize>().prop_map(Hostile::Honest),
        1 => any::<usize>().prop_map(Hostile::ForgeSeat),
        1 => (any::<usize>(), 0usize..64).prop_map(|(m, b)| Hostile::FlipSignature(m, b)),
        1 => (any::<usize>(), 0u32..40).prop_map(|(m, i)| Hostile::WrongIndex(m, i)),
        1 => (any::<usize>(), any::<u8>()).prop_map(|(m, b)| Hostile::WrongChain(m, b)),
        1 => "[a-q][0-9]{1,2}(-[a-q][0-9]{1,2}){0,3}|pass|x".prop_map(Hostile::Garbage),
        1 => any::<usize>().prop_map(Hostile::ClockMove),
        1 => Just(Hostile::RuleAway),
        1 => Just(Hostile::ResignForMember),
        1 => any::<u8>().prop_map(Hostile::BadState),
        1 => Just(Hostile::Malformed),
        1 => Just(Hostile::NewGame),
    ]
}

/// The member's table and the keys of both seats.
struct Setup {
    member: Table,
    host_key: Keypair,
    member_key: Keypair,
    state: TableState,
    link: LinkId,
}

fn setup() -> Setup {
    let (host_key, member_key) = (Keypair::generate_ed25519(), Keypair::generate_ed25519());
    let spec = TableSpec { game: "kawu-2".parse().unwrap(), seats: 2 };
    let now = Instant::now();
    let mut member = Table::member(config("m", &member_key), TABLE, spec.clone(), Wants::Seat(None), now);
    let state = TableState {
        table: TABLE,
        spec,
        seats: vec![
            SeatHolder::Human { peer: peer_key(&host_key), name: "h".into(), addrs: vec![] },
            SeatHolder::Human { peer: peer_key(&member_key), name: "m".into(), addrs: vec![] },
        ],
        hosts: vec![peer_key(&host_key), peer_key(&member_key)],
        epoch: 0,
        clock: ClockRule::None,
        spectators: false,
        game: 1,
        started: true,
        held: 0,
        watching: 0,
    };
    let link = LinkId(1);
    member.handle(TableInput::Up { link, peer: peer_key(&host_key) }, now);
    member.handle(
        TableInput::Message { link, message: through_codec(&TableMessage::State(state.clone())) },
        now,
    );
    Setup { member, host_key, member_key, state, link }
}

impl Setup {
    /// An honest entry for the seat to move: a legal move, signed by that seat's key.
    fn honest(&self, pick: usize) -> Option<Entry> {
        let record = self.member.record()?;
        let seat = record.to_move()?;
        let moves = record.state().legal_moves();
        let text = record.state().move_text(&moves[pick % moves.len()]);
        let key = if seat == Seat(0) { &self.host_key } else { &self.member_key };
        record.sign_next(key, seat, Act::Move(text), Signer::Seat).ok()
    }

    fn host_signs(&self, seat: Seat, act: Act, signer: Signer) -> Option<Entry> {
        self.member.record()?.sign_next(&self.host_key, seat, act, signer).ok()
    }

    fn message(&self, hostile: &Hostile) -> Option<TableInput> {
        let entry = |entry: Entry| TableMessage::Entry { entry, clock_ms: None };
        let message = match hostile.clone() {
            Hostile::Honest(pick) => entry(self.honest(pick)?),
            Hostile::ForgeSeat(pick) => {
                let text = match self.honest(pick)?.act {
                    Act::Move(text) => text,
                    _ => return None,
                };
                entry(self.host_signs(Seat(1), Act::Move(text), Signer::Seat)?)
            }
            Hostile::FlipSignature(pick, byte) => {
                let mut honest = self.honest(pick)?;
                honest.sig[byte % 64] ^= 1;
                entry(honest)
            }
            Hostile::WrongIndex(pick, index) if index != self.member.record()?.len() => {
                entry(Entry { index, ..self.honest(pick)? })
            }
            Hostile::WrongIndex(..) => return None,
            Hostile::WrongChain(pick, byte) => entry(Entry { prev: [byte; 32], ..self.honest(pick)? }),
            Hostile::Garbage(text) => {
                if self.member.record()?.state().parse_move(&text).is_ok() {
                    return None; // By chance a legal move: an honest one.
                }
                let seat = self.member.record()?.to_move()?;
                let key = if seat == Seat(0) { &self.host_key } else { &self.member_key };
                entry(self.member.record()?.sign_next(key, seat, Act::Move(text), Signer::Seat).ok()?)
            }
            Hostile::ClockMove(pick) => {
                let text = match self.honest(pick)?.act {
                    Act::Move(text) => text,
                    _ => return None,
                };
                entry(self.host_signs(
                    Seat(1),
                    Act::Move(text),
                    Signer::Host { epoch: 0, why: HostWhy::Clock },
                )?)
            }
            Hostile::RuleAway => entry(self.host_signs(
                Seat(1),
                Act::Leave(LeaveHow::Abandoned),
                Signer::Host { epoch: 0, why: HostWhy::Ruling },
            )?),
            Hostile::ResignForMember => {
                entry(self.host_signs(Seat(1), Act::Leave(LeaveHow::Resigned), Signer::Seat)?)
            }
            Hostile::BadState(byte) => {
                let mut state = self.state.clone();
                state.table = TableId([byte; 16]);
                TableMessage::State(state)
            }
            Hostile::NewGame => TableMessage::State(TableState { game: 2, ..self.state.clone() }),
            Hostile::Malformed => {
                return Some(TableInput::Malformed {
                    link: self.link,
                    error: FrameError::Malformed("x".into()),
                });
            }
        };
        Some(TableInput::Message { link: self.link, message: through_codec(&message) })
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn a_hostile_host_never_makes_a_member_apply_an_illegal_or_unsigned_entry(
        steps in proptest::collection::vec(hostile(), 1..40)
    ) {
        let mut s = setup();
        let now = Instant::now();
        for step in &steps {
            // A member that dropped the host is linked to it again: the host keeps trying.
            if s.member.is_host() {
                break;
            }
            s.member.handle(TableInput::Up { link: s.link, peer: peer_key(&s.host_key) }, now);
            let Some(input) = s.message(step) else { continue };
            let before = s.member.record().map_or(0, Record::len);
            s.member.handle(input, now);
            s.member.take_outputs();
            s.member.take_events();
            let record = s.member.record().unwrap();
            prop_assert_eq!(record.key().game, 1);
            // Only an honest entry moves the record on, by one.
            let grew = record.len() - before;
            prop_assert!(grew <= 1);
            if grew == 1 {
                prop_assert!(matches!(step, Hostile::Honest(_)), "{step:?} was applied");
            }
            for entry in record.entries() {
                let signer = if entry.seat == Seat(0) { &s.host_key } else { &s.member_key };
                prop_assert_eq!(&entry.key, &peer_key(signer));
                prop_assert_eq!(entry.signer, Signer::Seat);
            }
        }
        // And the record replays from scratch, every signature and move checked again.
        prop_assert!(replays(s.member.record().unwrap(), &s.state));
    }
}
