//! Speed of the star games' move generator: perft from the start of the six-player variants,
//! every run checking the count it produces (`tests/data/star-perft.txt`).
//!
//! `cargo bench -p tripot-engine --bench star`

// criterion_group! and criterion_main! generate public functions without documentation.
#![allow(missing_docs)]

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use tripot_engine::{Colour, StarPosition, Variant, star_perft};

/// Known perft counts from the start, S to move.
const PERFT: [(&str, u32, u64); 4] = [
    ("kawu-6", 5, 571_130),
    ("halma-6", 5, 548_842),
    ("captures-6", 3, 283_182),
    ("captures-6", 4, 25_688_472),
];

fn bench_star_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("star_perft");
    group.sample_size(10).measurement_time(Duration::from_secs(4));
    for (name, depth, nodes) in PERFT {
        let Ok(variant) = name.parse::<Variant>() else {
            continue;
        };
        let Ok(start) = StarPosition::start(variant, Colour::S) else {
            continue;
        };
        group.throughput(Throughput::Elements(nodes));
        group.bench_with_input(BenchmarkId::new(name, depth), &depth, |b, &depth| {
            b.iter(|| assert_eq!(star_perft(black_box(&start), depth), nodes));
        });
    }
    group.finish();
}

criterion_group!(benches, bench_star_perft);
criterion_main!(benches);
