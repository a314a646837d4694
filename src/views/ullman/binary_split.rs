//! An integer in binary with the digits each hash reads told apart.

use yew::prelude::*;

use crate::widgets::cells::mono_cell;

use bloomlab_core::lectures::ullman::{BinarySplit, Parity};

/// `s.x` in binary, the digits h1 and h2 read, and their values mod m.
pub fn binary_split(s: &BinarySplit, m: u64) -> Html {
    let class = |p: Parity| if p == Parity::Odd { "odd" } else { "even" };
    let even = if s.even_digits.is_empty() { "0".to_string() } else { s.even_digits.clone() };
    html! {
        <div class="binary-split" data-testid="binary-split" data-item={s.x.to_string()}>
            <div class="binary-digits" aria-label={format!("{} in binary is {}", s.x, s.binary())}>
                <span class="binary-x">{ format!("{} =", s.x) }</span>
                { for s.digits.iter().map(|(c, number, p)| html! {
                    <span class={classes!("digit", class(*p))}>
                        <span class="digit-value">{ c.to_string() }</span>
                        <span class="digit-number">{ number.to_string() }</span>
                    </span>
                }) }
            </div>
            <div class="table-scroll" tabindex="0">
            <table class="split-table">
                <tr class="odd">
                    <th scope="row">{"h1: odd-numbered digits"}</th>
                    { mono_cell(s.odd_digits.clone()) }
                    { mono_cell(format!("= {}", s.odd_value)) }
                    <td class="mono"><strong>{ format!("mod {} = {}", m, s.odd_value % m.max(1)) }</strong></td>
                </tr>
                <tr class="even">
                    <th scope="row">{"h2: even-numbered digits"}</th>
                    { mono_cell(even) }
                    { mono_cell(format!("= {}", s.even_value)) }
                    <td class="mono"><strong>{ format!("mod {} = {}", m, s.even_value % m.max(1)) }</strong></td>
                </tr>
            </table>
            </div>
        </div>
    }
}
