//! "Your own example": a small form whose fields keep what people type while the page around it
//! keeps redrawing (a measurement running in slices re-renders the view many times a second; a
//! controlled input would be reset each time). It re-renders only when the values it was given
//! change, and reports the typed values by field name.

use yew::prelude::*;

use bloomlab_core::link::params::{Bounds, Declared};

#[derive(Clone, PartialEq)]
pub struct Field {
    /// The field's name (a link parameter) and `data-testid`.
    pub name: &'static str,
    pub testid: String,
    pub label: String,
    pub value: String,
    /// `text` or `number`.
    pub kind: &'static str,
    /// A number field's `min`, `max` and `step`, from its parameter's declaration.
    pub bounds: Option<Bounds>,
}

impl Field {
    pub fn text(name: &'static str, testid: &str, label: &str, value: String) -> Field {
        Field { name, testid: testid.into(), label: label.into(), value, kind: "text", bounds: None }
    }

    /// The field of a declared parameter: a number field with the declaration's bounds when it
    /// has them (the form does not validate: the core reads what was typed, with the link's
    /// notices), a text field otherwise.
    /// Generic and always inlined, as `number_field`: a page carries the name and bounds only.
    #[inline(always)]
    pub fn declared<P: Declared + ?Sized>(param: &P, testid: &str, label: &str, value: String) -> Field {
        let bounds = param.bounds();
        let kind = if bounds.is_some() { "number" } else { "text" };
        Field { name: param.name(), testid: testid.into(), label: label.into(), value, kind, bounds }
    }
}

#[derive(Properties, Clone)]
pub struct ExampleFormProps {
    pub title: AttrValue,
    pub fields: Vec<Field>,
    pub button: AttrValue,
    pub button_testid: AttrValue,
    /// The typed values, field by field.
    pub on_submit: Callback<Vec<(&'static str, String)>>,
}

impl PartialEq for ExampleFormProps {
    /// The callback is new on every render of the parent; only the shown values matter.
    fn eq(&self, other: &Self) -> bool {
        self.title == other.title && self.fields == other.fields && self.button == other.button
    }
}

#[function_component(ExampleForm)]
pub fn example_form(props: &ExampleFormProps) -> Html {
    let form = use_node_ref();
    let on_submit = {
        let (form, fields, cb) = (form.clone(), props.fields.clone(), props.on_submit.clone());
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let Some(f) = form.cast::<web_sys::Element>() else { return };
            let values = fields
                .iter()
                .map(|field| {
                    let v = f
                        .query_selector(&format!("[name=\"{}\"]", field.name))
                        .ok()
                        .flatten()
                        .and_then(|el| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlInputElement>(el).ok())
                        .map(|el| el.value())
                        .unwrap_or_default();
                    (field.name, v)
                })
                .collect();
            cb.emit(values);
        })
    };
    html! {
        <form class="example-form" ref={form} onsubmit={on_submit} novalidate=true>
            <h3>{ props.title.clone() }</h3>
            { for props.fields.iter().map(|f| {
                let b = f.bounds.as_ref();
                let (min, max, step) = (b.map(|b| b.min.clone()), b.map(|b| b.max.clone()), b.map(|b| b.step.clone()));
                html! {
                    <label>{ f.label.clone() }<input type={f.kind} name={f.name} {min} {max} {step}
                        value={f.value.clone()} data-testid={f.testid.clone()} /></label>
                }
            }) }
            <button type="submit" class="button primary" data-testid={props.button_testid.clone()}>{ props.button.clone() }</button>
        </form>
    }
}
