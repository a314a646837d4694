//! Insert and lookup at n = 1,000,000, p = 1%: Bloom Lab's filter against the `bloomfilter`
//! crate on the same keys in the same run.

use bloomlab_core::data::generate::{item, ItemKind};
use bloomlab_core::engine::filter::BloomFilter;
use bloomlab_core::engine::formulas::size_for;
use bloomlab_core::engine::hashing::HashFamily;
use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use std::hint::black_box;

const N: u64 = 1_000_000;

fn keys(seed: u64) -> Vec<String> {
    (0..N).map(|i| item(ItemKind::Urls, seed, i)).collect()
}

fn bench(c: &mut Criterion) {
    let (m, k) = size_for(N, 0.01).unwrap();
    let members = keys(0);
    let strangers = keys(1);
    let mut g = c.benchmark_group("n=1e6 p=1%");
    g.sample_size(10);

    for family in [HashFamily::Double, HashFamily::Xxh3] {
        g.bench_function(format!("bloomlab {} insert", family.name()), |b| {
            b.iter_batched(
                || BloomFilter::new(family, m, k),
                |mut f| {
                    for key in &members {
                        f.insert_bytes(key.as_bytes());
                    }
                    f
                },
                BatchSize::LargeInput,
            )
        });
        let mut full = BloomFilter::new(family, m, k);
        members.iter().for_each(|key| {
            full.insert_bytes(key.as_bytes());
        });
        g.bench_function(format!("bloomlab {} lookup", family.name()), |b| {
            b.iter(|| strangers.iter().filter(|key| full.contains_bytes(black_box(key.as_bytes()))).count())
        });
    }

    g.bench_function("bloomfilter crate insert", |b| {
        b.iter_batched(
            || bloomfilter::Bloom::<str>::new_for_fp_rate_with_seed(N as usize, 0.01, &[7u8; 32]).unwrap(),
            |mut f| {
                for key in &members {
                    f.set(key.as_str());
                }
                f
            },
            BatchSize::LargeInput,
        )
    });
    let mut theirs = bloomfilter::Bloom::<str>::new_for_fp_rate_with_seed(N as usize, 0.01, &[7u8; 32]).unwrap();
    members.iter().for_each(|key| theirs.set(key.as_str()));
    g.bench_function("bloomfilter crate lookup", |b| {
        b.iter(|| strangers.iter().filter(|key| theirs.check(black_box(key.as_str()))).count())
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
