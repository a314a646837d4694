//! The split-block panel: Parquet's filter of the typed keys (its words, a lookup), the sizing
//! table for n keys at the target rate, and the spec's 11.54 bits a value worked out both ways
//! and held against the filters measured.

use yew::prelude::*;

use crate::views::space::chart_panel::{pct, OnFields};
use crate::widgets::cells::{col_heads, mono_cell, num_cell, plain_cell};
use crate::widgets::inputs::example_form::{ExampleForm, Field};
use bloomlab_core::engine::split_block::sizing::Formula;
use bloomlab_core::engine::split_block::{BLOCK_BITS, HOOK_MAX_BLOCKS, WORDS_PER_BLOCK};
use bloomlab_core::labs::space::chart::split_block_agrees;
use bloomlab_core::labs::space::filters::bloom_fpr;
use bloomlab_core::labs::space::params::{BLOCKS, ITEMS, QUERY, RATE};
use bloomlab_core::labs::space::split::{SizingRow, SPEC_CLAIM_RATE};
use bloomlab_core::labs::space::{SpaceLab, SpaceRun, SpecClaim};
use bloomlab_core::text::{count_of, group_digits, shorten, trim_float};

/// The filter's words, a row per block with the looked-up key's block marked (the `sbbf` hook).
fn words(lab: &SpaceLab) -> Html {
    let split = &lab.split;
    let (blocks, words) = (split.blocks(), split.filter.words());
    let probed = lab.lookup().map(|l| l.probe.block);
    let body = if blocks <= HOOK_MAX_BLOCKS {
        let rows = words.chunks(WORDS_PER_BLOCK).enumerate().map(|(b, ws)| {
            let ones: u32 = ws.iter().map(|w| w.count_ones()).sum();
            html! {
                <tr class={classes!((probed == Some(b)).then_some("probed"))}>
                    <th scope="row">{ b }</th>
                    { for ws.iter().map(|w| mono_cell(format!("{w:08x}"))) }
                    { num_cell(ones.to_string()) }
                </tr>
            }
        });
        html! {
            <div class="table-scroll" tabindex="0"><table class="data-table sbbf-words" aria-label="the filter's words in hexadecimal, a row per block">
                <thead><tr>{ col_heads(&["block", "word 0", "1", "2", "3", "4", "5", "6", "7", "bits set"]) }</tr></thead>
                <tbody>{ for rows }</tbody>
            </table></div>
        }
    } else {
        html! { <p>{ format!("{} blocks, {} bits set: too many blocks to draw ({} at most).", group_digits(blocks as u64),
        group_digits(split.filter.ones()), HOOK_MAX_BLOCKS) }</p> }
    };
    html! { <div data-testid="sbbf" data-blocks={blocks.to_string()} data-words={split.words_hook()}>{ body }</div> }
}

/// The lookup of `query`: its hash, block and eight bits, and the verdict (the `verdict` hook).
fn verdict(lab: &SpaceLab) -> Html {
    let Some(l) = lab.lookup() else {
        return html! { <p class="note">{"Type a key to look up: its block and its eight bits are marked."}</p> };
    };
    let words = lab.split.filter.words();
    let base = l.probe.block * WORDS_PER_BLOCK;
    let clear: Vec<String> = (0..WORDS_PER_BLOCK)
        .filter(|&i| {
            let bit = l.probe.bits.get(i).copied().unwrap_or(0);
            words.get(base + i).is_some_and(|w| (w >> u32::from(bit)) & 1 == 0)
        })
        .map(|i| i.to_string())
        .collect();
    let bits: Vec<String> = l.probe.bits.iter().map(u8::to_string).collect();
    let said = match (l.passes, l.member) {
        (false, _) if clear.len() == 1 => format!("word {} has its bit clear: absent.", clear.join("")),
        (false, _) => format!("words {} have their bits clear: absent.", clear.join(", ")),
        (true, true) => "all eight are set: maybe (it is a key).".to_string(),
        (true, false) => "all eight are set: maybe — a false positive, set by other keys.".to_string(),
    };
    let class = if !l.passes {
        "absent"
    } else if l.member {
        "member"
    } else {
        "false-positive"
    };
    html! {
        <p class={classes!("verdict", class)} data-testid="verdict" data-item={l.key.clone()}
            data-verdict={l.verdict()} data-truth={l.truth()} data-block={l.probe.block.to_string()}
            data-bits={bits.join(",")}>
            { format!("“{}”: XXH64 = {:016x}, block {}, bits {} of its words 0 to 7; {said}", shorten(&l.key, 40), l.hash, l.probe.block, bits.join(", ")) }
        </p>
    }
}

