//! Where the slides' recipe meets practice: why the median of group means of 2^R runs high
//! (computed and measured), and the estimators that fix it — PCSA, LogLog and HyperLogLog — on
//! the same streams, against their 1/√m theory, with their registers and memory.

use std::rc::Rc;

use yew::prelude::*;

use crate::widgets::cells::{col_head, col_heads, mono_cell, num_cell, para, row_head};

use crate::widgets::charts::chart_canvas::ChartCanvas;
use crate::widgets::progress_line::{progress_line, Progress};
use bloomlab_core::engine::sketches::constants::fm_phi;
use bloomlab_core::engine::sketches::{bits_for, HASH_BITS};
use bloomlab_core::labs::distinct::bias::tail_facts;
use bloomlab_core::labs::distinct::combine::{universe, CombineRun};
use bloomlab_core::labs::distinct::estimators::{toggled_text, Estimator};
use bloomlab_core::labs::distinct::registers::{Trace, UnionCheck, TRACE_BITS};
use bloomlab_core::labs::distinct::sketches::{register_counts, rse, SketchRun};
use bloomlab_core::labs::distinct::words::{bias_limit_text, breakdown_text, exact_memory_text};
use bloomlab_core::labs::distinct::{DistinctLab, ESTIMATORS, REGISTERS};
use bloomlab_core::plot::Plot;
use bloomlab_core::text::{format_bits, group_digits, trim_float};

/// Why the slides' recipe runs high: the tail of R, computed, and the bias against the group
/// size, measured over the combining runs.
/// `settled`: where the median of group means settles for some group sizes (`words::settled`);
/// `chart`: the bias against the group size, as kept by the panel.
pub fn bias_section(run: &CombineRun, settled: &[(u64, f64)], chart: Option<Rc<Plot>>) -> Html {
    let Some(first) = run.results.first() else { return html! {} };
    let facts = tail_facts(first.truth, HASH_BITS);
    let bias = run.bias_by_group();
    let at = |g: u64| bias.iter().find(|b| b.group == g).map(|b| format!("{}×", trim_float(b.median, 2)));
    let measured: Vec<String> = [2u64, 8, run.spec.hashes as u64]
        .iter()
        .filter_map(|&g| at(g).map(|v| format!("{v} the true count for groups of {g}")))
        .collect();
    html! {
        <section class="panel" aria-labelledby="bias-title">
            <h2 id="bias-title">{"Why the median of group means runs high"}</h2>
            <p data-testid="fm-bias-facts" data-mean-ratio={facts.mean_ratio.to_string()} data-per-bit={facts.per_bit.to_string()}>
                { format!("In the first run there are n = {} distinct elements. One hash's 2^R has median {}·n, but its mean is E[2^R] = {}·n with these 64-bit hashes: R ≥ i with chance 1 − (1 − 2^−i)^n, which is about n·2^−i once 2^i is far above n, so every further bit of hash width adds about 2^(i−1)·n·2^−i = n/2 to E[2^R] ({}·n for this n). The rare long tails carry the mean.",
                    group_digits(first.truth), trim_float(facts.median_ratio, 2), trim_float(facts.mean_ratio, 1), trim_float(facts.per_bit, 3)) }
            </p>
            <p>{ format!("A group's mean sees that tail more often the larger the group, so the median of the group means drifts up with the group size: measured over {} runs, it is {}.",
                run.results.len(), measured.join(", ")) }</p>
            <p data-testid="fm-bias-limit">{ bias_limit_text(&facts, settled, universe(run.spec.length)) }</p>
            if let Some(plot) = chart {
                <ChartCanvas {plot} label="The median of group means against the group size" testid="fm-bias-chart" legend=true />
            }
        </section>
    }
}

/// One estimator's row: (first run's estimate, its truth, measured error over all runs, the
/// theory's error, memory in bits, registers or hash functions).
type Row = (f64, u64, f64, Option<f64>, u64, u32);

fn row(e: Estimator, lab: &DistinctLab, combine: &CombineRun, sketches: &SketchRun) -> Option<Row> {
    match e {
        Estimator::Slides(c) => {
            let g = combine.spec.group;
            let first = combine.results.first()?;
            let err = rse(combine.results.iter().map(|r| (r.combined(c, g), r.truth)));
            let h = combine.spec.hashes;
            Some((first.combined(c, g), first.truth, err, None, h as u64 * bits_for(HASH_BITS), h))
        }
        Estimator::Sketch(s) => {
            let p = lab.registers.ilog2();
            let first = sketches.results.first()?;
            let m = lab.registers;
            Some((first.estimate(s, p), first.truth, sketches.rse(s, p), Some(s.theory_rse(m)), s.memory_bits(m), m))
        }
    }
}

