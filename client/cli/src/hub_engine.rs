//! An external Hub engine (`python3 -m dame hub`, Scan, Kingsrow…) at a draughts seat: a
//! `tripot_game::Player` over a child process speaking the Hub protocol.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use tripot_draughts::{DraughtsState, Game};
use tripot_game::{Budget, GameMove, GameState, Player, PlayerError};

use super::hub_protocol::{hub_move, hub_position, parse_hub_move, parse_line};

/// The most lines an engine may send before the answer awaited (its `info` lines included).
const MAX_LINES: usize = 100_000;

/// Why the engine cannot be used.
#[derive(Debug, thiserror::Error)]
pub(crate) enum HubEngineError {
    /// The command could not be started.
    #[error("cannot start {command:?}: {error}")]
    Spawn {
        /// The command.
        command: String,
        /// Why.
        error: std::io::Error,
    },
    /// Reading or writing its pipes failed.
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// It stopped, or never sent what the protocol asks for.
    #[error("the engine did not answer {0}")]
    NoAnswer(&'static str),
    /// Its move is no legal move of the position.
    #[error("the engine played {0}, which is no legal move here")]
    IllegalMove(String),
}

/// A Hub engine, started and initialised.
pub(crate) struct HubEngine {
    name: String,
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
    /// The `level` line sent before each search (`level nodes=100000`).
    level: String,
}

impl HubEngine {
    /// Starts `command` through the shell and speaks `hub` and `init` with it; each search is
    /// limited by `level` (the words after `level`, e.g. `nodes=100000`).
    pub(crate) fn start(command: &str, level: &str) -> Result<HubEngine, HubEngineError> {
        let mut child = Command::new("sh")
            .args(["-c", command])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|error| HubEngineError::Spawn { command: command.to_owned(), error })?;
        let (Some(input), Some(output)) = (child.stdin.take(), child.stdout.take()) else {
            return Err(HubEngineError::NoAnswer("hub"));
        };
        let mut engine = HubEngine {
            name: command.to_owned(),
            child,
            input,
            output: BufReader::new(output),
            level: format!("level {level}"),
        };
        engine.send("hub")?;
        let id = engine.wait_for("wait", "hub")?;
        if let Some(id) = id.iter().filter_map(|l| parse_line(l)).find(|l| l.command == "id")
            && let Some(name) = id.arg("name")
        {
            engine.name = name.to_owned();
        }
        engine.send("init")?;
        engine.wait_for("ready", "init")?;
        Ok(engine)
    }

    fn send(&mut self, line: &str) -> Result<(), HubEngineError> {
        writeln!(self.input, "{line}")?;
        Ok(self.input.flush()?)
    }

    /// Reads lines until one whose command is `command`; returns them all (that one last).
    fn wait_for(&mut self, command: &str, asked: &'static str) -> Result<Vec<String>, HubEngineError> {
        let mut lines = Vec::new();
        for _ in 0..MAX_LINES {
            let mut line = String::new();
            if self.output.read_line(&mut line)? == 0 {
                return Err(HubEngineError::NoAnswer(asked));
            }
            let done = parse_line(&line).is_some_and(|l| l.command == command);
            lines.push(line);
            if done {
                return Ok(lines);
            }
        }
        Err(HubEngineError::NoAnswer(asked))
    }

    /// The engine's move in `state`.
    pub(crate) fn search(&mut self, state: &DraughtsState) -> Result<GameMove, HubEngineError> {
        self.send(&position_line(state.game()))?;
        let level = self.level.clone();
        self.send(&level)?;
        self.send("go think")?;
        let lines = self.wait_for("done", "go")?;
        let done = lines.last().and_then(|l| parse_line(l)).ok_or(HubEngineError::NoAnswer("go"))?;
        let text = done.arg("move").ok_or(HubEngineError::NoAnswer("go"))?.to_owned();
        let m = parse_hub_move(state.position(), &text).ok_or(HubEngineError::IllegalMove(text))?;
        Ok(state.game_move(&m))
    }
}

/// The `pos` line of a game: its start and the moves since, so that the engine sees the
/// repetitions too.
fn position_line(game: &Game) -> String {
    let moves: Vec<String> = game.moves().iter().map(hub_move).collect();
    if moves.is_empty() {
        format!("pos pos={}", hub_position(game.start()))
    } else {
        format!("pos pos={} moves=\"{}\"", hub_position(game.start()), moves.join(" "))
    }
}

impl Drop for HubEngine {
    fn drop(&mut self) {
        // Ask it to leave, then make sure it does: a child must not outlive the match.
        let _ = self.send("quit");
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Player for HubEngine {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn choose(&mut self, state: &dyn GameState, budget: &Budget) -> Result<GameMove, PlayerError> {
        let draughts = state
            .as_any()
            .downcast_ref::<DraughtsState>()
            .ok_or_else(|| PlayerError::Unsupported(state.spec().clone()))?;
        if state.to_move().is_none() {
            return Err(PlayerError::GameOver);
        }
        if budget.is_cancelled() {
            return Err(PlayerError::Cancelled);
        }
        self.search(draughts).map_err(|_| PlayerError::Unavailable)
    }
}
