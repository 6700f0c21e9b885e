//! `fray`: roll dice, show exact odds, simulate fights, replay and verify replay files, and
//! run the built-in demonstrations.
//!
//! Every error is one line on stderr and exit code 2; nothing panics into the terminal.
//! Every line for people is in the language `--lang` chose (see `text.rs`); `--help` and
//! the argument errors that clap writes stay English.

mod bundle;
mod check;
mod combatants;
mod commands;
mod findings;
mod plot;
mod schema;
mod sensitivity;
mod simulate;
mod sweep;
mod table;
mod text;

/// `println!` that reports a closed stdout instead of panicking.
#[macro_export]
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        writeln!(std::io::stdout(), $($arg)*).map_err($crate::closed_stdout)?;
    }};
}

/// `print!` that reports a closed stdout instead of panicking.
#[macro_export]
macro_rules! out_raw {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        write!(std::io::stdout(), $($arg)*).map_err($crate::closed_stdout)?;
    }};
}

/// A reader that stopped reading (`fray demo | head`) is not an error: exit quietly.
/// Any other write failure is one.
pub fn closed_stdout(e: std::io::Error) -> String {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        std::process::exit(0);
    }
    format!("cannot write to standard output: {e}")
}

use fray_dice::{Lang, View, Viewer};
use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Tabletop-RPG combat with dice that replay exactly from a seed.
#[derive(Parser, Debug)]
#[command(name = "fray", version, about, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// Language of the output, fight logs and refusals: en or ru (default: FRAY_LANG, then
    /// the locale). This help stays English.
    #[arg(long, global = true, value_name = "LANG")]
    lang: Option<String>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Roll dice notation (3d8kh2+2, 4d6dl1, 1d10!, 6d6>=5 …) and show every die.
    Roll {
        /// The expression (one starting with `-`, such as `-1d6`, is taken as is).
        #[arg(allow_hyphen_values = true)]
        expression: String,
        /// Seed of the dice; drawn from the OS and printed when absent.
        #[arg(long)]
        seed: Option<u64>,
        /// Stream of the dice.
        #[arg(long, default_value_t = 0)]
        stream: u64,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Exact odds of dice notation, or of a ruleset's check: `fray odds 3d8kh2`,
    /// `fray odds <ruleset> key=value …`.
    Odds {
        /// A dice expression, or a ruleset id followed by key=value pairs.
        #[arg(allow_hyphen_values = true)]
        target: String,
        /// key=value pairs of a ruleset's odds spec.
        spec: Vec<String>,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
        /// Print every row; without it, more than 100 values are summarised.
        #[arg(long)]
        all: bool,
        /// Follow exploding dice at most this many extra dice deep; by default each is
        /// followed until at most 2^-64 of the probability is left unresolved.
        #[arg(long)]
        depth: Option<u32>,
    },
    /// Simulate many fights of a ruleset with its default tactic (trial i uses stream i).
    Simulate {
        /// The ruleset id.
        ruleset: String,
        /// Number of fights (default 10 000; with --precision, the most to run, default
        /// 10 000 000).
        #[arg(long)]
        trials: Option<u64>,
        /// Seed of the dice.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Worker threads (the numbers do not depend on it); default: all cores.
        #[arg(long)]
        threads: Option<usize>,
        /// A setup JSON file; default: the ruleset's demo scenario.
        #[arg(long)]
        setup: Option<std::path::PathBuf>,
        /// A policy JSON file (AGE so far: `{"party": {...}, "opponents": {...}}`, each with
        /// `target` nearest|weakest|most_dangerous, `absorb`, `stunts`, `grenades`);
        /// default: the default tactic.
        #[arg(long)]
        policy: Option<std::path::PathBuf>,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
        /// Run blocks of 10 000 fights until every side's 95 % win-rate interval is within
        /// ± this (0.01 = ±1 %); where it stops does not depend on --threads.
        #[arg(long)]
        precision: Option<f64>,
        /// Also save a result bundle (setup, policy, seed, trials, ruleset version, results)
        /// that `fray rerun` checks.
        #[arg(long, value_name = "FILE.json")]
        bundle: Option<std::path::PathBuf>,
    },
    /// Simulate a setup at every value of one or two of its fields, every point on the same
    /// dice: `fray sweep red --vary settings.max_rounds=1..=10`.
    Sweep {
        /// The ruleset id.
        ruleset: String,
        /// PATH=VALUES: a JSON path into the setup (`fighters[1].stats.agility`) and its
        /// values: `1,2,3`, `0..=12`, `0..=12:2`, or JSON values separated by commas. Once or
        /// twice (a grid).
        #[arg(long, required = true)]
        vary: Vec<sweep::Vary>,
        /// A setup JSON file; default: the ruleset's demo scenario.
        #[arg(long)]
        setup: Option<std::path::PathBuf>,
        /// Fights per point.
        #[arg(long, default_value_t = 10_000)]
        trials: u64,
        /// Seed of the dice (the same trial streams at every point).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Worker threads (the numbers do not depend on it); default: all cores.
        #[arg(long)]
        threads: Option<usize>,
        /// Print CSV, one row per point.
        #[arg(long, conflicts_with = "json")]
        csv: bool,
        /// Print JSON, one object per point.
        #[arg(long)]
        json: bool,
        /// Also draw the first side's win rate as SVG: a curve with its 95 % interval band
        /// (one path) or a heatmap (two paths).
        #[arg(long, value_name = "FILE.svg")]
        plot: Option<std::path::PathBuf>,
        /// Also save a result bundle (setup, seed, trials, paths, ruleset version, rows) that
        /// `fray rerun` checks.
        #[arg(long, value_name = "FILE.json")]
        bundle: Option<std::path::PathBuf>,
    },
    /// Run a result bundle again: exit 0 when the numbers are the same, 1 when they differ.
    Rerun {
        /// The bundle file (from `--bundle`).
        file: std::path::PathBuf,
    },
    /// Play the setup again with each participant, weapon or ability (every element of an
    /// array in the setup) removed in turn, or replaced by a substitute, on the same dice;
    /// rank them by how much they move each side's win rate, with paired 95 % intervals.
    Sensitivity {
        /// The ruleset id.
        ruleset: String,
        /// A setup JSON file; default: the ruleset's demo scenario.
        #[arg(long)]
        setup: Option<std::path::PathBuf>,
        /// PATH=JSON: replace the element at PATH (`fighters[1].weapons[0]`) by this value
        /// instead of removing it; a path that is not an array element adds a variant.
        #[arg(long)]
        substitute: Vec<sensitivity::Substitute>,
        /// Fights per variant.
        #[arg(long, default_value_t = 10_000)]
        trials: u64,
        /// Seed of the dice (the same trial streams for every variant).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Worker threads (the numbers do not depend on it); default: all cores.
        #[arg(long)]
        threads: Option<usize>,
        /// Print CSV, one row per variant.
        #[arg(long, conflicts_with = "json")]
        csv: bool,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
    /// Print a ruleset's demo setup as JSON: a starting point for your own.
    Setup {
        /// The ruleset id.
        ruleset: String,
    },
    /// Check a setup file: print every error and warning (with its JSON path) and exit 0
    /// (clean), 1 (warnings only) or 2 (an error).
    Check {
        /// The ruleset id.
        ruleset: String,
        /// The setup JSON file.
        setup: std::path::PathBuf,
    },
    /// Print the JSON Schema of a ruleset's setup, command or policy.
    Schema {
        /// The ruleset id.
        ruleset: String,
        /// Which schema: setup, command or policy.
        kind: String,
    },
    /// Replay a replay file and verify every event.
    Replay {
        /// The replay file.
        file: std::path::PathBuf,
        /// Print the events as readable lines too.
        #[arg(long)]
        verbose: bool,
        /// Print the report as JSON.
        #[arg(long)]
        json: bool,
        /// With --verbose: the log as this participant sees it (their secrets only).
        #[arg(long = "as", value_name = "NAME")]
        viewer: Option<String>,
    },
    /// Run the built-in demonstration of every ruleset, or of one.
    Demo {
        /// Only this ruleset (or `dice` for the dice showcase).
        ruleset: Option<String>,
        /// Seed of the dice; default: each demo's own seed.
        #[arg(long)]
        seed: Option<u64>,
        /// Where to write replay files (a directory); default: the system temp directory.
        #[arg(long)]
        out: Option<std::path::PathBuf>,
        /// The log as this participant sees it (their secrets only); default: the game master.
        #[arg(long = "as", value_name = "NAME")]
        viewer: Option<String>,
    },
    /// List the rulesets of this build.
    Rulesets,
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            // --help and --version.
            print!("{e}");
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            let rendered = e.render().to_string();
            let first = rendered.lines().next().unwrap_or("invalid arguments");
            eprintln!("fray: {}", first.trim_start_matches("error: "));
            return ExitCode::from(2);
        }
    };
    let lang = match cli.lang.as_deref().map_or_else(Lang::from_env, Lang::parse) {
        Ok(lang) => lang,
        Err(e) => {
            eprintln!("fray: --lang: {}", e.message());
            return ExitCode::from(2);
        }
    };
    let view = |lang: Lang, viewer: Option<String>| View {
        lang,
        viewer: viewer.map_or(Viewer::GameMaster, Viewer::Participant),
    };
    let result = match cli.command {
        Command::Roll {
            expression,
            seed,
            stream,
            json,
        } => commands::roll(&expression, seed, stream, json, lang),
        Command::Odds {
            target,
            spec,
            json,
            all,
            depth,
        } => commands::odds(
            &target,
            &spec,
            &commands::OddsView { json, all, depth },
            lang,
        ),
        Command::Simulate {
            ruleset,
            trials,
            seed,
            threads,
            setup,
            policy,
            json,
            precision,
            bundle,
        } => simulate::simulate(
            &ruleset,
            &simulate::Run {
                trials,
                seed,
                threads,
                setup: setup.as_deref(),
                policy: policy.as_deref(),
                json,
                precision,
                bundle: bundle.as_deref(),
            },
            lang,
        ),
        Command::Sweep {
            ruleset,
            vary,
            setup,
            trials,
            seed,
            threads,
            csv,
            json,
            plot,
            bundle,
        } => {
            let format = match (csv, json) {
                (true, _) => sweep::Format::Csv,
                (_, true) => sweep::Format::Json,
                _ => sweep::Format::Text,
            };
            sweep::sweep(
                &ruleset,
                setup.as_deref(),
                &vary,
                trials,
                seed,
                threads,
                format,
                (plot.as_deref(), bundle.as_deref()),
                lang,
            )
        }
        Command::Sensitivity {
            ruleset,
            setup,
            substitute,
            trials,
            seed,
            threads,
            csv,
            json,
        } => sensitivity::sensitivity(
            &ruleset,
            setup.as_deref(),
            &substitute,
            (trials, seed, threads),
            match (csv, json) {
                (true, _) => sensitivity::Format::Csv,
                (_, true) => sensitivity::Format::Json,
                _ => sensitivity::Format::Text,
            },
            lang,
        ),
        Command::Setup { ruleset } => commands::setup(&ruleset, lang),
        Command::Check { ruleset, setup } => return check::check(&ruleset, &setup, lang),
        Command::Schema { ruleset, kind } => schema::schema(&ruleset, &kind, lang),
        Command::Replay {
            file,
            verbose,
            json,
            viewer,
        } => commands::replay(&file, verbose, json, &view(lang, viewer)),
        Command::Demo {
            ruleset,
            seed,
            out,
            viewer,
        } => commands::demo(
            ruleset.as_deref(),
            seed,
            out.as_deref(),
            &view(lang, viewer),
        ),
        Command::Rerun { file } => return bundle::rerun(&file, lang),
        Command::Rulesets => commands::list_rulesets(lang),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("fray: {}", message.lines().next().unwrap_or("failed"));
            ExitCode::from(2)
        }
    }
}
