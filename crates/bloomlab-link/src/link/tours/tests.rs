use super::*;
use crate::link::page::PageParams;
use proptest::prelude::*;

#[test]
fn a_tour_link_opens_a_stop_and_moves_between_stops() {
    let mut notices = Vec::new();
    let at = TourAt::read(&Query::parse("?tour=bloom-filters&stop=5"), &mut notices).unwrap();
    assert!(notices.is_empty());
    assert_eq!((at.at, at.stop().link.as_str()), (4, "view=ullman&step=4"));
    assert_eq!(at.stop_view(), View::Ullman);
    assert_eq!(at.query_pairs(), [("tour", "bloom-filters".to_string()), ("stop", "5".to_string())]);
    assert_eq!(
        at.href(5, &[("present", "1".into())]).unwrap(),
        "?view=ullman&step=5&tour=bloom-filters&stop=6&present=1"
    );
    assert_eq!(at.href(99, &[]), None);
    // The page carries the tour through its address.
    let page = PageParams::from_query(&Query::parse("?view=ullman&step=4&tour=bloom-filters&stop=5&present=1"));
    assert!(page.notices.is_empty());
    let pairs = page.query_pairs();
    assert!(pairs.contains(&("tour", "bloom-filters".into())) && pairs.contains(&("stop", "5".into())));
    assert_eq!(page.stop_href(5).unwrap(), "?view=ullman&step=5&tour=bloom-filters&stop=6&present=1");
}

#[test]
fn bad_tour_parameters_give_notices() {
    let read = |s: &str| {
        let mut n = Vec::new();
        let at = TourAt::read(&Query::parse(s), &mut n);
        (at.map(|a| a.at), n.iter().filter_map(|n| n.param.clone()).collect::<Vec<_>>())
    };
    assert_eq!(read("?view=fp"), (None, vec![]));
    assert_eq!(read("?tour=nope&stop=2"), (None, vec!["tour".into()]));
    assert_eq!(read("?tour=%zz"), (None, vec!["tour".into()]));
    assert_eq!(read("?tour=variants&stop=99"), (Some(7), vec!["stop".into()]));
    assert_eq!(read("?tour=variants&stop=0"), (Some(0), vec!["stop".into()]));
    assert_eq!(read("?tour=variants&stop=-3"), (Some(0), vec!["stop".into()]));
    assert_eq!(read("?tour=custom"), (None, vec!["stops".into()]));
    for bad in [
        "garbage",
        "2~Ax!a!b",
        "1",
        "1~",
        "1~Z!a!b",
        "1~A!a",
        "1~A!a!b!c!d",
        "1~A*x!a!b",
        "1~A$?!a!b",
        "%FF",
        "1~A!a!b~",
    ] {
        let (at, params) = read(&format!("?tour=custom&stops={bad}"));
        assert_eq!((at, params), (None, vec!["stops".to_string()]), "{bad}");
    }
    let many = format!("1{}", "~A!a!b".repeat(MAX_STOPS + 1));
    assert_eq!(decode(&many), Err(CodeError::TooManyStops));
    let long = format!("1~A!{}!b", "x".repeat(MAX_FIELD_CHARS + 1));
    assert_eq!(decode(&long), Err(CodeError::TooLong(1)));
}

#[test]
fn the_format_is_compact_and_frozen() {
    let stops = vec![
        Stop {
            link: "view=ullman&step=5".into(),
            title: "Ullman's step 5".into(),
            note: "Watch bit 3!".into(),
            question: None,
        },
        Stop { link: "view=fp&x=k".into(), title: "k".into(), note: String::new(), question: Some("Which k?".into()) },
        Stop { link: "theme=dark".into(), title: "~_*$".into(), note: "".into(), question: None },
    ];
    let code = encode(&stops);
    // Written once and never changed: version 1 reads like this forever.
    assert_eq!(code, "1~C$s5!Ullman%27s_step_5!Watch_bit_3*e~E$xk!k!!Which_k%3F~.$Tdark!*t*u***d!");
    assert_eq!(decode(&crate::link::query::decode(&code).unwrap()).unwrap(), stops);
    let page = PageParams::from_query(&Query::parse(&format!("?view=fp&x=k&tour=custom&stop=2&stops={code}")));
    assert!(page.notices.is_empty(), "{:?}", page.notices);
    let at = page.tour.as_ref().unwrap();
    assert_eq!((at.tour.stops.len(), at.at, at.stop().title.as_str()), (3, 1, "k"));
    assert!(at.query_pairs().contains(&("stops", code.clone())));
    assert_eq!(at.href(2, &[]).unwrap(), format!("?view=home&theme=dark&tour=custom&stop=3&stops={code}"));
}