fn estimator_label(e: Estimator, group: u64) -> String {
    match e {
        Estimator::Slides(c) => match c.name() {
            "median-of-means" => format!("slides: median of means (groups of {group})"),
            name => format!("slides: {name} of 2^R"),
        },
        Estimator::Sketch(s) => s.title().to_string(),
    }
}

fn estimator_table(lab: &DistinctLab, combine: &CombineRun, sketches: &SketchRun) -> Html {
    let pct = |v: f64| format!("{} %", trim_float(100.0 * v, 1));
    html! {
        <div class="table-scroll" tabindex="0">
            <table class="data-table">
                <caption>{ format!("The first run's estimate; the relative standard error over all finished runs (bias included); memory. The slides' recipe uses {} hash functions, the sketches one hash and m = {} registers.", combine.spec.hashes, group_digits(lab.registers as u64)) }</caption>
                <thead><tr>{ col_heads(&["estimator", "first run", "true", "error measured", "theory", "memory"]) }</tr></thead>
                <tbody>{ for lab.estimators.iter().filter_map(|&e| row(e, lab, combine, sketches).map(|r| (e, r))).map(|(e, (v, truth, err, theory, bits, regs))| html! {
                    <tr data-testid="distinct-estimator" data-method={e.name()} data-registers={regs.to_string()} data-value={v.to_string()}
                        data-true={truth.to_string()} data-rse={err.to_string()} data-theory-rse={theory.map(|t| t.to_string()).unwrap_or_default()}>
                        { row_head(estimator_label(e, combine.spec.group)) }
                        { num_cell(group_digits(v.round().max(0.0) as u64)) }
                        { num_cell(group_digits(truth)) }
                        { num_cell(pct(err)) }
                        { num_cell(theory.map(pct).unwrap_or_else(|| "—".into())) }
                        { num_cell(format_bits(bits)) }
                    </tr>
                }) }</tbody>
            </table>
        </div>
    }
}

