//! Why a game refused a move, worded from the interface's typed cause ([`MoveError`] and the
//! problems it carries) in French and English. Every cause has its words: the engines' `Display`
//! texts are English for logs, and a French player read them inside French messages (issue 26).

use tripot_game::{HopProblem, MoveError, MoveKind, NotationProblem};

use super::Lang;

impl Lang {
    /// Why a game refused a move (or could not read it).
    #[must_use]
    pub fn move_error(self, error: &MoveError) -> String {
        let fr = self == Lang::Fr;
        match error {
            MoveError::Notation { text, problem } if fr => {
                format!("« {text} » n'est pas un coup : {}", self.notation_problem(problem))
            }
            MoveError::Notation { text, problem } => {
                format!("'{text}' is not a move: {}", self.notation_problem(problem))
            }
            MoveError::GameOver if fr => "la partie est finie".to_owned(),
            MoveError::GameOver => "the game is over".to_owned(),
            MoveError::OutOfTurn { .. } if fr => "ce n'est pas son tour".to_owned(),
            MoveError::OutOfTurn { .. } => "it is not that seat's turn".to_owned(),
            MoveError::NotASeat(seat) if fr => format!("la place {} n'est pas à cette table", seat.number()),
            MoveError::NotASeat(seat) => format!("seat {} is not at this table", seat.number()),
            MoveError::NotPlaying(seat) if fr => format!("la place {} ne joue plus", seat.number()),
            MoveError::NotPlaying(seat) => format!("seat {} no longer plays", seat.number()),
            MoveError::EmptyCell(cell) if fr => format!("rien sur {}", cell.name),
            MoveError::EmptyCell(cell) => format!("nothing on {}", cell.name),
            MoveError::NotYourPiece { cell, .. } if fr => {
                format!("la pièce en {} n'est pas la vôtre", cell.name)
            }
            MoveError::NotYourPiece { cell, .. } => format!("the piece on {} is not yours", cell.name),
            MoveError::Occupied(cell) if fr => format!("{} est occupée", cell.name),
            MoveError::Occupied(cell) => format!("{} is occupied", cell.name),
            MoveError::NotAStep { from, to } if fr => {
                format!("{}-{} n'est pas un pas vers une case voisine libre", from.name, to.name)
            }
            MoveError::NotAStep { from, to } => {
                format!("{}-{} is not a step to an empty neighbour", from.name, to.name)
            }
            MoveError::StepWrittenAsJump { from, to } if fr => {
                format!("{} est une voisine libre de {} : ce coup est un pas", to.name, from.name)
            }
            MoveError::StepWrittenAsJump { from, to } => {
                format!("{} is an empty neighbour of {}: that move is a step", to.name, from.name)
            }
            MoveError::Unreachable { from, to } if fr => {
                format!("aucun coup ne mène de {} à {}", from.name, to.name)
            }
            MoveError::Unreachable { from, to } => format!("no move leads from {} to {}", from.name, to.name),
            MoveError::Hop { number, from, to, problem } if fr => {
                format!("saut {number} ({}-{}) : {}", from.name, to.name, self.hop_problem(problem))
            }
            MoveError::Hop { number, from, to, problem } => {
                format!("hop {number} ({}-{}): {}", from.name, to.name, self.hop_problem(problem))
            }
            MoveError::ClosedCell(cell) if fr => {
                format!("on ne s'arrête pas en {} : ni votre maison, ni votre but, ni l'hexagone", cell.name)
            }
            MoveError::ClosedCell(cell) => {
                format!("no move may end on {}: neither your home, nor your goal, nor the hexagon", cell.name)
            }
            MoveError::LeavesGoal { number, from, to } if fr => format!(
                "saut {number} ({}-{}) : une pièce arrivée ne bouge plus que dans son but",
                from.name, to.name
            ),
            MoveError::LeavesGoal { number, from, to } => format!(
                "hop {number} ({}-{}): a piece in its goal may only move within the goal",
                from.name, to.name
            ),
            MoveError::MustJump { from, to } if fr => {
                format!("{}-{} est un pas : dans ce jeu, chaque coup saute", from.name, to.name)
            }
            MoveError::MustJump { from, to } => {
                format!("{}-{} is a step: every move of this game is a jump", from.name, to.name)
            }
            MoveError::NotAnOpponentsPiece(cell) if fr => {
                format!("la pièce en {} n'est pas à un adversaire", cell.name)
            }
            MoveError::NotAnOpponentsPiece(cell) => {
                format!("the piece on {} is not an opponent's", cell.name)
            }
            MoveError::SwapNotAllowed { mine, theirs } if fr => {
                format!("l'échange {}<>{} n'est pas permis ici", mine.name, theirs.name)
            }
            MoveError::SwapNotAllowed { mine, theirs } => {
                format!("the swap {}<>{} is not allowed here", mine.name, theirs.name)
            }
            MoveError::KindNotPlayed(kind) if fr => format!("ce jeu n'a pas {}", self.move_kind(*kind)),
            MoveError::KindNotPlayed(kind) => format!("this game has no {}", self.move_kind(*kind)),
            MoveError::PassNotAllowed if fr => "on ne passe que sans autre coup".to_owned(),
            MoveError::PassNotAllowed => "you may pass only when there is no other move".to_owned(),
            MoveError::PathLength { len, min, max } if fr => {
                format!("un coup a de {min} à {max} cases, celui-ci en a {len}")
            }
            MoveError::PathLength { len, min, max } => {
                format!("a move has {min} to {max} cells, this one has {len}")
            }
            MoveError::Ambiguous { candidates } if fr => {
                format!("plusieurs coups possibles : {}", candidates.join(", "))
            }
            MoveError::Ambiguous { candidates } => format!("several moves match: {}", candidates.join(", ")),
            MoveError::CaptureRequired { required } if fr => {
                format!("la prise est obligatoire : prenez {required} pièce(s)")
            }
            MoveError::CaptureRequired { required } => {
                format!("capturing is compulsory: take {required} piece(s)")
            }
            MoveError::NotTheLongest { taken, required } if fr => {
                format!("cette rafle prend {taken} pièce(s), la plus longue en prend {required}")
            }
            MoveError::NotTheLongest { taken, required } => {
                format!("this capture takes {taken} piece(s); the longest takes {required}")
            }
            MoveError::NoSuchMove if fr => "ce coup n'existe pas ici".to_owned(),
            MoveError::NoSuchMove => "no such move here".to_owned(),
        }
    }

