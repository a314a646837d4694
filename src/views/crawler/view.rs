//! Why a crawler restarts its filter (`view=crawler`): four restart policies on the same web.

use yew::prelude::*;

use crate::hooks::page::use_page;
use crate::views::crawler::results::CrawlResults;
use crate::views::ViewProps;
use crate::widgets::inputs::number_field::number_field;
use crate::widgets::notice_list::notice_list;
use bloomlab_core::labs::crawler::{self, CrawlerSpec};
use bloomlab_core::text::group_digits;

#[function_component(CrawlerView)]
pub fn crawler_view(props: &ViewProps) -> Html {
    let page = use_page::<CrawlerSpec>(&props.query, &props.page);
    let state = &page.state;
    let spec = state.model.clone();
    html! {
        <section class="crawler">
            <header class="view-head">
                <h1>{"Why the crawler restarts its filter"}</h1>
                <p>{ format!("A seeded web of {} pages (popular pages are linked often; each page also links to a few nearby ones) crawled four times with a Bloom filter of {} bits and {} hashes as the set of pages seen. As the filter fills, it calls more new pages \u{201c}seen\u{201d}, and those are lost for good unless the filter is restarted. Restarting the filter saves them, but forgets pages already fetched, which are then fetched again.",
                    group_digits(spec.pages), group_digits(spec.m), spec.k) }</p>
            </header>
            { notice_list(&state.notices, Some(&page.dismiss())) }
            <div class="panel">
                <div class="control-row">
                    <label>{"pages "}{ number_field(&crawler::PAGES, spec.pages.to_string(), page.field(crawler::PAGES.name), "crawl-pages") }</label>
                    <label>{"bits m "}{ number_field(&crawler::M, spec.m.to_string(), page.field(crawler::M.name), "crawl-m") }</label>
                    <label>{"hashes k "}{ number_field(&crawler::K, spec.k.to_string(), page.field(crawler::K.name), "crawl-k") }</label>
                    <label>{"every N insertions "}{ number_field(&crawler::PERIOD, spec.period.to_string(), page.field(crawler::PERIOD.name), "crawl-period") }</label>
                    <label>{"fill threshold "}{ number_field(&crawler::THRESHOLD, spec.threshold.to_string(), page.field(crawler::THRESHOLD.name), "crawl-threshold") }</label>
                    <label>{"shown first "}<select onchange={page.field(crawler::POLICY.name)} data-testid="crawl-policy">
                        { for crawler::POLICY.names.iter().map(|p| html! { <option value={*p} selected={*p == spec.policy}>{ *p }</option> }) }
                    </select></label>
                    <label>{"seed "}{ number_field(&crawler::SEED, spec.seed.to_string(), page.field(crawler::SEED.name), "crawl-seed") }</label>
                </div>
                <CrawlResults run={state.run.shown()} spec={spec.clone()} />
            </div>
        </section>
    }
}
