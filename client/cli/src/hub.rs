//! `tripot hub`: our draughts player speaking the Hub protocol on standard input and output, so
//! that a Hub GUI (or another program's match runner) can play it.
//!
//! Answers: `hub` → `id …`, the `param`s, `wait`; `init` → `ready`; `pos pos=… [moves="…"]` (or
//! `pos start`) sets the position; `level …` is accepted (our level's node budget decides;
//! `move-time=` caps the time); `go think` → `done move=…`; `ping` → `pong`; `new-game`, `stop`,
//! `set-param` are accepted; `quit` ends. An unknown or wrong line gets `error message="…"`.

use std::io::{BufRead, Write};
use std::time::Duration;

use tripot_ai::draughts::DraughtsAi;
use tripot_ai::{Level, draughts_level};
use tripot_draughts::Game;

use super::CliError;
use super::hub_protocol::{HubLine, hub_move, parse_hub_move, parse_hub_position, parse_line, quoted};

/// Arguments of `tripot hub`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// Our level: facile, moyen, difficile (or a star-board level, mapped as `tripot_ai::player` does).
    #[arg(long, default_value = "difficile")]
    pub(crate) level: Level,
    /// Seed of the level's choices among near-equal moves.
    #[arg(long, default_value_t = 0)]
    pub(crate) seed: u64,
}

/// What the engine holds between lines.
struct HubSession {
    ai: DraughtsAi,
    game: Game,
    time: Option<Duration>,
}

/// Speaks the protocol until `quit` or the end of the input.
pub(crate) fn run(args: &Args) -> Result<(), CliError> {
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    let mut session = HubSession {
        ai: DraughtsAi::new(draughts_level(args.level), args.seed),
        game: Game::new(),
        time: None,
    };
    for line in stdin.lock().lines() {
        let Some(line) = parse_line(&line?) else {
            continue;
        };
        if line.command == "quit" {
            break;
        }
        for reply in session.answer(&line) {
            writeln!(out, "{reply}")?;
        }
        out.flush()?;
    }
    Ok(())
}

impl HubSession {
    /// The lines to send back for `line`.
    fn answer(&mut self, line: &HubLine) -> Vec<String> {
        match line.command.as_str() {
            "hub" => vec![
                format!("id name=tripot version={} author=Tripot", env!("CARGO_PKG_VERSION")),
                format!(
                    "param name=level value={} type=enum values=\"facile moyen difficile\"",
                    self.ai.level()
                ),
                "wait".to_owned(),
            ],
            "init" => vec!["ready".to_owned()],
            "ping" => vec!["pong".to_owned()],
            "new-game" | "stop" | "set-param" | "ponder-hit" => Vec::new(),
            "level" => {
                self.time = line
                    .arg("move-time")
                    .and_then(|t| t.parse::<f64>().ok())
                    .filter(|t| t.is_finite() && *t > 0.0)
                    .map(Duration::from_secs_f64);
                Vec::new()
            }
            "pos" => match self.position(line) {
                Ok(game) => {
                    self.game = game;
                    Vec::new()
                }
                Err(refusal) => vec![error(&refusal.to_string())],
            },
            "go" => {
                let game = &self.game;
                let chosen =
                    self.ai.choose_stoppable(game.position(), game.repetition_hashes(), self.time, None);
                match chosen {
                    Some(m) => vec![format!("done move={}", hub_move(&m))],
                    None => vec![error("no legal move"), "done".to_owned()],
                }
            }
            other => vec![error(&format!("unknown command {other}"))],
        }
    }

    /// The game a `pos` line sets: its position, then its moves played.
    fn position(&self, line: &HubLine) -> Result<Game, PosRefusal> {
        let start = match line.arg("pos") {
            Some(text) => parse_hub_position(text).ok_or_else(|| PosRefusal::BadPosition(text.to_owned()))?,
            None if line.has("start") => tripot_draughts::Position::start(),
            None => return Err(PosRefusal::NoPosition),
        };
        let mut game = Game::from_position(start);
        for text in line.arg("moves").unwrap_or("").split_whitespace() {
            let m =
                parse_hub_move(game.position(), text).ok_or_else(|| PosRefusal::Illegal(text.to_owned()))?;
            game.play(&m).map_err(|e| PosRefusal::NotPlayed(text.to_owned(), e.to_string()))?;
        }
        Ok(game)
    }
}

/// Why a `pos` line sets no game (said back in an `error` line, the protocol's own words).
#[derive(Debug, thiserror::Error)]
enum PosRefusal {
    #[error("bad position {0}")]
    BadPosition(String),
    #[error("pos needs pos=… or start")]
    NoPosition,
    #[error("illegal move {0}")]
    Illegal(String),
    #[error("{0}: {1}")]
    NotPlayed(String, String),
}

/// An `error` line.
fn error(message: &str) -> String {
    format!("error message={}", quoted(message))
}
