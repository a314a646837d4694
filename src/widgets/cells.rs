//! Table cells written once. Every element of an `html!` compiles to its own code (the tag, its
//! attributes, a list of children), so a view whose tables write the same kind of cell dozens of
//! times carries that code dozens of times. These build the same markup from one place.

use yew::prelude::*;

/// Column heads: `<th scope="col">TITLE</th>` for each title, in order.
pub fn col_heads(titles: &[&'static str]) -> Html {
    titles.iter().map(|&t| col_head(t)).collect()
}

/// One column head.
pub fn col_head(title: impl Into<AttrValue>) -> Html {
    head(title.into())
}

/// A number's cell: `<td class="num">TEXT</td>`.
pub fn num_cell(text: impl Into<AttrValue>) -> Html {
    cell("num", text.into())
}

/// A cell in the monospaced face: `<td class="mono">TEXT</td>`.
pub fn mono_cell(text: impl Into<AttrValue>) -> Html {
    cell("mono", text.into())
}

/// A row's head: `<th scope="row">TEXT</th>`.
pub fn row_head(text: impl Into<AttrValue>) -> Html {
    let text = text.into();
    html! { <th scope="row">{ text }</th> }
}

/// A plain cell: `<td>TEXT</td>`.
pub fn plain_cell(text: impl Into<AttrValue>) -> Html {
    let text = text.into();
    html! { <td>{ text }</td> }
}

/// A paragraph of text alone: `<p>TEXT</p>`.
pub fn para(text: impl Into<AttrValue>) -> Html {
    let text = text.into();
    html! { <p>{ text }</p> }
}

fn head(text: AttrValue) -> Html {
    html! { <th scope="col">{ text }</th> }
}

fn cell(class: &'static str, text: AttrValue) -> Html {
    html! { <td {class}>{ text }</td> }
}
