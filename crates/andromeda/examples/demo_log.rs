//! Prints the demo fight of a seed as readable lines (`cargo run --example demo_log -- 7`).
use fray_andromeda::{describe, Andromeda};
use fray_dice::{AutoPlay, Catalog, Session};

fn main() {
    let seed = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(Andromeda::DEMO_SEED);
    let mut session = Session::<Andromeda>::start(Andromeda::demo_setup(), seed, 0).unwrap();
    while let Some(command) = Andromeda::next_command(session.state()) {
        session.apply(command).unwrap();
    }
    for event in session.events() {
        println!("{}", describe(event));
    }
}
