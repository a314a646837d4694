//! Neighbourhood sizes (slides 28–34): n(v, d), the nodes within d edges of v, exactly by
//! breadth-first search, and estimated with Flajolet–Martin tails: R(v, 0) is v's own tail,
//! R(v, d) the largest of R(v, d − 1) and R(u, d − 1) over v's neighbours u, and 2^R(v, d)
//! estimates |n(v, d)|. Several hash functions are combined by their plain median.

use crate::engine::sliced::Sliced;
use xxhash_rust::xxh3::xxh3_64_with_seed;

/// An undirected graph with named nodes, stored as adjacency arrays (CSR).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Graph {
    pub names: Vec<String>,
    start: Vec<u32>,
    adj: Vec<u32>,
}

impl Graph {
    pub fn from_edges(names: Vec<String>, edges: &[(u32, u32)]) -> Graph {
        let n = names.len();
        let mut degree = vec![0u32; n + 1];
        for &(a, b) in edges {
            degree[a as usize] += 1;
            degree[b as usize] += 1;
        }
        let mut start = vec![0u32; n + 1];
        for i in 0..n {
            start[i + 1] = start[i] + degree[i];
        }
        let mut fill = start.clone();
        let mut adj = vec![0u32; start[n] as usize];
        for &(a, b) in edges {
            adj[fill[a as usize] as usize] = b;
            fill[a as usize] += 1;
            adj[fill[b as usize] as usize] = a;
            fill[b as usize] += 1;
        }
        Graph { names, start, adj }
    }

    /// The slides' graph: A–B, A–C, B–C, B–D, D–E, D–F, D–G, E–F, F–G.
    pub fn slides() -> Graph {
        let names = ["A", "B", "C", "D", "E", "F", "G"].map(String::from).to_vec();
        let edges = [(0, 1), (0, 2), (1, 2), (1, 3), (3, 4), (3, 5), (3, 6), (4, 5), (5, 6)];
        Graph::from_edges(names, &edges)
    }

    /// A seeded random graph: each node links to `links` others chosen at random (so the
    /// average degree is about 2·links), plus a ring so it is connected.
    pub fn random(nodes: u32, links: u32, seed: u64) -> Graph {
        let nodes = nodes.max(2);
        let mut rng = fastrand::Rng::with_seed(seed);
        let mut edges = Vec::with_capacity((nodes * (links + 1)) as usize);
        for v in 0..nodes {
            edges.push((v, (v + 1) % nodes));
            for _ in 0..links {
                let u = rng.u32(0..nodes);
                if u != v {
                    edges.push((v, u));
                }
            }
        }
        Graph::from_edges((0..nodes).map(|i| i.to_string()).collect(), &edges)
    }

    pub fn len(&self) -> usize {
        self.names.len()
    }

    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    pub fn edges(&self) -> usize {
        self.adj.len() / 2
    }

    pub fn neighbours(&self, v: u32) -> &[u32] {
        &self.adj[self.start[v as usize] as usize..self.start[v as usize + 1] as usize]
    }

    pub fn find(&self, name: &str) -> Option<u32> {
        self.names.iter().position(|n| n.eq_ignore_ascii_case(name)).map(|i| i as u32)
    }

    /// The distance from `v` to every node (u32::MAX when unreachable), up to `max_d`.
    pub fn distances(&self, v: u32, max_d: u32) -> Vec<u32> {
        let mut dist = vec![u32::MAX; self.len()];
        let mut frontier = vec![v];
        dist[v as usize] = 0;
        for d in 1..=max_d {
            let mut next = Vec::new();
            for &x in &frontier {
                for &u in self.neighbours(x) {
                    if dist[u as usize] == u32::MAX {
                        dist[u as usize] = d;
                        next.push(u);
                    }
                }
            }
            if next.is_empty() {
                break;
            }
            frontier = next;
        }
        dist
    }

