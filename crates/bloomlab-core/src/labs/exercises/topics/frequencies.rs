//! The frequencies chapter's exercises: a count-min estimate read from a short stream (the
//! columns given, since nobody computes xxh3 by hand), and Misra–Gries's counters after a short
//! stream with the items that may be heavy hitters (count + D above N/(k+1), D the decrements). Both link to the frequencies walkthrough at
//! the step that shows the answer.

use super::super::{shown, KeyLine, SheetQuestion, Topic};
use super::walkthrough_link;
use crate::engine::streams::count_min::{CountMin, Update};
use crate::engine::streams::misra_gries::MisraGries;
use crate::labs::frequencies::params::{D, ITEMS, K, QUERY, W};
use crate::link::query;
use crate::link::views::View;

/// The words a stream is drawn from.
const WORDS: [&str; 8] = ["ant", "bee", "cat", "dog", "elk", "fox", "gnu", "owl"];

/// `n` words from the first `kinds` of `WORDS`, the earlier ones likelier (word i with weight
/// kinds − i).
fn skewed(n: usize, kinds: usize, rng: &mut fastrand::Rng) -> Vec<String> {
    skewed_from(n, &WORDS[..kinds.min(WORDS.len())], rng)
}

/// `n` words from `pool`, the earlier ones likelier (word i with weight pool.len() − i).
fn skewed_from(n: usize, pool: &[&str], rng: &mut fastrand::Rng) -> Vec<String> {
    let kinds = pool.len();
    (0..n)
        .map(|_| {
            let mut r = rng.usize(..(kinds * (kinds + 1) / 2).max(1));
            let mut i = 0;
            while i + 1 < kinds && r >= kinds - i {
                r -= kinds - i;
                i += 1;
            }
            pool.get(i).map_or(String::new(), |w| w.to_string())
        })
        .collect()
}

/// The distinct words of `items`, in order of first arrival.
fn distinct(items: &[String]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for x in items {
        if !out.contains(x) {
            out.push(x.clone());
        }
    }
    out
}

/// The standard count-min sketch of `items`.
fn sketch(w: u64, d: u32, items: &[String]) -> CountMin {
    let mut cm = CountMin::new(w, d, Update::Standard);
    items.iter().for_each(|x| cm.add_at(&cm.columns(x.as_bytes())));
    cm
}

/// A stream of `n` arrivals from `kinds` of the eight words (which ones, and which is likeliest,
/// drawn: with the first words alone some shapes collide nowhere) and the item asked about: one
/// the sketch over-estimates, drawn from those it does. Of 50 draws, the first with such an item
/// is kept, else the last, with any of its items.
fn over_estimated(w: u64, d: u32, n: usize, kinds: usize, rng: &mut fastrand::Rng) -> (Vec<String>, String) {
    let mut drawn = (Vec::new(), String::new());
    for _ in 0..50 {
        let mut pool = WORDS.to_vec();
        rng.shuffle(&mut pool);
        pool.truncate(kinds);
        let items = skewed_from(n, &pool, rng);
        let cm = sketch(w, d, &items);
        let truth = |q: &String| items.iter().filter(|x| *x == q).count() as u64;
        let names = distinct(&items);
        let over: Vec<&String> = names.iter().filter(|q| cm.estimate(q.as_bytes()) > truth(q)).collect();
        if let Some(&q) = over.get(rng.usize(..over.len().max(1))) {
            return (items.clone(), q.clone());
        }
        let any = names.get(rng.usize(..names.len().max(1))).cloned().unwrap_or_default();
        drawn = (items, any);
    }
    drawn
}

/// Count-min's estimate of one item after a short stream, the columns given; the item asked
/// about is over-estimated (a collision to find) whenever one of 50 draws has one.
pub(super) fn count_min(index: usize, big: usize, rng: &mut fastrand::Rng) -> SheetQuestion {
    let (w, d, n, kinds) = ([4u64, 5, 6][big - 1], [2u32, 3, 3][big - 1], 6 + 2 * big, 3 + big);
    let (items, query) = over_estimated(w, d, n, kinds, rng);
    let cm = sketch(w, d, &items);
    let table: Vec<String> =
        distinct(&items).iter().map(|x| format!("{x} → {}", shown(&cm.columns(x.as_bytes())))).collect();
    let cols = cm.columns(query.as_bytes());
    let counters: Vec<u64> = cols.iter().enumerate().map(|(j, &c)| cm.get(j as u32, c)).collect();
    let truth = items.iter().filter(|x| **x == query).count();
    let est = cm.estimate(query.as_bytes());
    let lines = (0..d)
        .map(|j| KeyLine {
            text: format!("row {j}: {}", shown(cm.row(j))),
            data: vec![("row", j.to_string()), ("counters", super::super::list(cm.row(j)))],
        })
        .collect();
    let stream = query::encode_list(&items);
    SheetQuestion {
        topic: Topic::CountMin,
        index,
        question: format!(
            "A count-min sketch of d = {d} rows × w = {w} counters, all 0, takes the stream {} (each arrival adds 1 to the item's counter in every row). Each item's column in rows 0 to {}: {}. What is the estimate of {query}'s count, the smallest of its counters?",
            items.join(", "),
            d - 1,
            table.join("; ")
        ),
        data: vec![("items", stream.clone()), ("w", w.to_string()), ("d", d.to_string()), ("query", query.clone())],
        answer: est.to_string(),
        working: format!(
            "{query}'s counters, rows 0 to {}: {}; the smallest is {est}, and {query} arrived {truth} times{}.",
            d - 1,
            shown(&counters),
            match est.checked_sub(truth as u64) {
                Some(over) if over > 0 => format!(": {over} too many, from other items sharing each of its counters"),
                _ => String::new(),
            }
        ),
        lines,
        link: walkthrough_link(
            View::Frequencies.pairs(vec![(ITEMS.name, stream),
                (QUERY.name, query::encode(&query)),
                (W.name, w.to_string()),
                (D.name, d.to_string()),
            ]),
            items.len() + 1,
        ),
    }
}

