//! What the page draws of its online game of two seats: the [`OnlineView`] (the connection,
//! the players, the board, the end) and the LAN's or the lobby's list ([`ListView`]).

use tripot_app::online_connection::{Confirm, RematchOffer, Route};

use super::{ListKind, PageOnline};
use crate::online_messages::{EndingView, ListView, OnlineView, OpenGameView};
use crate::online_offer::title;
use crate::online_words::{colon, connection_key, connection_words, ending_words, side_key, words};
use crate::page_play::table_view;

impl PageOnline {
    pub(super) fn view(&self) -> Option<OnlineView> {
        let online = self.online.as_ref()?;
        let status = online.status();
        let table = online.table();
        let local = status.local;
        let your_turn = online.accepts_moves() && table.is_some_and(|t| t.person_to_move());
        let seat_name = |seat| table.map_or_else(String::new, |t| t.state().seat_name(seat));
        Some(OnlineView {
            side: side_key(&status.side).to_owned(),
            connection: connection_key(status.connection).to_owned(),
            connection_words: words(|l| connection_words(l, status)),
            route: status.route.map(|r| match r {
                Route::Direct => "direct".to_owned(),
                Route::Relayed => "relayed".to_owned(),
            }),
            room_code: status.room_code.clone(),
            addrs: status.addrs.iter().map(ToString::to_string).collect(),
            peer: status.peer_name.clone(),
            seat: local.map(|s| s.0),
            camp: local.map(seat_name),
            your_turn,
            warning: status.warning.as_ref().map(|w| words(|l| l.warning(w))),
            claim_prompt: status.claim_prompt,
            confirm: status.confirm.map(|c| match c {
                Confirm::Resign => "resign".to_owned(),
                Confirm::Leave => "leave".to_owned(),
            }),
            rematch: status.rematch.map(|r| match r {
                RematchOffer::Asked => "asked".to_owned(),
                RematchOffer::Offered => "offered".to_owned(),
            }),
            ending: status.ending.as_ref().map(|ending| EndingView {
                winner: ending.winner().map(seat_name).unwrap_or_default(),
                you_win: local.is_some() && ending.winner() == local,
                termination: ending.tag().to_owned(),
                words: words(|l| ending_words(l, ending, local, status.peer_name.as_deref())),
            }),
            board: table.map(|t| Box::new(table_view(t, false, &self.news))),
            saved_to: status.saved_to.as_ref().map(|p| p.display().to_string()),
        })
    }

    pub(super) fn list_view(&self) -> Option<ListView> {
        let list = self.list.as_ref()?;
        Some(ListView {
            kind: match list.kind {
                ListKind::Lan => "lan",
                ListKind::Lobby => "lobby",
            }
            .to_owned(),
            games: list.list.as_ref().map_or_else(Vec::new, |l| {
                l.games
                    .iter()
                    .map(|g| OpenGameView {
                        name: g.name.clone(),
                        game: g.game.as_str().to_owned(),
                        title: title(&g.game),
                        seats: g.seats,
                        free_seats: g.free_seats,
                        under_way: g.under_way,
                        waiting_secs: g.waiting_secs,
                        addr: g.addr.to_string(),
                    })
                    .collect()
            }),
            read: list.list.is_some(),
            error: list
                .error
                .as_ref()
                .map(|e| words(|l| format!("{}{}{}", l.t().online_failed, colon(l), l.network_error(e)))),
        })
    }
}
