//! Why a game ended, worded from the outcome's places as well as its reason: a goal completed,
//! a goal filled with the help of others' pieces (kawu's full-goal rule), the last seat standing
//! when the others were eliminated. `EndReason::Finished` alone says only that the play decided
//! the places, and a panel that read « but atteint » for a winner at 3/10 misled (issue 26).

use tripot_game::{Counter, CounterKind, EndReason, GameState, Outcome, Seat, SeatStatus};

use super::Lang;

impl Lang {
    /// Why the game of `state` ended as `outcome` says, each seat named by `name`.
    #[must_use]
    pub fn outcome_reason(
        self,
        state: &dyn GameState,
        outcome: &Outcome,
        name: &dyn Fn(Seat) -> String,
    ) -> String {
        let arrived = |seat: Seat| state.counters(seat).into_iter().find(|c| c.kind == CounterKind::Arrived);
        self.end_words(outcome, &arrived, name)
    }

    /// [`Lang::outcome_reason`] with each seat's pieces in its goal read by `arrived`.
    #[must_use]
    pub fn end_words(
        self,
        outcome: &Outcome,
        arrived: &dyn Fn(Seat) -> Option<Counter>,
        name: &dyn Fn(Seat) -> String,
    ) -> String {
        let fr = self == Lang::Fr;
        match outcome.reason {
            EndReason::Left { seat, how } => return format!("{} {}", name(seat), self.leaving(how)),
            EndReason::Finished => {}
            reason => return self.end_reason(reason).to_owned(),
        }
        let winners = outcome.winners();
        let Some(&winner) = winners.first() else { return self.end_reason(outcome.reason).to_owned() };
        let status = outcome.places.iter().find(|p| p.seat == winner).map(|p| p.status);
        let eliminated = outcome.places.iter().filter(|p| p.status == SeatStatus::Eliminated).count();
        let who = name(winner);
        match (status, arrived(winner)) {
            (Some(SeatStatus::Finished), Some(Counter { value, limit: Some(limit), .. }))
                if value < limit =>
            {
                if fr {
                    format!(
                        "{who} gagne : son but est plein et tient au moins une des siennes ({value}/{limit} arrivées)"
                    )
                } else {
                    format!(
                        "{who} wins: its goal is full and holds at least one of its own ({value}/{limit} arrived)"
                    )
                }
            }
            (Some(SeatStatus::Finished), _) if fr => format!("{who} a rempli son but"),
            (Some(SeatStatus::Finished), _) => format!("{who} filled its goal"),
            _ if eliminated > 0 && fr => {
                format!("{who} reste seul en jeu : {eliminated} éliminé(s) par la règle de la maison")
            }
            _ if eliminated > 0 => {
                format!("{who} is the last one playing: {eliminated} eliminated by the home rule")
            }
            _ => self.end_reason(outcome.reason).to_owned(),
        }
    }
}

#[cfg(test)]
mod tests {
    use tripot_game::Place;

    use super::*;

    fn name(seat: Seat) -> String {
        format!("S{}", seat.number())
    }

    fn outcome(places: &[(Option<u8>, SeatStatus)]) -> Outcome {
        let places = places
            .iter()
            .enumerate()
            .map(|(i, &(rank, status))| Place { seat: Seat(i as u8), rank, status })
            .collect();
        Outcome { places, reason: EndReason::Finished }
    }

    #[test]
    fn a_winner_left_alone_by_eliminations_is_not_said_to_reach_its_goal() {
        let end = outcome(&[(Some(1), SeatStatus::Placed), (Some(2), SeatStatus::Eliminated)]);
        let arrived = |_| Some(Counter::of(CounterKind::Arrived, 3, Some(10)));
        let fr = Lang::Fr.end_words(&end, &arrived, &name);
        assert_eq!(fr, "S1 reste seul en jeu : 1 éliminé(s) par la règle de la maison");
        assert!(Lang::En.end_words(&end, &arrived, &name).contains("eliminated by the home rule"));
    }

    #[test]
    fn kawus_full_goal_rule_is_named_when_it_decides() {
        let end = outcome(&[(None, SeatStatus::Playing), (Some(1), SeatStatus::Finished)]);
        let arrived = |seat: Seat| Some(Counter::of(CounterKind::Arrived, 1 + u32::from(seat.0), Some(6)));
        assert_eq!(
            Lang::Fr.end_words(&end, &arrived, &name),
            "S2 gagne : son but est plein et tient au moins une des siennes (2/6 arrivées)"
        );
        assert_eq!(
            Lang::En.end_words(&end, &arrived, &name),
            "S2 wins: its goal is full and holds at least one of its own (2/6 arrived)"
        );
    }

    #[test]
    fn a_goal_completed_with_every_piece_is_said_so() {
        let end = outcome(&[(Some(1), SeatStatus::Finished), (Some(2), SeatStatus::Placed)]);
        let arrived = |_| Some(Counter::of(CounterKind::Arrived, 10, Some(10)));
        assert_eq!(Lang::Fr.end_words(&end, &arrived, &name), "S1 a rempli son but");
        assert_eq!(Lang::En.end_words(&end, &arrived, &name), "S1 filled its goal");
    }

    #[test]
    fn other_ends_keep_their_reason() {
        let mut end = outcome(&[(Some(1), SeatStatus::Playing), (Some(1), SeatStatus::Playing)]);
        end.reason = EndReason::Repetition;
        assert_eq!(Lang::Fr.end_words(&end, &|_| None, &name), "position répétée trois fois");
    }
}
