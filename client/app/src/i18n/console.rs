//! The words of the command line's plain console (`tripot host --plain`, `join --plain`): each
//! event of a two-seat game online as one sentence, in French and English. What comes from
//! elsewhere (an error's own text, the game's notation and position) is put in as it is.

use tripot_net::online::{RatingNews, RelayState, RoomEvent};
use tripot_net::{GamePath, NetEvent, Refuser, SessionEvent, UnsignedCause};

use super::{Lang, fill};

/// The console's sentences; `{name}` is filled in.
struct ConsoleTexts {
    resumed: &'static str,
    how_to_play: &'static str,
    over_hint: &'static str,
    address: &'static str,
    warning: &'static str,
    refused: &'static str,
    direct: &'static str,
    relayed: &'static str,
    relay_connecting: &'static str,
    relay_connected: &'static str,
    relay_reserved: &'static str,
    relay_lost: &'static str,
    room_open: &'static str,
    room_closed: &'static str,
    room_refused: &'static str,
    room_busy: &'static str,
    room_found: &'static str,
    room_joined: &'static str,
    room_failed: &'static str,
    result_sending: &'static str,
    result_kept: &'static str,
    counted: &'static str,
    counted_before: &'static str,
    connected: &'static str,
    move_sent: &'static str,
    move_received: &'static str,
    peer_move_refused: &'static str,
    our_move_refused: &'static str,
    disconnected: &'static str,
    peer_left: &'static str,
    unsigned_declined: &'static str,
    unsigned_no_answer: &'static str,
    guest_left: &'static str,
    host_refuses_for_now: &'static str,
    host_refused: &'static str,
    reconnecting: &'static str,
    grace_over: &'static str,
    back: &'static str,
    game_over: &'static str,
    rematch_offered: &'static str,
    rematch_declined_here: &'static str,
    rematch_declined_there: &'static str,
    rematch_started: &'static str,
}

static FR: ConsoleTexts = ConsoleTexts {
    resumed: "Partie reprise ({moves} coups) — en attente de {peer}…",
    how_to_play: "Coups en notation (m4-m5, m1-m3-k5, m1<>l2) ; resign, claim, rematch, decline, quit.",
    over_hint: "La partie est finie : rematch pour une revanche, quit pour sortir.",
    address: "Adresse à partager : {addr}",
    warning: "(avertissement) {text}",
    refused: "Refusé : {text}",
    direct: "Connexion directe avec l'adversaire.",
    relayed: "Partie via le relais.",
    relay_connecting: "Connexion au relais…",
    relay_connected: "Relais joint.",
    relay_reserved: "Joignable par le relais.",
    relay_lost: "Relais perdu : nouvel essai…",
    room_open: "Code du salon : {code}  (votre ami tape : tripot join {code})",
    room_closed: "Salon fermé.",
    room_refused: "(salon) {guest} refusé : {why}",
    room_busy: "Relais saturé, nouvel essai dans {secs} s…",
    room_found: "Salon trouvé, connexion à l'hôte…",
    room_joined: "Code vérifié des deux côtés.",
    room_failed: "Salon : {text}",
    result_sending: "Résultat signé par les deux joueurs : envoyé au classement du relais…",
    result_kept: "Résultat signé par les deux joueurs et gardé (tripot ratings submit --relay … pour l'envoyer).",
    counted: "Partie comptée au classement.",
    counted_before: "Partie déjà comptée au classement.",
    connected: "Connecté à {peer} ({game}). Vous jouez {mine}, {opener} commence.",
    move_sent: "{ply}. vous : {text}",
    move_received: "{ply}. adversaire : {text}",
    peer_move_refused: "Coup de l'adversaire refusé ({reason}) : {detail}",
    our_move_refused: "L'adversaire a refusé ({reason}) : {detail}",
    disconnected: "Connexion perdue.",
    peer_left: "L'adversaire quitte la partie (elle reste sauvegardée).",
    unsigned_declined: "L'adversaire ne signe pas le résultat (invité) : partie non classée.",
    unsigned_no_answer: "Pas de signature de l'adversaire : partie non classée.",
    guest_left: "Un invité est reparti avant le début : la table est de nouveau libre.",
    host_refuses_for_now: "L'hôte refuse pour l'instant ({reason}) {detail} — nouvel essai dans {secs} s.",
    host_refused: "L'hôte a refusé la partie ({reason}) : {detail}",
    reconnecting: "reconnexion… ({secs} s)",
    grace_over: "L'adversaire ne revient pas : tapez claim pour gagner la partie, ou attendez.",
    back: "Reconnecté : reprise au coup {ply} ({replayed} coups renvoyés).",
    game_over: "Partie terminée : {ending}",
    rematch_offered: "L'adversaire propose une revanche : rematch pour accepter, decline pour refuser.",
    rematch_declined_here: "Revanche refusée.",
    rematch_declined_there: "Pas de revanche : l'adversaire a refusé ou est parti.",
    rematch_started: "Revanche : partie n° {number}.",
};

