//! Class tally (`view=tally`): a lecturer pastes the students' result codes (or chooses a file of
//! them, or an LMS's interactions report); every score is recomputed from the answers in the codes;
//! the scores per exercise, their distribution, the most frequent mistakes per step, one row per
//! student and the grades for an LMS. The page holds the form; the results are a bundle of their
//! own, fetched the first time codes are tallied (`results`). The codes never leave the page.

use yew::prelude::*;

use crate::hooks::input::value_of;
use crate::hooks::page::{use_plain_page, PageAction};
use crate::parts::{Ask, TALLY};
use crate::views::tally::results::INPUT_ID;
use crate::views::ViewProps;
use crate::widgets::notice_list::notice_list;
use bloomlab_core::labs::practice::tally::codes::{CodesEdit, TallyCodes};

#[function_component(TallyView)]
pub fn tally_view(props: &ViewProps) -> Html {
    let page = use_plain_page::<TallyCodes>(&props.query, &props.page);
    let state = &page.state;
    // Each tally asked for fetches the results' bundle, or asks it to read the codes again.
    use_effect_with(state.model.asked, |&asked| {
        if asked > 0 {
            TALLY.load(Ask::Run);
        }
    });
    let on_input = page.send(|e: InputEvent| PageAction::Edit(CodesEdit::Type(value_of(&e))));
    let on_file = {
        let d = state.dispatcher();
        Callback::from(move |e: Event| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            let d = d.clone();
            wasm_bindgen_futures::spawn_local(async move {
                if let Some((_, bytes)) = crate::web::read_chosen_file(&input).await {
                    d.dispatch(PageAction::Edit(CodesEdit::Loaded(bytes)));
                }
            });
        })
    };
    html! {
        <section class="tally">
            <header class="view-head">
                <h1>{"Class tally"}</h1>
                <p>{"Paste the result codes your students copied at the end of Run it by hand, one per line, or choose a file of them (or your LMS's SCORM interactions report, for the mistakes per step). A line may start with the student's id (\"ann@uni.edu,P1_…\", or a tab between them as a spreadsheet copies it), and a CSV file whose first line names its columns (an id column and a code column) reads too. Every score is recomputed from the answers the code holds, so a code cannot claim a score it did not earn; a code that was changed or cut is refused. The codes stay in this page: nothing is sent anywhere, and they are not part of its link."}</p>
            </header>
            { notice_list(&state.notices, Some(&page.dismiss())) }
            <div class="panel">
                <label for={INPUT_ID}>{"Result codes, one per line, each with an id before it or not"}</label>
                <textarea id={INPUT_ID} rows="8" class="tally-input" data-testid="tally-input" value={state.model.text.clone()} oninput={on_input}
                    spellcheck="false" placeholder="P1_fm_4_1_l_…" />
                <div class="control-row">
                    <button type="button" class="button primary" data-testid="tally-apply"
                        onclick={page.send(|_: MouseEvent| PageAction::Edit(CodesEdit::Apply))}>{"Tally the codes"}</button>
                    <label>{"or a file of codes "}<input type="file" accept=".txt,.csv,text/plain" data-testid="tally-file" onchange={on_file} /></label>
                </div>
            </div>
            <div class="part-slot" id={TALLY.slot}></div>
        </section>
    }
}
