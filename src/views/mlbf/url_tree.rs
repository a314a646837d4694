//! The inserted URLs as a tree — host, then path segments, as in the paper's figure — with the
//! current URL's path highlighted. Drawn as nested lists; large trees are cut to `TREE_CAP`
//! nodes (the current path is always kept) and the view says so.

use yew::prelude::*;

use bloomlab_core::data::url_tree::{build, TreeNode};
use bloomlab_core::text::{group_digits, shorten};

/// Most nodes drawn.
pub const TREE_CAP: usize = 150;

fn node(n: &TreeNode, layers: usize) -> Html {
    let layer = (n.depth + 1).min(layers);
    let joined = n.depth + 1 > layers;
    html! {
        <li class={classes!("tree-node", n.current.then_some("current"), n.ends_url.then_some("ends"))}
            data-testid="tree-node" data-depth={n.depth.to_string()} data-current={n.current.then_some("1")}>
            <span class="tree-label">
                <span class="mono">{ shorten(&n.label, 40) }</span>
                <span class={classes!("layer-tag", joined.then_some("joined"))}
                    title={if joined { "joined into the last layer" } else { "the layer this segment goes into" }}>
                    { if joined { format!("L{layer}+") } else { format!("L{layer}") } }
                </span>
            </span>
            if !n.children.is_empty() {
                <ul>{ for n.children.iter().map(|c| node(c, layers)) }</ul>
            }
        </li>
    }
}

/// The tree of the inserted URLs (`urls`, as segments), with `current` marked.
pub fn url_tree(urls: &[Vec<String>], current: Option<&[String]>, layers: usize) -> Html {
    let tree = build(urls, current, TREE_CAP);
    html! {
        <div class="url-tree" data-testid="url-tree" data-nodes={tree.total.to_string()} data-drawn={tree.drawn.to_string()}>
            if tree.roots.is_empty() {
                <p class="muted">{"Insert a URL to grow the tree: its host becomes a root, each path segment a branch below it."}</p>
            } else {
                <ul class="tree-root">{ for tree.roots.iter().map(|r| node(r, layers)) }</ul>
            }
            if let Some(c) = current.filter(|c| !tree.roots.is_empty() && tree.current_matched < c.len()) {
                <p class="trace-note" data-testid="tree-leaves" data-matched={tree.current_matched.to_string()}>{
                    if tree.current_matched == 0 {
                        format!("The current URL's host, \u{201c}{}\u{201d}, is not in the tree.", shorten(&c[0], 40))
                    } else {
                        format!("The current URL leaves the tree after \u{201c}{}\u{201d}: no inserted URL continues with \u{201c}{}\u{201d} there — whatever the layers say.",
                            shorten(&c[tree.current_matched - 1], 30), shorten(&c[tree.current_matched], 30))
                    }
                }</p>
            }
            if tree.drawn < tree.total {
                <p class="trace-note">{ format!("Showing {} of {} nodes (the tree is cut to keep the page fast; the current URL's path is always shown).",
                    group_digits(tree.drawn as u64), group_digits(tree.total as u64)) }</p>
            }
        </div>
    }
}
