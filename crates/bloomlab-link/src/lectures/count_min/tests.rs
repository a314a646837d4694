//! The walkthrough against a direct implementation written here (count-min, conservative update,
//! count sketch, Misra–Gries and SpaceSaving in a few lines each), and its narration against the
//! numbers of each step.

use super::*;
use crate::engine::streams::rows::{column, sign};

fn fruit() -> Vec<String> {
    // The frequencies view's default stream (`labs::frequencies::DEFAULT_ITEMS`), written out.
    "apple,banana,apple,cherry,apple,date,banana,apple,elder,fig,apple,banana,grape,apple,cherry,kiwi,apple,banana,lime,apple"
        .split(',')
        .map(String::from)
        .collect()
}

/// Every summary after the first `t` arrivals, by hand: count-min, conservative, count sketch
/// (rows of w), Misra–Gries counters (item, count) in the order kept, SpaceSaving (item, count,
/// error) largest first.
type Direct = (Vec<Vec<u64>>, Vec<Vec<u64>>, Vec<Vec<i64>>, Vec<(String, u64)>, Vec<(String, u64, u64)>);

fn direct(items: &[String], w: u64, d: u32, k: usize, t: usize) -> Direct {
    let (mut cm, mut cu) = (vec![vec![0u64; w as usize]; d as usize], vec![vec![0u64; w as usize]; d as usize]);
    let mut cs = vec![vec![0i64; w as usize]; d as usize];
    let mut mg: Vec<(String, u64)> = Vec::new();
    let mut ss: Vec<(String, u64, u64)> = Vec::new();
    for x in items.iter().take(t) {
        let cols: Vec<usize> = (0..d).map(|j| column(x.as_bytes(), j, w) as usize).collect();
        let e = (0..d as usize).map(|j| cu[j][cols[j]]).min().unwrap_or(0);
        for j in 0..d as usize {
            cm[j][cols[j]] += 1;
            cu[j][cols[j]] = cu[j][cols[j]].max(e + 1);
            cs[j][cols[j]] += sign(x.as_bytes(), j as u32);
        }
        if let Some(c) = mg.iter_mut().find(|c| c.0 == *x) {
            c.1 += 1;
        } else if mg.len() < k {
            mg.push((x.clone(), 1));
        } else {
            mg.iter_mut().for_each(|c| c.1 -= 1);
            mg.retain(|c| c.1 > 0);
        }
        // SpaceSaving: which of several smallest counters is replaced does not change the counts,
        // which is what is compared.
        if let Some(c) = ss.iter_mut().find(|c| c.0 == *x) {
            c.1 += 1;
        } else if ss.len() < k {
            ss.push((x.clone(), 1, 0));
        } else {
            let min = ss.iter().map(|c| c.1).min().unwrap_or(0);
            let victim = ss.iter().position(|c| c.1 == min).unwrap_or(0);
            ss[victim] = (x.clone(), min + 1, min);
        }
    }
    (cm, cu, cs, mg, ss)
}

fn rows<T: Copy>(cells: &[T], w: u64) -> Vec<Vec<T>> {
    cells.chunks(w as usize).map(|r| r.to_vec()).collect()
}

#[test]
fn every_step_matches_a_direct_implementation() {
    let items = fruit();
    for (w, d, k) in [(8, 3, 3), (4, 2, 2), (5, 4, 1)] {
        let walk = CmWalk::new(&items, w, d, k, "apple");
        assert_eq!(walk.last_step(), items.len() + 1);
        for step in 0..=walk.last_step() {
            let s = walk.at(step);
            let t = step.min(items.len());
            let (cm, cu, cs, mg, ss) = direct(&items, w, d, k, t);
            assert_eq!(rows(s.cm.cells(), w), cm, "count-min at step {step}");
            assert_eq!(rows(s.cu.cells(), w), cu, "conservative at step {step}");
            assert_eq!(rows(s.cs.cells(), w), cs, "count sketch at step {step}");
            let got_mg: Vec<(String, u64)> =
                s.mg.counters().iter().map(|&(i, c)| (walk.name(i).to_string(), c)).collect();
            let mut sorted_mg = got_mg.clone();
            let mut want_mg = mg.clone();
            sorted_mg.sort();
            want_mg.sort();
            assert_eq!(sorted_mg, want_mg, "Misra–Gries at step {step}");
            let mut got_ss: Vec<u64> = s.ss.counters().iter().map(|c| c.count).collect();
            let mut want_ss: Vec<u64> = ss.iter().map(|c| c.1).collect();
            got_ss.sort_unstable();
            want_ss.sort_unstable();
            assert_eq!(got_ss, want_ss, "SpaceSaving's counts at step {step}");
            assert_eq!(s.arrival.is_some(), (1..=items.len()).contains(&step));
        }
    }
}

