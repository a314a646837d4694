//! Insert and lookup at n = 1,000,000, p = 1%: Bloom Lab's filter against the `bloomfilter`
//! crate on the same keys in the same run; item by item (`insert_bytes`), through the kernels'
//! bulk path (`insert_all`), and generating the keys as it goes (`insert_generated`).

use bloomlab_core::data::dataset::Reader;
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
        // The bulk path the page takes (`bloomlab-kernels`): positions gathered in groups.
        g.bench_function(format!("bloomlab {} insert_all", family.name()), |b| {
            b.iter_batched(
                || BloomFilter::new(family, m, k),
                |mut f| {
                    f.insert_all(&members);
                    f
                },
                BatchSize::LargeInput,
            )
        });
        g.bench_function(format!("bloomlab {} generate and insert", family.name()), |b| {
            b.iter_batched(
                || BloomFilter::new(family, m, k),
                |mut f| {
                    f.insert_generated(ItemKind::Urls, 0, 0..N);
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

/// People's own files: a 37.7 MB file of 1,000,000 URL lines read, normalised, deduplicated and
/// split, in one go (the page does the same work in ~8 ms slices).
fn read_file(c: &mut Criterion) {
    let text = (0..N).map(|i| format!("https://host{}.example.org/p/{i}", i % 5000)).collect::<Vec<_>>().join("\n");
    let mut g = c.benchmark_group("own file, 1e6 URL lines");
    g.sample_size(10);
    g.bench_function("read, normalise, deduplicate", |b| {
        b.iter_batched(
            || text.clone().into_bytes(),
            |bytes| {
                let mut r = Reader::new(Some("million.txt"), bytes).unwrap();
                while !r.is_done() {
                    r.work(100_000);
                }
                r.finish().unwrap()
            },
            BatchSize::LargeInput,
        )
    });
    g.finish();
}

criterion_group!(benches, bench, read_file);
criterion_main!(benches);