fn sizing_row(name: &str, written: &str, row: &SizingRow, n: u64) -> Html {
    let after = row.bits().map(|b| b as f64 / n.max(1) as f64);
    html! {
        <tr data-formula={row.formula.name()} data-bits-per-key={row.bits_per_key.map(|b| b.to_string())}
            data-blocks={row.blocks.map(|b| b.to_string())} data-rate={row.blocked_rate.map(|r| r.to_string())}>
            <th scope="row">{ name }</th>
            { mono_cell(written.to_string()) }
            { num_cell(row.bits_per_key.map_or("—".to_string(), |b| trim_float(b, 2))) }
            { num_cell(row.blocks.map_or("—".to_string(), |b| group_digits(b as u64))) }
            { num_cell(after.map_or("—".to_string(), |b| trim_float(b, 2))) }
            { num_cell(row.blocked_rate.map_or("—".to_string(), pct)) }
        </tr>
    }
}

/// The sizing table for n keys at the target rate (the `sbbf-sizing` hook).
fn sizing_table(lab: &SpaceLab) -> Html {
    let s = lab.sizing();
    let classic = s.bloom.map(|(m, k)| {
        html! {
            <tr data-formula="classic" data-bits-per-key={s.bloom_bits_per_key().map(|b| b.to_string())} data-rate={bloom_fpr(m, s.n).0.to_string()}>
                <th scope="row">{"classic Bloom"}</th>
                { mono_cell("m = −n ln ε / (ln 2)²") }
                { num_cell(s.bloom_bits_per_key().map_or("—".to_string(), |b| trim_float(b, 2))) }
                { plain_cell(format!("one array, k = {k}")) }
                { num_cell(s.bloom_bits_per_key().map_or("—".to_string(), |b| trim_float(b, 2))) }
                { num_cell(pct(bloom_fpr(m, s.n).0)) }
            </tr>
        }
    });
    html! {
        <>
            <p class="table-title" id="sbbf-sizing-title">{ format!("Sized for n = {} keys at ε = {}: the rate in the last column is \
                what a filter of that many blocks has, by the blocked formula (a built filter's measured rate follows it).", group_digits(s.n), pct(s.rate)) }</p>
            <div class="table-scroll" tabindex="0">
                <table class="data-table" data-testid="sbbf-sizing" data-n={s.n.to_string()} data-rate={s.rate.to_string()} aria-labelledby="sbbf-sizing-title">
                    <thead><tr>{ col_heads(&["formula", "written", "bits a key", "blocks", "bits a key in whole blocks", "its real rate"]) }</tr></thead>
                    <tbody>
                        { sizing_row("the spec's", "c = −8 / ln(1 − ε^(1/8))", &s.spec, s.n) }
                        { sizing_row("blocked", "Σ Poisson(i; 256/c) · (1 − (31/32)^i)^8", &s.blocked, s.n) }
                        { for classic }
                    </tbody>
                </table>
            </div>
        </>
    }
}

