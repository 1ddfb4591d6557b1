//! The clicks on a board, declared once for every game of the page: the one table of any game,
//! the duel included (`{"type":"play","action":"hop","to":"k5"}`), and an online game
//! (`{"type":"online","action":"move","to":"m5"}`) send the same [`BoardAction`]s, and the page
//! reads the clicks alike (`onHole` in `play.js` and in `online.js`).
//!
//! The page decides nothing by them: it names the hole clicked, and each game checks it (a pawn
//! of the side to move, a destination of the picked one, a hop of the chain) before anything
//! changes.

use serde::{Deserialize, Serialize};

/// A click on a board, as the page names it.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(tag = "action", rename_all = "snake_case")]
pub(crate) enum BoardAction {
    /// Picks the pawn (or marble) on `hole`, dropping any chain being built; the next view lists
    /// its destinations.
    Select {
        /// The pawn's hole.
        hole: String,
    },
    /// Asks for the path the picked pawn would take to `to`: the hops built so far, then the
    /// way on.
    Path {
        /// A destination of the picked pawn.
        to: String,
    },
    /// Plays the picked pawn to `to`: a step, the end of a chain (near or far) or a swap; during
    /// a chain built hop by hop, one more hop.
    Move {
        /// A destination of the picked pawn.
        to: String,
    },
    /// One hop of a chain built hop by hop, from where the picked pawn stands; the chain ends
    /// by itself when no hop is left.
    Hop {
        /// A hole one jump away (`hole` is read too, as older pages of the tables sent it).
        #[serde(alias = "hole")]
        to: String,
    },
    /// « Fin du saut »: plays the chain built so far.
    EndChain,
    /// Takes back the last hop of the chain being built, or drops the picked pawn.
    Cancel,
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::messages::ClientMessage;
    use crate::online_messages::OnlineRequest;
    use crate::play_messages::PlayRequest;

    #[test]
    fn every_game_reads_the_same_board_actions() {
        let hop = BoardAction::Hop { to: "k5".into() };
        // The duel's own clicks are gone: it is played at the one table.
        assert!(
            serde_json::from_str::<ClientMessage>(r#"{"type":"board","action":"hop","to":"k5"}"#).is_err()
        );
        let table: ClientMessage =
            serde_json::from_str(r#"{"type":"play","action":"hop","hole":"k5"}"#).unwrap();
        assert_eq!(table, ClientMessage::Play(PlayRequest::Board(hop.clone())));
        let online: ClientMessage =
            serde_json::from_str(r#"{"type":"online","action":"hop","to":"k5"}"#).unwrap();
        assert_eq!(online, ClientMessage::Online(OnlineRequest::Board(hop)));
        let end: ClientMessage = serde_json::from_str(r#"{"type":"online","action":"end_chain"}"#).unwrap();
        assert_eq!(end, ClientMessage::Online(OnlineRequest::Board(BoardAction::EndChain)));
        // The games' own requests still read as theirs.
        let resign: ClientMessage = serde_json::from_str(r#"{"type":"online","action":"resign"}"#).unwrap();
        assert_eq!(resign, ClientMessage::Online(OnlineRequest::Resign));
        let click: ClientMessage =
            serde_json::from_str(r#"{"type":"play","action":"drop","from":"32","to":"28"}"#).unwrap();
        assert_eq!(click, ClientMessage::Play(PlayRequest::Drop { from: "32".into(), to: "28".into() }));
        assert!(serde_json::from_str::<ClientMessage>(r#"{"type":"board","action":"jump"}"#).is_err());
    }
}
