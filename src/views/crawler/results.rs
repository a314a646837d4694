//! The four crawls as they go: progress, the table of what each policy lost and fetched again,
//! and the four charts. A component of its own, drawn again at the pace the run is shown
//! (`SlicedRun::shown`) rather than after every slice of crawling.

use std::rc::Rc;

use yew::prelude::*;

use crate::widgets::cells::{col_heads, num_cell, row_head};

use crate::hooks::plot::use_plots;
use crate::hooks::sliced::Shown;
use crate::widgets::charts::chart_canvas::ChartCanvas;
use crate::widgets::charts::chart_legend::ChartLegend;
use crate::widgets::progress_line::{progress_line, Progress};
use bloomlab_core::labs::crawler::{CrawlerRun, CrawlerSpec};
use bloomlab_core::link::page::{Panel, CRAWL_FILL_PANEL, CRAWL_FP_PANEL, CRAWL_LOST_PANEL, CRAWL_REFETCHED_PANEL};
use bloomlab_core::text::group_digits;

/// A chart's hook, title and value.
type CrawlChart = (Panel, &'static str, &'static str, fn(&bloomlab_core::labs::crawler::crawl::Sample) -> f64);

#[derive(Properties, PartialEq)]
pub struct CrawlResultsProps {
    pub run: Shown<CrawlerRun>,
    pub spec: Rc<CrawlerSpec>,
}

#[function_component(CrawlResults)]
pub fn crawl_results(props: &CrawlResultsProps) -> Html {
    let (run, spec) = (props.run.borrow(), &props.spec);
    let done = run.is_done();
    let (fetched, total) = run.progress();
    let charts: [CrawlChart; 4] = [
        (CRAWL_FILL_PANEL, "crawl-chart-fill", "share of the filter's bits set", |s| s.fill),
        (CRAWL_FP_PANEL, "crawl-chart-fp", "predicted false-positive rate", |s| s.predicted),
        (CRAWL_LOST_PANEL, "crawl-chart-lost", "new pages lost so far", |s| s.lost as f64),
        (CRAWL_REFETCHED_PANEL, "crawl-chart-refetched", "pages fetched again", |s| s.refetched as f64),
    ];
    // Built as the run is shown, not again for a change of the policy named first.
    let plots = use_plots(Some(props.run.plot_key()), &|| {
        charts.iter().map(|(_, _, what, value)| run.chart(what, *value)).collect()
    });
    let mut order: Vec<usize> = (0..run.crawls.len()).collect();
    order.sort_by_key(|&i| run.crawls[i].policy.name() != spec.policy);
    html! {
        <>
            { progress_line(Progress::new("crawl-progress", fetched, total, done, "crawl progress",
                if done { "All four crawls finished.".to_string() } else { format!("Crawling… {} fetches", group_digits(fetched)) })) }
            <div class="table-scroll" tabindex="0">
                <table class="data-table">
                    <thead><tr>{ col_heads(&["policy", "pages crawled", "new pages lost", "fetched again", "restarts", "fill now"]) }</tr></thead>
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
                                { row_head(what) }{ num_cell(group_digits(c.crawled)) }{ num_cell(group_digits(c.lost)) }
                                { num_cell(group_digits(c.refetched)) }{ num_cell(c.restarts.to_string()) }{ num_cell(format!("{:.2}", c.fill())) }
                            </tr>
                        }
                    }) }</tbody>
                </table>
            </div>
            <p class="muted small crawl-note">{"A new page counts as lost while every link to it so far was answered \u{201c}seen\u{201d} by a false positive. A later link can still reach it once the filter has been restarted, so the count can fall again; without restarts it only grows."}</p>
            <ChartLegend labels={run.crawls.iter().map(|c| c.policy.name().to_string()).collect::<Vec<_>>()} />
            <div class="chart-pair">
                // Each chart a part a link can point to (`focus=crawl-lost`: in presenter mode the
                // table and that chart alone).
                { for charts.iter().zip(plots).map(|((panel, id, what, _), plot)| {
                    html! {
                        <section class="chart-part" aria-labelledby={panel.title_id}>
                            <h2 class="visually-hidden" id={panel.title_id}>{ *what }</h2>
                            <ChartCanvas {plot} label={format!("{what}, by policy, as the crawl goes on")} testid={AttrValue::from(*id)} />
                        </section>
                    }
                }) }
            </div>
        </>
    }
}
