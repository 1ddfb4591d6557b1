//! Speed of the move generator: perft from the format-1 start under both presets (the shared
//! `perft` and `perft_plain`, which generates every node afresh as the computer opponent does),
//! and legal moves of fixed mid-game positions of each format (`benches/data/midgame.txt`) and
//! of 9,000 distinct positions from random games (`legal_moves/played`).
//!
//! Like shakmaty's benches, every measured run checks the count it produces, so a faster but
//! wrong generator cannot look good here.
//!
//! `cargo bench -p tripot-engine --bench movegen` (add `-- perft/`, `-- perft_plain` or
//! `-- legal_moves` to pick).

// criterion_group! and criterion_main! generate public functions without documentation.
#![allow(missing_docs)]

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use tripot_engine::{Camp, Format, Position, perft, perft_plain};

#[path = "support/positions.rs"]
mod positions;
use positions::{PERFT, midgame, played};

fn bench_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10).measurement_time(Duration::from_secs(4));
    for (rules, depth, nodes) in PERFT {
        let start = Position::start(Format::One, rules, Camp::A);
        group.throughput(Throughput::Elements(nodes));
        group.bench_with_input(BenchmarkId::new(rules.name(), depth), &depth, |b, &depth| {
            b.iter(|| assert_eq!(perft(black_box(&start), depth), nodes));
        });
    }
    group.finish();
}

/// Perft without the shared last two plies: every node's moves generated afresh, which is what
/// single-position move generation costs.
fn bench_perft_plain(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft_plain");
    group.sample_size(10).measurement_time(Duration::from_secs(6));
    for (rules, depth, nodes) in PERFT.into_iter().filter(|&(_, depth, _)| depth == 5) {
        let start = Position::start(Format::One, rules, Camp::A);
        group.throughput(Throughput::Elements(nodes));
        group.bench_with_input(BenchmarkId::new(rules.name(), depth), &depth, |b, &depth| {
            b.iter(|| assert_eq!(perft_plain(black_box(&start), depth), nodes));
        });
    }
    group.finish();
}

fn bench_legal_moves(c: &mut Criterion) {
    let mut group = c.benchmark_group("legal_moves");
    for format in 1..=3u8 {
        let positions = midgame(Some(format));
        assert_eq!(positions.len(), 8, "format {format}: 8 positions in benches/data/midgame.txt");
        let total: usize = positions.iter().map(|(_, n)| n).sum();
        group.throughput(Throughput::Elements(positions.len() as u64));
        group.bench_with_input(BenchmarkId::new("list", format), &positions, |b, positions| {
            b.iter(|| {
                let listed: usize = positions.iter().map(|(p, _)| black_box(p).legal_moves().len()).sum();
                assert_eq!(listed, total);
            });
        });
        group.bench_with_input(BenchmarkId::new("count", format), &positions, |b, positions| {
            b.iter(|| {
                let counted: usize = positions.iter().map(|(p, _)| black_box(p).count_legal_moves()).sum();
                assert_eq!(counted, total);
            });
        });
    }
    group.finish();
}

/// The legal moves of 9,000 distinct positions, each listed once an iteration. The fixed
/// positions above come back thousands of times, so the branch predictor learns them; a search
/// meets positions once, and this is closer to it.
fn bench_played(c: &mut Criterion) {
    let positions = played(3_000);
    let mut group = c.benchmark_group("legal_moves");
    group.sample_size(10).throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("played", |b| {
        b.iter(|| {
            let listed: usize = positions.iter().map(|p| black_box(p).legal_moves().len()).sum();
            assert_eq!(listed, 1_247_564);
        });
    });
    group.finish();
}

criterion_group!(benches, bench_perft, bench_perft_plain, bench_legal_moves, bench_played);
criterion_main!(benches);
