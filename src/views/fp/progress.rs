//! How far the measurements are, and how long they took.

use yew::prelude::*;

use bloomlab_core::text::group_digits;

pub struct FpProgressProps {
    pub points_done: usize,
    pub points_total: usize,
    pub ops_done: u64,
    pub ops_total: u64,
    pub elapsed_ms: Option<f64>,
}

pub fn fp_progress(props: &FpProgressProps) -> Html {
    let status = if props.points_total == 0 {
        "theory"
    } else if props.elapsed_ms.is_some() && props.points_done == props.points_total {
        "done"
    } else {
        "running"
    };
    let elapsed = props.elapsed_ms.filter(|_| status == "done").map(|ms| format!("{ms:.0}"));
    let text = match status {
        "theory" => "Nothing to measure at this size: the curves are theory only.".to_string(),
        "done" => format!(
            "Measured {} points ({} inserts and probes) in {} ms.",
            props.points_total,
            group_digits(props.ops_total),
            elapsed.clone().unwrap_or_default()
        ),
        _ => format!("Measuring: {} of {} points…", props.points_done, props.points_total),
    };
    html! {
        <div class="fp-progress" data-testid="fp-progress" data-status={status}
             data-done={props.points_done.to_string()} data-total={props.points_total.to_string()}
             data-elapsed-ms={elapsed}>
            <progress max={props.ops_total.max(1).to_string()} value={props.ops_done.min(props.ops_total).to_string()}
                aria-label="measurement progress"></progress>
            <span>{ text }</span>
        </div>
    }
}
