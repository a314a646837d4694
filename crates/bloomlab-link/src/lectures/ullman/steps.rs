//! The lecture's steps, one builder per kind of step: the empty filter, each insert and lookup,
//! the false-positive probability, the darts, and the slides' and the book's large examples.

use super::{slide_darts, BinarySplit, LectureStep, StepKind, UllmanLecture, K, MAX_M};
use crate::engine::filter::{BloomFilter, Trace, Truth, Verdict};
use crate::engine::formulas;
use crate::engine::hashing::HashFamily;
use crate::text::format_probability;

impl UllmanLecture {
    /// The walkthrough for `stream` inserted into an `m`-bit filter, then `lookups` (`m` clamped
    /// to 1 ..= `MAX_M`; items the lecture's hashes cannot take are skipped).
    pub fn new(m: u64, stream: Vec<u64>, lookups: Vec<u64>) -> UllmanLecture {
        let m = m.clamp(1, MAX_M);
        let mut filter = BloomFilter::new(HashFamily::Ullman, m, K);
        let n = stream.len() as u64;
        let steps = plan(stream.len(), lookups.len())
            .into_iter()
            .filter_map(|p| match p {
                Planned::Start => Some(start_step(&filter, m)),
                Planned::Insert(i) => insert_step(&mut filter, m, stream[i]),
                Planned::Lookup(i) => lookup_step(&filter, m, lookups[i], &stream),
                Planned::Density => Some(density_step(&filter, m, n)),
                Planned::Darts => Some(darts_step(&filter, m, n)),
                Planned::SlideDarts => slide_step(&filter),
                Planned::BookDarts => Some(book_step(&filter)),
            })
            .collect();
        UllmanLecture { m, stream, lookups, steps }
    }
}

/// What a step of the walkthrough shows, before it is built: the element it inserts or looks up
/// by its index in the stream or the lookups.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Planned {
    Start,
    Insert(usize),
    Lookup(usize),
    Density,
    Darts,
    SlideDarts,
    BookDarts,
}

/// The walkthrough's steps in order for `inserts` elements and `lookups` lookups: the plan
/// [`UllmanLecture::new`] builds its steps from (every whole number hashes, so each planned step
/// is built), and what a link to one of them (an exercise sheet's) finds its step in, without
/// building the steps.
pub fn plan(inserts: usize, lookups: usize) -> Vec<Planned> {
    let mut p = vec![Planned::Start];
    p.extend((0..inserts).map(Planned::Insert));
    p.extend((0..lookups).map(Planned::Lookup));
    p.extend([Planned::Density, Planned::Darts, Planned::SlideDarts, Planned::BookDarts]);
    p
}

/// Whether the lecture is at the slides' own example: their 11-bit filter (slide 7's table holds
/// 25, 159 and 585; slide 9 looks up 118).
fn slides_example(m: u64, x: u64, of: &[u64]) -> bool {
    m == 11 && of.contains(&x)
}

/// "bits 2 and 5", or "bit 1 (both hashes chose it)" when the two land on one bit.
fn positions_text(trace: &Trace) -> String {
    let mut p: Vec<u64> = trace.steps.iter().map(|s| s.position).collect();
    p.dedup();
    match p.as_slice() {
        [one] if trace.steps.len() > 1 => format!("bit {one} (both hashes chose it)"),
        [one] => format!("bit {one}"),
        _ => format!("bits {}", p.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(" and ")),
    }
}

/// Before the first element: the empty filter and the two hashes.
fn start_step(filter: &BloomFilter, m: u64) -> LectureStep {
    LectureStep {
        title: "An empty filter (slide 6)".into(),
        narration: format!(
            "The filter is {m} bits, all 0. Elements are whole numbers. Write an element in binary and number its \
         digits from 1 at the right: h1 reads the odd-numbered digits (1st, 3rd, 5th, …) as a binary number, \
         h2 the even-numbered ones (2nd, 4th, …), and each result is taken mod {m}."
        ),
        kind: StepKind::Start,
        bits: filter.bits().clone(),
    }
}