    /// n(v, d): the nodes within d edges of v, in index order.
    pub fn neighbourhood(&self, v: u32, d: u32) -> Vec<u32> {
        let dist = self.distances(v, d);
        (0..self.len() as u32).filter(|&u| dist[u as usize] <= d).collect()
    }
}

/// The longest node name: a node is a letter (the slides' graph) or its index, a u32 in decimal.
pub const NAME_MOST: usize = 10;

/// The tail length of node `v` under hash function `h` (seeded xxh3 of its name). Names are at most
/// `NAME_MOST` bytes; the hash is told so (a name is read to 16 bytes at most), which leaves xxh3's
/// paths for long inputs (3.8 KB of code) out of the page.
pub fn node_tail(g: &Graph, v: u32, h: u32, seed: u64) -> u32 {
    let name = g.names[v as usize].as_bytes();
    xxh3_64_with_seed(&name[..name.len().min(16)], crate::engine::hashing::seed(h) ^ seed).trailing_zeros()
}

/// The recurrence for every node and d = 0 ..= max_d under `hashes` functions:
/// `r[d][v * hashes + h]`.
pub fn recurrence(g: &Graph, hashes: u32, max_d: u32, seed: u64) -> Vec<Vec<u8>> {
    let hashes = hashes.max(1) as usize;
    let n = g.len();
    let mut levels = Vec::with_capacity(max_d as usize + 1);
    let mut r: Vec<u8> =
        (0..n * hashes).map(|i| node_tail(g, (i / hashes) as u32, (i % hashes) as u32, seed) as u8).collect();
    levels.push(r.clone());
    for _ in 0..max_d {
        let mut next = r.clone();
        for v in 0..n {
            for &u in g.neighbours(v as u32) {
                for h in 0..hashes {
                    let x = r[u as usize * hashes + h];
                    let slot = &mut next[v * hashes + h];
                    if x > *slot {
                        *slot = x;
                    }
                }
            }
        }
        r = next;
        levels.push(r.clone());
    }
    levels
}

/// The random-graph experiment in slices: build the graph and measure the true sizes by
/// breadth-first search, hash every node's name, then one pass of the recurrence per d — each
/// pass visits every node's neighbours, so the work is counted in node visits and the rows
/// (d, |n(v, d)|, estimate) appear one d at a time. Only two levels of the recurrence are kept.
#[derive(Clone, Debug)]
pub struct GraphRun {
    nodes: u32,
    links: u32,
    node: String,
    max_d: u32,
    hashes: usize,
    seed: u64,
    built: Option<Built>,
    /// (d, true size, estimate) for each d done.
    pub rows: Vec<(u32, u64, f64)>,
    done_units: u64,
}

#[derive(Clone, Debug)]
struct Built {
    g: Graph,
    v: u32,
    dist: Vec<u32>,
    /// The level being built from, and the one being written; `cursor` nodes of it are done.
    r: Vec<u8>,
    next: Vec<u8>,
    cursor: usize,
    /// Nodes whose tails are known (level 0 is complete when this reaches n).
    tails: usize,
}

impl GraphRun {
    /// `node` is the node's index as text (an unknown one means node 0).
    pub fn new(nodes: u32, links: u32, node: &str, max_d: u32, hashes: u32, seed: u64) -> GraphRun {
        GraphRun {
            nodes: nodes.max(2),
            links,
            node: node.to_string(),
            max_d,
            hashes: hashes.max(1) as usize,
            seed,
            built: None,
            rows: Vec::new(),
            done_units: 0,
        }
    }

    /// Node visits in all: building, hashing, and one pass per d.
    pub fn ops_total(&self) -> u64 {
        self.nodes as u64 * (self.max_d as u64 + 2)
    }
    pub fn ops_done(&self) -> u64 {
        self.done_units
    }
    pub fn is_done(&self) -> bool {
        self.rows.len() as u32 > self.max_d
    }
    /// The graph's edges and the node measured, once built.
    pub fn graph(&self) -> Option<(usize, u32)> {
        self.built.as_ref().map(|b| (b.g.edges(), b.v))
    }

