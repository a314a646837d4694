//! The comparison's numbers at the last checkpoint: measured rates (with 2 standard errors)
//! beside the formulas, with the contract's `fp-empirical` and `fp-theory` hooks (`data-filter`
//! says which filter: `mlbf`, `classic`, `classic-total`).

use yew::prelude::*;

use crate::widgets::cells::{col_heads, mono_cell, num_cell, row_head};

use crate::widgets::charts::theory::theory_cell;

use crate::views::mlbf::compare_results::CompareSnapshot;
use bloomlab_core::labs::mlbf::compare::{theory, Point};
use bloomlab_core::text::{format_probability, group_digits};

pub struct MlbfCompareTableProps {
    pub compare: CompareSnapshot,
    pub point: Point,
}

pub fn mlbf_compare_table(props: &MlbfCompareTableProps) -> Html {
    let s = props.compare.setup;
    let p = &props.point;
    let th = theory(&s, p.n);
    let rows = [
        ("mlbf", "multi-layer filter", s.m, p.mlbf_fp, "mlbf", th.mlbf, "approx^L (eq. 4)"),
        ("classic", "classic, same m", s.m, p.classic_fp, "approx", th.classic, "approx"),
        (
            "classic-total",
            "classic, same memory",
            s.total_bits(),
            p.classic_total_fp,
            "approx",
            th.classic_total,
            "approx",
        ),
    ];
    let sigma = |v: f64| (v * (1.0 - v) / p.trials.max(1) as f64).sqrt();
    html! {
        <div class="table-scroll" tabindex="0">
            <p class="compare-caption">{ format!("At n = {} URLs, {} non-members looked up (± two standard errors); k = {}, L = {}, {} hashes:", group_digits(p.n), group_digits(p.trials), s.k, s.layers, s.family.name()) }</p>
            <table class="compare-table">
                <thead><tr>
                    { col_heads(&["filter", "bits", "measured FP", "formula", "value"]) }
                </tr></thead>
                <tbody>
                    { for rows.iter().map(|(id, name, bits, measured, formula, value, shown)| html! {
                        <tr>
                            { row_head(*name) }
                            { num_cell(group_digits(*bits)) }
                            <td class="num" data-testid="fp-empirical" data-filter={*id} data-m={bits.to_string()} data-n={p.n.to_string()}
                                data-k={s.k.to_string()} data-trials={p.trials.to_string()} data-value={measured.to_string()}>
                                { format_probability(*measured) }<small class="muted">{ format!(" ± {}", format_probability(2.0 * sigma(*measured))) }</small></td>
                            { mono_cell(*shown) }
                            { theory_cell(formula, (*bits, p.n, s.k), *value, Some(id)) }
                        </tr>
                    }) }
                    <tr class="muted">
                        { row_head(format!("all {} layers passed", s.layers)) }
                        <td></td>
                        <td class="num" data-testid="layers-pass" data-value={p.layers_fp.to_string()}>{ format_probability(p.layers_fp) }</td>
                        <td colspan="2">{"(before the XOR layer is asked)"}</td>
                    </tr>
                </tbody>
            </table>
        </div>
    }
}
