//! A line-oriented interactive mode: events are printed as sentences (the catalogue's, in the
//! player's language), moves are typed in notation (`m4-m5`, `m1-m3-k5`, `m1<>l2`), plus
//! `resign`, `claim` and `quit`.

use std::io::{BufRead as _, Write as _};

use tokio::sync::mpsc;
use tripot_app::i18n::Lang;
use tripot_net::online::RoomEvent;
use tripot_net::{NetEvent, OnlineGame, SessionEvent, SessionHandle};

use crate::CliError;

fn say(line: &str) {
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

pub(crate) async fn run(mut handle: SessionHandle, restored: Option<OnlineGame>) -> Result<(), CliError> {
    let lang = Lang::current();
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
        say(&lang.console_resumed(game.moves().len(), &game.peer_name));
    }
    say(lang.console_how_to_play());
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
                if let Some(text) = lang.console_line(&event) {
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
                    say(lang.console_over_hint());
                }
            }
        }
    }
}
