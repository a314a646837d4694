//! Key–value data: (employee, department, salary) tuples and the question "what is the average
//! salary range within a department?". Sampling tuples shrinks every range (a department keeps
//! only some of its employees, a small one may keep one or none); sampling departments by key
//! keeps whole departments, so their ranges are exact.

use xxhash_rust::xxh3::xxh3_64_with_seed;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tuple {
    pub employee: u32,
    pub department: u32,
    pub salary: u32,
}

/// Seeded tuples: `departments` departments of 2 to 60 employees, each with its own salary band.
pub fn tuples(departments: u32, seed: u64) -> Vec<Tuple> {
    let mut rng = fastrand::Rng::with_seed(seed ^ 0x5A1A);
    let mut out = Vec::new();
    let mut employee = 1000;
    for dept in 0..departments {
        let size = rng.u32(2..=60);
        let base = rng.u32(30_000..=70_000);
        let spread = rng.u32(5_000..=60_000);
        for _ in 0..size {
            out.push(Tuple { employee, department: dept, salary: base + rng.u32(0..=spread) });
            employee += 1;
        }
    }
    out
}

/// The average over departments present of (largest − smallest salary), and how many departments.
pub fn average_range(tuples: &[Tuple], departments: u32) -> (f64, u32) {
    let mut lo = vec![u32::MAX; departments as usize];
    let mut hi = vec![0u32; departments as usize];
    for t in tuples {
        let d = t.department as usize;
        lo[d] = lo[d].min(t.salary);
        hi[d] = hi[d].max(t.salary);
    }
    let present: Vec<usize> = (0..departments as usize).filter(|&d| lo[d] != u32::MAX).collect();
    // A fold from +0: an empty sum of floats is −0, which would print as "-0".
    let sum = present.iter().fold(0.0, |a, &d| a + (hi[d] - lo[d]) as f64);
    (sum / present.len().max(1) as f64, present.len() as u32)
}

/// The three answers: the truth, a sample of tuples at rate r, a sample of departments by key.
#[derive(Clone, Debug, PartialEq)]
pub struct SalaryStudy {
    pub departments: u32,
    pub tuples: usize,
    pub truth: f64,
    pub by_tuple: (f64, u32, usize),
    pub by_key: (f64, u32, usize),
}

/// The two samples of `all` drawn with `seed`: tuples at rate r, departments by key.
fn samples(all: &[Tuple], r: f64, buckets: u64, seed: u64) -> (Vec<Tuple>, Vec<Tuple>) {
    let mut rng = fastrand::Rng::with_seed(seed ^ 0x7A9);
    let sampled: Vec<Tuple> = all.iter().copied().filter(|_| rng.f64() < r).collect();
    let cut = super::cut(r, buckets);
    let keyed: Vec<Tuple> = all
        .iter()
        .copied()
        .filter(|t| xxh3_64_with_seed(&t.department.to_le_bytes(), seed ^ 0xDE97) % buckets.max(1) < cut)
        .collect();
    (sampled, keyed)
}

/// The two answers averaged over `runs` samples of the same data (sample seeds `seed + 1 ..`),
/// counting only samples that hold at least one department: (by tuple, by key, the samples
/// that counted for each).
#[derive(Clone, Debug, PartialEq)]
pub struct SalaryBias {
    pub runs: u64,
    pub by_tuple: (f64, u64),
    pub by_key: (f64, u64),
}

impl SalaryBias {
    /// A mean as a hook's value: empty when no sample counted, never NaN.
    pub fn attr((mean, samples): (f64, u64)) -> String {
        if samples == 0 {
            String::new()
        } else {
            mean.to_string()
        }
    }
}

pub fn bias(departments: u32, r: f64, buckets: u64, seed: u64, runs: u64) -> SalaryBias {
    let all = tuples(departments, seed);
    let (mut t, mut k) = ((0.0, 0u64), (0.0, 0u64));
    for i in 1..=runs {
        let (sampled, keyed) = samples(&all, r, buckets, seed.wrapping_add(i));
        for (acc, part) in [(&mut t, &sampled), (&mut k, &keyed)] {
            let (avg, present) = average_range(part, departments);
            if present > 0 {
                acc.0 += avg;
                acc.1 += 1;
            }
        }
    }
    // No sample counted (a tiny rate): 0 with a count of 0, read through `SalaryBias::attr`.
    let mean = |(sum, n): (f64, u64)| (sum / n.max(1) as f64, n);
    SalaryBias { runs, by_tuple: mean(t), by_key: mean(k) }
}

pub fn study(departments: u32, r: f64, buckets: u64, seed: u64) -> SalaryStudy {
    let all = tuples(departments, seed);
    let truth = average_range(&all, departments).0;
    let (sampled, keyed) = samples(&all, r, buckets, seed);
    let (a, da) = average_range(&sampled, departments);
    let (b, db) = average_range(&keyed, departments);
    SalaryStudy {
        departments,
        tuples: all.len(),
        truth,
        by_tuple: (a, da, sampled.len()),
        by_key: (b, db, keyed.len()),
    }
}
