//! The numbers behind the plot: one row per measured point.

use std::rc::Rc;

use yew::prelude::*;

use crate::widgets::cells::num_cell;

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
                                { num_cell(group_digits(r.spec.m)) }
                                { num_cell(group_digits(r.spec.n)) }
                                { num_cell(r.spec.k.to_string()) }
                                { num_cell(trim_float(r.spec.m as f64 / r.spec.n as f64, 3)) }
                                { for r.theory.iter().map(|(_, v)| html! { { num_cell(format_probability(*v)) } }) }
                                if let Some(mm) = r.measured {
                                    { num_cell(format_probability(mm.rate())) }
                                    { num_cell({ let (lo, hi) = mm.interval(); format!("{} – {}", format_probability(lo), format_probability(hi)) }) }
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