/// Inserting `x`: its binary split, the two positions, and the bits already set.
fn insert_step(filter: &mut BloomFilter, m: u64, x: u64) -> Option<LectureStep> {
    let split = BinarySplit::of(x);
    let trace = filter.insert(&x.to_string()).ok()?;
    let already_set: Vec<u64> = trace.steps.iter().filter(|s| s.was_set).map(|s| s.position).collect();
    let mut narration = format!(
        "{x} = {} in binary. The odd-numbered digits read {} = {}, and {} mod {m} = {}; the even-numbered \
         digits read {} = {}, and {} mod {m} = {}. Set {}.",
        split.binary(),
        split.odd_digits,
        split.odd_value,
        split.odd_value,
        trace.steps[0].position,
        if split.even_digits.is_empty() { "0".to_string() } else { split.even_digits.clone() },
        split.even_value,
        split.even_value,
        trace.steps[1].position,
        positions_text(&trace),
    );
    if !already_set.is_empty() {
        let list: Vec<String> = already_set.iter().map(|p| p.to_string()).collect();
        narration.push_str(&format!(
            " Note: bit {} was already 1, so this element sets fewer new bits than it has hashes.",
            list.join(" and ")
        ));
    }
    Some(LectureStep {
        // Slide 7 inserts the slides' elements; slide 5 says how any element is inserted.
        title: format!("Insert {x} (slide {})", if slides_example(m, x, &[25, 159, 585]) { 7 } else { 5 }),
        narration,
        kind: StepKind::Insert { split, trace, already_set },
        bits: filter.bits().clone(),
    })
}

/// Looking up `y`: the two positions, the verdict and whether `y` was inserted.
fn lookup_step(filter: &BloomFilter, m: u64, y: u64, stream: &[u64]) -> Option<LectureStep> {
    let split = BinarySplit::of(y);
    let (trace, verdict) = filter.lookup(&y.to_string()).ok()?;
    let truth = if stream.contains(&y) { Truth::Member } else { Truth::NonMember };
    let zeros: Vec<String> = trace.steps.iter().filter(|s| !s.was_set).map(|s| s.position.to_string()).collect();
    let ones: Vec<String> = trace.steps.iter().filter(|s| s.was_set).map(|s| s.position.to_string()).collect();
    let head = format!(
        "Look up {y} = {}: h1 = {} = {} mod {m} = {}, h2 = {} = {} mod {m} = {}. ",
        split.binary(),
        split.odd_digits,
        split.odd_value,
        trace.steps[0].position,
        if split.even_digits.is_empty() { "0".to_string() } else { split.even_digits.clone() },
        split.even_value,
        trace.steps[1].position,
    );
    let tail = match (verdict, truth) {
        (Verdict::Absent, _) => format!(
            "{}bit {} is 0, so {y} was certainly never inserted.",
            if ones.is_empty() { String::new() } else { format!("Bit {} is 1, but ", ones.join(" and ")) },
            zeros.join(" and ")
        ),
        (Verdict::Maybe, Truth::Member) => format!("Both bits are 1: {y} may have been inserted — and it was."),
        (Verdict::Maybe, Truth::NonMember) => format!(
            "Both bits are 1, so the filter says \u{201c}seen before\u{201d} — but {y} was never inserted: a false positive."
        ),
    };
    Some(LectureStep {
        // Slide 9 looks up 118; slide 8 says how any element is looked up.
        title: format!("Look up {y} (slide {})", if slides_example(m, y, &[118]) { 9 } else { 8 }),
        narration: head + &tail,
        kind: StepKind::Lookup { split, trace, verdict, truth },
        bits: filter.bits().clone(),
    })
}

/// How many of `m` bits `n` elements set on average, m(1 − e^(−kn/m)), as the walkthrough writes
/// it (the darts question masks it while it is open).
pub fn expected_ones_text(m: u64, n: u64) -> String {
    format!("{:.1}", m as f64 * (1.0 - (-(K as f64) * n as f64 / m as f64).exp()))
}

