//! `tripot tournament --a LEVEL --b LEVEL`: games between two computer levels, and what they
//! show: wins, wins by count, game length, think time per move.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use indicatif::{ProgressBar, ProgressStyle};
use tripot_ai::Level;
use tripot_ai::arena::{GameReport, GameSetup, MAX_PLIES, play_game};
use tripot_engine::{Camp, Format, Record, Rules, WinReason, date_from_unix};

use super::CliError;

/// Arguments of `tripot tournament`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// Level of player A (camp A: S, SE, SW).
    #[arg(long, required_unless_present = "variant")]
    pub(crate) a: Option<Level>,
    /// Level of player B (camp B: N, NW, NE).
    #[arg(long, required_unless_present = "variant")]
    pub(crate) b: Option<Level>,
    /// A star game of RULES-STAR.md §2 instead of the duel (kawu-3, halma-6, captures-4…),
    /// with its players given by --seats.
    #[arg(long, requires = "seats", conflicts_with_all = ["a", "b", "format", "rules"])]
    pub(crate) variant: Option<tripot_engine::Variant>,
    /// With --variant: a player per seat, in playing order, e.g. `impossible,moyen,moyen`
    /// (a level, or `greedy`: the longest capture, the most forward move). The list turns by
    /// a seat each game, so that every player sits at every seat.
    #[arg(long, requires = "variant")]
    pub(crate) seats: Option<String>,
    /// Number of games; A opens the even-numbered ones (0, 2, …), B the others.
    #[arg(long, default_value_t = 10)]
    pub(crate) games: usize,
    /// Colours per camp: 1, 2 or 3.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=3))]
    pub(crate) format: u8,
    /// The rules preset.
    #[arg(long, default_value = "tripot")]
    pub(crate) rules: Rules,
    /// Seed of game 0; game i uses seed + i.
    #[arg(long, default_value_t = 0)]
    pub(crate) seed: u64,
    /// Games played at once (threads). Think times are only meaningful with 1 on a busy machine.
    #[arg(long, default_value_t = 1)]
    pub(crate) jobs: usize,
    /// Save every game as a record in this folder (`game-0001.tripot`, …), created if needed.
    #[arg(long)]
    pub(crate) save: Option<PathBuf>,
}

/// Plays the games and prints the summary on stdout.
pub(crate) fn run(args: &Args) -> Result<(), CliError> {
    if let Some(variant) = args.variant {
        return super::star_tournament::run(args, variant);
    }
    if args.a.is_none() || args.b.is_none() {
        return Err(CliError::NoPlayers);
    }
    let format = Format::from_number(args.format).ok_or(CliError::BadFormat(args.format))?;
    if args.games == 0 {
        return Err(CliError::NoGames);
    }
    let reports = play_all(args, format);
    if let Some(dir) = &args.save {
        save_all(dir, args, format, &reports)?;
    }
    let summary = Summary::of(&reports);
    std::io::stdout().lock().write_all(summary.render(args, format).as_bytes())?;
    if summary.failures > 0 {
        return Err(CliError::GamesFailed(summary.failures));
    }
    Ok(())
}

/// The duel's two levels; `run` has checked that both are given.
fn levels(args: &Args) -> [Level; 2] {
    [args.a.unwrap_or(Level::Impossible), args.b.unwrap_or(Level::Impossible)]
}

fn setup(args: &Args, format: Format, game: usize) -> GameSetup {
    GameSetup {
        format,
        rules: args.rules,
        opener: if game.is_multiple_of(2) { Camp::A } else { Camp::B },
        players: levels(args),
        seed: args.seed.wrapping_add(game as u64),
        opening: 2,
    }
}

/// Writes each game as a record: players named by level, the seed as an extra tag, the result
/// when the game ended, a reason when it did not.
fn save_all(dir: &Path, args: &Args, format: Format, reports: &[GameReport]) -> Result<(), CliError> {
    let io = |error| CliError::CannotSave { dir: dir.to_path_buf(), error };
    std::fs::create_dir_all(dir).map_err(io)?;
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let date = date_from_unix(i64::try_from(now).unwrap_or(0));
    for (game, report) in reports.iter().enumerate() {
        let setup = setup(args, format, game);
        let mut record = Record::new(setup.format, setup.rules, setup.opener);
        record.players = setup.players.map(|l| Some(format!("{} ({l})", l.opponent())));
        record.date = Some(date.clone());
        let record_error = |error| CliError::Record { name: dir.display().to_string(), error };
        record.set_tag("Seed", &setup.seed.to_string()).map_err(record_error)?;
        let mut pos = report.start;
        for &mv in &report.moves {
            match record.play(&pos, mv) {
                Ok(next) => pos = next,
                Err(e) => {
                    record.reason = Some(format!("illegal move {mv}: {}", e.reason));
                    break;
                }
            }
        }
        if report.outcome.is_none() && record.reason.is_none() {
            record.reason = Some(format!("stopped after {MAX_PLIES} plies"));
        }
        std::fs::write(dir.join(format!("game-{:04}.tripot", game + 1)), record.to_string()).map_err(io)?;
    }
    Ok(())
}