/// Misra–Gries's counters after a short stream, and the items that may occur more than N/(k+1)
/// times: those whose count + D is above N/(k+1), D = (N − Σ counts)/(k+1) the decrements (an
/// item occurs at most its count + D times). The stream decrements (twice from level 2 on)
/// whenever one of 50 draws does.
pub(super) fn heavy_hitters(index: usize, big: usize, rng: &mut fastrand::Rng) -> SheetQuestion {
    let (k, n, kinds) = ([2usize, 3, 3][big - 1], [9, 12, 15][big - 1], [4, 5, 6][big - 1]);
    // Of 50 draws, the first whose run decrements at least twice (once at level 1) is kept.
    let want = if big == 1 { 1 } else { 2 };
    let mut items = skewed(n, kinds, rng);
    for _ in 0..50 {
        let names = distinct(&items);
        let mut mg = MisraGries::new(k);
        items.iter().for_each(|x| {
            mg.push(names.iter().position(|n| n == x).unwrap_or(0) as u32);
        });
        if mg.decrements() >= want {
            break;
        }
        items = skewed(n, kinds, rng);
    }
    let names = distinct(&items);
    let mut mg = MisraGries::new(k);
    let id = |x: &String| names.iter().position(|n| n == x).unwrap_or(0) as u32;
    let mut lines = Vec::new();
    for (i, x) in items.iter().enumerate() {
        mg.push(id(x));
        let held: Vec<String> = mg.counters().iter().map(|&(j, c)| format!("{}:{c}", names[j as usize])).collect();
        lines.push(KeyLine {
            text: format!("arrival {} ({x}): {}", i + 1, if held.is_empty() { "none".into() } else { held.join(", ") }),
            data: vec![("arrival", (i + 1).to_string()), ("counters", held.join(","))],
        });
    }
    let mut held: Vec<(String, u64)> = mg.counters().iter().map(|&(j, c)| (names[j as usize].clone(), c)).collect();
    held.sort();
    let answer: Vec<String> = held.iter().map(|(x, c)| format!("{x}:{c}")).collect();
    let working = candidates_working(n as u64, k as u64, mg.decrements(), &held);
    let stream = query::encode_list(&items);
    SheetQuestion {
        topic: Topic::HeavyHitters,
        index,
        question: format!(
            "Misra–Gries keeps k = {k} counters, all free, and takes the stream {} (N = {n}). An item with a counter gains 1; a new item takes a free counter with count 1; when none is free every counter loses 1 (those at 0 are freed) and the new item takes none. Which counters are there at the end (item:count, items in alphabetical order), and which items may occur more than N/(k+1) = {} times?",
            items.join(", "),
            crate::text::trim_float(n as f64 / (k + 1) as f64, 2)
        ),
        data: vec![("items", stream.clone()), ("k", k.to_string())],
        answer: answer.join(","),
        working,
        lines,
        link: walkthrough_link(View::Frequencies.pairs(vec![(ITEMS.name, stream), (K.name, k.to_string())]), n),
    }
}

/// The working of the heavy-hitters answer: the counters, the decrements D their sum gives, and
/// each counted item's count + D against N/(k+1).
fn candidates_working(n: u64, k: u64, d: u64, held: &[(String, u64)]) -> String {
    let t = crate::text::trim_float(n as f64 / (k + 1) as f64, 2);
    let sum: u64 = held.iter().map(|(_, c)| c).sum();
    let each: Vec<String> = held
        .iter()
        .map(|(x, c)| {
            format!("{x}: {c} + {d} = {}, {} {t}", c + d, if (k + 1) * (c + d) > n { "above" } else { "not above" })
        })
        .collect();
    let kept: Vec<&str> = held.iter().filter(|(_, c)| (k + 1) * (c + d) > n).map(|(x, _)| x.as_str()).collect();
    let or_none = |v: Vec<String>, sep: &str| if v.is_empty() { "none".to_string() } else { v.join(sep) };
    format!(
        "Counters at the end: {}. Each decrement took k + 1 = {} arrivals' worth of count, so there were D = (N − Σ counts)/(k+1) = ({n} − {sum})/{} = {d} decrements, and an item occurs at most its count + D times: {}. So only these items may occur more than N/(k+1) = {t} times: {}.",
        or_none(held.iter().map(|(x, c)| format!("{x}:{c}")).collect(), ", "),
        k + 1,
        k + 1,
        or_none(each, "; "),
        or_none(kept.iter().map(|x| x.to_string()).collect(), ", ")
    )
}
