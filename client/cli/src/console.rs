//! A line-oriented interactive mode: events are printed as sentences, moves are typed in
//! notation (`m4-m5`, `m1-m3-k5`, `m1<>l2`), plus `resign`, `claim` and `quit`.

use std::io::{BufRead as _, Write as _};

use tokio::sync::mpsc;
use tripot_net::online::{RatingNews, RelayState, RoomEvent};
use tripot_net::{NetEvent, OnlineGame, Refuser, SessionEvent, SessionHandle};

use crate::CliError;

fn say(line: &str) {
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

pub(crate) async fn run(mut handle: SessionHandle, restored: Option<OnlineGame>) -> Result<(), CliError> {
    let (lines_tx, mut lines) = mpsc::unbounded_channel::<String>();
    std::thread::spawn(move || {
        for line in std::io::stdin().lock().lines() {
            let Ok(line) = line else { break };
            if lines_tx.send(line).is_err() {
                break;
            }
        }
    });
    if let Some(game) = &restored {
        say(&format!("Partie reprise ({} coups) — en attente de {}…", game.moves().len(), game.peer_name));
    }
    say("Coups en notation (m4-m5, m1-m3-k5, m1<>l2) ; resign, claim, rematch, decline, quit.");
    let mut over = false;
    loop {
        tokio::select! {
            event = handle.next_event() => {
                let Some(event) = event else { return Err(CliError::SessionStopped) };
                if let NetEvent::Room(RoomEvent::Failed(error)) = &event {
                    return Err(CliError::Room(error.clone()));
                }
                if let Some(refusal) = super::final_refusal(&event) {
                    return Err(refusal);
                }
                match &event {
                    NetEvent::Session(SessionEvent::GameOver(_)) => over = true,
                    NetEvent::Session(SessionEvent::RematchStarted { .. }) => over = false,
                    _ => {}
                }
                if let Some(text) = describe(&event) {
                    say(&text);
                }
            }
            line = lines.recv() => {
                let Some(line) = line else { return Ok(()) };
                match line.trim() {
                    "" => {}
                    "quit" | "q" => return Ok(()),
                    "resign" => handle.resign(),
                    "claim" => handle.claim(),
                    "rematch" | "revanche" => handle.offer_rematch(),
                    "decline" => handle.answer_rematch(false),
                    // The session's game verifies it and says why it refuses it.
                    text => handle.play(text),
                }
                if over {
                    say("La partie est finie : rematch pour une revanche, quit pour sortir.");
                }
            }
        }
    }
}

fn describe(event: &NetEvent) -> Option<String> {
    Some(match event {
        NetEvent::Listening(addr) => format!("Adresse à partager : {addr}"),
        NetEvent::Saved { .. } => return None,
        NetEvent::Warning(text) => format!("(avertissement) {text}"),
        NetEvent::LocalError(error) => format!("Refusé : {error}"),
        NetEvent::Path(tripot_net::GamePath::Direct) => String::from("Connexion directe avec l'adversaire."),
        NetEvent::Path(tripot_net::GamePath::Relayed) => String::from("Partie via le relais."),
        NetEvent::Relay(RelayState::Connecting) => String::from("Connexion au relais…"),
        NetEvent::Relay(RelayState::Connected) => String::from("Relais joint."),
        NetEvent::Relay(RelayState::Reserved) => String::from("Joignable par le relais."),
        NetEvent::Relay(RelayState::Lost) => String::from("Relais perdu : nouvel essai…"),
        NetEvent::Room(RoomEvent::Open(code)) => {
            format!("Code du salon : {code}  (votre ami tape : tripot join {code})")
        }
        NetEvent::Room(RoomEvent::Closed) => String::from("Salon fermé."),
        NetEvent::Room(RoomEvent::Refused { guest, why }) => format!("(salon) {guest} refusé : {why}"),
        NetEvent::Room(RoomEvent::RelayBusy(wait)) => {
            format!("Relais saturé, nouvel essai dans {:.1} s…", wait.as_secs_f32())
        }
        NetEvent::Room(RoomEvent::Found(_)) => String::from("Salon trouvé, connexion à l'hôte…"),
        NetEvent::Room(RoomEvent::Joined) => String::from("Code vérifié des deux côtés."),
        NetEvent::Room(RoomEvent::Failed(error)) => format!("Salon : {error}"),
        NetEvent::Rating(RatingNews::Kept { submitting: true, .. }) => {
            String::from("Résultat signé par les deux joueurs : envoyé au classement du relais…")
        }
        NetEvent::Rating(RatingNews::Kept { submitting: false, .. }) => String::from(
            "Résultat signé par les deux joueurs et gardé (tripot ratings submit --relay … pour l'envoyer).",
        ),
        NetEvent::Rating(RatingNews::Counted { before: false }) => {
            String::from("Partie comptée au classement.")
        }
        NetEvent::Rating(RatingNews::Counted { before: true }) => {
            String::from("Partie déjà comptée au classement.")
        }
        NetEvent::Session(event) => match event {
            SessionEvent::Connected { game, local_seat, opener, peer_name, state, .. } => format!(
                "Connecté à {peer_name} ({game}). Vous jouez {}, {} commence.\n{}",
                state.0.seat_name(*local_seat),
                state.0.seat_name(*opener),
                state.0.position_string()
            ),
            SessionEvent::MoveSent { ply, text, .. } => format!("{ply}. vous : {text}"),
            SessionEvent::MoveReceived { ply, text, state, .. } => {
                format!("{ply}. adversaire : {text}\n{}", state.0.position_string())
            }
            SessionEvent::MoveAcknowledged { .. } => return None,
            SessionEvent::Rejected { by: Refuser::Local, reason, detail, .. } => {
                format!("Coup de l'adversaire refusé ({reason}) : {detail}")
            }
            SessionEvent::Rejected { by: Refuser::Peer, reason, detail, .. } => {
                format!("L'adversaire a refusé ({reason}) : {detail}")
            }
            SessionEvent::PeerDisconnected => String::from("Connexion perdue."),
            SessionEvent::PeerLeft => String::from("L'adversaire quitte la partie (elle reste sauvegardée)."),
            SessionEvent::ResultSigned(_) => return None,
            SessionEvent::ResultUnsigned(tripot_net::UnsignedCause::PeerDeclined) => {
                String::from("L'adversaire ne signe pas le résultat (invité) : partie non classée.")
            }
            SessionEvent::ResultUnsigned(tripot_net::UnsignedCause::NoAnswer) => {
                String::from("Pas de signature de l'adversaire : partie non classée.")
            }
            SessionEvent::HandshakeAborted { .. } => {
                String::from("Un invité est reparti avant le début : la table est de nouveau libre.")
            }
            SessionEvent::Refused { reason, detail, retry_in: Some(wait) } => {
                format!(
                    "L'hôte refuse pour l'instant ({reason}) {detail} — nouvel essai dans {} s.",
                    wait.as_secs()
                )
            }
            SessionEvent::Refused { reason, detail, retry_in: None } => {
                format!("L'hôte a refusé la partie ({reason}) : {detail}")
            }
            SessionEvent::Reconnecting { waited } => format!("reconnexion… ({} s)", waited.as_secs()),
            SessionEvent::GraceExpired { .. } => {
                String::from("L'adversaire ne revient pas : tapez claim pour gagner la partie, ou attendez.")
            }
            SessionEvent::Resumed { common_ply, replayed } => {
                format!("Reconnecté : reprise au coup {common_ply} ({replayed} coups renvoyés).")
            }
            SessionEvent::GameOver(ending) => format!("Partie terminée : {ending}"),
            SessionEvent::RematchOffered => String::from(
                "L'adversaire propose une revanche : rematch pour accepter, decline pour refuser.",
            ),
            SessionEvent::RematchDeclined { by: Refuser::Local } => String::from("Revanche refusée."),
            SessionEvent::RematchDeclined { by: Refuser::Peer } => {
                String::from("Pas de revanche : l'adversaire a refusé ou est parti.")
            }
            SessionEvent::RematchStarted { number, .. } => format!("Revanche : partie n° {number}."),
        },
    })
}
