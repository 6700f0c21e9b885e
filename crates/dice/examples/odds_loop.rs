//! Exact odds of one expression, repeated: for profiling.
fn main() {
    let mut args = std::env::args().skip(1);
    let text = args.next().expect("an expression");
    let times: u32 = args.next().map_or(1000, |n| n.parse().expect("a count"));
    let expr = fray_dice::Expr::parse(&text).expect("an expression");
    for _ in 0..times {
        std::hint::black_box(expr.odds().expect("odds"));
    }
}
