//! The numbers behind the plot: one row per measured point.

use std::rc::Rc;

use yew::prelude::*;

use bloomlab_core::engine::formulas::Formula;
use bloomlab_core::labs::fp::Row;
use bloomlab_core::text::{format_probability, group_digits, trim_float};

#[derive(Properties, PartialEq)]
pub struct FpDataTableProps {
    pub rows: Rc<Vec<Row>>,
    pub formulas: Vec<Formula>,
}

/// A component: rendered again only when its rows change, not after every slice.
#[function_component(FpDataTable)]
pub fn fp_data_table(props: &FpDataTableProps) -> Html {
    html! {
        <details class="fp-data">
            <summary>{"The numbers behind the plot"}</summary>
            <div class="table-scroll" tabindex="0">
                <table data-testid="fp-table">
                    <thead><tr>
                        <th>{"m"}</th><th>{"n"}</th><th>{"k"}</th><th>{"m/n"}</th>
                        { for props.formulas.iter().map(|f| html! { <th>{ f.name() }</th> }) }
                        <th>{"measured"}</th><th>{"95% interval"}</th>
                    </tr></thead>
                    <tbody>
                        { for props.rows.iter().map(|r| html! {
                            <tr>
                                <td class="num">{ group_digits(r.spec.m) }</td>
                                <td class="num">{ group_digits(r.spec.n) }</td>
                                <td class="num">{ r.spec.k }</td>
                                <td class="num">{ trim_float(r.spec.m as f64 / r.spec.n as f64, 3) }</td>
                                { for r.theory.iter().map(|(_, v)| html! { <td class="num">{ format_probability(*v) }</td> }) }
                                if let Some(mm) = r.measured {
                                    <td class="num">{ format_probability(mm.rate()) }</td>
                                    <td class="num">{ { let (lo, hi) = mm.interval(); format!("{} – {}", format_probability(lo), format_probability(hi)) } }</td>
                                } else {
                                    <td class="muted">{"—"}</td><td class="muted">{"—"}</td>
                                }
                            </tr>
                        }) }
                    </tbody>
                </table>
            </div>
        </details>
    }
}