#[test]
fn a_title_extends_the_format_and_old_links_read_the_same() {
    let stops =
        vec![Stop { link: "view=ullman&step=5".into(), title: "Step 5".into(), note: "bit 3!".into(), question: None }];
    // No title: exactly the old link, which reads as before (no title: the default one).
    let old = encode(&stops);
    assert_eq!(encode_titled("", &stops), old);
    assert_eq!(old, "1~C$s5!Step_5!bit_3*e");
    assert_eq!(decode_titled(&old), Ok((None, stops.clone())));
    // A title rides after the version, escaped as a stop's title is.
    let code = encode_titled("Week 3: filters!", &stops);
    assert_eq!(code, "1!Week_3:_filters*e~C$s5!Step_5!bit_3*e");
    assert_eq!(decode_titled(&code), Ok((Some("Week 3: filters!".into()), stops.clone())));
    assert_eq!(decode(&code), Ok(stops));
    let page = PageParams::from_query(&Query::parse(&format!("?view=ullman&step=5&tour=custom&stop=1&stops={code}")));
    let at = page.tour.as_ref().unwrap();
    assert_eq!(at.tour.title, "Week 3: filters!");
    assert!(at.query_pairs().contains(&("stops", code.clone())));
    let plain = PageParams::from_query(&Query::parse(&format!("?view=ullman&tour=custom&stops={old}")));
    assert_eq!(plain.tour.as_ref().unwrap().tour.title, CUSTOM_TITLE);
    assert!(plain.tour.as_ref().unwrap().query_pairs().contains(&("stops", old)));
    // A tour being built may have its title before any stop: kept as a draft, never a tour.
    let draft = encode_titled("Week 3: filters!", &[]);
    assert_eq!(decode_draft(&draft), Ok((Some("Week 3: filters!".into()), Vec::new())));
    assert_eq!(decode_titled(&draft), Err(CodeError::NoStops));
    assert_eq!(decode_draft(&code), decode_titled(&code));
    let page = PageParams::from_query(&Query::parse(&format!("?view=ullman&tour=custom&stops={draft}")));
    assert!(page.tour.is_none() && page.notices.iter().any(|n| n.param.as_deref() == Some("stops")));
    // A broken title: a notice and no tour, never a panic.
    for bad in ["1!a!b~C!x!", "1!*q~C!x!"] {
        assert_eq!(decode_titled(bad), Err(CodeError::BadTitle), "{bad}");
        let page = PageParams::from_query(&Query::parse(&format!("?view=ullman&tour=custom&stops={bad}")));
        assert!(page.tour.is_none() && page.notices.iter().any(|n| n.param.as_deref() == Some("stops")));
    }
}

#[test]
fn stop_links_leave_the_tour_out() {
    assert_eq!(stop_link("?view=ullman&step=3&tour=x&stop=2&stops=1~&present=1&theme=dark"), "view=ullman&step=3");
    assert_eq!(default_title("view=ullman&step=3"), "Ullman's example, step 3");
    assert_eq!(default_title(""), "Bloom Lab");
}

/// Links as the app writes them, and some it never would.
fn any_link() -> impl Strategy<Value = String> {
    prop_oneof![
        "(view=(home|ullman|fp|counting|moments|sampling))?(&(step|m|k|items|ops|query|seed|x|zz)=[a-z0-9%,:.~!*_$&=-]{0,12}){0,5}",
        any::<String>(),
        "[&=_*~!$.]{0,10}",
    ]
}

fn any_stop() -> impl Strategy<Value = Stop> {
    (any_link(), any::<String>(), any::<String>(), proptest::option::of(any::<String>()))
        .prop_map(|(link, title, note, question)| Stop { link, title, note, question })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn stops_round_trip_through_a_link(stops in prop::collection::vec(any_stop(), 1..6)) {
        let code = encode(&stops);
        prop_assert!(code.bytes().all(|b| b.is_ascii_graphic() && !b"&#+ ".contains(&b)), "{}", code);
        let q = Query::parse(&format!("?tour=custom&stops={code}"));
        let back = decode(&q.get("stops").unwrap().unwrap()).unwrap();
        prop_assert_eq!(back, stops);
    }

    #[test]
    fn titled_tours_round_trip_through_a_link(title in any::<String>(), stops in prop::collection::vec(any_stop(), 1..4)) {
        let code = encode_titled(&title, &stops);
        let q = Query::parse(&format!("?tour=custom&stops={code}"));
        let back = decode_titled(&q.get("stops").unwrap().unwrap()).unwrap();
        prop_assert_eq!(back, ((!title.is_empty()).then_some(title), stops));
    }

    #[test]
    fn tampered_stops_never_panic(text in "1?(~[A-Z.$*!_~a-z%0-9]{0,12}){0,5}", raw in any::<String>()) {
        let _ = decode(&text);
        let _ = decode(&raw);
        let mut notices = Vec::new();
        let _ = TourAt::read(&Query::parse(&format!("?tour=custom&stop={raw}&stops={text}")), &mut notices);
        let _ = PageParams::from_query(&Query::parse(&format!("?tour={raw}&stops={raw}")));
    }
}

#[test]
fn a_tours_minutes_are_its_views_minutes_each_once() {
    let t = &builtin::TOURS[0];
    let want: u32 = [View::Classic, View::Ullman, View::Fp, View::Hashes].iter().filter_map(|v| v.row().minutes).sum();
    assert_eq!(t.minutes(), want);
    assert!(builtin::TOURS.iter().all(|t| t.minutes() > 0));
}
