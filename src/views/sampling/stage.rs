//! What each step of the sampling walkthrough shows, and the readouts every step keeps in view.

use std::rc::Rc;

use yew::prelude::*;

use crate::widgets::cells::{col_heads, num_cell, row_head};

use crate::widgets::charts::chart_canvas::ChartCanvas;
use crate::widgets::question::Hide;
use bloomlab_core::labs::sampling::questions::{BY_KEY_STEP, REPORTS_STEP};
use bloomlab_core::labs::sampling::salaries::SalaryBias;
use bloomlab_core::labs::sampling::stream::{query_text, Tally};
use bloomlab_core::labs::sampling::theory::{
    corrected_repeated, doubled, rate_words, repeated_in_sample, repeated_in_stream, unique_in_sample,
};
use bloomlab_core::labs::sampling::SamplingLab;
use bloomlab_core::plot::Plot;
use bloomlab_core::text::{group_digits, trim_float};

fn pct(x: f64) -> String {
    format!("{:.2} %", 100.0 * x)
}

/// The theory and the measurements, with the contract's hooks.
pub fn readouts(lab: &SamplingLab, i: usize) -> Html {
    let (s, d, r) = (lab.s, lab.d, lab.rate);
    // What the samples report answers the walkthrough's questions: held back while one is open,
    // and not shown before the step that asks it (`not-yet`; the hooks stay).
    let later = |from: usize| (i < from).then_some("not-yet");
    let measured = |method: &'static str, t: &Tally| {
        let answers = (method != "stream").then_some("answers");
        let from = match method {
            "position" => REPORTS_STEP,
            "key" => BY_KEY_STEP,
            _ => 0,
        };
        html! {
            <>
                <tr class={classes!(answers, later(from))} data-testid="sample-fraction" data-what="repeated" data-method={method} data-value={t.repeated_fraction().to_string()}>
                    { row_head(format!("{method}: repeated")) }{ num_cell(pct(t.repeated_fraction())) }
                    { num_cell(group_digits(t.size)) }</tr>
                <tr class={classes!(answers, later(from))} data-testid="sample-fraction" data-what="unique" data-method={method} data-value={t.unique_fraction().to_string()}>
                    { row_head(format!("{method}: unique")) }{ num_cell(pct(t.unique_fraction())) }<td></td></tr>
            </>
        }
    };
    html! {
        <div class="readouts sample-readouts">
            <h3>{"In numbers"}</h3>
            <dl>
                <div class={classes!("answers", later(REPORTS_STEP))} data-testid="sample-theory" data-what="repeated" data-method="position" data-value={repeated_in_sample(s, d, r).to_string()}>
                    <dt>{"by position, the sample reports repeated: d·r / (s + d(2 − r))"}</dt><dd class="num">{ pct(repeated_in_sample(s, d, r)) }</dd></div>
                <div class={classes!("answers", later(REPORTS_STEP))} data-testid="sample-theory" data-what="unique" data-method="position" data-value={unique_in_sample(s, d, r).to_string()}>
                    <dt>{"and unique: (s + 2d(1 − r)) / (s + d(2 − r))"}</dt><dd class="num">{ pct(unique_in_sample(s, d, r)) }</dd></div>
                <div><dt>{"the stream has repeated: d / (s + d)"}</dt><dd class="num">{ pct(repeated_in_stream(s, d)) }</dd></div>
            </dl>
            <div class="table-scroll" tabindex="0">
                <table class="data-table">
                    <caption>{ format!("Measured on the seeded stream of {} positions", group_digits(s + 2 * d)) }</caption>
                    <thead><tr>{ col_heads(&["distinct queries", "share", "sample size"]) }</tr></thead>
                    <tbody>
                        { measured("stream", &lab.stream) }
                        { measured("position", &lab.position) }
                        { measured("key", &lab.key) }
                    </tbody>
                </table>
            </div>
            <p data-testid="sample-size" data-value={lab.bounded.final_size.to_string()} data-limit={lab.limit.to_string()}
                data-cut={lab.bounded.final_cut.to_string()} data-drops={lab.bounded.drops.len().to_string()}>
                { format!("Bounded sample: {} queries at the end, limit {}, {} ({} dropped).",
                    group_digits(lab.bounded.final_size), group_digits(lab.limit), kept_buckets(lab.bounded.final_cut), lab.bounded.drops.len()) }
            </p>
        </div>
    }
}

/// Which buckets a sample by key keeps, in words.
fn kept_buckets(cut: u64) -> String {
    match cut {
        0 => "no bucket kept: the sample is empty".to_string(),
        1 => "bucket 0 kept".to_string(),
        c => format!("buckets 0 to {} kept", c - 1),
    }
}