static EN: ConsoleTexts = ConsoleTexts {
    resumed: "Game resumed ({moves} moves) — waiting for {peer}…",
    how_to_play: "Moves in notation (m4-m5, m1-m3-k5, m1<>l2); resign, claim, rematch, decline, quit.",
    over_hint: "The game is over: rematch for another, quit to leave.",
    address: "Address to share: {addr}",
    warning: "(warning) {text}",
    refused: "Refused: {text}",
    direct: "Connected directly to the opponent.",
    relayed: "Playing through the relay.",
    relay_connecting: "Connecting to the relay…",
    relay_connected: "Relay joined.",
    relay_reserved: "Reachable through the relay.",
    relay_lost: "Relay lost: trying again…",
    room_open: "Room code: {code}  (your friend types: tripot join {code})",
    room_closed: "Room closed.",
    room_refused: "(room) {guest} refused: {why}",
    room_busy: "Relay busy, trying again in {secs} s…",
    room_found: "Room found, connecting to the host…",
    room_joined: "Code checked on both sides.",
    room_failed: "Room: {text}",
    result_sending: "Result signed by both players: sent to the relay's ratings…",
    result_kept: "Result signed by both players and kept (tripot ratings submit --relay … to send it).",
    counted: "Game counted in the ratings.",
    counted_before: "Game already counted in the ratings.",
    connected: "Connected to {peer} ({game}). You play {mine}, {opener} begins.",
    move_sent: "{ply}. you: {text}",
    move_received: "{ply}. opponent: {text}",
    peer_move_refused: "The opponent's move refused ({reason}): {detail}",
    our_move_refused: "The opponent refused ({reason}): {detail}",
    disconnected: "Connection lost.",
    peer_left: "The opponent leaves the game (it stays saved).",
    unsigned_declined: "The opponent does not sign the result (a guest): the game is not rated.",
    unsigned_no_answer: "No signature from the opponent: the game is not rated.",
    guest_left: "A guest left before the start: the table is free again.",
    host_refuses_for_now: "The host refuses for now ({reason}) {detail} — trying again in {secs} s.",
    host_refused: "The host refused the game ({reason}): {detail}",
    reconnecting: "reconnecting… ({secs} s)",
    grace_over: "The opponent is not coming back: type claim to win the game, or wait.",
    back: "Reconnected: resuming at move {ply} ({replayed} moves sent again).",
    game_over: "Game over: {ending}",
    rematch_offered: "The opponent offers a rematch: rematch to accept, decline to refuse.",
    rematch_declined_here: "Rematch declined.",
    rematch_declined_there: "No rematch: the opponent declined or left.",
    rematch_started: "Rematch: game {number}.",
};

