//! What the page still has to tell an LMS. Values to set (`cmi.…` element, value) wait here, in
//! the order they were given, until the LMS has taken each one and the commit after them. An LMS
//! that refuses a value keeps it, and every value after it, at the front of the queue. They are
//! sent again on the next flush, in the same order, so an interaction's fields still arrive in
//! order. Nothing a student did is lost while the page is open.

use std::collections::VecDeque;

/// The LMS as the outbox sees it: each call either works or says why not.
pub trait Lms {
    fn set(&mut self, element: &str, value: &str) -> Result<(), String>;
    fn commit(&mut self) -> Result<(), String>;
}

/// Values waiting for the LMS, and whether a commit is owed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Outbox {
    pending: VecDeque<(String, String)>,
    /// Values were taken since the last commit that worked.
    uncommitted: bool,
    /// Values the LMS has taken and committed, in all.
    pub committed: usize,
    taken: usize,
}

/// A flush that stopped: the call refused, and the LMS's reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refused {
    pub call: String,
    pub why: String,
}

impl Outbox {
    /// Queues `pairs` after what is already waiting.
    pub fn push(&mut self, pairs: impl IntoIterator<Item = (String, String)>) {
        self.pending.extend(pairs);
    }

    /// Values still waiting (not taken by the LMS).
    pub fn waiting(&self) -> usize {
        self.pending.len()
    }

    /// Everything queued was taken and committed.
    pub fn settled(&self) -> bool {
        self.pending.is_empty() && !self.uncommitted
    }

    /// Sends what waits, in order, then commits. It stops at the first refusal, which is then
    /// first in the queue again.
    pub fn flush(&mut self, lms: &mut impl Lms) -> Result<(), Refused> {
        while let Some((element, value)) = self.pending.front() {
            lms.set(element, value).map_err(|why| Refused { call: format!("LMSSetValue({element})"), why })?;
            self.pending.pop_front();
            self.uncommitted = true;
            self.taken += 1;
        }
        if self.uncommitted {
            lms.commit().map_err(|why| Refused { call: "LMSCommit".into(), why })?;
            self.uncommitted = false;
            self.committed = self.taken;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An LMS that refuses every call while `down`, and records what it took.
    #[derive(Default)]
    struct Fake {
        down: bool,
        refuse_commit: bool,
        set: Vec<(String, String)>,
        commits: usize,
    }

    impl Lms for Fake {
        fn set(&mut self, element: &str, value: &str) -> Result<(), String> {
            if self.down {
                return Err("101: general exception".into());
            }
            self.set.push((element.into(), value.into()));
            Ok(())
        }
        fn commit(&mut self) -> Result<(), String> {
            if self.down || self.refuse_commit {
                return Err("301: not initialized".into());
            }
            self.commits += 1;
            Ok(())
        }
    }

    fn pairs(from: usize, to: usize) -> Vec<(String, String)> {
        (from..to).map(|i| (format!("cmi.interactions.{i}.id"), format!("s{i}"))).collect()
    }

    #[test]
    fn a_refused_value_waits_and_arrives_in_order_after_the_lms_recovers() {
        let (mut out, mut lms) = (Outbox::default(), Fake::default());
        out.push(pairs(0, 2));
        assert_eq!(out.flush(&mut lms), Ok(()));
        assert_eq!((lms.set.len(), lms.commits, out.committed, out.settled()), (2, 1, 2, true));
        lms.down = true;
        out.push(pairs(2, 5));
        let refused = out.flush(&mut lms).unwrap_err();
        assert_eq!(refused.call, "LMSSetValue(cmi.interactions.2.id)");
        assert_eq!((out.waiting(), out.settled(), out.committed), (3, false, 2));
        lms.down = false;
        out.push(pairs(5, 6));
        assert_eq!(out.flush(&mut lms), Ok(()));
        assert_eq!(lms.set, pairs(0, 6), "every value once, in order");
        assert_eq!((lms.commits, out.committed, out.settled()), (2, 6, true));
    }

    #[test]
    fn a_refused_commit_is_owed_until_one_works() {
        let (mut out, mut lms) = (Outbox::default(), Fake { refuse_commit: true, ..Fake::default() });
        out.push(pairs(0, 1));
        assert_eq!(out.flush(&mut lms).unwrap_err().call, "LMSCommit");
        assert_eq!((out.waiting(), out.settled(), out.committed), (0, false, 0));
        lms.refuse_commit = false;
        assert_eq!(out.flush(&mut lms), Ok(()));
        assert_eq!((lms.set.len(), lms.commits, out.settled(), out.committed), (1, 1, true, 1));
        assert_eq!(out.flush(&mut lms), Ok(()), "nothing owed: no call");
        assert_eq!(lms.commits, 1);
    }
}
