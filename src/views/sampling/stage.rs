//! What each step of the sampling walkthrough shows, and the readouts every step keeps in view.

use std::rc::Rc;

use yew::prelude::*;

use crate::widgets::charts::chart_canvas::ChartCanvas;
use bloomlab_core::labs::sampling::stream::{query_text, Tally};
use bloomlab_core::labs::sampling::theory::{doubled, repeated_in_sample, repeated_in_stream, unique_in_sample};
use bloomlab_core::labs::sampling::SamplingLab;
use bloomlab_core::text::group_digits;

fn pct(x: f64) -> String {
    format!("{:.2} %", 100.0 * x)
}

/// The theory and the measurements, with the contract's hooks.
pub fn readouts(lab: &SamplingLab) -> Html {
    let (s, d, r) = (lab.s, lab.d, lab.rate);
    let measured = |method: &'static str, t: &Tally| {
        html! {
            <>
                <tr data-testid="sample-fraction" data-what="repeated" data-method={method} data-value={t.repeated_fraction().to_string()}>
                    <th scope="row">{ format!("{method}: repeated") }</th><td class="num">{ pct(t.repeated_fraction()) }</td>
                    <td class="num">{ group_digits(t.size) }</td></tr>
                <tr data-testid="sample-fraction" data-what="unique" data-method={method} data-value={t.unique_fraction().to_string()}>
                    <th scope="row">{ format!("{method}: unique") }</th><td class="num">{ pct(t.unique_fraction()) }</td><td></td></tr>
            </>
        }
    };
    html! {
        <div class="readouts sample-readouts">
            <h3>{"In numbers"}</h3>
            <dl>
                <div data-testid="sample-theory" data-what="repeated" data-method="position" data-value={repeated_in_sample(s, d, r).to_string()}>
                    <dt>{"by position, the sample reports repeated: d·r / (s + d(2 − r))"}</dt><dd class="num">{ pct(repeated_in_sample(s, d, r)) }</dd></div>
                <div data-testid="sample-theory" data-what="unique" data-method="position" data-value={unique_in_sample(s, d, r).to_string()}>
                    <dt>{"and unique: (s + 2d(1 − r)) / (s + d(2 − r))"}</dt><dd class="num">{ pct(unique_in_sample(s, d, r)) }</dd></div>
                <div><dt>{"the stream has repeated: d / (s + d)"}</dt><dd class="num">{ pct(repeated_in_stream(s, d)) }</dd></div>
            </dl>
            <div class="table-scroll" tabindex="0">
                <table class="data-table">
                    <caption>{ format!("Measured on the seeded stream of {} positions", group_digits(s + 2 * d)) }</caption>
                    <thead><tr><th scope="col">{"distinct queries"}</th><th scope="col">{"share"}</th><th scope="col">{"sample size"}</th></tr></thead>
                    <tbody>
                        { measured("stream", &lab.stream) }
                        { measured("position", &lab.position) }
                        { measured("key", &lab.key) }
                    </tbody>
                </table>
            </div>
            <p data-testid="sample-size" data-value={lab.bounded.final_size.to_string()} data-limit={lab.limit.to_string()}
                data-cut={lab.bounded.final_cut.to_string()} data-drops={lab.bounded.drops.len().to_string()}>
                { format!("Bounded sample: {} queries at the end, limit {}, buckets 0 to {} kept ({} dropped).",
                    group_digits(lab.bounded.final_size), group_digits(lab.limit), lab.bounded.final_cut.saturating_sub(1), lab.bounded.drops.len()) }
            </p>
        </div>
    }
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