/// An arrival's narration: the arrival, then one line per structure, in the page's order.
fn one_line_per_structure(text: &str, first: &str) {
    assert!(text.starts_with(first), "{text}");
    let heads =
        ["\u{201c}", "Count-min adds", "The conservative update", "The count sketch", "Misra–Gries:", "SpaceSaving:"];
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), heads.len(), "one line per structure: {text}");
    for (line, head) in lines.iter().zip(heads) {
        assert!(line.starts_with(head), "{line} starts with {head}");
    }
}

#[test]
fn narration_names_the_numbers_of_its_step() {
    let items = fruit();
    let walk = CmWalk::new(&items, 8, 3, 3, "banana");
    let mut decrements = 0;
    let mut replaced = 0;
    for step in 1..=items.len() {
        let s = walk.at(step);
        let a = s.arrival.as_ref().expect("an arrival");
        let text = narration(&walk, step, &s);
        one_line_per_structure(&text, &format!("\u{201c}{}\u{201d} arrives (arrival {step} of 20)", items[step - 1]));
        for c in &a.cm {
            assert_eq!(c.after, c.before + 1);
            assert!(text.contains(&format!("row {} column {}", c.row, c.column)), "{text}");
        }
        let cm: Vec<String> = a.cm.iter().map(|c| format!("row {}: {} → {}", c.row, c.before, c.after)).collect();
        assert!(text.contains(&format!("Count-min adds 1 to each: {}.", cm.join(", "))), "{text}");
        let e = a.cu.iter().map(|c| c.before).min().unwrap();
        assert!(
            text.contains(&format!("the smallest of the counters, {e}, and raises each only to {}", e + 1)),
            "{text}"
        );
        for c in &a.cu {
            if c.after == c.before {
                assert!(c.before > e, "a counter left by the conservative update is above the estimate");
                assert!(text.contains(&format!("row {} stays at {}", c.row, c.before)), "{text}");
            } else {
                assert_eq!(c.after, e + 1);
                assert!(text.contains(&format!("row {}: {} → {}", c.row, c.before, c.after)), "{text}");
            }
        }
        for (c, &sg) in a.cs.iter().zip(&a.place.signs) {
            assert_eq!(c.after - c.before, sg);
            assert!(
                text.contains(&format!(
                    "row {}: {} → {} (sign {})",
                    c.row,
                    signed(c.before),
                    signed(c.after),
                    narration::sign_text(sg)
                )),
                "{text}"
            );
        }
        assert!(text.contains(&format!("Its counters: {}.", walk.mg_shown(&s.mg))), "{text}");
        assert!(text.contains(&format!("(count and error): {}.", walk.ss_shown(&s.ss))), "{text}");
        if let MgEvent::Decremented { freed } = &a.mg {
            decrements += 1;
            assert!(text.contains("every counter loses 1"), "{text}");
            for (id, c) in &a.mg_before {
                assert!(text.contains(&format!("{} {c} → {}", walk.name(*id), c - 1)), "{text}");
            }
            if !freed.is_empty() {
                let names: Vec<&str> = freed.iter().map(|&id| walk.name(id)).collect();
                assert!(text.contains(&format!("Freed, at 0: {}.", names.join(" and "))), "{text}");
            }
        }
        if let SsEvent::Replaced { evicted, min } = a.ss {
            replaced += 1;
            assert!(text.contains(&format!("replaces the smallest, {}'s {min}", walk.name(evicted))), "{text}");
        }
        assert!(title(&walk, step).starts_with(&format!("Arrival {step}: ")));
    }
    assert!(decrements >= 2 && replaced >= 2, "the lecture's stream shows both ({decrements}, {replaced})");
    let last = walk.last_step();
    let s = walk.at(last);
    let l = walk.look_up(&s, "banana");
    assert_eq!(l.truth, 4);
    let text = narration(&walk, last, &s);
    assert!(text.contains(&format!("the estimate is the smallest, {}", l.cm_estimate)), "{text}");
    assert_eq!(l.cm_estimate, *l.cm.iter().min().unwrap());
    assert_eq!(l.cm_estimate, s.cm.estimate(b"banana"));
    assert!(l.cu_estimate <= l.cm_estimate && l.cu_estimate >= l.truth);
    assert_eq!(l.cs_estimate, s.cs.estimate(b"banana"));
    assert!(text.contains(&format!("the estimate is the median, {}", trim(l.cs_estimate))), "{text}");
    assert_eq!(title(&walk, last), "Look up \u{201c}banana\u{201d}");
    assert_eq!(title(&walk, 0), "Before the first arrival");
}