impl Lang {
    fn console(self) -> &'static ConsoleTexts {
        match self {
            Lang::Fr => &FR,
            Lang::En => &EN,
        }
    }

    /// The console's first line once a saved game is resumed.
    #[must_use]
    pub fn console_resumed(self, moves: usize, peer: &str) -> String {
        fill(self.console().resumed, &[("moves", &moves.to_string()), ("peer", peer)])
    }

    /// How to play in the console.
    #[must_use]
    pub fn console_how_to_play(self) -> &'static str {
        self.console().how_to_play
    }

    /// Said after each line typed once the game is over.
    #[must_use]
    pub fn console_over_hint(self) -> &'static str {
        self.console().over_hint
    }

    /// `event` as the console says it; `None` for what it keeps quiet (saves, acknowledgements,
    /// a signature going out).
    #[must_use]
    pub fn console_line(self, event: &NetEvent) -> Option<String> {
        let w = self.console();
        let one = |template: &str, name: &str, value: &str| fill(template, &[(name, value)]);
        Some(match event {
            NetEvent::Listening(addr) => one(w.address, "addr", &addr.to_string()),
            NetEvent::Saved { .. } => return None,
            NetEvent::Warning(warning) => {
                one(w.warning, "text", &self.warning(&crate::online_notice::Warning::Net(warning.clone())))
            }
            NetEvent::LocalError(error) => one(w.refused, "text", &error.to_string()),
            NetEvent::Path(GamePath::Direct) => w.direct.to_owned(),
            NetEvent::Path(GamePath::Relayed) => w.relayed.to_owned(),
            NetEvent::Relay(state) => match state {
                RelayState::Connecting => w.relay_connecting,
                RelayState::Connected => w.relay_connected,
                RelayState::Reserved => w.relay_reserved,
                RelayState::Lost => w.relay_lost,
            }
            .to_owned(),
            NetEvent::Room(event) => self.console_room(event),
            NetEvent::Rating(RatingNews::Kept { submitting, .. }) => {
                (if *submitting { w.result_sending } else { w.result_kept }).to_owned()
            }
            NetEvent::Rating(RatingNews::Counted { before }) => {
                (if *before { w.counted_before } else { w.counted }).to_owned()
            }
            NetEvent::Session(event) => return self.console_session(event),
        })
    }

    fn console_room(self, event: &RoomEvent) -> String {
        let w = self.console();
        match event {
            RoomEvent::Open(code) => fill(w.room_open, &[("code", &code.to_string())]),
            RoomEvent::Closed => w.room_closed.to_owned(),
            RoomEvent::Refused { guest, why } => {
                fill(w.room_refused, &[("guest", &guest.to_string()), ("why", &why.to_string())])
            }
            RoomEvent::RelayBusy(wait) => {
                fill(w.room_busy, &[("secs", &format!("{:.1}", wait.as_secs_f32()))])
            }
            RoomEvent::Found(_) => w.room_found.to_owned(),
            RoomEvent::Joined => w.room_joined.to_owned(),
            RoomEvent::Failed(error) => fill(w.room_failed, &[("text", &error.to_string())]),
        }
    }

    fn console_session(self, event: &SessionEvent) -> Option<String> {
        let w = self.console();
        let refusal = |template: &str, reason: &dyn std::fmt::Display, detail: &str| {
            fill(template, &[("reason", &reason.to_string()), ("detail", detail)])
        };
        Some(match event {
            SessionEvent::Connected { game, local_seat, opener, peer_name, state, .. } => {
                let words = [
                    ("peer", peer_name.clone()),
                    ("game", game.to_string()),
                    ("mine", state.0.seat_name(*local_seat)),
                    ("opener", state.0.seat_name(*opener)),
                ];
                let words: Vec<(&str, &str)> = words.iter().map(|(k, v)| (*k, v.as_str())).collect();
                format!("{}\n{}", fill(w.connected, &words), state.0.position_string())
            }
            SessionEvent::MoveSent { ply, text, .. } => {
                fill(w.move_sent, &[("ply", &ply.to_string()), ("text", text)])
            }
            SessionEvent::MoveReceived { ply, text, state, .. } => format!(
                "{}\n{}",
                fill(w.move_received, &[("ply", &ply.to_string()), ("text", text)]),
                state.0.position_string()
            ),
            SessionEvent::MoveAcknowledged { .. } | SessionEvent::ResultSigned(_) => return None,
            SessionEvent::Rejected { by: Refuser::Local, reason, detail, .. } => {
                refusal(w.peer_move_refused, reason, detail)
            }
            SessionEvent::Rejected { by: Refuser::Peer, reason, detail, .. } => {
                refusal(w.our_move_refused, reason, detail)
            }
            SessionEvent::PeerDisconnected => w.disconnected.to_owned(),
            SessionEvent::PeerLeft => w.peer_left.to_owned(),
            SessionEvent::ResultUnsigned(UnsignedCause::PeerDeclined) => w.unsigned_declined.to_owned(),
            SessionEvent::ResultUnsigned(UnsignedCause::NoAnswer) => w.unsigned_no_answer.to_owned(),
            SessionEvent::HandshakeAborted { .. } => w.guest_left.to_owned(),
            SessionEvent::Refused { reason, detail, retry_in: Some(wait) } => fill(
                w.host_refuses_for_now,
                &[("reason", &reason.to_string()), ("detail", detail), ("secs", &wait.as_secs().to_string())],
            ),
            SessionEvent::Refused { reason, detail, retry_in: None } => {
                refusal(w.host_refused, reason, detail)
            }
            SessionEvent::Reconnecting { waited } => {
                fill(w.reconnecting, &[("secs", &waited.as_secs().to_string())])
            }
            SessionEvent::GraceExpired { .. } => w.grace_over.to_owned(),
            SessionEvent::Resumed { common_ply, replayed } => {
                fill(w.back, &[("ply", &common_ply.to_string()), ("replayed", &replayed.to_string())])
            }
            SessionEvent::GameOver(ending) => fill(w.game_over, &[("ending", &ending.to_string())]),
            SessionEvent::RematchOffered => w.rematch_offered.to_owned(),
            SessionEvent::RematchDeclined { by: Refuser::Local } => w.rematch_declined_here.to_owned(),
            SessionEvent::RematchDeclined { by: Refuser::Peer } => w.rematch_declined_there.to_owned(),
            SessionEvent::RematchStarted { number, .. } => {
                fill(w.rematch_started, &[("number", &number.to_string())])
            }
        })
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use std::time::Duration;

    use super::*;

    #[test]
    fn the_console_says_each_event_in_both_languages() {
        let events = [
            NetEvent::Listening("/ip4/127.0.0.1/tcp/4001".parse().unwrap()),
            NetEvent::Path(GamePath::Relayed),
            NetEvent::Relay(RelayState::Lost),
            NetEvent::Room(RoomEvent::RelayBusy(Duration::from_millis(1500))),
            NetEvent::Rating(RatingNews::Counted { before: true }),
            NetEvent::Session(SessionEvent::Reconnecting { waited: Duration::from_secs(7) }),
            NetEvent::Session(SessionEvent::Resumed { common_ply: 12, replayed: 2 }),
            NetEvent::Session(SessionEvent::RematchDeclined { by: Refuser::Peer }),
        ];
        for event in &events {
            let (fr, en) = (Lang::Fr.console_line(event).unwrap(), Lang::En.console_line(event).unwrap());
            assert!(!fr.is_empty() && !en.is_empty() && fr != en, "{event:?}: « {fr} » / « {en} »");
            assert!(!fr.contains('{') && !en.contains('{'), "a word left unfilled: {fr} / {en}");
        }
        let busy = &events[3];
        assert_eq!(Lang::Fr.console_line(busy).unwrap(), "Relais saturé, nouvel essai dans 1.5 s…");
        assert_eq!(Lang::En.console_line(busy).unwrap(), "Relay busy, trying again in 1.5 s…");
        let back = &events[6];
        assert_eq!(
            Lang::En.console_line(back).unwrap(),
            "Reconnected: resuming at move 12 (2 moves sent again)."
        );
        assert_eq!(Lang::En.console_resumed(4, "Marie"), "Game resumed (4 moves) — waiting for Marie…");
        assert_eq!(Lang::Fr.console_line(&NetEvent::Saved { ply: 3, path: "x".into() }), None);
    }
}
