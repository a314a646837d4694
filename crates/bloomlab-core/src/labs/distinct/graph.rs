//! Neighbourhood sizes (slides 28–34): n(v, d), the nodes within d edges of v, exactly by
//! breadth-first search, and estimated with Flajolet–Martin tails: R(v, 0) is v's own tail,
//! R(v, d) the largest of R(v, d − 1) and R(u, d − 1) over v's neighbours u, and 2^R(v, d)
//! estimates |n(v, d)|. Several hash functions are combined by the median of group means.

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

/// The tail length of node `v` under hash function `h` (seeded xxh3 of its name).
pub fn node_tail(g: &Graph, v: u32, h: u32, seed: u64) -> u32 {
    xxh3_64_with_seed(g.names[v as usize].as_bytes(), crate::engine::hashing::seed(h) ^ seed).trailing_zeros()
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

/// The estimate of |n(v, d)| from the recurrence: the median of means of 2^R over the hashes,
/// in groups of `group` (1: the plain median).
pub fn estimate(levels: &[Vec<u8>], v: u32, d: u32, hashes: u32, group: u64) -> f64 {
    let hashes = hashes.max(1) as usize;
    let Some(level) = levels.get(d as usize) else { return 0.0 };
    let e: Vec<f64> =
        level[v as usize * hashes..(v as usize + 1) * hashes].iter().map(|&r| 2f64.powi(r as i32)).collect();
    super::combine::Combine::MedianOfMeans.apply(&e, group)
}