/// The narration and the picture for step `i`.
pub fn stage(lab: &SamplingLab, i: usize) -> Html {
    let (s, d, r) = (lab.s, lab.d, lab.rate);
    let (twice, once, never) = doubled(r);
    let one_in = if r > 0.0 { format!("{:.0}", 1.0 / r) } else { "∞".into() };
    let p = |t: &str| html! { <p class="narration" data-testid="narration">{ t.to_string() }</p> };
    match i {
        0 => p(&format!(
            "A search engine's stream holds s = {} queries asked once and d = {} asked twice. What fraction of queries are asked more than once? \
             The stream says d / (s + d) = {}. To save time we look at a sample of about 1 in {one_in} of the stream.",
            group_digits(s), group_digits(d), pct(repeated_in_stream(s, d)))),
        1 => p(&format!("Sampling by position keeps each element of the stream with chance r = {}. A query asked once is in the sample with chance {}.", r, pct(r))),
        2 => p(&format!(
            "A query asked twice has two chances. Both copies are kept with chance r² = {}, exactly one with 2r(1 − r) = {}, neither with (1 − r)² = {}. \
             So most repeated queries that make it into the sample appear there only once.",
            pct(twice), pct(once), pct(never))),
        3 => p(&format!(
            "The sample holds about {:.0} queries seen once and {:.0} seen twice, so it reports d·r / (s + d(2 − r)) = {} repeated, where the stream has {}. \
             No simple correction recovers the true fraction from the sample alone.",
            s as f64 * r + d as f64 * once, d as f64 * twice, pct(repeated_in_sample(s, d, r)), pct(repeated_in_stream(s, d)))),
        4 => html! {
            <>
                { p(&format!("A real seeded stream, sampled by position (kept positions outlined; queries asked twice shaded). Measured: {} of the sample's queries look repeated.", pct(lab.position.repeated_fraction()))) }
                { strip(lab, false) }
            </>
        },
        5 => html! {
            <>
                { p(&format!(
                    "Sample by key instead: hash each query to one of {} buckets and keep the queries in buckets 0 to {}. Both copies of a query hash alike, so they are in or out together, and the sample's fraction ({}) matches the stream's ({}).",
                    group_digits(lab.buckets), lab.cut() - 1, pct(lab.key.repeated_fraction()), pct(lab.stream.repeated_fraction()))) }
                { strip(lab, true) }
            </>
        },
        6 => html! {
            <>
                { p(&format!(
                    "Keep the sample within {} queries: start with buckets 0 to {} and, whenever the sample grows past the limit, drop the highest bucket still kept — {}, then {}, and so on. The sample stays a sample by key, just of fewer buckets.",
                    group_digits(lab.limit), lab.cut() - 1, lab.cut() - 1, lab.cut().saturating_sub(2))) }
                <ChartCanvas plot={Rc::new(lab.bounded.chart())} label="The sample's size as the stream goes by" testid="sample-size-chart" legend=true />
            </>
        },
        _ => {
            let st = &lab.salaries;
            html! {
                <>
                    { p(&format!(
                        "Key–value data: {} tuples (employee, department, salary) in {} departments. Question: the average salary range (highest − lowest) within a department. \
                         Sampling tuples keeps only some employees of each department, so ranges shrink; sampling departments by key keeps each chosen department whole.",
                        group_digits(st.tuples as u64), st.departments)) }
                    <div class="table-scroll" tabindex="0">
                        <table class="data-table">
                            <thead><tr><th scope="col">{"answer from"}</th><th scope="col">{"departments"}</th><th scope="col">{"tuples"}</th><th scope="col">{"average range"}</th></tr></thead>
                            <tbody>
                                <tr data-testid="salary-estimate" data-method="stream" data-value={st.truth.to_string()}><th scope="row">{"all the data (the truth)"}</th>
                                    <td class="num">{ st.departments.to_string() }</td><td class="num">{ group_digits(st.tuples as u64) }</td><td class="num">{ format!("{:.0}", st.truth) }</td></tr>
                                <tr data-testid="salary-estimate" data-method="position" data-value={st.by_tuple.0.to_string()}><th scope="row">{ format!("a sample of {} of the tuples", pct(r)) }</th>
                                    <td class="num">{ st.by_tuple.1.to_string() }</td><td class="num">{ group_digits(st.by_tuple.2 as u64) }</td><td class="num">{ format!("{:.0}", st.by_tuple.0) }</td></tr>
                                <tr data-testid="salary-estimate" data-method="key" data-value={st.by_key.0.to_string()}><th scope="row">{"departments sampled by key"}</th>
                                    <td class="num">{ st.by_key.1.to_string() }</td><td class="num">{ group_digits(st.by_key.2 as u64) }</td><td class="num">{ format!("{:.0}", st.by_key.0) }</td></tr>
                            </tbody>
                        </table>
                    </div>
                </>
            }
        }
    }
}