    /// Why a text is not written as a move.
    fn notation_problem(self, problem: &NotationProblem) -> String {
        let fr = self == Lang::Fr;
        match problem {
            NotationProblem::Empty if fr => "rien d'écrit".to_owned(),
            NotationProblem::Empty => "nothing written".to_owned(),
            NotationProblem::UnknownCell { cell } if fr => {
                format!("« {cell} » n'est pas une case du plateau")
            }
            NotationProblem::UnknownCell { cell } => format!("'{cell}' is not a cell of the board"),
            NotationProblem::TooShort if fr => "il faut au moins deux cases".to_owned(),
            NotationProblem::TooShort => "a move needs at least two cells".to_owned(),
            NotationProblem::TooLong { max } if fr => {
                format!("plus de {max} cases : aucun coup n'est si long")
            }
            NotationProblem::TooLong { max } => format!("more than {max} cells: no move is that long"),
            NotationProblem::Malformed if fr => "ce jeu n'écrit pas ses coups ainsi".to_owned(),
            NotationProblem::Malformed => "not written as a move of this game".to_owned(),
        }
    }

    /// What is wrong with one hop of a written path.
    fn hop_problem(self, problem: &HopProblem) -> String {
        let fr = self == Lang::Fr;
        match problem {
            HopProblem::NotInLine if fr => "pas en ligne droite".to_owned(),
            HopProblem::NotInLine => "not on a straight line".to_owned(),
            HopProblem::OddDistance { distance } if fr => {
                format!("{distance} cases d'écart : un saut en couvre un nombre pair")
            }
            HopProblem::OddDistance { distance } => {
                format!("{distance} cells apart: a jump covers an even number")
            }
            HopProblem::TooLong { pivot_distance, limit } if fr => {
                format!("le pivot serait à {pivot_distance} cases ; la limite est {limit}")
            }
            HopProblem::TooLong { pivot_distance, limit } => {
                format!("the pivot would be {pivot_distance} cells away; the limit is {limit}")
            }
            HopProblem::NoPivot { pivot } if fr => format!("aucune pièce à sauter en {}", pivot.name),
            HopProblem::NoPivot { pivot } => format!("no piece on {} to jump over", pivot.name),
            HopProblem::Blocked { blocker } if fr => format!("{} barre le chemin", blocker.name),
            HopProblem::Blocked { blocker } => format!("{} is in the way", blocker.name),
            HopProblem::Revisit(cell) if fr => format!("{} est déjà passée dans ce saut", cell.name),
            HopProblem::Revisit(cell) => format!("{} was already visited in this chain", cell.name),
            HopProblem::StepInChain if fr => "un pas ne peut pas faire partie d'un saut multiple".to_owned(),
            HopProblem::StepInChain => "a step cannot be part of a chain".to_owned(),
        }
    }