/// The false-positive probability of this filter against the formulas.
fn density_step(filter: &BloomFilter, m: u64, n: u64) -> LectureStep {
    let ones = filter.bits().count_ones() as u64;
    let this_filter = (ones as f64 / m as f64).powi(K as i32);
    let (approx, finite, exact) = (formulas::approx(m, n, K), formulas::finite(m, n, K), formulas::exact(m, n, K));
    LectureStep {
        title: "How likely is a false positive? (slide 10)".into(),
        narration: format!(
            "A non-member is let through when every one of its bits is 1. If its bits fall at random, that happens \
             with probability (fraction of 1s) to the power of the number of hashes: here ({ones}/{m})^{K} = {}. \
             The number of 1s is at most the number of elements times the number of hashes ({n} × {K} = {}); \
             collisions make it lower: about m(1 − e^(−kn/m)) = {} on average ({ones} here). Averaged over \
             all ways {n} elements could have landed, the chance is exact = {}; approx (1 − e^(−kn/m))^k = {} and \
             finite (1 − (1 − 1/m)^(kn))^k = {} approximate it (finite raises the expected fill to the k-th power).",
            format_probability(this_filter),
            n * K as u64,
            expected_ones_text(m, n),
            format_probability(exact),
            format_probability(approx),
            format_probability(finite),
        ),
        kind: StepKind::Density { ones, this_filter, approx, finite, exact },
        bits: filter.bits().clone(),
    }
}

/// Throwing darts: this filter's numbers.
fn darts_step(filter: &BloomFilter, m: u64, n: u64) -> LectureStep {
    let ones = filter.bits().count_ones() as u64;
    let darts = n * K as u64;
    let miss_exact = formulas::zero_probability_finite(m, n, K);
    let miss_approx = formulas::zero_fraction_approx(m, n, K);
    LectureStep {
        title: "Throwing darts (slide 11)".into(),
        narration: format!(
            "Setting bits at random is like throwing d darts at t targets. One dart misses a given target with \
             probability 1 − 1/t, so all d miss it with probability (1 − 1/t)^d = ((1 − 1/t)^t)^(d/t) ≈ e^(−d/t), \
             because (1 − 1/t)^t ≈ 1/e. Here t = {m} bits and d = {darts} darts: (1 − 1/{m})^{darts} = {:.4}, \
             e^(−{darts}/{m}) = {:.4}. So about {:.2} bits should be 1; this filter has {ones}.",
            miss_exact,
            miss_approx,
            m as f64 * (1.0 - miss_exact),
        ),
        kind: StepKind::Darts {
            targets: m,
            darts,
            miss_exact,
            miss_approx,
            expected_ones: m as f64 * (1.0 - miss_exact),
            actual_ones: ones,
        },
        bits: filter.bits().clone(),
    }
}

/// The slides' example: a billion bits.
fn slide_step(filter: &BloomFilter) -> Option<LectureStep> {
    let slide = slide_darts();
    let StepKind::SlideDarts { zeros, ones, fp, ones_rounded, fp_rounded } = slide else { return None };
    Some(LectureStep {
        title: "The slides' example: a billion bits (slide 12)".into(),
        narration: format!(
            "An array of t = 1,000,000,000 bits, 5 hash functions and 100,000,000 elements: d = 500,000,000 darts. \
             The fraction of 0s is e^(−1/2) = {zeros:.6}, so the density of 1s is {ones:.6} and a false positive \
             has probability {ones:.6}^5 = {fp:.7}. The slide prints {fp_rounded:.5} because it first rounds the \
             density to {ones_rounded} ({ones_rounded}^5 = {fp_rounded:.6}); raising a rounded number to the 5th \
             power multiplies its relative error by about 5."
        ),
        kind: slide,
        bits: filter.bits().clone(),
    })
}

/// The book's example: 8 billion bits.
fn book_step(filter: &BloomFilter) -> LectureStep {
    let rows: Vec<(u32, f64)> = (1..=4).map(|k| (k, formulas::approx(8_000_000_000, 1_000_000_000, k))).collect();
    LectureStep {
        title: "The book's example: 8 billion bits".into(),
        narration: format!(
            "Mining of Massive Datasets uses 8 billion bits for 1 billion elements. With one hash function the \
             fraction of 1s is 1 − e^(−1/8) = {:.6}, and that is the false-positive rate. With two, the fraction of \
             1s is 1 − e^(−1/4) and the rate is its square, {:.6}. More hashes help only up to a point: 3 give \
             {:.6}, 4 give {:.6}; the best k here is about (m/n) ln 2 = {:.1}.",
            rows[0].1,
            rows[1].1,
            rows[2].1,
            rows[3].1,
            formulas::optimal_k_real(8_000_000_000, 1_000_000_000),
        ),
        kind: StepKind::BookDarts { rows },
        bits: filter.bits().clone(),
    }
}
