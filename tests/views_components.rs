//! Every view of the table of views renders server-side from its default link and from a link that
//! sets every one of its parameters (the per-view tables in docs/views/) to a good value other than the
//! default: the page mounts, shows the view's title, and raises no notice. A view added to the
//! table without a line here fails `every_view_has_a_full_link`.

mod common;

use bloomlab_core::labs::links;
use bloomlab_core::link::params::declare;
use bloomlab_core::link::views::{View, VIEWS};

/// The parameters of each view that declares none (`labs::links::params`), all set (good values,
/// mostly not the defaults).
const FULL: [(&str, &str); 3] = [("home", "theme=dark"), ("tally", "theme=dark"), ("bench", "theme=light")];

/// The view's full link: from its declared parameters' examples, or (for a view that declares
/// none yet) from `FULL`.
fn full_link(name: &str) -> Option<String> {
    let view = View::parse(name)?;
    let declared = links::params(view);
    if !declared.is_empty() {
        return Some(declare::full_link(name, declared));
    }
    FULL.iter().find(|(v, _)| *v == name).map(|(v, tail)| format!("?view={v}&{tail}"))
}

#[test]
fn every_view_has_a_full_link() {
    for row in VIEWS {
        let declared = !links::params(row.view).is_empty();
        let listed = FULL.iter().any(|(v, _)| *v == row.name);
        assert!(declared != listed, "{}: a full link from its declarations or from FULL, not both", row.name);
    }
}

/// The page mounted, with the view's title and no notice.
async fn assert_renders(view: View, search: &str) {
    let html = common::render(search).await;
    assert!(html.contains("data-testid=\"app-ready\""), "{search}: not mounted");
    let title = view.title().replace('\'', "&#x27;");
    assert!(html.contains(&title) || html.contains(view.title()), "{search}: no title {:?}", view.title());
    let notices = common::attr(&html, "notice", "data-param");
    assert!(notices.is_empty(), "{search}: notices {notices:?}");
    assert!(!html.contains("not in this bundle"), "{search}: not drawn");
}

#[tokio::test]
async fn every_view_renders_its_default_link() {
    for row in VIEWS {
        assert_renders(row.view, &format!("?view={}", row.name)).await;
    }
}

#[tokio::test]
async fn every_view_renders_a_link_with_every_parameter_set() {
    for row in VIEWS {
        let link = full_link(row.name).expect("a full link");
        assert_renders(row.view, &link).await;
    }
}

#[tokio::test]
async fn every_chart_offers_its_exports() {
    let mut charts = 0;
    for row in VIEWS {
        for link in [format!("?view={}", row.name), full_link(row.name).expect("a full link")] {
            let html = common::render(&link).await;
            // The FP lab's plot has the lab's own export buttons (`export-png`, …) instead.
            let own = html.matches("data-testid=\"fp-plot\"").count();
            let boxes = html.matches("class=\"chart-box\"").count() - own;
            let bars = html.matches("data-testid=\"chart-export\"").count();
            assert_eq!(bars, boxes, "{link}: {boxes} charts, {bars} export bars");
            charts += boxes;
        }
    }
    assert!(charts >= 3, "server-rendered pages show charts ({charts})");
}

/// Every panel a link can point to (`focus`, `FOCUS_PANELS`) is on its view's page, from the view's
/// full link: a section labelled by its heading `NAME-title`, so `focus=NAME` finds it.
#[tokio::test]
async fn every_focus_panel_is_on_its_page() {
    for &(view, bloomlab_core::link::page::Panel { name, .. }) in &bloomlab_core::link::page::PANELS {
        let link = full_link(view.name()).expect("a full link");
        let html = common::render(&format!("{link}&focus={name}")).await;
        assert_eq!(
            html.matches(&format!("aria-labelledby=\"{name}-title\"")).count(),
            1,
            "{link}: the section of {name}"
        );
        assert_eq!(html.matches(&format!("id=\"{name}-title\"")).count(), 1, "{link}: the heading of {name}");
        assert!(common::attr(&html, "notice", "data-param").is_empty(), "{link}&focus={name}: a notice");
    }
}

/// Every form field named after a declared parameter (`name="m"`) has the declaration's bounds:
/// its `min`, `max` and `step` are the declaration's, on the default link and the full link.
#[tokio::test]
async fn every_form_field_has_its_declared_bounds() {
    let mut checked = 0;
    for row in VIEWS {
        let declared = links::params(row.view);
        for link in [format!("?view={}", row.name), full_link(row.name).expect("a full link")] {
            let html = common::render(&link).await;
            for input in html.split("<input").skip(1).map(|t| &t[..t.find('>').unwrap_or(t.len())]) {
                let Some(name) = attribute(input, "name") else { continue };
                let Some(p) = declared.iter().find(|p| p.name() == name) else { continue };
                let Some(b) = p.bounds() else { continue };
                let got = (attribute(input, "min"), attribute(input, "max"), attribute(input, "step"));
                assert_eq!(got, (Some(b.min), Some(b.max), Some(b.step)), "{link}: the field {name}");
                checked += 1;
            }
        }
    }
    assert!(checked > 0 || VIEWS.iter().all(|r| links::params(r.view).iter().all(|p| p.bounds().is_none())));
}

/// The value of `name="…"` in the text of one tag.
fn attribute(tag: &str, name: &str) -> Option<String> {
    let key = format!(" {name}=\"");
    let start = tag.find(&key)? + key.len();
    Some(tag[start..start + tag[start..].find('"')?].to_string())
}

/// Every exercise of the practice view renders its first step: the problem's JSON, and the step's
/// form — typed cells for the counting filter's counters, a field or choices for the others (a
/// lookup's filter is shown as cells too).
#[tokio::test]
async fn every_practice_exercise_renders_its_first_step() {
    use bloomlab_core::labs::practice::{Exercise, Form, Practice, Problem};
    for exercise in Exercise::ALL {
        let link = format!("?view=practice&exercise={}&seed=3&level=2", exercise.name());
        assert_renders(View::Practice, &link).await;
        let html = common::render(&link).await;
        assert_eq!(common::attr(&html, "practice-problem", "data-problem").len(), 1, "{link}");
        let p = Practice::new(exercise, 3, 2, false);
        let (mut cells, fields, choices) = match p.current().form {
            Form::Bits { len } | Form::Counters { len, .. } => (len, 0, 0),
            Form::Whole { .. } | Form::Decimal { .. } => (0, 1, 0),
            Form::Choice { options } => (0, 0, options.len()),
        };
        if let Problem::Lookup(lookup) = &p.problem {
            cells += lookup.m;
        }
        assert_eq!(common::attr(&html, "practice-cell", "data-index").len(), cells, "{link}: cells");
        assert_eq!(common::attr(&html, "practice-input", "data-field").len(), fields, "{link}: fields");
        assert_eq!(common::attr(&html, "practice-choice", "data-value").len(), choices, "{link}: choices");
    }
}
