//! The comparison's table and charts.

use std::rc::Rc;

use yew::prelude::*;

use crate::widgets::charts::chart_canvas::ChartCanvas;
use crate::widgets::charts::chart_legend::ChartLegend;
use bloomlab_core::labs::search::methods::Method;
use bloomlab_core::labs::search::run::{MethodResult, SearchRun, LINEAR_COMPARISONS};
use bloomlab_core::labs::search::{bytes_label, chart, ns_label, rate_label};
use bloomlab_core::text::{format_probability, group_digits};

/// A chart's hook, title, value and axis labels.
type ChartSpec = (&'static str, &'static str, fn(&MethodResult) -> f64, fn(f64) -> String);

fn ns(v: f64) -> String {
    if v <= 0.0 {
        "below the clock".to_string()
    } else if v >= 1e6 {
        format!("{:.2} ms", v / 1e6)
    } else if v >= 1e3 {
        format!("{:.2} µs", v / 1e3)
    } else {
        format!("{v:.0} ns")
    }
}

fn row(r: &MethodResult) -> Html {
    let note = match r.method {
        Method::Linear if r.queries < r.n.min(10_000) => {
            Some(format!("{} queries of each kind", group_digits(r.queries)))
        }
        Method::Binary if r.inserts_timed < r.n => {
            Some(format!("last {} inserts timed", group_digits(r.inserts_timed)))
        }
        _ => None,
    };
    html! {
        <tr data-testid="method-result" data-method={r.method.name()} data-n={r.n.to_string()}
            data-insert-ns={r.insert_ns.to_string()} data-query-ns={r.member_ns.to_string()}
            data-nonmember-ns={r.nonmember_ns.to_string()} data-bytes={r.bytes.to_string()}
            data-fp={r.fp_rate().to_string()} data-fp-count={r.fp.to_string()} data-queries={r.queries.to_string()}
            data-inserts-timed={r.inserts_timed.to_string()} data-missed={r.missed.to_string()}>
            <th scope="row">{ r.method.title() }</th>
            <td class="num">{ group_digits(r.n) }</td>
            <td class="num">{ ns(r.insert_ns) }</td>
            <td class="num">{ ns(r.member_ns) }</td>
            <td class="num">{ ns(r.nonmember_ns) }</td>
            <td class="num">{ format!("{} ({:.1} bits/item)", bytes_label(r.bytes as f64), r.bits_per_item()) }</td>
            <td class="num">{ if r.method.approximate() { format!("{} of {} ({})", r.fp, group_digits(r.queries), format_probability(r.fp_rate())) } else { "none (exact)".into() } }</td>
            <td class="small muted wrap">{ note.unwrap_or_default() }</td>
        </tr>
    }
}

pub fn results_panel(run: &SearchRun) -> Html {
    let results = &run.results;
    if results.is_empty() {
        return html! {};
    }
    let n_top = results.iter().map(|r| r.n).max().unwrap_or(0);
    let key_bits = run.key_bits();
    let log_n = (n_top.max(2) as f64).log2();
    let bloom = results.iter().find(|r| r.n == n_top && r.method == Method::Bloom);
    let charts: [ChartSpec; 4] = [
        ("search-chart-insert", "insert time per item", |r| r.insert_ns, ns_label),
        ("search-chart-query", "lookup time per member", |r| r.member_ns, ns_label),
        ("search-chart-memory", "memory (bytes)", |r| r.bytes as f64, bytes_label),
        (
            "search-chart-fp",
            "false-positive rate",
            |r| if r.method.approximate() { r.fp_rate() } else { 0.0 },
            rate_label,
        ),
    ];
    html! {
        <>
            // A title above the scrolling box, not a caption: a caption is as wide as the table
            // and scrolls out of sight on a phone.
            <p class="table-title" id="search-table-title">{"Per item, on the same URLs (newest size first)"}</p>
            <div class="table-scroll" tabindex="0">
                <table class="data-table search-table" aria-labelledby="search-table-title">
                    <thead><tr>
                        <th scope="col">{"method"}</th><th scope="col">{"n"}</th><th scope="col">{"insert"}</th>
                        <th scope="col">{"look up a member"}</th><th scope="col">{"look up a non-member"}</th>
                        <th scope="col">{"memory"}</th><th scope="col">{"false positives"}</th><th scope="col">{"note"}</th>
                    </tr></thead>
                    <tbody>{ for results.iter().rev().map(row) }</tbody>
                </table>
            </div>
            <p class="trace-note">
                { format!("Linear search compares at most {} items per kind of query at one size, so at large n it answers fewer queries (the note says how many); \
                    the sorted array above 20,000 items is loaded sorted and only its last inserts are timed, each moving on average half the array. Nothing is extrapolated.",
                    group_digits(LINEAR_COMPARISONS)) }
            </p>
            if let Some(b) = bloom {
                <p class="explain" data-testid="bits-per-item" data-filter={b.bits_per_item().to_string()} data-key-bits={key_bits.to_string()}>
                    { format!("At n = {}: the Bloom filter spends {:.1} bits per URL; a URL here is {:.0} bits long on average, and storing it \
                        (with a pointer, about log₂ n = {:.0} bits more) costs {:.0}. The filter pays off when m/n is much smaller than the key \
                        length plus log n: here {:.0}× smaller.", group_digits(n_top), b.bits_per_item(), key_bits, log_n, key_bits + log_n,
                        (key_bits + log_n) / b.bits_per_item().max(1e-9)) }
                </p>
            }
            <ChartLegend labels={Method::ALL.iter().map(|m| m.title().to_string()).collect::<Vec<_>>()} />
            <div class="chart-pair">
                { for charts.iter().map(|(id, what, value, label)| html! {
                    <ChartCanvas plot={Rc::new(chart(results, what, *value, *label))} label={format!("{what} against n, log–log")}
                        testid={AttrValue::from(*id)} />
                }) }
            </div>
        </>
    }
}
