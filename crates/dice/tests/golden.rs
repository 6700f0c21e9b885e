//! Golden vectors: the first rolls of several dice for several seeds and streams.
//!
//! These snapshots are the replay format's promise. If one changes, every replay file and
//! every published seed stops meaning what it meant: that is a breaking change, never a
//! snapshot to re-accept.

use fray_dice::Rng;

const SEEDS: [u64; 4] = [0, 1, 42, u64::MAX];
const STREAMS: [u64; 3] = [0, 1, 1 << 63];

fn rolls(seed: u64, stream: u64, die: &str) -> String {
    let mut rng = Rng::new(seed, stream);
    let values: Vec<String> = (0..32)
        .map(|_| match die {
            "K" => rng.k_die(),
            sides => rng.die(sides.parse().expect("die size")),
        })
        .map(|v| v.to_string())
        .collect();
    values.join(" ")
}

#[test]
fn golden_vectors_of_the_first_32_rolls() {
    let mut out = String::new();
    for seed in SEEDS {
        for stream in STREAMS {
            for die in ["2", "6", "8", "10", "20", "100", "K"] {
                let name = if die == "K" {
                    "K".to_owned()
                } else {
                    format!("d{die}")
                };
                out.push_str(&format!(
                    "seed={seed} stream={stream} {name:>4}: {}\n",
                    rolls(seed, stream, die)
                ));
            }
        }
    }
    insta::assert_snapshot!(out);
}

#[test]
fn raw_words_of_seed_42_stream_0() {
    let mut rng = Rng::new(42, 0);
    let words: Vec<String> = (0..8).map(|_| format!("{:08x}", rng.next_u32())).collect();
    insta::assert_snapshot!(words.join(" "));
}

#[test]
fn streams_and_seeds_are_independent_sequences() {
    assert_ne!(rolls(42, 0, "20"), rolls(42, 1, "20"));
    assert_ne!(rolls(42, 0, "20"), rolls(43, 0, "20"));
    assert_eq!(rolls(42, 1, "20"), rolls(42, 1, "20"));
}
