//! `parse_f64` against std's `str::parse::<f64>`, the independent reference: same acceptance,
//! same bits.

use super::parse_f64;
use proptest::prelude::*;

fn same(text: &str) {
    let ours = parse_f64(text);
    let std = text.parse::<f64>().ok();
    match (ours, std) {
        (Some(a), Some(b)) if a.is_nan() && b.is_nan() => {
            assert_eq!(a.is_sign_negative(), b.is_sign_negative(), "{text:?}: NaN's sign")
        }
        (Some(a), Some(b)) => assert_eq!(a.to_bits(), b.to_bits(), "{text:?}: {a:e} against std's {b:e}"),
        (a, b) => assert_eq!(a.is_some(), b.is_some(), "{text:?}: accepted {a:?}, std {b:?}"),
    }
}

#[test]
fn edge_cases_read_as_std_reads_them() {
    for text in [
        "", "+", "-", ".", "e5", "1e", "1.", ".5", "1.e5", "+.5e-3", "0", "-0", "00012", "000.000", "1_000", " 1",
        "1 ", "inf", "-Infinity", "+INF", "NaN", "-nan", "infinit", "nana", "0x10", "1e+", "1e-", "1e+-5", "1..2",
        "1.2.3", "--1", "+-1", "1e5.5", "١", "½", "1e٣", "0.01", "1%", "9007199254740993", "9007199254740992",
        "9007199254740991", "123456789012345678901234567890", "2.2250738585072011e-308",
        "2.2250738585072014e-308", "4.9406564584124654e-324", "2.4703282292062327e-324",
        "2.4703282292062328e-324", "2.4703282292062327208828439643411068618252990130716238221279284125033775363510437593264991818081799618989828234772285886546332835517796989819938739800539093906315035659515570226392290858392449105184435931802849936536152500319370457678249219365623669863658480757001585769269903706311928279558551332927834338409351978015531246597263579574622766465272827220056374006485499977096599470454020828166226237857393450736339007967761930577506740176324673600968951340535537458516661134223766678604162159680461914467291840300530057530849048765391711386591646239524912623653881879636239373280423891018672348497668235089863388587925628302755995657524455507255189313690836254779186948667994968324049705821028513185451396213837722826145437693412532098591327667236328125e-324",
        "1.7976931348623157e308", "1.7976931348623158e308", "1.7976931348623159e308", "1e308", "1e309",
        "1e-400", "1e400", "0e999999999999", "1e99999999999999999999", "1e-99999999999999999999",
        "0.000000000000000000000000000000000000001", "1e22", "1e23", "123456789012345e10", "1234567890123456e9",
        "8.98846567431158e307", "3.0e-1", "0.30000000000000004", "0.1e-5", "100000000000000000000000",
        "7.2057594037927933e16", "5e-324", "3e-324", "2e-324", "1e-324",
    ] {
        same(text);
    }
}

#[test]
fn a_very_long_tail_is_read_whole() {
    // Digits past the kept 800 still decide a halfway case.
    let half = format!("9007199254740993{}", "0".repeat(900));
    same(&half);
    same(&format!("{half}1"));
    same(&format!("0.{}1", "0".repeat(1000)));
    same(&format!("1.{}1e-3", "0".repeat(850)));
    same(&format!("{}e-900", "3".repeat(1200)));
}

/// The exact decimal of the point halfway between `m × 2^e` and `(m + 1) × 2^e` for e in
/// -20..=0: (2m + 1) × 5^-e / 10^-e, written with u128 arithmetic.
fn halfway(m: u64, e: i32) -> String {
    let n = (2 * m as u128 + 1) * 5u128.pow((-e + 1) as u32);
    format!("{n}e{}", e - 1)
}

#[test]
fn exact_halfway_points_round_to_even() {
    for (m, e) in [(1u64 << 53, 0), ((1u64 << 53) + 1, 0), ((1 << 52) + 7, -3), ((1 << 53) - 1, -20)] {
        same(&halfway(m, e));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn every_float_in_every_notation(bits in any::<u64>(), places in 0usize..25) {
        let x = f64::from_bits(bits);
        for text in [format!("{x}"), format!("{x:e}"), format!("{x:.places$}"), format!("{x:.places$e}"), format!("{x:?}")] {
            same(&text);
        }
    }

    #[test]
    fn short_decimals(mantissa in "[0-9]{1,20}", point in 0usize..21, exp in -360i32..360) {
        let p = point.min(mantissa.len());
        let text = format!("{}.{}e{exp}", &mantissa[..p], &mantissa[p..]);
        same(&text);
        same(&format!("{}.{}", &mantissa[..p], &mantissa[p..]));
    }

    #[test]
    fn halfway_points_and_their_neighbours(m in (1u64 << 52)..(1u64 << 53), e in -20i32..=0) {
        let h = halfway(m, e);
        same(&h);
        let (digits, exp) = h.split_once('e').unwrap();
        same(&format!("{digits}0001e{}", exp.parse::<i32>().unwrap() - 4));
        same(&format!("{}9999e{}", (digits.parse::<u128>().unwrap() - 1), exp.parse::<i32>().unwrap() - 4));
    }

    #[test]
    fn any_string_of_number_characters(text in "[-+0-9.eE_ainfINFty]{0,24}") {
        same(&text);
    }
}