/// The spec's claim worked out both ways, and which formula the filters measured above follow
/// (the `sbbf-claim` hook).
fn claim(run: &SpaceRun) -> Html {
    let c = SpecClaim::new();
    let bits = |b: Option<f64>| b.map_or("—".to_string(), |b| trim_float(b, 2));
    let agrees: Vec<Formula> = run
        .points
        .iter()
        .filter(|p| p.size.filter() == bloomlab_core::labs::space::Filter::SplitBlock && p.built)
        .map(split_block_agrees)
        .collect();
    let blocked = agrees.iter().filter(|f| **f == Formula::Blocked).count();
    let measured = if agrees.is_empty() {
        " The split-block filters measured above will say which formula a built filter follows.".to_string()
    } else {
        format!(" Of the {} split-block filters measured above, {} follow the blocked formula and {} the spec's (the formula inside \
            the measured interval, or the nearer one).", agrees.len(), blocked, agrees.len() - blocked)
    };
    let pairs: Vec<String> = run
        .same_bits()
        .iter()
        .map(|(sb, cl)| {
            format!(
                "at {} bits a key {} against {} for a classic filter",
                trim_float(sb.bits_per_key(), 2),
                pct(sb.rate()),
                pct(cl.rate())
            )
        })
        .collect();
    let same = if pairs.is_empty() {
        String::new()
    } else {
        format!(" One block for all eight bits costs rate: {}.", pairs.join("; "))
    };
    let names: Vec<&str> = agrees.iter().map(|f| f.name()).collect();
    html! {
        <p data-testid="sbbf-claim" data-bits-per-key={c.bits_per_key.to_string()} data-spec-rate={c.spec_rate.to_string()}
            data-blocked-rate={c.blocked_rate.to_string()} data-agrees={names.join(",")}>
            { format!("The spec says these filters are most space efficient at about {} with about {} bits a value. {} is 8 / ln 2, where \
                k = 8 is a classic filter's best; there the spec's own formula gives {}, and the blocked one {}. For {} the spec's formula \
                asks {} bits a value, the blocked one {}.{measured}{same}", pct(SPEC_CLAIM_RATE), trim_float(c.bits_per_key, 2),
                trim_float(c.bits_per_key, 2), pct(c.spec_rate), pct(c.blocked_rate), pct(SPEC_CLAIM_RATE), bits(c.spec_bits), bits(c.blocked_bits)) }
        </p>
    }
}

/// The panel.
pub fn split_panel(lab: &SpaceLab, run: &SpaceRun, on_fields: OnFields) -> Html {
    let keys = lab.keys.len();
    let blocks = lab.split.blocks();
    let counted = count_of(keys as u64, "key", "keys");
    let sized = if lab.split.sized {
        format!(", as many as the blocked formula asks for {counted} at ε = {}", pct(lab.rate))
    } else {
        String::new()
    };
    html! {
        <section class="panel" aria-labelledby="sbbf-title">
            <h2 id="sbbf-title">{"Parquet's split-block filter"}</h2>
            <p>{ format!("The filter Parquet stores beside a column: blocks of {} bits, each {} words of {}. A key is hashed once with \
                XXH64 (seed 0): the top 32 bits pick the block, ((h >> 32) · blocks) >> 32; the low 32 bits x pick one bit in each \
                word i, the top five bits of x · salt_i (the spec's own constants). So a key sets {} bits, all in one block, and a lookup reads one block. Here {} \
                in {}{sized}: {} bits a key.", BLOCK_BITS, WORDS_PER_BLOCK, BLOCK_BITS / WORDS_PER_BLOCK, WORDS_PER_BLOCK, counted, count_of(blocks as u64, "block", "blocks"),
                trim_float(lab.split.bits_per_key(keys), 2)) }</p>
            { words(lab) }
            { verdict(lab) }
            { sizing_table(lab) }
            { claim(run) }
            <ExampleForm title="Your own keys" button="Build" button_testid="split-apply" on_submit={on_fields}
                fields={vec![
                    Field::declared(&ITEMS, "items-input", "keys (comma-separated)", lab.keys.join(", ")),
                    Field::declared(&BLOCKS, "blocks-input", "blocks (0: sized for ε)", lab.blocks.to_string()),
                    Field::declared(&RATE, "rate-input", "target rate ε", lab.rate.to_string()),
                    Field::declared(&QUERY, "query-input", "look up", lab.query.clone().unwrap_or_default()),
                ]} />
        </section>
    }
}
