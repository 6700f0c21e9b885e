//! Times exact odds of the expressions named on the command line:
//! `cargo run --release -p fray-dice --example odds_timing -- 1000d6 10d6!`.

use std::time::Instant;

use fray_dice::Expr;

fn main() {
    for text in std::env::args().skip(1) {
        let start = Instant::now();
        let result = Expr::parse(&text).and_then(|e| e.odds());
        let elapsed = start.elapsed();
        match result {
            Ok(d) => println!(
                "{text:<14} {:>10.3} ms  {} values, denominator {} bits, unresolved {:.3e}",
                elapsed.as_secs_f64() * 1e3,
                d.len(),
                d.denominator().bits(),
                d.unresolved().to_f64()
            ),
            Err(e) => println!("{text:<14} error: {e}"),
        }
    }
}
