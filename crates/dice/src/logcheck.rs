//! Checks every ruleset's tests run on its logs (issue 18), written once: play demo fights
//! with the default tactic, write their logs as each reader sees them, and lint every line.

use std::ops::Range;

use crate::catalog::Catalog;
use crate::session::Session;
use crate::text::{lint_line, Lang, View};

/// A demo fight of `R` from `(seed, stream)`, played to its end by the default tactic
/// through a [`Session`], so its events are recorded.
///
/// Panics if the tactic's command is refused: that is an engine bug a test should show.
pub fn play_demo<R: Catalog>(seed: u64, stream: u64) -> Session<R>
where
    R::Setup: Send + Sync,
    R::Command: Send,
    R::Event: Send,
    R::State: Send,
{
    let mut session =
        Session::<R>::start(R::demo_setup(), seed, stream).expect("the demo setup starts");
    while let Some(command) = R::next_command(session.state()) {
        if let Err(e) = session.apply(command) {
            panic!(
                "{} demo, seed {seed} stream {stream}: the tactic's command was refused: {e}",
                R::ID
            );
        }
    }
    session
}

/// The lines `view`'s reader sees of `session`, then the end-of-fight summary.
pub fn session_lines<R: Catalog>(session: &Session<R>, view: &View) -> Vec<String>
where
    R::Setup: Send + Sync,
    R::Command: Send,
    R::Event: Send,
    R::State: Send,
{
    session
        .events()
        .filter_map(|e| R::line(e, view))
        .chain(R::summary(session.state(), view.lang))
        .collect()
}

/// Every [`lint_line`] problem in the logs of the demo fights `streams` of `seed`: in each
/// language, as the game master and as each of `participants` sees it. `names` are the
/// proper names the Russian lines may write in Latin letters. Returns how many lines were
/// read (so a test can tell it read some) and one entry per bad line, naming the stream,
/// language and reader: none when every line is clean.
pub fn demo_log_problems<R: Catalog>(
    seed: u64,
    streams: Range<u64>,
    participants: &[&str],
    names: &[&str],
) -> (usize, Vec<String>)
where
    R::Setup: Send + Sync,
    R::Command: Send,
    R::Event: Send,
    R::State: Send,
{
    let mut read = 0;
    let mut problems = Vec::new();
    for stream in streams {
        let session = play_demo::<R>(seed, stream);
        for lang in Lang::ALL {
            let views = std::iter::once(View::game_master(lang))
                .chain(participants.iter().map(|p| View::participant(lang, *p)));
            for view in views {
                for line in session_lines(&session, &view) {
                    read += 1;
                    let found = lint_line(&line, lang, names);
                    if !found.is_empty() {
                        problems.push(format!(
                            "{} stream {stream}, {lang}, {:?}: {line:?}: {found:?}",
                            R::ID,
                            view.viewer
                        ));
                    }
                }
            }
        }
    }
    (read, problems)
}
