//! Why a crawler restarts its filter (`view=crawler`): four restart policies on the same web.

use std::rc::Rc;

use yew::prelude::*;

use crate::hooks::input::dispatch_to;
use crate::hooks::sliced::use_slices;
use crate::hooks::use_address_sync;
use crate::views::crawler::state::{CrawlerAction, CrawlerState};
use crate::views::ViewProps;
use crate::widgets::charts::chart_canvas::ChartCanvas;
use crate::widgets::charts::chart_legend::ChartLegend;
use crate::widgets::notice_list::notice_list;
use crate::widgets::progress_line::{progress_line, Progress};
use bloomlab_core::labs::crawler::POLICIES;
use bloomlab_core::text::group_digits;

/// A chart's hook, title and value.
type CrawlChart = (&'static str, &'static str, fn(&bloomlab_core::labs::crawler::crawl::Sample) -> f64);

#[function_component(CrawlerView)]
pub fn crawler_view(props: &ViewProps) -> Html {
    let state = use_reducer(|| CrawlerState::from_query(&props.query));
    let spec = state.spec.clone();
    use_address_sync(&props.page, spec.query_pairs());
    use_slices(&state.run, state.dispatcher(), |run, slice| CrawlerAction::Work { run, slice });
    let done = state.run.is_done();
    let dispatcher = state.dispatcher();
    let set = |name: &'static str| {
        let d = dispatcher.clone();
        Callback::from(move |e: Event| d.dispatch(CrawlerAction::Set(name, crate::hooks::input::value_of(&e))))
    };
    let run = state.run.borrow();
    let (fetched, total) = run.progress();
    let charts: [CrawlChart; 4] = [
        ("crawl-chart-fill", "share of the filter's bits set", |s| s.fill),
        ("crawl-chart-fp", "predicted false-positive rate", |s| s.predicted),
        ("crawl-chart-lost", "new pages lost so far", |s| s.lost as f64),
        ("crawl-chart-refetched", "pages fetched again", |s| s.refetched as f64),
    ];
    let mut order: Vec<usize> = (0..run.crawls.len()).collect();
    order.sort_by_key(|&i| run.crawls[i].policy.name() != spec.policy);
    html! {
        <section class="crawler">
            <header class="view-head">
                <h1>{"Why the crawler restarts its filter"}</h1>
                <p>{ format!("A seeded web of {} pages (popular pages are linked often; each page also links to a few nearby ones) crawled four times with a Bloom filter of {} bits and {} hashes as the set of pages seen. As the filter fills, it calls more new pages \u{201c}seen\u{201d}, and those are lost for good unless the filter is restarted. Restarting the filter saves them, but forgets pages already fetched, which are then fetched again.",
                    group_digits(spec.pages), group_digits(spec.m), spec.k) }</p>
            </header>
            { notice_list(&state.notices, Some(&dispatch_to(&dispatcher, |_: ()| CrawlerAction::DismissNotices))) }
            <div class="panel">
                <div class="control-row">
                    <label>{"pages "}<input type="number" class="num-input" value={spec.pages.to_string()} onchange={set("pages")} data-testid="crawl-pages" /></label>
                    <label>{"bits m "}<input type="number" class="num-input" value={spec.m.to_string()} onchange={set("m")} data-testid="crawl-m" /></label>
                    <label>{"hashes k "}<input type="number" class="num-input" value={spec.k.to_string()} onchange={set("k")} data-testid="crawl-k" /></label>
                    <label>{"every N insertions "}<input type="number" class="num-input" value={spec.period.to_string()} onchange={set("period")} data-testid="crawl-period" /></label>
                    <label>{"fill threshold "}<input type="number" class="num-input" step="0.05" value={spec.threshold.to_string()} onchange={set("threshold")} data-testid="crawl-threshold" /></label>
                    <label>{"shown first "}<select onchange={set("policy")} data-testid="crawl-policy">
                        { for POLICIES.iter().map(|p| html! { <option value={*p} selected={*p == spec.policy}>{ *p }</option> }) }
                    </select></label>
                    <label>{"seed "}<input type="number" class="num-input" value={spec.seed.to_string()} onchange={set("seed")} data-testid="crawl-seed" /></label>
                </div>
                { progress_line(Progress::new("crawl-progress", fetched, total, done, "crawl progress",
                    if done { "All four crawls finished.".to_string() } else { format!("Crawling… {} fetches", group_digits(fetched)) })) }
                <div class="table-scroll" tabindex="0">
                    <table class="data-table">
                        <thead><tr><th scope="col">{"policy"}</th><th scope="col">{"pages crawled"}</th><th scope="col">{"new pages lost"}</th>
                            <th scope="col">{"fetched again"}</th><th scope="col">{"restarts"}</th><th scope="col">{"fill now"}</th></tr></thead>
                        <tbody>{ for order.iter().map(|&i| {
                            let c = &run.crawls[i];
                            let what = match c.policy.name() {
                                "never" => "never restart".to_string(),
                                "every" => format!("restart every {} insertions", group_digits(spec.period)),
                                "fill" => format!("restart at {:.0} % of bits set", spec.threshold * 100.0),
                                _ => "two filters of m/2 in rotation".to_string(),
                            };
                            html! {
                                <tr data-testid="crawl-stats" data-policy={c.policy.name()} data-crawled={c.crawled.to_string()} data-lost={c.lost.to_string()}
                                    data-refetched={c.refetched.to_string()} data-restarts={c.restarts.to_string()} data-fill={c.fill().to_string()}>
                                    <th scope="row">{ what }</th><td class="num">{ group_digits(c.crawled) }</td><td class="num">{ group_digits(c.lost) }</td>
                                    <td class="num">{ group_digits(c.refetched) }</td><td class="num">{ c.restarts.to_string() }</td><td class="num">{ format!("{:.2}", c.fill()) }</td>
                                </tr>
                            }
                        }) }</tbody>
                    </table>
                </div>
                <p class="muted small">{"A new page counts as lost while every link to it so far was answered \u{201c}seen\u{201d} by a false positive. A later link can still reach it once the filter has been restarted, so the count can fall again; without restarts it only grows."}</p>
                <ChartLegend labels={run.crawls.iter().map(|c| c.policy.name().to_string()).collect::<Vec<_>>()} />
                <div class="chart-pair">
                    { for charts.iter().map(|(id, what, value)| html! {
                        <ChartCanvas plot={Rc::new(run.chart(what, *value))} label={format!("{what}, by policy, as the crawl goes on")} testid={AttrValue::from(*id)} />
                    }) }
                </div>
            </div>
        </section>
    }
}
