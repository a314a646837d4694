//! The inserted URLs as a tree, as in the paper's figure: hosts at the top, then path segments.
//! Depth d of the tree is segment d + 1, which goes into layer min(d + 1, L).

/// One node: a segment, with the URLs below it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeNode {
    pub label: String,
    /// 0 for a host.
    pub depth: usize,
    /// On the current URL's path.
    pub current: bool,
    /// An inserted URL ends here.
    pub ends_url: bool,
    pub children: Vec<TreeNode>,
}

/// The tree, cut to a number of drawn nodes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct UrlTree {
    pub roots: Vec<TreeNode>,
    /// Nodes in the whole tree.
    pub total: usize,
    /// Nodes kept for drawing.
    pub drawn: usize,
    /// How many segments of the current URL lie on one path of the tree (from the host down).
    pub current_matched: usize,
}

fn insert(level: &mut Vec<TreeNode>, segs: &[String], depth: usize, total: &mut usize) {
    let Some((first, rest)) = segs.split_first() else { return };
    let idx = match level.iter().position(|n| &n.label == first) {
        Some(i) => i,
        None => {
            *total += 1;
            level.push(TreeNode { label: first.clone(), depth, current: false, ends_url: false, children: Vec::new() });
            level.len() - 1
        }
    };
    if rest.is_empty() {
        level[idx].ends_url = true;
    } else {
        insert(&mut level[idx].children, rest, depth + 1, total);
    }
}

fn mark(level: &mut [TreeNode], segs: &[String]) -> usize {
    let Some((first, rest)) = segs.split_first() else { return 0 };
    match level.iter_mut().find(|n| &n.label == first) {
        Some(n) => {
            n.current = true;
            1 + mark(&mut n.children, rest)
        }
        None => 0,
    }
}

/// Keeps nodes in pre-order while `budget` lasts, and the current path always.
fn cut(level: Vec<TreeNode>, budget: &mut usize, drawn: &mut usize) -> Vec<TreeNode> {
    let mut out = Vec::new();
    for mut n in level {
        if *budget == 0 && !n.current {
            continue;
        }
        *budget = budget.saturating_sub(1);
        *drawn += 1;
        n.children = cut(std::mem::take(&mut n.children), budget, drawn);
        out.push(n);
    }
    out
}

/// Builds the tree of `urls` (segments, host first), marks `current`, and keeps at most
/// `cap` nodes (plus the current path).
pub fn build(urls: &[Vec<String>], current: Option<&[String]>, cap: usize) -> UrlTree {
    let mut roots = Vec::new();
    let mut total = 0;
    for u in urls {
        insert(&mut roots, u, 0, &mut total);
    }
    let current_matched = current.map_or(0, |c| mark(&mut roots, c));
    let mut budget = cap;
    let mut drawn = 0;
    let roots = cut(roots, &mut budget, &mut drawn);
    UrlTree { roots, total, drawn, current_matched }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn segs(s: &str) -> Vec<String> {
        s.split('/').map(String::from).collect()
    }

    #[test]
    fn shares_prefixes_marks_and_cuts() {
        let urls = vec![segs("a.com/x/y"), segs("a.com/x/z"), segs("b.org"), segs("a.com/w")];
        let t = build(&urls, Some(&segs("a.com/x/z")), 100);
        assert_eq!((t.total, t.drawn), (6, 6));
        assert_eq!(t.roots.len(), 2);
        let a = &t.roots[0];
        assert!(a.current && a.children[0].current && a.children[0].children[1].current);
        assert!(!a.children[0].children[0].current);
        assert!(t.roots[1].ends_url && !a.ends_url);
        assert_eq!(t.current_matched, 3);
        assert_eq!(build(&urls, Some(&segs("a.com/x/q/r")), 100).current_matched, 2);
        let t = build(&urls, Some(&segs("b.org")), 2);
        assert_eq!(t.total, 6);
        assert_eq!(t.drawn, 3, "two nodes plus the current path");
        assert!(t.roots.iter().any(|r| r.label == "b.org"));
        let t = build(&urls, Some(&segs("nothing.net/x")), 3);
        assert_eq!(t.drawn, 3);
    }
}