/// The estimators' choices: which to show (`estimators`) and how many registers (`registers`).
fn estimator_controls(lab: &DistinctLab, on_set: &Callback<(&'static str, String)>) -> Html {
    let chosen = lab.estimators.clone();
    html! {
        <div class="control-row">
            <label>{"registers m "}<select data-testid="fm-registers"
                onchange={on_set.reform(|e: Event| (REGISTERS.name, crate::hooks::input::value_of(&e)))}>
                { for register_counts().map(|m| html! { <option value={m.to_string()} selected={m == lab.registers}>{ group_digits(m as u64) }</option> }) }
            </select></label>
            <fieldset class="inline-choices"><legend>{"show"}</legend>
                { for Estimator::ALL.iter().map(|&e| {
                    let on = chosen.contains(&e);
                    let others = chosen.clone();
                    let toggled = on_set.reform(move |_: Event| (ESTIMATORS.name, toggled_text(&others, e)));
                    html! { <label><input type="checkbox" checked={on} onchange={toggled} data-testid="fm-estimator-choice" data-method={e.name()} />{ format!(" {}", e.name()) }</label> }
                }) }
            </fieldset>
        </div>
    }
}

/// The slides' recipe beside the sketches' error chart, once a combining run is done: its number
/// of hash functions and its measured relative standard error.
pub fn slides_error(combine: &CombineRun) -> Option<(u32, f64)> {
    combine.results.first().map(|_| {
        let g = combine.spec.group;
        (
            combine.spec.hashes,
            rse(combine
                .results
                .iter()
                .map(|r| (r.combined(bloomlab_core::labs::distinct::combine::Combine::MedianOfMeans, g), r.truth))),
        )
    })
}

/// The sketches: how they work, the comparison, error against m (`chart`, as kept by the
/// panel), the trace and the union.
pub fn sketch_section(
    lab: &DistinctLab,
    combine: &CombineRun,
    sketches: &SketchRun,
    elapsed_ms: Option<f64>,
    on_set: Callback<(&'static str, String)>,
    chart: Option<Rc<Plot>>,
) -> Html {
    let done = sketches.is_done();
    html! {
        <section class="panel" aria-labelledby="sketch-title">
            <h2 id="sketch-title">{"Practice: one hash, many registers (PCSA, LogLog, HyperLogLog)"}</h2>
            { para(format!("Instead of many hash functions, one: its low bits choose one of m registers (stochastic averaging), and the tail of the remaining bits goes to that register. PCSA (Flajolet and Martin's own fix) keeps in each register a bitmap of the tail lengths seen; R is the lowest length never seen, and the estimate is m·2^(mean R)/φ with φ = {} — 2^(mean R) alone runs low, since E[R] ≈ log₂(φ·n/m). LogLog keeps the largest tail + 1 and uses α·m·2^(mean); HyperLogLog the harmonic mean α·m²/Σ2^−M, which one long tail cannot pull up, and counts empty registers while many are empty. Averaging R (PCSA, LogLog) or taking the harmonic mean of 2^−M (HyperLogLog), never the plain mean of 2^R, is what removes the slides' bias.", trim_float(fm_phi(), 5))) }
            { estimator_controls(lab, &on_set) }
            { progress_line(Progress {
                elapsed_ms,
                ..Progress::new("sketch-progress", sketches.ops_done(), sketches.ops_total(), done, "sketches progress",
                    format!("{} of {} runs through 3 sketches × {} register counts", sketches.results.len(), sketches.runs(), register_counts().count()))
            }) }
            { estimator_table(lab, combine, sketches) }
            if let Some(first) = sketches.results.first() {
                <p class="muted small" data-testid="fm-exact-memory">{ exact_memory_text(first.truth, universe(sketches.length())) }</p>
                if let Some(plot) = chart {
                    <ChartCanvas {plot} label="Relative standard error against the number of registers" testid="sketch-error-chart" legend=true />
                }
                <p class="muted small" data-testid="fm-breakdown">{ breakdown_text(sketches, first.truth) }</p>
            }
        </section>
    }
}

/// The walkthrough's stream through 8 registers: each element's bucket and tail, the registers
/// after it (the changed one marked), then the three estimates of this tiny sketch.
pub fn trace_section(trace: &Trace) -> Html {
    let m = 1usize << TRACE_BITS;
    html! {
        <section class="panel" aria-labelledby="trace-title">
            <h2 id="trace-title">{ format!("The registers, element by element (m = {m})") }</h2>
            { para(format!("The walkthrough's stream through one hash: its low {TRACE_BITS} bits choose the register, the 0s at the end of the rest give ρ = tail + 1, and a register keeps its largest ρ. A repeated element lands in the same register with the same ρ: it changes nothing.")) }
            <div class="table-scroll" tabindex="0">
                <table class="data-table mono-cells" data-testid="fm-register-trace">
                    <caption>{"Registers after each element (bold: the one that changed)"}</caption>
                    <thead><tr>{ col_heads(&["x", "hash, last 12 bits", "register", "ρ"]) }
                        { for (0..m).map(|j| html! { { col_head(format!("M{j}")) } }) }</tr></thead>
                    <tbody>{ for trace.rows.iter().map(|r| html! {
                        <tr data-testid="fm-trace-row" data-bucket={r.bucket.to_string()} data-rho={(r.tail + 1).to_string()}>
                            { row_head(r.x.to_string()) }
                            { mono_cell(format!("…{:09b} {:03b}", (r.hash >> TRACE_BITS) & 0x1FF, r.hash & ((1 << TRACE_BITS) - 1))) }
                            { num_cell(r.bucket.to_string()) }
                            { num_cell((r.tail + 1).to_string()) }
                            { for r.registers.iter().enumerate().map(|(j, v)| if j == r.bucket && r.after != r.before {
                                html! { <td class="num"><strong>{ v.to_string() }</strong></td> }
                            } else {
                                html! { { num_cell(v.to_string()) } }
                            }) }
                        </tr>
                    }) }</tbody>
                </table>
            </div>
            <p>{ format!("With only {m} registers: PCSA says {}, LogLog {}, HyperLogLog {} (it counts the empty registers while many are empty).",
                trim_float(trace.pcsa.estimate(), 1), trim_float(trace.regs.loglog(), 1), trim_float(trace.regs.hll(), 1)) }</p>
        </section>
    }
}

/// Two halves of the first run's stream, sketched apart and merged by the register-wise maximum,
/// against the sketch of the whole stream.
pub fn union_section(u: &UnionCheck) -> Html {
    html! {
        <section class="panel" aria-labelledby="union-title">
            <h2 id="union-title">{"Union of two HyperLogLog sketches"}</h2>
            <p data-testid="hll-union" data-equal={u.equal.to_string()} data-estimate={u.union.to_string()} data-true={u.truth_union.to_string()}>
                { format!("The first run's stream cut in two halves, each sketched with m = {} registers: A estimates {} (true {}), B {} (true {}). Their register-wise maximum estimates {} for the union (true {}) — and it {} the sketch of the whole stream, register for register. Like a Bloom filter's OR, a union costs nothing but the two sketches.",
                    group_digits(u.registers as u64), group_digits(u.a.round() as u64), group_digits(u.truth_a), group_digits(u.b.round() as u64), group_digits(u.truth_b),
                    group_digits(u.union.round() as u64), group_digits(u.truth_union), if u.equal { "is" } else { "is not" }) }
            </p>
        </section>
    }
}
