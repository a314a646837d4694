//! The model answers of the counting, multi-layer, HyperLogLog, AMS, reservoir and sampling
//! exercises against computations written here from the problem's data alone, the way a student
//! (or the e2e test, from the problem's JSON) works them out.

use super::super::exercises::counting::Op;
use super::super::exercises::reservoir::draw_of;
use super::super::step::{Answer, Form, Response};
use super::super::*;
use super::{respond, slow_positions};

/// Every step's model answer, each step built on the model answers before it.
fn model(p: &Practice) -> Vec<Answer> {
    let mut prior = Vec::new();
    for i in 0..p.max() {
        prior.push(p.problem.step(i, &prior).answer);
    }
    prior
}

fn counters(v: &[i64]) -> Answer {
    Answer::Counters(v.to_vec())
}

#[test]
fn counting_against_counters_kept_here() {
    for (seed, level) in (0..40).flat_map(|s| (1..=3).map(move |l| (s, l))) {
        let p = Practice::new(Exercise::Counting, seed, level, false);
        let Problem::Counting(c) = &p.problem else { panic!() };
        let got = model(&p);
        let m = c.m as usize;
        let mut v = vec![0i64; m];
        let mut inserted = Vec::new();
        for (i, op) in c.ops.iter().enumerate() {
            match *op {
                Op::Insert(x) => {
                    inserted.push(x);
                    slow_positions(x, m).iter().for_each(|&q| v[q] += 1);
                }
                Op::Delete(x) => {
                    let forced = !inserted.contains(&x);
                    assert_eq!(forced, i + 1 == c.ops.len(), "seed {seed}: only the last delete is forced");
                    if forced {
                        assert!(slow_positions(x, m).iter().any(|&q| v[q] == 0), "seed {seed}: {x} is absent");
                    }
                    inserted.retain(|&y| y != x);
                    slow_positions(x, m).iter().for_each(|&q| v[q] = (v[q] - 1).max(0));
                }
            }
            assert_eq!(got[i], counters(&v), "seed {seed} level {level}: after {op:?}");
        }
        assert_eq!(c.lookups, inserted, "seed {seed}: the items still inserted are looked up");
        for (j, &x) in c.lookups.iter().enumerate() {
            let lost = slow_positions(x, m).iter().any(|&q| v[q] == 0);
            let want = if lost { "false-negative" } else { "found" };
            assert_eq!(got[c.ops.len() + j], Answer::Choice(want), "seed {seed}: lookup {x}");
        }
    }
}

#[test]
fn xor_layer_against_an_xor_taken_here() {
    for (seed, level) in (0..40).flat_map(|s| (1..=3).map(move |l| (s, l))) {
        let p = Practice::new(Exercise::MlbfXor, seed, level, false);
        let Problem::Xor(x) = &p.problem else { panic!() };
        let got = model(&p);
        assert_eq!(got.len(), x.layers[0].len());
        for (j, a) in got.iter().enumerate() {
            let xor = x.layers.iter().fold(0u64, |acc, l| acc ^ l[j]);
            assert!(x.layers.iter().all(|l| l[j] < x.m));
            assert_eq!(*a, Answer::Whole(xor % x.m), "seed {seed}: hash {j}");
        }
    }
}

#[test]
fn hll_against_registers_kept_here() {
    for (seed, level) in (0..40).flat_map(|s| (1..=3).map(move |l| (s, l))) {
        let p = Practice::new(Exercise::Hll, seed, level, false);
        let Problem::Hll(h) = &p.problem else { panic!() };
        let got = model(&p);
        let mut regs = vec![0i64; 1 << h.p];
        for (i, &x) in h.hashes.iter().enumerate() {
            let text = format!("{x:0w$b}", w = h.w as usize);
            let (rest, low) = text.split_at((h.w - h.p) as usize);
            let r = usize::from_str_radix(low, 2).unwrap();
            let rho = rest.chars().rev().position(|c| c == '1').expect("a 1 in the rest") as i64 + 1;
            assert_eq!(got[2 * i], Answer::Whole(r as u64), "seed {seed}: register of {text}");
            assert_eq!(got[2 * i + 1], Answer::Whole(rho as u64), "seed {seed}: ρ of {text}");
            regs[r] = regs[r].max(rho);
        }
        assert_eq!(got.last(), Some(&counters(&regs)), "seed {seed}");
    }
}

#[test]
fn ams_against_counts_taken_here() {
    for (seed, level) in (0..40).flat_map(|s| (1..=3).map(move |l| (s, l))) {
        let p = Practice::new(Exercise::Ams, seed, level, false);
        let Problem::Ams(a) = &p.problem else { panic!() };
        let got = model(&p);
        let (n, first) = (a.stream.len(), a.positions[0]);
        let value = |start: usize, t: usize| {
            if start > t {
                return 0;
            }
            a.stream[start - 1..t].iter().filter(|e| **e == a.stream[start - 1]).count() as i64
        };
        for t in first..=n {
            let want: Vec<i64> = a.positions.iter().map(|&q| value(q, t)).collect();
            assert_eq!(got[t - first], counters(&want), "seed {seed}: after position {t}");
        }
        let xs: Vec<u64> = a.positions.iter().map(|&q| n as u64 * (2 * value(q, n) as u64 - 1)).collect();
        let at = n + 1 - first;
        for (j, &x) in xs.iter().enumerate() {
            assert_eq!(got[at + j], Answer::Whole(x), "seed {seed}: X of variable {j}");
        }
        let mean = xs.iter().sum::<u64>() as f64 / xs.len() as f64;
        assert_eq!(got.last(), Some(&Answer::Decimal(mean)), "seed {seed}");
    }
}

