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
