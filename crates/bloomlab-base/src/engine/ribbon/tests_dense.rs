//! A second, independent computation: the same equations solved by plain dense Gaussian
//! elimination over GF(2), one `Vec<bool>` per equation, with no band and no on-the-fly order.

use proptest::prelude::*;

use super::banding::{row_value, Banding, Outcome};
use super::{RibbonParams, Row};

/// Whether the system (one equation per row over `columns` unknowns of `bits` bits each) has a
/// solution, by textbook elimination: for each column pick a pivot among the rows not yet used,
/// clear that column from every other row; then a row with no coefficient left must have a zero
/// right-hand side.
fn dense_solvable(rows: &[Row], columns: usize) -> bool {
    let mut eqs: Vec<(Vec<bool>, u64)> = rows
        .iter()
        .map(|r| {
            let coeffs = (0..columns).map(|c| c >= r.start && c - r.start < 64 && (r.coeff >> (c - r.start)) & 1 == 1);
            (coeffs.collect(), r.result)
        })
        .collect();
    let mut used = 0;
    for col in 0..columns {
        let Some(p) = (used..eqs.len()).find(|&i| eqs[i].0[col]) else { continue };
        eqs.swap(used, p);
        let pivot = eqs[used].clone();
        for (i, eq) in eqs.iter_mut().enumerate() {
            if i != used && eq.0[col] {
                for (a, b) in eq.0.iter_mut().zip(&pivot.0) {
                    *a ^= *b;
                }
                eq.1 ^= pivot.1;
            }
        }
        used += 1;
    }
    eqs.iter().all(|(c, r)| c.iter().any(|x| *x) || *r == 0)
}

/// Bands the rows; returns the solution, or None when some insertion failed.
fn banded(rows: &[Row], slots: usize) -> Option<Vec<u64>> {
    let mut b = Banding::new(slots);
    for r in rows {
        if matches!(b.insert(*r), Outcome::Failed | Outcome::OutOfRange) {
            return None;
        }
    }
    Some(b.solve())
}

/// Checks both ways agree on solvability, and that a banded solution satisfies every equation.
fn agree(rows: &[Row], slots: usize, bits: u32) -> Result<(), String> {
    let band = banded(rows, slots);
    let dense = dense_solvable(rows, slots);
    if band.is_some() != dense {
        return Err(format!("banding says {}, dense says {dense}: {rows:?}", band.is_some()));
    }
    if let Some(z) = band {
        if let Some(r) = rows.iter().find(|r| row_value(&z, r, bits) != r.result) {
            return Err(format!("the solution breaks {r:?}"));
        }
    }
    Ok(())
}

#[test]
fn keys_at_scale_agree_with_dense_elimination() {
    // 150 keys in 160 slots, band 16, 3 result bits: over 40 seeds both kinds occur.
    let p = RibbonParams::new(160, 16, 3).unwrap();
    let keys: Vec<String> = (0..150).map(|i| format!("k{i}")).collect();
    let mut outcomes = [0; 2];
    for seed in 0..40 {
        let rows: Vec<Row> = keys.iter().map(|k| p.row(seed, k)).collect();
        agree(&rows, p.slots(), 3).unwrap();
        outcomes[usize::from(banded(&rows, p.slots()).is_some())] += 1;
    }
    assert!(outcomes[0] > 0 && outcomes[1] > 0, "{outcomes:?}");
}

#[test]
fn the_dense_solver_itself() {
    let r = |start, coeff, result| Row { start, coeff, result };
    assert!(dense_solvable(&[r(0, 0b11, 1), r(1, 0b1, 1)], 2));
    assert!(!dense_solvable(&[r(0, 0b11, 1), r(0, 0b11, 0)], 2));
    // x0^x1 = 1, x1^x2 = 1, x0^x2 = 1: the sum of all three says 0 = 1.
    assert!(!dense_solvable(&[r(0, 0b11, 1), r(1, 0b11, 1), r(0, 0b101, 1)], 3));
    assert!(dense_solvable(&[r(0, 0b11, 1), r(1, 0b11, 1), r(0, 0b101, 0)], 3));
}

/// A random small system: band width, slots, result bits and rows within the band.
fn system() -> impl Strategy<Value = (usize, u32, Vec<Row>)> {
    (1u32..=8, 0usize..=12, 1u32..=2).prop_flat_map(|(w, extra, bits)| {
        let slots = w as usize + extra;
        let row = (0..=slots - w as usize, any::<u64>(), any::<u64>()).prop_map(move |(start, c, res)| Row {
            start,
            coeff: (c & super::low_mask(w)) | 1,
            result: res & super::low_mask(bits),
        });
        (Just(slots), Just(bits), prop::collection::vec(row, 0..=slots + 3))
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]
    #[test]
    fn random_systems_agree_with_dense_elimination((slots, bits, rows) in system()) {
        prop_assert_eq!(agree(&rows, slots, bits), Ok(()));
    }
}
