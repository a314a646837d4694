//! The declarations' readers, writers, rows and bad examples.

use super::*;

const M: Whole = Whole { name: "m", about: "bits", min: 1, max: 1000, default: 64, example: "128" };
const X: Choice =
    Choice { name: "x", about: "the axis", what: "an axis", names: &["n", "k", "bpi"], default: "k", example: "n" };
const Z: Decimal =
    Decimal { name: "zipf", about: "exponent", min: 0.0, max: 5.0, default: 1.0, step: 0.1, example: "1.2" };
const LOG: Flag = Flag { name: "log", about: "log scale", default: false };

fn read<T>(f: impl Fn(&Query, &mut Vec<Notice>) -> T, link: &str) -> (T, Vec<Option<String>>) {
    let mut n = Vec::new();
    let v = f(&Query::parse(link), &mut n);
    (v, n.into_iter().map(|n| n.param).collect())
}

#[test]
fn every_bad_example_gets_a_notice_naming_the_parameter() {
    let params: [&dyn Declared; 4] = [&M, &X, &Z, &LOG];
    for p in params {
        for bad in p.bad_examples() {
            let link = format!("?{}={bad}", p.name());
            let notices = match p.name() {
                "m" => read(|q, n| M.read(q, n), &link).1,
                "x" => read(|q, n| X.read(q, n), &link).1,
                "zipf" => read(|q, n| Z.read(q, n), &link).1,
                _ => read(|q, n| LOG.read(q, n), &link).1,
            };
            assert_eq!(notices, [Some(p.name().to_string())], "{link}");
        }
        let good = format!("?{}={}", p.name(), p.example());
        let ok = match p.name() {
            "m" => read(|q, n| M.read(q, n), &good).1,
            "x" => read(|q, n| X.read(q, n), &good).1,
            "zipf" => read(|q, n| Z.read(q, n), &good).1,
            _ => read(|q, n| LOG.read(q, n), &good).1,
        };
        assert!(ok.is_empty(), "{good}");
    }
}

#[test]
fn readers_writers_and_rows_follow_the_declaration() {
    assert_eq!(read(|q, n| M.read(q, n), "?m=5000").0, 1000);
    assert_eq!(read(|q, n| M.read(q, n), "?m=0").0, 64);
    assert_eq!(M.pair(64), None);
    assert_eq!(M.pair(65), Some(("m", "65".into())));
    assert_eq!(read(|q, n| X.read(q, n), "?x=bpi").0, "bpi");
    assert_eq!(X.pair("k"), None);
    assert_eq!(Z.pair(1.25), Some(("zipf", "1.25".into())));
    assert_eq!(read(|q, n| Z.read(q, n), "?zipf=1.25").0, 1.25);
    assert_eq!(M.bounds(), Some(Bounds { min: "1".into(), max: "1000".into(), step: "1".into() }));
    assert_eq!(Z.bounds().unwrap().step, "0.1");
    assert_eq!(M.row().bad, "not a whole number or below 1: 64; above 1,000: 1,000");
    assert_eq!(X.row().values, "`n`, `k`, `bpi`");
    let t = table(&[&M, &LOG]);
    assert!(t.contains("| `m` | bits | 1 .. 1,000 | 64 |"), "{t}");
    assert_eq!(full_link("fp", &[&M, &X, &LOG]), "?view=fp&m=128&x=n&log=1");
}

#[test]
fn a_rate_below_its_least_is_the_least_with_a_notice() {
    const P: Rate = Rate {
        name: "p",
        about: "rate",
        default: 0.01,
        example: "0.02",
        least: Some(Least { rate: 1e-6, why: |asked, least| format!("{asked:e} against {least:e}") }),
    };
    const OPEN: Rate = Rate { least: None, ..P };
    assert_eq!(read(|q, n| P.read(q, n), "?p=1e-6"), (1e-6, vec![]));
    assert_eq!(read(|q, n| P.read(q, n), "?p=0.5"), (0.5, vec![]));
    let mut notices = Vec::new();
    assert_eq!(P.read(&Query::parse("?p=1e-9"), &mut notices), 1e-6);
    assert_eq!(notices[0].param.as_deref(), Some("p"));
    assert_eq!(notices[0].message, "p = 1e-9 is below 1e-6, the least this view takes (1e-9 against 1e-6); using 1e-6");
    assert_eq!(read(|q, n| OPEN.read(q, n), "?p=1e-9"), (1e-9, vec![]));
    assert_eq!(P.row().bad, "below 1e-6: 1e-6; anything else: 0.01");
    assert_eq!(OPEN.row().bad, "anything else: 0.01");
    assert!(P.bad_examples().contains(&"1e-320".to_string()) && !OPEN.bad_examples().contains(&"1e-320".to_string()));
    // An unusable rate is still the default, with the reader's own notice.
    assert_eq!(read(|q, n| P.read(q, n), "?p=2"), (0.01, vec![Some("p".to_string())]));
}
