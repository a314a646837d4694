//! The walkthrough's stage: the stream around t as cells (the last N bits marked, bits still to
//! come faded), the buckets as spans under the bits they cover, and the readouts — estimate
//! beside the true count, the error bound, the memory against the window's N bits.

use yew::prelude::*;

use bloomlab_core::engine::streams::dgim::Dgim;
use bloomlab_core::labs::window::{Span, WindowLab};
use bloomlab_core::text::{group_digits, trim_float};

/// Cells drawn at most: the stream around t.
const SHOWN: u64 = 40;

/// The positions drawn (1-based, inclusive): up to `SHOWN` ending a few bits past t.
fn shown_range(len: u64, t: u64) -> (u64, u64) {
    let hi = len.min(t.saturating_add(6).max(SHOWN));
    let lo = hi.saturating_sub(SHOWN - 1).max(1);
    (lo, hi)
}

pub fn stream_stage(lab: &WindowLab, t: u64, d: &Dgim) -> Html {
    let (lo, hi) = shown_range(lab.len(), t);
    let edge = t.saturating_sub(lab.window);
    let col = |p: u64| (p - lo + 1).to_string();
    let cells = (lo..=hi).map(|p| {
        let bit = lab.bits.get(p as usize - 1).copied().unwrap_or(false);
        let class = classes!(
            "bit-cell",
            if bit { "one" } else { "zero" },
            (p > t).then_some("future"),
            (p > edge && p <= t).then_some("in-window"),
            (p == t).then_some("now"),
        );
        html! {
            <span {class} style={format!("grid-column:{}", col(p))} title={format!("position {p}")}>
                <small>{ p }</small>{ bit as u8 }</span>
        }
    });
    let spans = lab.spans(d).into_iter().filter(|s| s.last >= lo && s.first <= hi).map(|s| span_bar(&s, lo, hi));
    let window_bar = (t > 0).then(|| {
        let (a, b) = ((edge + 1).max(lo), t.min(hi));
        html! { <span class="window-bar" style={format!("grid-column:{} / {}", col(a), (b - lo + 2))}>
        { format!("window: the last {} bits", group_digits(lab.window)) }</span> }
    });
    html! {
        <div class="dgim-stream-wrap" tabindex="0" role="region" aria-label="the stream, its window and its buckets">
            if lo > 1 { <p class="muted small">{ format!("Positions {lo} to {hi} of {} shown.", lab.len()) }</p> }
            <div class="dgim-stream" data-testid="dgim-stream" data-first={lo.to_string()} data-last={hi.to_string()}
                style={format!("grid-template-columns:repeat({}, minmax(1.7rem, max-content))", hi - lo + 1)}>
                { for cells }
                { for window_bar }
                { for spans }
            </div>
        </div>
    }
}

fn span_bar(s: &Span, lo: u64, hi: u64) -> Html {
    let (a, b) = (s.first.max(lo), s.last.min(hi));
    html! {
        <span class="bucket-bar" style={format!("grid-column:{} / {}", a - lo + 1, b - lo + 2)}
            title={format!("a bucket of size {} whose newest 1 is at {}", s.size, s.timestamp)}>
            // A line may break after the @ (presenter mode's narrow columns).
            { format!("{}@", s.size) }<wbr />{ s.timestamp.to_string() }</span>
    }
}

/// The buckets (the `dgim-buckets` hook), the estimate against the truth, the bound and memory.
pub fn readouts(lab: &WindowLab, t: u64, d: &Dgim) -> Html {
    let truth = lab.true_count(t);
    let (b, m) = (lab.bounds_of(d), lab.memory_of(d));
    let pct = |x: f64| format!("{} %", trim_float(x * 100.0, 1));
    let off = if truth > 0 { pct((d.estimate() - truth as f64).abs() / truth as f64) } else { "—".into() };
    let (low, high) = d.range();
    html! {
        <div class="readouts">
            <dl>
                <div><dt>{"buckets (newest first)"}</dt>
                    <dd class="num" data-testid="dgim-buckets" data-t={t.to_string()} data-buckets={WindowLab::buckets_text(d)}>
                        { bloomlab_core::lectures::dgim::buckets_list(&d.buckets().copied().collect::<Vec<_>>()) }</dd></div>
                <div><dt>{ format!("estimate of the 1s in the last {} bits / true count", group_digits(lab.window)) }</dt>
                    <dd class="num" data-testid="dgim-estimate" data-value={d.estimate().to_string()} data-true={truth.to_string()}>
                        { format!("{} / {truth} (off by {off})", trim_float(d.estimate(), 1)) }</dd></div>
                <div><dt>{"what the buckets know for sure"}</dt>
                    <dd class="num">{ if d.is_empty() { "no 1 in the window".to_string() } else { format!("between {low} and {high} ones") } }</dd></div>
                <div><dt>{"worst error with this oldest bucket"}</dt>
                    <dd class="num" data-testid="dgim-bound" data-now={b.now.to_string()} data-past={b.past_size_one.to_string()}
                        data-book={b.book.to_string()}>{ pct(b.now) }</dd></div>
                <div><dt>{ format!("memory: buckets now / at most / exact window (N = {})", group_digits(lab.window)) }</dt>
                    <dd class="num" data-testid="dgim-memory" data-bits={m.now.to_string()} data-most={m.most.to_string()}
                        data-exact={m.exact.to_string()}>
                        { format!("{} / {} / {} bits", group_digits(m.now), group_digits(m.most), group_digits(m.exact)) }</dd></div>
            </dl>
        </div>
    }
}

/// The bound, said once: what is true for this r and where the book's figure differs.
pub fn bound_note(lab: &WindowLab) -> Html {
    let b = lab.bounds_of(&lab.dgim_at(0));
    let pct = |x: f64| format!("{} %", trim_float(x * 100.0, 1));
    let r = lab.r;
    let book = if r == 2 {
        "The book gives 50 % for r = 2 (MMDS 4.6.4, the basic algorithm; the course's slides do not cover DGIM): right, and reached only by a window holding a single 1."
            .to_string()
    } else {
        format!(
            "The book (MMDS 4.6.6) gives 1/(r − 1) = {} for r = {r}: {}",
            pct(b.book),
            if b.book < 0.5 {
                "true once the oldest bucket has size 2 or more, but a window holding a single 1 is still off by 50 %."
            } else {
                "true, and reached only by a window holding a single 1."
            }
        )
    };
    html! {
        <p class="muted small" data-testid="dgim-bound-note">
            { format!("How far off can the estimate be? Half the oldest bucket's size at most. A window holding a single 1 (one bucket of \
                size 1, counted ½) is off by 50 % whatever r is; once the oldest bucket has size 2 or more, the error {} \
                max(1/(r + 1), 1/(2(r − 1))) = {} for r = {r}. ", if r == 2 { "stays below" } else { "is at most" }, pct(b.past_size_one)) }
            { book }
        </p>
    }
}