fn signed(v: i64) -> String {
    if v < 0 {
        format!("\u{2212}{}", -v)
    } else {
        v.to_string()
    }
}

fn trim(v: f64) -> String {
    crate::text::trim_float(v, 1)
}

#[test]
fn the_lecture_stream_shows_a_collision_and_conservative_update_saves_something() {
    let items = fruit();
    let walk = CmWalk::new(&items, 8, 3, 3, "apple");
    let s = walk.at(walk.last_step());
    let names: Vec<&str> = items.iter().map(String::as_str).collect();
    let over = |f: &dyn Fn(&str) -> u64| names.iter().any(|x| f(x) > walk.true_count(x, items.len()));
    assert!(over(&|x| s.cm.estimate(x.as_bytes())), "some count-min estimate is too high");
    let left = (1..=items.len()).any(|t| walk.at(t).arrival.unwrap().cu.iter().any(|c| c.after == c.before));
    assert!(left, "some arrival leaves a counter alone under the conservative update");
}

#[test]
fn an_even_number_of_rows_takes_the_mean_of_the_middle_two() {
    let items = fruit();
    let walk = CmWalk::new(&items, 4, 2, 2, "fig");
    let s = walk.at(walk.last_step());
    let text = narration(&walk, walk.last_step(), &s);
    assert!(text.contains("the mean of the two middle ones"), "{text}");
    let empty = CmWalk::new(&[], 4, 2, 2, "x");
    assert_eq!(empty.last_step(), 0);
    assert_eq!(title(&empty, 0), "No items to step through");
}

/// Counter lists on the page name items as typed: an emoji or a colon stays itself, never
/// percent-encoded (the hooks keep the encoded form).
#[test]
fn counter_lists_name_items_as_typed() {
    let items: Vec<String> = ["🙂", "x:y", "x:y", "🙂", "x:y"].iter().map(|s| s.to_string()).collect();
    let walk = CmWalk::new(&items, 8, 2, 2, "x:y");
    let s = walk.at(items.len());
    let mg = walk.mg_shown(&s.mg);
    let ss = walk.ss_shown(&s.ss);
    assert!(mg.contains("\u{201c}🙂\u{201d} 2") && mg.contains("\u{201c}x:y\u{201d} 3"), "{mg}");
    assert!(ss.contains("\u{201c}x:y\u{201d} 3 (error 0)"), "{ss}");
    for text in [&mg, &ss, &narration(&walk, items.len(), &s)] {
        assert!(!text.contains('%'), "{text}");
    }
    assert!(walk.mg_text(&s.mg).contains("%F0%9F%99%82"), "the hook stays encoded");
}
