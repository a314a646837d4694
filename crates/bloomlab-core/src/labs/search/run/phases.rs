//! The comparison run's phases, one function each: generate the crawl, load a method, sort and
//! fill the sorted array, timed inserts, timed lookups, and freeing the last structure.

use super::*;

impl SearchRun {
    /// One step of the phase under way, at most `left` units.
    pub(super) fn step(&mut self, left: u64, now: &dyn Fn() -> f64) {
        if self.retire(left) {
            return;
        }
        let (n, method) = if self.phase == Phase::Generate { (0, Method::Linear) } else { self.current() };
        match self.phase {
            Phase::Generate => self.generate(left),
            Phase::Load => self.load(n, method),
            Phase::Sort => self.sort(left),
            Phase::Fill => self.fill(left),
            Phase::Insert => self.insert(left, n, method, now),
            Phase::Members | Phase::NonMembers => self.query(left, n, method, now),
            Phase::Done => {}
        }
    }

    /// Frees part of the last method's structure; true while there was some left.
    fn retire(&mut self, left: u64) -> bool {
        let Some(r) = self.retiring.as_mut() else { return false };
        let freed = match r {
            Retiring::Array(it) => it.take(left as usize * 4).count(),
            Retiring::Set(it) => it.take(left as usize * 4).count(),
        };
        if freed == 0 {
            self.retiring = None;
        }
        true
    }

    /// Starts `method` at size `n`: an empty structure, and the sort of the untimed part of a
    /// large sorted array.
    fn load(&mut self, n: u64, method: Method) {
        let s = Structure::new(method, n, self.p);
        let untimed = if method == Method::Binary { n - binary_timed(n) } else { 0 };
        self.structure = Some(s);
        self.at = 0;
        self.ms = 0.0;
        self.partial = Some(MethodResult {
            method,
            n,
            insert_ns: 0.0,
            inserts_timed: n - untimed,
            member_ns: 0.0,
            nonmember_ns: 0.0,
            queries: 0,
            fp: 0,
            missed: 0,
            bytes: 0,
            shape: None,
        });
        if untimed > 0 {
            self.sorter = Some(Sorter::new(untimed as usize));
            self.phase = Phase::Sort;
        } else {
            self.phase = Phase::Insert;
        }
    }

    /// Sorts the untimed part of the sorted array, a slice at a time.
    fn sort(&mut self, left: u64) {
        let sorter = self.sorter.as_mut().expect("sorting");
        let untimed = sorter.order().len();
        let done = sorter.work(&self.pool[..untimed], left as usize);
        self.done_units += done as u64;
        if sorter.is_done() {
            self.phase = Phase::Fill;
        }
    }

    /// Loads the sorted part into the array.
    fn fill(&mut self, left: u64) {
        let sorter = self.sorter.as_ref().expect("sorted");
        let order = sorter.order();
        let count = (left as usize).min(order.len() - self.at as usize);
        if let Some(Structure::Binary(v)) = self.structure.as_mut() {
            v.extend(
                order[self.at as usize..self.at as usize + count]
                    .iter()
                    .map(|&i| self.pool[i as usize].as_str().into()),
            );
        }
        self.at += count as u64;
        self.done_units += count as u64;
        if self.at as usize >= order.len() {
            self.sorter = None;
            self.phase = Phase::Insert;
        }
    }

    /// Timed inserts; at the end, the structure's memory and the queries to ask.
    fn insert(&mut self, left: u64, n: u64, method: Method, now: &dyn Fn() -> f64) {
        let cost = if method == Method::Binary { 1 + n / 3_000 } else { 1 };
        let count = (left / cost).max(1).min(n - self.at);
        let s = self.structure.as_mut().expect("loaded");
        let t0 = now();
        for item in &self.pool[self.at as usize..(self.at + count) as usize] {
            s.insert(item);
        }
        self.ms += now() - t0;
        self.at += count;
        self.done_units += count * cost;
        if self.at >= n {
            let r = self.partial.as_mut().expect("started");
            r.insert_ns = self.ms * 1e6 / r.inserts_timed.max(1) as f64;
            r.bytes = s.bytes();
            r.shape = s.shape();
            r.queries =
                if method == Method::Linear { linear_queries(n, self.queries.min(n)) } else { self.queries.min(n) };
            self.phase = Phase::Members;
            self.at = 0;
            self.ms = 0.0;
        }
    }

    /// Timed lookups of members, then of non-members (counting false positives).
    fn query(&mut self, left: u64, n: u64, method: Method, now: &dyn Fn() -> f64) {
        let members = self.phase == Phase::Members;
        let probes = self.probes().len() as u64;
        let r = self.partial.as_mut().expect("started");
        let q = if members { r.queries } else { r.queries.min(probes) };
        let cost = if method == Method::Linear { 1 + n / 100 } else { 1 };
        let count = (left / cost).max(1).min(q - self.at.min(q));
        let s = self.structure.as_ref().expect("loaded");
        let mut hits = 0u64;
        let t0 = now();
        for j in self.at..self.at + count {
            let item = if members {
                &self.pool[(j * n / q.max(1)) as usize]
            } else {
                &self.pool[self.probe_start + j as usize]
            };
            hits += s.contains(item) as u64;
        }
        self.ms += now() - t0;
        if members {
            r.missed += count - hits;
        } else {
            r.fp += hits;
        }
        self.at += count;
        self.done_units += count * cost;
        if self.at >= q {
            let per = self.ms * 1e6 / q.max(1) as f64;
            if members {
                r.member_ns = per;
                self.phase = Phase::NonMembers;
            } else {
                r.nonmember_ns = per;
                r.queries = r.queries.min(q);
                self.finish_method();
            }
            self.at = 0;
            self.ms = 0.0;
        }
    }

    fn finish_method(&mut self) {
        self.results.extend(self.partial.take());
        // A million boxed strings take long to free at once: hand them out a slice at a time.
        self.retiring = match self.structure.take() {
            Some(Structure::Linear(v)) | Some(Structure::Binary(v)) => Some(Retiring::Array(v.into_iter())),
            Some(Structure::Hash(h)) => Some(Retiring::Set(h.into_iter())),
            _ => None,
        };
        self.method += 1;
        if self.method == Method::ALL.len() {
            self.method = 0;
            self.level += 1;
        }
        self.phase = if self.level == self.ladder.len() { Phase::Done } else { Phase::Load };
        if self.phase == Phase::Done {
            self.done_units = self.total_units;
        }
    }

    fn generate(&mut self, left: u64) {
        let want = (self.n_max() + self.queries) as usize;
        let (seed, seen, next) = self.gen.as_mut().expect("generating");
        let mut made = 0;
        while made < left && self.generated.len() < want {
            let item = crawl_item(*seed, *next);
            *next += 1;
            // Unique by construction (the index is in the item); the hash check keeps that true.
            if seen.insert(xxhash_rust::xxh3::xxh3_64(item.as_bytes())) {
                self.generated.push(item);
                made += 1;
            }
        }
        self.done_units += made;
        if self.generated.len() >= want {
            self.pool = Rc::new(std::mem::take(&mut self.generated));
            self.gen = None;
            self.phase = Phase::Load;
        }
    }
}