/// The bounded sample's drops in words, from the drops themselves.
fn drops_words(lab: &SamplingLab) -> String {
    let b = &lab.bounded;
    let start = format!(
        "Keep the sample within {} queries: start with {}",
        group_digits(lab.limit),
        kept_buckets(lab.cut()).replace(" kept", "")
    );
    let drops: Vec<String> = b.drops.iter().take(2).map(|d| d.1.to_string()).collect();
    let how = match b.drops.len() {
        0 => " — this stream never takes it past the limit, so no bucket has to go.".to_string(),
        1 => format!(" and, when the sample grows past the limit, drop the highest bucket still kept: here bucket {} once.", drops[0]),
        2 => format!(" and, whenever the sample grows past the limit, drop the highest bucket still kept: here {}, then {}.", drops[0], drops[1]),
        n => format!(" and, whenever the sample grows past the limit, drop the highest bucket still kept: here {}, then {}, and so on ({n} drops).", drops[0], drops[1]),
    };
    let end = if b.final_cut == 0 {
        format!(" Even the last bucket held more than {} queries, so nothing is left: with so few buckets one bucket is already too big for the limit — the sample needs more, smaller buckets (a larger buckets setting) to stay a sample by key at all.", group_digits(lab.limit))
    } else if b.final_cut == 1 && b.final_size > lab.limit / 2 {
        " One bucket is left and it fills half the limit or more: another drop would empty the sample, so a longer stream needs more buckets.".to_string()
    } else {
        " The sample stays a sample by key, just of fewer buckets.".to_string()
    };
    format!("{start}{how}{end}")
}

/// The first queries of the stream, marked by kind and by whether a sample kept them.
fn strip(lab: &SamplingLab, by_key: bool) -> Html {
    html! {
        <div class="stream-strip" role="list" aria-label="the first queries of the stream">
            { for lab.head.iter().enumerate().map(|(i, &(q, pos, key))| {
                let kept = if by_key { key } else { pos };
                html! {
                    <span role="listitem" class={classes!("cell", "arrived", lab.is_doubled(q).then_some("twice"), kept.then_some("start"))}
                        title={format!("position {}: {}{}", i + 1, query_text(q, lab.seed), if kept { ", in the sample" } else { "" })}>
                        <span class="cell-value">{ query_text(q, lab.seed) }</span>
                        <span class="cell-pos">{ (i + 1).to_string() }</span>
                    </span>
                }
            }) }
        </div>
    }
}

/// The step that charts the sample's size as the stream goes by.
pub const SIZE_STEP: usize = 6;

/// The narration and the picture for step `i` (what gives an open question's answer away masked);
/// `size_chart` is the chart of step `SIZE_STEP`, as kept by the view.
pub fn stage(lab: &SamplingLab, i: usize, hide: &Hide, size_chart: Option<Rc<Plot>>) -> Html {
    let (s, d, r) = (lab.s, lab.d, lab.rate);
    let (twice, once, never) = doubled(r);
    let p = |t: &str| html! { <p class="narration" data-testid="narration">{ hide.text(t) }</p> };
    match i {
        0 => p(&format!(
            "A search engine's stream holds s = {} queries asked once and d = {} asked twice. What fraction of queries are asked more than once? \
             The stream says d / (s + d) = {}. To save time we look at a sample: {}.",
            group_digits(s), group_digits(d), pct(repeated_in_stream(s, d)), rate_words(r))),
        1 => p(&format!("Sampling by position keeps each element of the stream with chance r = {}. A query asked once is in the sample with chance {}.", r, pct(r))),
        2 => p(&format!(
            "A query asked twice has two chances. Both copies are kept with chance r² = {}, exactly one with 2r(1 − r) = {}, neither with (1 − r)² = {}. {}",
            pct(twice), pct(once), pct(never),
            if once > twice { "So most repeated queries that make it into the sample appear there only once (true while r is below 2/3)." }
            else if once < twice { "At this rate, above r = 2/3, most repeated queries in the sample do appear twice; the sample still under-reports them." }
            else { "At r = 2/3 exactly, as many appear once as twice." })),
        3 => html! {
            <>
                { p(&format!(
                    "The sample holds about {:.0} queries seen once and {:.0} seen twice, so it reports d·r / (s + d(2 − r)) = {} repeated, where the stream has {}. \
                     A sample alone cannot tell a query asked once from one asked twice and kept once; but in this model (every query asked once or twice, r known) its counts can be corrected.",
                    s as f64 * r + d as f64 * once, d as f64 * twice, pct(repeated_in_sample(s, d, r)), pct(repeated_in_stream(s, d)))) }
                { correction(lab) }
            </>
        },
        4 => html! {
            <>
                { p(&format!("A real seeded stream, sampled by position (kept positions outlined; queries asked twice shaded). Measured: {} of the sample's queries look repeated.", pct(lab.position.repeated_fraction()))) }
                { strip(lab, false) }
            </>
        },
        // Asked here what a sample by key reports: its explanation waits for the reveal.
        BY_KEY_STEP => html! {
            <>
                <div class="answers">{ p(&format!(
                    "Sample by key instead: hash each query to one of {} buckets and keep the queries in {}{}. Both copies of a query hash alike, so they are in or out together: the sample's fraction is off only by which queries the hash happens to keep. {}",
                    group_digits(lab.buckets), kept_buckets(lab.cut()).replace(" kept", ""), rounding_words(lab), lab.key_match_words())) }</div>
                { strip(lab, true) }
            </>
        },
        SIZE_STEP => html! {
            <>
                { p(&drops_words(lab)) }
                if let Some(plot) = size_chart {
                    <ChartCanvas {plot} label="The sample's size as the stream goes by" testid="sample-size-chart" legend=true />
                }
            </>
        },
        _ => salary_step(lab),
    }
}