    /// A kind of move, as "this game has no …" names it (in French with its « de »).
    const fn move_kind(self, kind: MoveKind) -> &'static str {
        match (self, kind) {
            (Lang::Fr, MoveKind::Step) => "de pas",
            (Lang::En, MoveKind::Step) => "step",
            (Lang::Fr, MoveKind::Jump) => "de saut",
            (Lang::En, MoveKind::Jump) => "jump",
            (Lang::Fr, MoveKind::Capture) => "de prise",
            (Lang::En, MoveKind::Capture) => "capture",
            (Lang::Fr, MoveKind::Swap) => "d'échange",
            (Lang::En, MoveKind::Swap) => "swap",
            (Lang::Fr, MoveKind::Pass) => "de passe",
            (Lang::En, MoveKind::Pass) => "pass",
        }
    }
}

#[cfg(test)]
mod tests {
    use tripot_game::{Cell, NamedCell, Seat};

    use super::*;

    fn cell(name: &str) -> NamedCell {
        NamedCell { cell: Cell(0), name: name.to_owned() }
    }

    /// Causes the one table met in play before it worded them: each used to read « ce coup
    /// n'est pas permis ici », or English inside a French message.
    fn causes() -> Vec<MoveError> {
        vec![
            MoveError::Notation {
                text: "j3-j5".to_owned(),
                problem: NotationProblem::UnknownCell { cell: "j3".to_owned() },
            },
            MoveError::Hop { number: 2, from: cell("m3"), to: cell("k3"), problem: HopProblem::NotInLine },
            MoveError::Hop {
                number: 1,
                from: cell("e12"),
                to: cell("e16"),
                problem: HopProblem::Blocked { blocker: cell("e14") },
            },
            MoveError::NotAStep { from: cell("a1"), to: cell("a3") },
            MoveError::StepWrittenAsJump { from: cell("a1"), to: cell("a2") },
            MoveError::ClosedCell(cell("q9")),
            MoveError::LeavesGoal { number: 1, from: cell("q1"), to: cell("p3") },
            MoveError::MustJump { from: cell("b2"), to: cell("b3") },
            MoveError::NotAnOpponentsPiece(cell("c4")),
            MoveError::SwapNotAllowed { mine: cell("c3"), theirs: cell("c4") },
            MoveError::KindNotPlayed(MoveKind::Swap),
            MoveError::PathLength { len: 1, min: 2, max: 12 },
            MoveError::NotASeat(Seat(5)),
            MoveError::NotPlaying(Seat(1)),
            MoveError::NoSuchMove,
        ]
    }

    #[test]
    fn every_refusal_is_worded_from_its_cause_in_french() {
        for error in causes() {
            let words = Lang::Fr.move_error(&error);
            assert_ne!(words, "ce coup n'est pas permis ici", "{error:?} has no words of its own");
            assert_ne!(words, Lang::En.move_error(&error), "{error:?} is worded in English in French");
            for english in [" is ", " the ", " not ", " no ", "move", "hop "] {
                assert!(!words.contains(english), "English « {english} » in « {words} »");
            }
        }
    }

    #[test]
    fn an_online_refusal_is_worded_from_the_games_cause() {
        let occupied = tripot_net::LocalError::Illegal(MoveError::Occupied(cell("e14")));
        assert_eq!(Lang::Fr.local_error(&occupied), "e14 est occupée");
        assert_eq!(Lang::En.local_error(&occupied), "e14 is occupied");
    }

    #[test]
    fn a_refusal_names_the_cells_it_is_about() {
        let blocked = MoveError::Hop {
            number: 1,
            from: cell("e12"),
            to: cell("e16"),
            problem: HopProblem::Blocked { blocker: cell("e14") },
        };
        assert_eq!(Lang::Fr.move_error(&blocked), "saut 1 (e12-e16) : e14 barre le chemin");
        assert_eq!(Lang::En.move_error(&blocked), "hop 1 (e12-e16): e14 is in the way");
        let unknown = MoveError::Notation {
            text: "j3-j5".to_owned(),
            problem: NotationProblem::UnknownCell { cell: "j3".to_owned() },
        };
        assert_eq!(
            Lang::Fr.move_error(&unknown),
            "« j3-j5 » n'est pas un coup : « j3 » n'est pas une case du plateau"
        );
    }
}