    fn row(&self, b: &Built, d: u32, level: &[u8]) -> (u32, u64, f64) {
        let size = b.dist.iter().filter(|&&x| x <= d).count() as u64;
        let h = self.hashes;
        let e: Vec<f64> =
            level[b.v as usize * h..(b.v as usize + 1) * h].iter().map(|&r| 2f64.powi(r as i32)).collect();
        (d, size, super::combine::Combine::MedianOfMeans.apply(&e, 1))
    }

    /// Runs to the end (tests).
    pub fn finish(&mut self) {
        while !self.is_done() {
            self.work(u64::MAX);
        }
    }
}

impl crate::engine::sliced::Sliced for GraphRun {
    /// Does about `units` node visits; returns how many it did.
    fn work(&mut self, units: u64) -> u64 {
        let mut done = 0u64;
        let h = self.hashes;
        while done < units.max(1) && !self.is_done() {
            let Some(b) = self.built.as_mut() else {
                let g = Graph::random(self.nodes, self.links, self.seed);
                let v = self.node.parse::<u32>().ok().filter(|&i| (i as usize) < g.len()).unwrap_or(0);
                let dist = g.distances(v, self.max_d);
                let n = g.len();
                self.built = Some(Built { g, v, dist, r: vec![0; n * h], next: Vec::new(), cursor: 0, tails: 0 });
                done += n as u64;
                self.done_units += n as u64;
                continue;
            };
            let n = b.g.len();
            let step = ((units.max(1) - done.min(units)) as usize).clamp(1, n);
            if b.tails < n {
                let end = (b.tails + step).min(n);
                for i in b.tails * h..end * h {
                    b.r[i] = node_tail(&b.g, (i / h) as u32, (i % h) as u32, self.seed) as u8;
                }
                done += (end - b.tails) as u64;
                self.done_units += (end - b.tails) as u64;
                b.tails = end;
                if end == n {
                    b.next = b.r.clone();
                    let b = self.built.take().unwrap();
                    let row = self.row(&b, 0, &b.r);
                    self.rows.push(row);
                    self.built = Some(b);
                }
                continue;
            }
            let end = (b.cursor + step).min(n);
            for v in b.cursor..end {
                for &u in b.g.neighbours(v as u32) {
                    for j in 0..h {
                        let x = b.r[u as usize * h + j];
                        let slot = &mut b.next[v * h + j];
                        if x > *slot {
                            *slot = x;
                        }
                    }
                }
            }
            done += (end - b.cursor) as u64;
            self.done_units += (end - b.cursor) as u64;
            b.cursor = end;
            if end == n {
                b.cursor = 0;
                std::mem::swap(&mut b.r, &mut b.next);
                b.next.copy_from_slice(&b.r);
                let d = self.rows.len() as u32;
                let b = self.built.take().unwrap();
                let row = self.row(&b, d, &b.r);
                self.rows.push(row);
                self.built = Some(b);
            }
        }
        done
    }
    fn is_done(&self) -> bool {
        GraphRun::is_done(self)
    }
    fn ops_done(&self) -> u64 {
        GraphRun::ops_done(self)
    }
    fn ops_total(&self) -> u64 {
        GraphRun::ops_total(self)
    }
}

/// The estimate of |n(v, d)| from the recurrence: the median of means of 2^R over the hashes,
/// in groups of `group` (1: the plain median).
pub fn estimate(levels: &[Vec<u8>], v: u32, d: u32, hashes: u32, group: u64) -> f64 {
    let hashes = hashes.max(1) as usize;
    let Some(level) = levels.get(d as usize) else { return 0.0 };
    let e: Vec<f64> =
        level[v as usize * hashes..(v as usize + 1) * hashes].iter().map(|&r| 2f64.powi(r as i32)).collect();
    super::combine::Combine::MedianOfMeans.apply(&e, group)
}