/// The correction in the once-or-twice model, on the seeded sample by position.
fn correction(lab: &SamplingLab) -> Html {
    let t = &lab.position;
    let r = lab.rate;
    match corrected_repeated(t.once, t.repeated, r) {
        Some(c) => html! {
            <p class="narration" data-testid="sample-corrected" data-value={c.to_string()} data-true={lab.stream.repeated_fraction().to_string()}>
                { format!("The sample's fraction is f = r·x / (1 + x(1 − r)) for the stream's x = d/(s + d), so x = f / (r − f(1 − r)). The seeded sample has {} queries seen once and {} more than once, f = {}: x ≈ {} against the stream's {}. It needs r and the once-or-twice shape; real query logs have neither, which is why the next steps sample by key.",
                    group_digits(t.once), group_digits(t.repeated), trim_float(t.repeated_fraction(), 4), trim_float(c, 4), trim_float(lab.stream.repeated_fraction(), 4)) }
            </p>
        },
        None => {
            html! { <p class="narration" data-testid="sample-corrected">{"The seeded sample is empty, or its fraction is beyond what the once-or-twice model allows: there is nothing to correct."}</p> }
        }
    }
}

/// A note when r × buckets is not a whole number of buckets.
fn rounding_words(lab: &SamplingLab) -> String {
    let exact = lab.rate * lab.buckets as f64;
    let cut = lab.cut();
    if (exact - cut as f64).abs() < 1e-9 {
        String::new()
    } else {
        format!(
            " (r × {} buckets = {} is not a whole number of buckets: {} kept, so the sample by key keeps {} of the keys, not {})",
            group_digits(lab.buckets), trim_float(exact, 3), cut, pct(cut as f64 / lab.buckets as f64), pct(lab.rate)
        )
    }
}

/// The last step: key–value data, the salary ranges by tuple and by key, once and averaged over
/// seeded samples.
fn salary_step(lab: &SamplingLab) -> Html {
    let st = &lab.salaries;
    let b = &lab.salary_bias;
    let range = |(v, depts): (f64, u32)| if depts == 0 { "no department".to_string() } else { format!("{v:.0}") };
    let averaged = |(v, n): (f64, u64), what: &str| {
        if n == 0 {
            format!("none of the {} samples held a {what}", b.runs)
        } else {
            format!("{v:.0} ({} of the truth, over {n} samples)", pct(v / st.truth))
        }
    };
    html! {
        <>
            <p class="narration" data-testid="narration">{ format!(
                "Key–value data: {} tuples (employee, department, salary) in {} departments. Question: the average salary range (highest − lowest) within a department. \
                 Sampling tuples keeps only some employees of each department, so ranges shrink; sampling departments by key keeps each chosen department whole.",
                group_digits(st.tuples as u64), st.departments) }</p>
            <div class="table-scroll" tabindex="0">
                <table class="data-table">
                    <thead><tr>{ col_heads(&["answer from", "departments", "tuples", "average range"]) }</tr></thead>
                    <tbody>
                        <tr data-testid="salary-estimate" data-method="stream" data-value={st.truth.to_string()}><th scope="row">{"all the data (the truth)"}</th>
                            { num_cell(st.departments.to_string()) }{ num_cell(group_digits(st.tuples as u64)) }{ num_cell(format!("{:.0}", st.truth)) }</tr>
                        <tr data-testid="salary-estimate" data-method="position" data-value={st.by_tuple.0.to_string()}>{ row_head(format!("a sample of {} of the tuples", pct(lab.rate))) }
                            { num_cell(st.by_tuple.1.to_string()) }{ num_cell(group_digits(st.by_tuple.2 as u64)) }{ num_cell(range((st.by_tuple.0, st.by_tuple.1))) }</tr>
                        <tr data-testid="salary-estimate" data-method="key" data-value={st.by_key.0.to_string()}><th scope="row">{"departments sampled by key"}</th>
                            { num_cell(st.by_key.1.to_string()) }{ num_cell(group_digits(st.by_key.2 as u64)) }{ num_cell(range((st.by_key.0, st.by_key.1))) }</tr>
                    </tbody>
                </table>
            </div>
            <p data-testid="salary-bias" data-runs={b.runs.to_string()} data-truth={st.truth.to_string()}
                data-tuple-mean={SalaryBias::attr(b.by_tuple)} data-key-mean={SalaryBias::attr(b.by_key)}>
                { format!("One sample can be lucky. Averaged over {} seeded samples of the same data (counting those that hold a department): by tuple {}; by key {}. Sampling by key is unbiased for the average over departments — each department is in or out whole, with the same chance — while sampling tuples shrinks every range.",
                    b.runs, averaged(b.by_tuple, "tuple"), averaged(b.by_key, "department")) }
            </p>
        </>
    }
}