fn play_all(args: &Args, format: Format) -> Vec<GameReport> {
    let bar = ProgressBar::new(args.games as u64);
    if let Ok(style) =
        ProgressStyle::with_template("{bar:40} {pos}/{len} games  {msg}  [{elapsed_precise} / ~{eta}]")
    {
        bar.set_style(style);
    }
    let next = AtomicUsize::new(0);
    let slots: Mutex<Vec<Option<GameReport>>> = Mutex::new(vec![None; args.games]);
    let wins = [AtomicUsize::new(0), AtomicUsize::new(0)];
    std::thread::scope(|scope| {
        for _ in 0..args.jobs.clamp(1, 64) {
            scope.spawn(|| {
                loop {
                    let game = next.fetch_add(1, Ordering::Relaxed);
                    if game >= args.games {
                        break;
                    }
                    let report = play_game(&setup(args, format, game));
                    if let Some(o) = report.outcome {
                        wins[o.winner.index()].fetch_add(1, Ordering::Relaxed);
                    }
                    if let Ok(mut slots) = slots.lock() {
                        slots[game] = Some(report);
                    }
                    bar.set_message(format!(
                        "A {} - B {}",
                        wins[0].load(Ordering::Relaxed),
                        wins[1].load(Ordering::Relaxed)
                    ));
                    bar.inc(1);
                }
            });
        }
    });
    bar.finish_and_clear();
    slots.into_inner().unwrap_or_default().into_iter().flatten().collect()
}

/// The figures of a tournament.
#[derive(Debug, Default)]
struct Summary {
    games: usize,
    wins: [usize; 2],
    by_count: [usize; 2],
    failures: usize,
    plies: Vec<usize>,
    think: [Vec<Duration>; 2],
}

impl Summary {
    fn of(reports: &[GameReport]) -> Summary {
        let mut s = Summary { games: reports.len(), ..Summary::default() };
        for r in reports {
            match r.outcome {
                Some(o) if r.illegal.is_none() => {
                    s.wins[o.winner.index()] += 1;
                    if matches!(o.reason, WinReason::Count { .. }) {
                        s.by_count[o.winner.index()] += 1;
                    }
                }
                _ => s.failures += 1,
            }
            s.plies.push(r.moves.len());
            for side in 0..2 {
                s.think[side].extend_from_slice(&r.think[side]);
            }
        }
        for t in &mut s.think {
            t.sort();
        }
        s
    }

    fn render(&self, args: &Args, format: Format) -> String {
        let pct = |n: usize| 100.0 * n as f64 / self.games.max(1) as f64;
        let avg = self.plies.iter().sum::<usize>() as f64 / self.plies.len().max(1) as f64;
        let max_plies = self.plies.iter().max().copied().unwrap_or(0);
        let mut out = format!(
            "{} games, format {format}, {} rules, seed {}: A = {} ({}) vs B = {} ({})\n",
            self.games,
            args.rules,
            args.seed,
            levels(args)[0],
            levels(args)[0].opponent(),
            levels(args)[1],
            levels(args)[1].opponent()
        );
        out += &format!(
            "wins: A {} ({:.1}%), B {} ({:.1}%)\n",
            self.wins[0],
            pct(self.wins[0]),
            self.wins[1],
            pct(self.wins[1])
        );
        out += &format!("wins by count: A {}, B {}\n", self.by_count[0], self.by_count[1]);
        out += &format!("plies: average {avg:.1}, max {max_plies}\n");
        for (side, name) in [(0, "A"), (1, "B")] {
            let t = &self.think[side];
            let median = t.get(t.len() / 2).copied().unwrap_or_default();
            let max = t.last().copied().unwrap_or_default();
            out += &format!(
                "think time per move, {name} ({}): median {:.1} ms, max {:.1} ms over {} moves\n",
                levels(args)[side],
                median.as_secs_f64() * 1e3,
                max.as_secs_f64() * 1e3,
                t.len()
            );
        }
        out += &format!("failures (illegal move, or {MAX_PLIES} plies without an end): {}\n", self.failures);
        out
    }
}
