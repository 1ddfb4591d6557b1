//! The words of any game, read from the game interface alone (`tripot_game`), in French and
//! English: a game's title and description from the catalogue, a seat at a [`Table`], its
//! counters, how a game ended (why a move was refused: `move_refusal.rs`).

use tripot_game::catalogue::Words;
use tripot_game::{Counter, CounterKind, EndReason, GameState, Leaving, Seat, SeatStatus};

use super::Lang;
use crate::seat_kind::SeatKind;
use crate::table::{Table, TableMoveError};
use crate::table_save::TableSaveError;

impl Lang {
    /// A catalogue word in this language.
    #[must_use]
    pub const fn words(self, words: &Words) -> &'static str {
        match self {
            Lang::Fr => words.fr,
            Lang::En => words.en,
        }
    }

    /// A game's title, from the catalogue (its name if it is not listed).
    #[must_use]
    pub fn game_title(self, state: &dyn GameState) -> String {
        self.title_of(state.spec())
    }

    /// Who sits at a seat, on a set-up form: a person at this keyboard, or a level and its
    /// named opponent.
    #[must_use]
    pub fn seat_kind(self, kind: SeatKind) -> String {
        match kind {
            SeatKind::Computer(level) => format!("{} · {}", self.level_label(level), level.opponent()),
            SeatKind::Remote if self == Lang::Fr => "Adversaire".to_owned(),
            SeatKind::Remote => "Opponent".to_owned(),
            SeatKind::Person => self.s().human.to_owned(),
        }
    }

    /// Who plays `seat` at `table`: "Joueur 2" for a person, the computer's named opponent,
    /// "Adversaire" for a player on another device; with the seat's own name in the game (`W`,
    /// `A`, `S`…).
    #[must_use]
    pub fn table_seat(self, table: &Table, seat: Seat) -> String {
        let who = match table.seat_kind(seat) {
            Some(SeatKind::Computer(_)) => {
                crate::computer_names::computer_name(table.seats(), seat).unwrap_or_default().to_owned()
            }
            Some(SeatKind::Remote) if self == Lang::Fr => "Adversaire".to_owned(),
            Some(SeatKind::Remote) => "Opponent".to_owned(),
            _ if self == Lang::Fr => format!("Joueur {}", seat.number()),
            _ => format!("Player {}", seat.number()),
        };
        format!("{who} ({})", table.state().seat_name(seat))
    }

    /// A moment given in seconds since 1970, to the minute, in UTC (no time zone is read):
    /// « 06/12/2026 03:44 UTC », "2026-12-06 03:44 UTC".
    #[must_use]
    pub fn moment(self, unix: i64) -> String {
        let (year, month, day) = tripot_game::civil_from_days(unix.div_euclid(86_400));
        let minutes = unix.rem_euclid(86_400) / 60;
        let (hour, minute) = (minutes / 60, minutes % 60);
        match self {
            Lang::Fr => format!("{day:02}/{month:02}/{year} {hour:02}:{minute:02} UTC"),
            Lang::En => format!("{year}-{month:02}-{day:02} {hour:02}:{minute:02} UTC"),
        }
    }

    /// A counter with its value and limit: "pièces 20", "répétitions 1/3"; the home rule's as
    /// « maison : coup 26/30 » and « 3 billes à la maison ».
    #[must_use]
    pub fn counter(self, counter: &Counter) -> String {
        let fr = self == Lang::Fr;
        let name = match counter.kind {
            CounterKind::MovesMade if fr => "coups joués",
            CounterKind::MovesMade => "moves made",
            CounterKind::HomeDeadline if fr => "maison : coup",
            CounterKind::HomeDeadline => "home: move",
            CounterKind::AtHome => return self.at_home(counter.value),
            CounterKind::Arrived if fr => "arrivées",
            CounterKind::Arrived => "arrived",
            CounterKind::Distance => "distance",
            CounterKind::Captured if fr => "prises",
            CounterKind::Captured => "captures",
            CounterKind::Pieces if fr => "pièces",
            CounterKind::Pieces => "pieces",
            CounterKind::Repetitions => "répétitions",
            CounterKind::KingMoves if fr => "coups de dames",
            CounterKind::KingMoves => "king moves",
            CounterKind::LoneKingMoves if fr => "dame seule",
            CounterKind::LoneKingMoves => "lone king",
        };
        let name = if counter.kind == CounterKind::Repetitions && !fr { "repetitions" } else { name };
        match counter.limit {
            Some(limit) => format!("{name} {}/{limit}", counter.value),
            None => format!("{name} {}", counter.value),
        }
    }

    /// « 3 billes à la maison ».
    fn at_home(self, n: u32) -> String {
        match (self, n) {
            (Lang::Fr, 0 | 1) => format!("{n} bille à la maison"),
            (Lang::Fr, _) => format!("{n} billes à la maison"),
            (Lang::En, 1) => format!("{n} marble at home"),
            (Lang::En, _) => format!("{n} marbles at home"),
        }
    }

    /// A warning in the last moves before the home rule bites (Stern-Halma §4.6), while marbles
    /// are still at home: it used to be told only once every move eliminated the seat.
    #[must_use]
    pub fn home_warning(self, counters: &[Counter]) -> Option<String> {
        /// How many moves ahead the warning starts.
        const AHEAD: u32 = 5;
        let deadline = counters.iter().find(|c| c.kind == CounterKind::HomeDeadline)?;
        let at_home = counters.iter().find(|c| c.kind == CounterKind::AtHome)?.value;
        let left = deadline.limit?.checked_sub(deadline.value)?;
        if at_home == 0 || left == 0 || left > AHEAD {
            return None;
        }
        Some(match (self, left) {
            (Lang::Fr, 1) => "⚠ dernier coup pour sortir de la maison".to_owned(),
            (Lang::Fr, _) => format!("⚠ plus que {left} coups pour sortir de la maison"),
            (Lang::En, 1) => "⚠ last move to leave home".to_owned(),
            (Lang::En, _) => format!("⚠ {left} moves left to leave home"),
        })
    }

    /// Where a seat stands, if it is not simply playing.
    #[must_use]
    pub fn seat_status(self, status: SeatStatus) -> Option<String> {
        let fr = self == Lang::Fr;
        Some(
            match status {
                SeatStatus::Playing => return None,
                SeatStatus::Finished if fr => "arrivé",
                SeatStatus::Finished => "finished",
                SeatStatus::Placed if fr => "classé",
                SeatStatus::Placed => "placed",
                SeatStatus::Eliminated if fr => "éliminé",
                SeatStatus::Eliminated => "eliminated",
                SeatStatus::Left(how) => return Some(self.leaving(how).to_owned()),
            }
            .to_owned(),
        )
    }

    /// How a seat left.
    #[must_use]
    pub const fn leaving(self, how: Leaving) -> &'static str {
        match (self, how) {
            (Lang::Fr, Leaving::Resigned) => "a abandonné",
            (Lang::En, Leaving::Resigned) => "resigned",
            (Lang::Fr, Leaving::TimedOut) => "a dépassé son temps",
            (Lang::En, Leaving::TimedOut) => "ran out of time",
            (Lang::Fr, Leaving::Forfeited) => "a perdu par forfait",
            (Lang::En, Leaving::Forfeited) => "forfeited",
            (Lang::Fr, Leaving::Abandoned) => "a quitté la partie",
            (Lang::En, Leaving::Abandoned) => "left the game",
        }
    }

    /// Why a game ended (a seat's leaving is worded with its name by the caller).
    #[must_use]
    pub const fn end_reason(self, reason: EndReason) -> &'static str {
        let fr = matches!(self, Lang::Fr);
        match reason {
            EndReason::Finished if fr => "partie terminée",
            EndReason::Finished => "game finished",
            EndReason::Blocked if fr => "plus personne ne peut jouer : décompte",
            EndReason::Blocked => "nobody can move: decided by count",
            EndReason::MoveLimit if fr => "limite de coups atteinte : décompte",
            EndReason::MoveLimit => "move limit reached: decided by count",
            EndReason::Repetition if fr => "position répétée trois fois",
            EndReason::Repetition => "position repeated three times",
            EndReason::NoMoveLeft if fr => "plus aucun coup possible",
            EndReason::NoMoveLeft => "no move left",
            EndReason::NoPieceLeft if fr => "plus de pièce ou plus de coup",
            EndReason::NoPieceLeft => "no piece or no move left",
            EndReason::KingMovesDraw if fr => "nulle : 25 coups de dames sans prise",
            EndReason::KingMovesDraw => "draw: 25 king moves each without capture",
            EndReason::LoneKingDraw if fr => "nulle : la dame seule a tenu",
            EndReason::LoneKingDraw => "draw: the lone king held out",
            EndReason::Agreement if fr => "nulle par accord",
            EndReason::Agreement => "draw by agreement",
            EndReason::Left { how, .. } => self.leaving(how),
        }
    }

    /// Why a game of the one table could not be read back from its file.
    #[must_use]
    pub fn game_save_error(self, error: &TableSaveError) -> String {
        let fr = self == Lang::Fr;
        match error {
            TableSaveError::Store(error) => self.save_error(error),
            TableSaveError::Record { path, .. } | TableSaveError::Replay { path, .. } if fr => {
                format!("{} : enregistrement illisible", path.display())
            }
            TableSaveError::Record { path, .. } | TableSaveError::Replay { path, .. } => {
                format!("{}: unreadable record", path.display())
            }
            TableSaveError::NotATable(path) | TableSaveError::Table { path, .. } if fr => {
                format!("{} : pas une partie de ce programme", path.display())
            }
            TableSaveError::NotATable(path) | TableSaveError::Table { path, .. } => {
                format!("{}: not a game of this program", path.display())
            }
        }
    }

    /// Why a person's move at a [`Table`] was not played.
    #[must_use]
    pub fn table_refusal(self, error: &TableMoveError) -> String {
        match error {
            TableMoveError::NotYourTurn if self == Lang::Fr => "ce n'est pas votre tour".to_owned(),
            TableMoveError::NotYourTurn => "it is not your turn".to_owned(),
            TableMoveError::Refused(why) => self.move_error(why),
        }
    }
}
