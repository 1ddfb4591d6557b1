//! `tripot tournament --variant NAME --seats LEVEL,LEVEL,…`: games between computer players of
//! a star game (RULES-STAR.md), the players turning round the table game by game, and what they
//! show: first places and mean place per player, plies, think times.

use std::io::Write;
use std::path::Path;
use std::time::Duration;

use tripot_ai::star::arena::{StarGameReport, StarPlayer, play_star_game};
use tripot_engine::{StarEnd, StarRecord, Variant, date_from_unix};

use super::CliError;
use super::tournament::Args;

/// Plays the games, saves them if asked, and prints the summary on stdout.
pub(crate) fn run(args: &Args, variant: Variant) -> Result<(), CliError> {
    let players = players(args, variant)?;
    if args.games == 0 {
        return Err(CliError::NoGames);
    }
    let n = players.len();
    let mut tables = Vec::with_capacity(args.games);
    for game in 0..args.games {
        let line_up = line_up(&players, game);
        let seed = args.seed.wrapping_add(game as u64);
        let report = play_star_game(variant, &line_up.iter().map(|&(_, p)| p).collect::<Vec<_>>(), seed)
            .ok_or(CliError::StarSetup { variant, game })?;
        tables.push((line_up, report));
    }
    if let Some(dir) = &args.save {
        save_all(dir, args, &tables)?;
    }
    let summary = render(args, variant, &players, &tables, n);
    std::io::stdout().lock().write_all(summary.0.as_bytes())?;
    if summary.1 > 0 {
        return Err(CliError::GamesFailed(summary.1));
    }
    Ok(())
}

/// The players of `--seats`, one per seat.
fn players(args: &Args, variant: Variant) -> Result<Vec<StarPlayer>, CliError> {
    let list = args.seats.as_deref().unwrap_or_default();
    let players: Vec<StarPlayer> = list
        .split(',')
        .map(|p| p.parse::<StarPlayer>().map_err(CliError::BadSeat))
        .collect::<Result<_, _>>()?;
    if players.len() != variant.seats().len() {
        return Err(CliError::SeatCount { variant, seats: variant.seats().len(), players: players.len() });
    }
    Ok(players)
}

/// Who sits where in game `game`: the list of `--seats` turned by `game` seats, each with its
/// index in that list (the player it is).
fn line_up(players: &[StarPlayer], game: usize) -> Vec<(usize, StarPlayer)> {
    let n = players.len();
    (0..n).map(|k| (k + n - game % n) % n).map(|i| (i, players[i])).collect()
}

/// Why a game counts as a failure: an illegal move, no end, or the variant's move limit reached
/// (the players never finished).
fn failure(report: &StarGameReport) -> Option<String> {
    if let Some((ply, mv)) = &report.illegal {
        return Some(format!("illegal move {mv} at ply {ply}"));
    }
    match &report.outcome {
        None => Some("no end".into()),
        Some(o) if o.end == StarEnd::MoveLimit => Some("the move limit was reached".into()),
        Some(_) => None,
    }
}

fn save_all(
    dir: &Path,
    args: &Args,
    tables: &[(Vec<(usize, StarPlayer)>, StarGameReport)],
) -> Result<(), CliError> {
    let io = |error: std::io::Error| CliError::CannotSave { dir: dir.to_path_buf(), error };
    std::fs::create_dir_all(dir).map_err(io)?;
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let date = date_from_unix(i64::try_from(now).unwrap_or(0));
    for (game, (_, report)) in tables.iter().enumerate() {
        let mut record = StarRecord::new(report.start.variant(), report.start.opener())
            .map_err(|error| CliError::BadStarPosition { variant: report.start.variant(), error })?;
        for (seat, player) in &report.seats {
            let name = match player {
                StarPlayer::Ai(level) | StarPlayer::Paranoid(level) => {
                    format!("{} ({level})", level.opponent())
                }
                StarPlayer::Greedy => "greedy".to_owned(),
            };
            record.set_player(*seat, &name);
        }
        let mut pos = report.start;
        for mv in &report.moves {
            record.push(pos.notation(mv));
            pos.play_unchecked(mv);
        }
        record.set_result(report.outcome.as_ref());
        // Extra tags go first: a record's tags all precede its moves, and readers keep the
        // ones they do not know.
        let text = format!("[Seed \"{}\"]\n[Date \"{date}\"]\n{record}", args.seed.wrapping_add(game as u64));
        std::fs::write(dir.join(format!("game-{:04}.tripot", game + 1)), text).map_err(io)?;
    }
    Ok(())
}

/// The summary, and the number of failed games.
fn render(
    args: &Args,
    variant: Variant,
    players: &[StarPlayer],
    tables: &[(Vec<(usize, StarPlayer)>, StarGameReport)],
    n: usize,
) -> (String, usize) {
    let mut firsts = vec![0usize; n];
    let mut places = vec![0u32; n];
    let mut games = vec![0u32; n];
    let mut think: Vec<Vec<Duration>> = vec![Vec::new(); n];
    let mut plies = Vec::new();
    let mut failures = Vec::new();
    for (game, (line_up, report)) in tables.iter().enumerate() {
        plies.push(report.moves.len());
        if let Some(why) = failure(report) {
            failures.push(format!("game {}: {why}", game + 1));
        }
        for (k, &(player, _)) in line_up.iter().enumerate() {
            games[player] += 1;
            if let Some(place) = report.place(k) {
                places[player] += u32::from(place);
                firsts[player] += usize::from(place == 1);
            }
            think[player].extend_from_slice(&report.think[k]);
        }
    }
    let list: Vec<&str> = players.iter().map(|p| p.key()).collect();
    let mut out =
        format!("{} games of {variant}, seed {}, seats {}\n", tables.len(), args.seed, list.join(","));
    for (i, player) in players.iter().enumerate() {
        think[i].sort();
        let t = &think[i];
        let median = t.get(t.len() / 2).copied().unwrap_or_default();
        let max = t.last().copied().unwrap_or_default();
        out += &format!(
            "player {} ({}): first {} of {} ({:.1}%), mean place {:.2}, think median {:.1} ms, max {:.1} ms over {} moves\n",
            i + 1,
            player.key(),
            firsts[i],
            games[i],
            100.0 * firsts[i] as f64 / f64::from(games[i].max(1)),
            f64::from(places[i]) / f64::from(games[i].max(1)),
            median.as_secs_f64() * 1e3,
            max.as_secs_f64() * 1e3,
            t.len()
        );
    }
    let avg = plies.iter().sum::<usize>() as f64 / plies.len().max(1) as f64;
    out += &format!("plies: average {avg:.1}, max {}\n", plies.iter().max().copied().unwrap_or(0));
    out += &format!("failures (illegal move, or the move limit without an end): {}\n", failures.len());
    for f in &failures {
        out += &format!("  {f}\n");
    }
    (out, failures.len())
}