#[test]
fn reservoir_against_slots_kept_here() {
    for (seed, level) in (0..40).flat_map(|s| (1..=3).map(move |l| (s, l))) {
        let p = Practice::new(Exercise::Reservoir, seed, level, false);
        let Problem::Reservoir(r) = &p.problem else { panic!() };
        let got = model(&p);
        let (draws, picks) = (r.draws(), r.picks());
        let mut slots: Vec<usize> = (1..=r.s).collect();
        let mut used = 0;
        for (i, &d) in draws.iter().enumerate() {
            let t = r.s + 1 + i;
            assert!(d < t as u64, "seed {seed}: a draw from 0 to {}", t - 1);
            assert_eq!(d < r.s as u64, r.arrivals[i].replaced.is_some(), "seed {seed}: the view's own choice");
            assert_eq!(draw_of(&r.arrivals[i]), d);
            let want = if d < r.s as u64 {
                let pick = picks[used];
                used += 1;
                slots[pick - 1] = t;
                pick.to_string()
            } else {
                "pass".to_string()
            };
            assert!(matches!(got[i], Answer::Choice(_)));
            assert_eq!(got[i].shown(), want, "seed {seed}: position {t}");
        }
        assert_eq!(Some(&slots), r.arrivals.last().map(|a| &a.slots), "seed {seed}: the view's last slots");
    }
}

#[test]
fn sampling_against_buckets_compared_here() {
    for (seed, level) in (0..40).flat_map(|s| (1..=3).map(move |l| (s, l))) {
        let p = Practice::new(Exercise::Sampling, seed, level, false);
        let Problem::Sampling(s) = &p.problem else { panic!() };
        let got = model(&p);
        let cut = (s.rate * s.buckets as f64).round() as u64;
        for (i, q) in s.queries.iter().enumerate() {
            let first = s.queries.iter().position(|x| x == q).unwrap();
            assert_eq!(s.hashes[i], s.hashes[first], "seed {seed}: one bucket per query");
            assert!(s.draws[i] < s.buckets);
            let want = if s.hashes[i] < cut { "keep" } else { "drop" };
            assert_eq!(got[i], Answer::Choice(want), "seed {seed}: position {i}");
        }
    }
}

#[test]
fn typed_cells_read_and_survive_a_result_code() {
    let step = Practice::new(Exercise::Counting, 2, 1, false).current();
    let Form::Counters { len, .. } = step.form else { panic!() };
    let cells = |v: &[&str]| Response::Cells(v.iter().map(|s| s.to_string()).collect());
    let mut typed = vec!["0"; len];
    typed[0] = " -1 ";
    typed[1] = "\u{2212}2";
    let Some(Answer::Counters(v)) = step.read(&cells(&typed)) else { panic!() };
    assert_eq!(v[..2], [-1, -2]);
    for bad in ["", "1.0", "1a", "--1", "1234567890"] {
        typed[0] = bad;
        assert_eq!(step.read(&cells(&typed)), None, "{bad:?}");
    }
    assert_eq!(step.read(&cells(&typed[1..])), None, "a cell missing");
    // In exam mode every first answer is kept: junk, a near miss and the right counters.
    let mut p = Practice::new(Exercise::Counting, 2, 1, true);
    p.submit(cells(&["1.0"; 11]));
    p.submit(cells(&typed));
    while !p.finished() {
        let s = p.current();
        p.submit(respond(&s.answer));
    }
    let back = code::decode(&p.code()).expect("a code reads back");
    let verdicts = |p: &Practice| p.done.iter().map(|d| d.verdict.clone()).collect::<Vec<_>>();
    assert_eq!(verdicts(&back), verdicts(&p));
    assert!(p.code().contains("_x.x.x."), "{}", p.code());
}

#[test]
fn typed_cells_start_from_the_last_ones_accepted() {
    let mut p = Practice::new(Exercise::Counting, 3, 1, false);
    assert_eq!(p.start_cells(), vec![0; 11]);
    let first = p.current().answer;
    p.submit(respond(&first));
    assert_eq!(Answer::Counters(p.start_cells()), first);
    let mut h = Practice::new(Exercise::Hll, 3, 1, false);
    while h.done.len() + 1 < h.max() {
        assert!(h.start_cells().is_empty(), "a register or a ρ is typed in one field");
        let s = h.current();
        h.submit(respond(&s.answer));
    }
    assert_eq!(h.start_cells(), vec![0; 4], "the registers start at 0");
}

#[test]
fn odd_answers_in_exam_mode_are_graded_without_a_panic() {
    let odd = |form: &Form, k: usize| match form {
        Form::Counters { len, .. } => Response::Cells(vec![["-999999999", "999999999", "0"][k % 3].to_string(); *len]),
        Form::Choice { options } => Response::Text(options[k % options.len()].0.to_string()),
        Form::Bits { len } => Response::Bits(vec![k.is_multiple_of(2); *len]),
        _ => Response::Text(["0", "9999999999999999999", "1"][k % 3].to_string()),
    };
    for exercise in Exercise::ALL {
        for (seed, level) in (0..6).flat_map(|s| (1..=3).map(move |l| (s, l))) {
            for k in 0..3 {
                let mut p = Practice::new(exercise, seed, level, true);
                while !p.finished() {
                    let form = p.current().form;
                    p.submit(odd(&form, k + p.done.len()));
                }
                assert!(code::decode(&p.code()).is_ok(), "{exercise:?} {seed}");
            }
        }
    }
}
