// AtCoder ABC327 C with every crate of AtCoder's 2023 set that the judge
// installs named once: proconio reads the grid, itertools and a hash set
// check each unit, and the others each do a small sum that must come out
// right, so a crate missing or mislinked is a CE or a WA.
use ac_library::Dsu;
use either::Either;
use indexmap::IndexSet;
use itertools::Itertools;
use lazy_static::lazy_static;
use maplit::hashset;
use num::BigInt;
use num_bigint::BigUint;
use num_complex::Complex;
use num_integer::Integer;
use num_iter::range;
use num_rational::Ratio;
use num_traits::{One, Zero};
use once_cell::sync::Lazy;
use proconio::input;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rand_core::RngCore;
use rand_pcg::Pcg64;
use rustc_hash::FxHashSet;
use static_assertions::const_assert;
use superslice::Ext;

const_assert!(9 * 9 == 81);

lazy_static! {
    static ref DIGITS: Vec<u8> = (1..=9).collect();
}

static UNIT: Lazy<FxHashSet<u8>> = Lazy::new(|| DIGITS.iter().copied().collect());

/// Every crate's small sum: true when each gives what arithmetic says.
fn crates_agree() -> bool {
    let mut dsu = Dsu::new(3);
    dsu.merge(0, 2);
    let either: Either<u8, u8> = Either::Left(4);
    let set: IndexSet<u8> = [3, 1, 3].into_iter().collect();
    let small = hashset! {1u8, 2};
    let big = BigInt::from(2).pow(70) - BigInt::one();
    let ubig = BigUint::from(10u8).pow(20);
    let z = Complex::new(1, 2) * Complex::new(1, -2);
    let r = Ratio::new(6, 8);
    let sum: u32 = range(1u32, 5).sum();
    let mut chacha = ChaCha8Rng::seed_from_u64(7);
    let mut pcg = Pcg64::seed_from_u64(7);
    let roll = chacha.gen_range(1..=6);
    let word = pcg.next_u32();
    let sorted = [1, 3, 3, 5];
    dsu.same(0, 2)
        && either.left() == Some(4)
        && set.iter().copied().collect_vec() == [3, 1]
        && small.len() == 2
        && big.to_string() == "1180591620717411303423"
        && ubig.to_string() == "100000000000000000000"
        && z == Complex::new(5, 0)
        && r == Ratio::new(3, 4)
        && 12.gcd(&18) == 6
        && sum == 10
        && (1..=6).contains(&roll)
        && word == word.rotate_left(32)
        && sorted.lower_bound(&3) == 1
        && !BigInt::zero().is_one()
}

fn main() {
    input! {
        a: [[u8; 9]; 9],
    }
    let unit_ok = |u: Vec<u8>| u.into_iter().collect::<FxHashSet<u8>>() == *UNIT;
    let ok = (0..9).all(|i| {
        unit_ok((0..9).map(|j| a[i][j]).collect_vec())
            && unit_ok((0..9).map(|j| a[j][i]).collect_vec())
            && unit_ok(
                (0..9)
                    .map(|j| a[i / 3 * 3 + j / 3][i % 3 * 3 + j % 3])
                    .collect_vec(),
            )
    });
    assert!(crates_agree());
    println!("{}", if ok { "Yes" } else { "No" });
}
