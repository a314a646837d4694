//! Tampered links never break a view: the whole app renders them, with a notice where a view
//! reads the parameter (the models' own property test is in the core crate).

mod common;

use bloomlab_core::labs::links;
use bloomlab_core::link::views::{View, VIEWS};

const TAMPERED: [&str; 4] = [
    "&m=-5&k=0&n=0&p=2&hash=md5&items=%zz,,%FF&query=%",
    "&m=99999999999999999999999&k=99999&step=-1&stream=1.5,-3&lookups=x&layers=0&w=0&mode=zz",
    "&ops=i:,d:%,x:1&items=http://%5B::1%5D/a,javascript:alert(1),%F0%9F%99%82&x=q&formulas=nope&load=7",
    "&positions=0,99,-1&counts=1e308,NaN&source=zz&zipf=1e308&length=-1&s=0&groups=%&seed=NaN&hashes=0:1,x&rate=200%25&buckets=1",
];

#[tokio::test]
async fn every_view_renders_tampered_links() {
    let views = VIEWS.iter().filter(|r| r.listed).map(|r| r.name).chain(["nope"]);
    for view in views {
        // A view that declares no parameter (the home page, the tally) has nothing to notice.
        let takes_none = View::parse(view).is_some_and(|v| links::params(v).is_empty());
        let mut noticed = 0;
        for (i, tail) in TAMPERED.iter().enumerate() {
            let html = common::render(&format!("?view={view}{tail}")).await;
            assert!(html.contains("app-ready"), "{view}{tail}");
            let notice = !common::attr(&html, "notice", "data-param").is_empty();
            noticed += notice as usize;
            // The first two links are wrong for every view with m and k; the third for Skiena's
            // load; `view=nope` always gets a notice. Parameters a view does not read are ignored.
            let quiet = match view {
                _ if takes_none => true,
                "skiena" => i != 2,
                "nope" => false,
                "classic" | "ullman" | "counting" | "mlbf" | "fp" | "hashes" => i >= 2,
                _ => true,
            };
            assert!(quiet || notice, "{view}{tail}: no notice");
        }
        // Every view that declares parameters reads some of these and says what was wrong.
        assert!(takes_none || noticed > 0, "{view}: no tampered link got a notice");
    }
}
