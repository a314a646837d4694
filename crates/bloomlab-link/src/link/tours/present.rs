//! The speaker's notes on the laptop (`notes=1`): a second window of the same page, opened by the
//! projected one and kept in step with it (the app's `app::notes`). What the notes keep and show
//! that is not the page's: when the tour began, and the time since.

/// When the notes first heard of the tour, as kept in the notes window's session storage:
/// `name|ms since 1970`.
pub fn started_record(name: &str, ms: u64) -> String {
    format!("{name}|{ms}")
}

/// The start kept in `kept` when it is the tour `name`'s.
pub fn read_started(kept: &str, name: &str) -> Option<u64> {
    let (n, ms) = kept.rsplit_once('|')?;
    (n == name).then(|| ms.parse::<u64>().ok()).flatten()
}

/// Minutes and seconds since the tour began, as the notes show them (`12:05`; past an hour
/// `1:02:05`).
pub fn elapsed_text(ms: u64) -> String {
    let s = ms / 1000;
    let (h, m, s) = (s / 3600, s / 60 % 60, s % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tour_start_is_kept_per_tour() {
        let kept = started_record("a|b", 42);
        assert_eq!(read_started(&kept, "a|b"), Some(42));
        assert_eq!(read_started(&kept, "a"), None);
        assert_eq!(read_started("x|notanumber", "x"), None);
    }

    #[test]
    fn elapsed_time_reads_as_a_clock() {
        assert_eq!(elapsed_text(0), "0:00");
        assert_eq!(elapsed_text(725_400), "12:05");
        assert_eq!(elapsed_text(3_725_000), "1:02:05");
    }
}
