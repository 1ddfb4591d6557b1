//! How an online game follows its session: each [`NetEvent`] changes the [`Online`] state and
//! the board, and says what the front-end should do ([`Update`]).
//!
//! The local player's move is already on the board when the session confirms it (`MoveSent`);
//! the opponent's, verified by the session, is shown hop by hop first. If the board ever
//! disagrees with the session, the session wins and the board restarts from its position.

use tripot_engine::{Move, Notation, Position};
use tripot_net::{NetEvent, SessionEvent};

use super::local_game::{Game, Played};
use super::online_duel;
use super::online_game::{Connection, Online, RematchOffer};
use super::online_notice::{Notice, Update};
use super::setup::{Mode, Setup};
use crate::online_status::OnlineStatus;

impl Online {
    /// Reacts to one event of the session. A front-end that shows moves hop by hop finishes
    /// the one it shows before handing over the next `MoveReceived`.
    pub fn on_event(&mut self, event: NetEvent, game: &mut Option<Game>) -> Vec<Update> {
        match event {
            NetEvent::LocalError(error) => {
                if self.unconfirmed {
                    self.unconfirmed = false;
                    self.take_back_unconfirmed(game);
                    return vec![Update::Say(Notice::MoveRefused(error))];
                }
                // A refused resignation, claim or rematch.
                if self.rematch == Some(RematchOffer::Asked) {
                    self.rematch = None;
                }
                vec![Update::Say(Notice::ActionRefused(error))]
            }
            NetEvent::Session(event) => self.on_session_event(event, game),
            other => self.status_says(|status| status.on_network_event(other)),
        }
    }

    /// What the status made of an event that is not the board's; a stopped session's link is
    /// dropped (nothing more will come).
    fn status_says(&mut self, follow: impl FnOnce(&mut OnlineStatus) -> Option<Notice>) -> Vec<Update> {
        let notice = follow(&mut self.status);
        if self.status.stopped {
            self.link = None;
        }
        notice.map(Update::Say).into_iter().collect()
    }

    fn on_session_event(&mut self, event: SessionEvent, game: &mut Option<Game>) -> Vec<Update> {
        let mut updates = Vec::new();
        match event {
            SessionEvent::Connected { local_seat, opener, peer_name, state, .. } => {
                // The duel's screens draw the duel's position (the session plays any game).
                let Some(position) = online_duel::position(&state) else { return updates };
                let (local_camp, opener) = (online_duel::camp(local_seat), online_duel::camp(opener));
                self.connection = Connection::Connected;
                self.peer_left = false;
                self.local = Some(local_camp);
                self.status.local = Some(local_seat);
                self.peer_name = Some(peer_name.clone());
                self.claim_prompt = false;
                if let Some(game) = game.as_mut() {
                    game.opponent = Some(peer_name);
                }
                let same = game.as_ref().is_some_and(|g| g.position().hash() == position.hash());
                if !same {
                    self.ending = None;
                    self.rematch = None;
                    self.confirm = None;
                    let setup = Setup {
                        mode: Mode::Online { local: local_camp },
                        format: position.format(),
                        rules: position.rules(),
                        opener,
                    };
                    let start = Position::start(setup.format, setup.rules, opener);
                    // A fresh game starts from the start; a resumed one we hold no moves of is
                    // shown from where it stands.
                    let mut fresh = Game::new(setup, if start == position { start } else { position });
                    fresh.opponent = self.peer_name.clone();
                    *game = Some(fresh);
                    updates.push(Update::ClearMessage);
                }
                updates.push(Update::BoardChanged);
            }
            SessionEvent::MoveSent { ply, text, state, .. } => {
                let (Ok(notation), Some(position)) =
                    (text.parse::<Notation>(), online_duel::position(&state))
                else {
                    return updates;
                };
                self.unconfirmed = false;
                let Some(board) = game.as_ref() else { return updates };
                // Normally our move is on the board already.
                if board.moves.len() != ply as usize || board.position().hash() != position.hash() {
                    updates.extend(apply_remote(game, ply, &notation, &position, false));
                }
            }
            SessionEvent::MoveReceived { ply, text, state, .. } => {
                let (Ok(notation), Some(position)) =
                    (text.parse::<Notation>(), online_duel::position(&state))
                else {
                    return updates;
                };
                if notation == Notation::Pass {
                    updates.push(Update::Say(Notice::PeerBlocked {
                        name: self.peer_name.clone().unwrap_or_default(),
                    }));
                }
                updates.extend(apply_remote(game, ply, &notation, &position, true));
            }
            SessionEvent::GameOver(ending) => {
                let _ = self.status.on_session_event(SessionEvent::GameOver(ending));
                // Playing a move still shown hop by hop hands no turn on: the game is over.
                updates.push(Update::FinishAnimation);
                if let Some(game) = game.as_mut() {
                    game.selection = None;
                }
            }
            other => updates.extend(self.status_says(|status| status.on_session_event(other))),
        }
        updates
    }

