/// Where a ruleset's engine puts the events it emits.
///
/// A session records them (they make the log and the replay digests); a simulation runs
/// quiet, and then an event is never even built: [`EventLog::emit`] takes a closure and does
/// not call it. Most events carry names and lists, so in a Monte Carlo run this saves an
/// allocation or more per event.
///
/// Determinism rests on one rule for engines: what an engine does must never depend on what
/// it emitted (an engine cannot read its log back; there is no accessor for that), and the
/// closure given to `emit` must only build the event, never change state or draw dice. The
/// facade's tests play every ruleset both ways and compare outcomes and dice positions.
#[derive(Debug)]
pub struct EventLog<E> {
    events: Vec<E>,
    recording: bool,
}

impl<E> EventLog<E> {
    /// A log that keeps every event.
    pub fn recording() -> Self {
        EventLog {
            events: Vec::new(),
            recording: true,
        }
    }

    /// A log that builds nothing and keeps nothing.
    pub fn quiet() -> Self {
        EventLog {
            events: Vec::new(),
            recording: false,
        }
    }

    /// An empty log that records exactly when this one does, for events an engine may still
    /// discard (an attempt that can fail); [`EventLog::append`] adds them afterwards.
    pub fn nested(&self) -> Self {
        EventLog {
            events: Vec::new(),
            recording: self.recording,
        }
    }

    /// Whether events are kept: an engine may skip work done only to describe something.
    #[inline]
    pub fn is_recording(&self) -> bool {
        self.recording
    }

    /// Emits one event; `build` runs only when the log records.
    #[inline]
    pub fn emit(&mut self, build: impl FnOnce() -> E) {
        if self.recording {
            self.events.push(build());
        }
    }

    /// Moves every event of `other` (a nested log) to the end of this one.
    pub fn append(&mut self, mut other: EventLog<E>) {
        self.events.append(&mut other.events);
    }

    /// The events kept, in order (empty when quiet).
    pub fn into_vec(self) -> Vec<E> {
        self.events
    }
}

#[cfg(test)]
mod tests {
    use super::EventLog;

    #[test]
    fn a_recording_log_keeps_events_in_order_and_a_quiet_one_never_builds_them() {
        let mut built = 0;
        let mut loud = EventLog::recording();
        let mut quiet = EventLog::quiet();
        for i in 0..3 {
            loud.emit(|| {
                built += 1;
                i
            });
            quiet.emit(|| -> i32 { unreachable!("a quiet log builds nothing") });
        }
        let mut nested = loud.nested();
        nested.emit(|| 9);
        loud.append(nested);
        assert_eq!(built, 3);
        assert_eq!(loud.into_vec(), [0, 1, 2, 9]);
        assert!(!quiet.nested().is_recording());
        assert!(quiet.into_vec().is_empty());
    }
}