    /// A local move the session refused: taken back, if it is still the last one.
    fn take_back_unconfirmed(&self, game: &mut Option<Game>) {
        let Some(local) = self.local else { return };
        let Some(game) = game else { return };
        let n = game.moves.len();
        if n > 0 && game.mover_of(n - 1) == local {
            game.take_back(1);
            game.cursor_to_mover();
        }
    }
}

/// Puts a move the session holds on the board (`animate`: shown hop by hop first); if the board
/// disagrees with the session, the session wins and the board restarts from its position.
fn apply_remote(
    game: &mut Option<Game>,
    ply: u32,
    notation: &Notation,
    after: &Position,
    animate: bool,
) -> Vec<Update> {
    let Some(board) = game.as_mut() else { return Vec::new() };
    let before = *board.position();
    let fits = board.moves.len() + 1 == ply as usize;
    let verified = before.verify(notation).ok().filter(|v| {
        let mut next = before;
        next.play_unchecked(v.mv);
        fits && next.hash() == after.hash()
    });
    match verified {
        Some(verified) => {
            let played = Played { mv: verified.mv, notation: verified.notation };
            if animate && played.mv != Move::Pass {
                board.selection = None;
                return vec![Update::Animate(played)];
            }
            board.push(played);
        }
        None => {
            let mut fresh = Game::new(board.setup, *after);
            fresh.opponent = board.opponent.clone();
            *game = Some(fresh);
        }
    }
    vec![Update::BoardChanged]
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use std::cell::RefCell;
    use std::rc::Rc;

    use tripot_engine::{Camp, Format, Rules};
    use tripot_net::LocalError;
    use tripot_net::session::Offer;
    use tripot_protocol::{GameId, Opens};

    use super::*;
    use crate::network::Link;
    use crate::online_game::Side;

    /// A link that writes down what is sent.
    #[derive(Clone, Default)]
    struct Sent(Rc<RefCell<Vec<String>>>);

    impl Link for Sent {
        fn try_event(&mut self) -> Option<NetEvent> {
            None
        }
        fn play(&mut self, text: String) {
            self.0.borrow_mut().push(text);
        }
        fn resign(&mut self) {}
        fn leave(&mut self) {}
        fn claim(&mut self) {}
        fn offer_rematch(&mut self) {}
        fn answer_rematch(&mut self, _accept: bool) {}
    }

    fn connected() -> NetEvent {
        let state = online_duel::snapshot(Position::start(Format::One, Rules::Tripot, Camp::A)).unwrap();
        NetEvent::Session(SessionEvent::Connected {
            game_id: GameId([1; 16]),
            game: state.0.spec().clone(),
            local_seat: tripot_game::Seat(0),
            opener: tripot_game::Seat(0),
            peer_name: "Alice".into(),
            ply: 0,
            state,
        })
    }

    #[test]
    fn without_any_front_end_a_game_connects_sends_a_move_and_takes_back_a_refused_one() {
        let sent = Sent::default();
        let offer = Offer::duel(Format::One, Rules::Tripot, Opens::Host).unwrap();
        let mut online = Online::new(Side::Host(offer), Some(Box::new(sent.clone())), 0);
        let mut game = None;
        let updates = online.on_event(connected(), &mut game);
        assert!(matches!(updates.as_slice(), [Update::ClearMessage, Update::BoardChanged]), "{updates:?}");
        assert_eq!(online.connection(), Connection::Connected);
        assert_eq!(online.peer_name(), Some("Alice"));
        let board = game.as_ref().unwrap();
        let mv = board.position().parse_move("k4-k5").unwrap();
        let updates = online.send_move(&mut game, Played { mv: mv.mv, notation: mv.notation });
        assert!(matches!(updates.as_slice(), [Update::BoardChanged]));
        assert_eq!(sent.0.borrow().as_slice(), ["k4-k5"]);
        assert_eq!(game.as_ref().unwrap().moves().len(), 1);
        // Our own session refuses it: the move comes off the board, and the player is told why.
        let updates = online.on_event(NetEvent::LocalError(LocalError::NotYourTurn), &mut game);
        assert!(matches!(updates.as_slice(), [Update::Say(Notice::MoveRefused(LocalError::NotYourTurn))]));
        assert!(game.as_ref().unwrap().moves().is_empty());
    }

    #[test]
    fn the_opponents_move_is_shown_before_it_is_played_and_a_disagreement_resyncs() {
        let mut online = Online::new(Side::Relay, Some(Box::new(Sent::default())), 0);
        let mut game = None;
        let _ = online.on_event(connected(), &mut game);
        let start = *game.as_ref().unwrap().position();
        let mut after = start;
        let mv = start.parse_move("k4-k5").unwrap();
        after.play_unchecked(mv.mv);
        let received = |ply| NetEvent::Session(online_duel::moved(false, ply, &mv.notation, after).unwrap());
        let updates = online.on_event(received(1), &mut game);
        assert!(matches!(updates.as_slice(), [Update::Animate(p)] if p.mv == mv.mv), "{updates:?}");
        // The wrong move number: the session's position is taken as it is.
        let updates = online.on_event(received(5), &mut game);
        assert!(matches!(updates.as_slice(), [Update::BoardChanged]));
        assert_eq!(game.as_ref().unwrap().position().hash(), after.hash());
    }

    #[test]
    fn what_became_of_the_result_is_told_in_words_of_the_catalogue() {
        use tripot_net::online::RatingNews;
        let mut online = Online::new(Side::Relay, Some(Box::new(Sent::default())), 0);
        let mut game = None;
        let _ = online.on_event(connected(), &mut game);
        let say = |updates: Vec<Update>| match updates.as_slice() {
            [Update::Say(notice)] => {
                (crate::i18n::Lang::Fr.notice(notice), crate::i18n::Lang::En.notice(notice))
            }
            other => panic!("{other:?}"),
        };
        let counted = online.on_event(NetEvent::Rating(RatingNews::Counted { before: false }), &mut game);
        let (fr, en) = say(counted);
        assert!(fr.contains("compté au classement") && en.contains("counted"), "{fr} / {en}");
        let kept = NetEvent::Rating(RatingNews::Kept { path: None, submitting: false });
        assert!(say(online.on_event(kept, &mut game)).0.contains("tripot ratings submit"));
        // On its way to the relay: nothing to say yet.
        let submitting = NetEvent::Rating(RatingNews::Kept { path: None, submitting: true });
        assert!(online.on_event(submitting, &mut game).is_empty());
        let declined =
            NetEvent::Session(SessionEvent::ResultUnsigned(tripot_net::UnsignedCause::PeerDeclined));
        let (fr, en) = say(online.on_event(declined, &mut game));
        assert!(fr.contains("non classée") && en.contains("not rated"), "{fr} / {en}");
    }
}
