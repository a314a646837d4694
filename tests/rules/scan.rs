//! Reading Rust source for the rules: the code with comments and literals blanked out, its
//! functions' spans, the core's layer imports and the calls that parse text.

/// The layers as the core's `lib.rs` writes them, lowest first: its doc's numbered list, one
/// layer a line (`//! 1. `text`: …`).
pub fn written_layers(lib_rs: &str) -> Vec<String> {
    lib_rs
        .lines()
        .filter_map(|l| l.strip_prefix("//! "))
        .filter_map(|l| l.split_once(". `").filter(|(n, _)| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit())))
        .filter_map(|(_, rest)| rest.split_once('`').map(|(name, _)| name.to_string()))
        .collect()
}

/// `code` with every comment and the inside of every string and character literal replaced by
/// spaces (line breaks kept), so that what is left is code: braces, paths and calls.
pub fn blank(code: &str) -> String {
    let c: Vec<char> = code.chars().collect();
    let mut out: Vec<char> = c.clone();
    let mut i = 0;
    let clear = |out: &mut Vec<char>, from: usize, to: usize| {
        for ch in out.iter_mut().take(to.min(c.len())).skip(from) {
            if *ch != '\n' {
                *ch = ' ';
            }
        }
    };
    let ident = |ch: char| ch.is_alphanumeric() || ch == '_';
    while i < c.len() {
        let next = c.get(i + 1).copied();
        if c[i] == '/' && next == Some('/') {
            let end = c[i..].iter().position(|&x| x == '\n').map_or(c.len(), |p| i + p);
            clear(&mut out, i, end);
            i = end;
        } else if c[i] == '/' && next == Some('*') {
            let (mut depth, mut j) = (1, i + 2);
            while j < c.len() && depth > 0 {
                match (c[j], c.get(j + 1)) {
                    ('/', Some('*')) => (depth, j) = (depth + 1, j + 2),
                    ('*', Some('/')) => (depth, j) = (depth - 1, j + 2),
                    _ => j += 1,
                }
            }
            clear(&mut out, i, j);
            i = j;
        } else if c[i] == 'r' && (i == 0 || !ident(c[i - 1]) || (c[i - 1] == 'b' && (i < 2 || !ident(c[i - 2])))) {
            // A raw string r"…" or r#"…"#: it ends at a quote followed by as many hashes.
            let hashes = c[i + 1..].iter().take_while(|&&x| x == '#').count();
            if c.get(i + 1 + hashes) != Some(&'"') {
                i += 1;
                continue;
            }
            let body = i + 2 + hashes;
            let close: String = std::iter::once('"').chain(std::iter::repeat_n('#', hashes)).collect();
            let rest: String = c[body..].iter().collect();
            let end = rest.find(&close).map_or(c.len(), |p| body + rest[..p].chars().count());
            clear(&mut out, body, end);
            i = end + 1 + hashes;
        } else if c[i] == '"' {
            let mut j = i + 1;
            while j < c.len() && c[j] != '"' {
                j += if c[j] == '\\' { 2 } else { 1 };
            }
            clear(&mut out, i + 1, j);
            i = j + 1;
        } else if c[i] == '\'' {
            // A character literal ('x', '\n', '\u{7b}'), or else a lifetime or label ('a).
            if next == Some('\\') {
                let from = (i + 3).min(c.len());
                let end = c[from..].iter().position(|&x| x == '\'').map_or(c.len(), |p| from + p);
                clear(&mut out, i + 1, end);
                i = end + 1;
            } else if c.get(i + 2) == Some(&'\'') {
                clear(&mut out, i + 1, i + 2);
                i += 3;
            } else {
                i += 1;
            }
        } else {
            i += 1;
        }
    }
    out.into_iter().collect()
}

/// A function: its name, the line of its `fn` (1-based) and its length in lines, from that line
/// to the line of its closing brace.
#[derive(Debug, PartialEq, Eq)]
pub struct Function {
    pub name: String,
    pub line: usize,
    pub lines: usize,
}

/// Every function with a body in `code` (already blanked), nested ones too.
pub fn functions(code: &str) -> Vec<Function> {
    let c: Vec<char> = code.chars().collect();
    let line_at = |p: usize| c[..p].iter().filter(|&&x| x == '\n').count() + 1;
    let ident = |ch: char| ch.is_alphanumeric() || ch == '_';
    let mut found = Vec::new();
    for i in 0..c.len().saturating_sub(2) {
        let word = c[i] == 'f' && c[i + 1] == 'n' && (i == 0 || !ident(c[i - 1]));
        if !word || !c[i + 2].is_whitespace() {
            continue;
        }
        let start = i + 2 + c[i + 2..].iter().take_while(|x| x.is_whitespace()).count();
        let name: String = c[start..].iter().take_while(|&&x| ident(x)).collect();
        if name.is_empty() {
            continue;
        }
        // The body opens at the first `{` outside parentheses and brackets (`[u8; 4]`); a `;`
        // there first means a declaration without a body.
        let (mut depth, mut j) = (0i32, start);
        while j < c.len() {
            match c[j] {
                '(' | '[' => depth += 1,
                ')' | ']' => depth -= 1,
                '{' | ';' if depth == 0 => break,
                _ => {}
            }
            j += 1;
        }
        if j >= c.len() || c[j] == ';' {
            continue;
        }
        let mut braces = 0;
        let close = (j..c.len()).find(|&k| {
            match c[k] {
                '{' => braces += 1,
                '}' => braces -= 1,
                _ => {}
            }
            braces == 0
        });
        let end = close.unwrap_or(c.len() - 1);
        found.push(Function { name, line: line_at(i), lines: line_at(end) - line_at(i) + 1 });
    }
    found
}

/// The layers (of `layers`) a core module's `crate::…` paths name (`crate::link::…`,
/// `crate::{link::…, text}`), each with the line it is on, in `code` (already blanked).
pub fn layer_paths<'a>(code: &str, layers: &'a [String]) -> Vec<(&'a str, usize)> {
    let mut out = Vec::new();
    for (n, line) in code.lines().enumerate() {
        let mut rest = line;
        while let Some(p) = rest.find("crate::") {
            let before = rest[..p].chars().next_back();
            rest = &rest[p + "crate::".len()..];
            if before.is_some_and(|b| b.is_alphanumeric() || b == '_') {
                continue; // `bloomlab_crate::` or the like, not this crate
            }
            let names: Vec<&str> = match rest.strip_prefix('{') {
                Some(group) => group.split([',', '}']).map(|s| s.trim().split("::").next().unwrap_or("")).collect(),
                None => vec![rest.split(|ch: char| !(ch.is_alphanumeric() || ch == '_')).next().unwrap_or("")],
            };
            for name in names {
                if let Some(layer) = layers.iter().find(|l| *l == name) {
                    out.push((layer.as_str(), n + 1));
                }
            }
        }
    }
    out
}

/// The lines of `code` (already blanked) that parse text or pick a value from it: `.parse(`,
/// `.parse::<`, `parse::<`, `parse_f64(` and any `Type::parse(` but the `readers` named (calls
/// such as `Query::parse(` that hand a whole text to the core, which reads all of it).
pub fn parse_calls(code: &str, readers: &[&str]) -> Vec<usize> {
    let squeezed = |l: &str| l.chars().filter(|c| !c.is_whitespace()).collect::<String>();
    code.lines()
        .enumerate()
        .filter(|(_, l)| {
            let l = readers.iter().fold(squeezed(l), |l, r| l.replace(r, ""));
            [".parse(", "::parse(", "parse::<", "parse_f64("].iter().any(|p| l.contains(p))
        })
        .map(|(n, _)| n + 1)
        .collect()
}

/// The types `code` makes models of (`impl LinkState for T`, `impl Model for T`, a trait's path
/// before its name allowed), comments and strings left out.
pub fn model_names(code: &str) -> Vec<String> {
    let code = blank(code);
    let mut names = Vec::new();
    for trait_name in ["LinkState for ", "Model for "] {
        for (at, _) in code.match_indices(trait_name) {
            let before = code[..at].trim_end_matches(|c: char| c.is_alphanumeric() || c == '_' || c == ':');
            if !before.trim_end().ends_with("impl") {
                continue;
            }
            let name: String =
                code[at + trait_name.len()..].chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
            if !name.is_empty() && !names.contains(&name) {
                names.push(name);
            }
        }
    }
    names
}

/// The structs among `names` that `code` defines with a field holding notices (`Vec<Notice>`),
/// with the line each starts on.
pub fn structs_keeping_notices(code: &str, names: &[String]) -> Vec<(String, usize)> {
    let code = blank(code);
    let mut found = Vec::new();
    for name in names {
        let head = format!("struct {name} {{");
        for (at, _) in code.match_indices(&head) {
            let body_start = at + head.len();
            let mut depth = 1;
            let end = code[body_start..]
                .char_indices()
                .find_map(|(i, c)| {
                    depth += match c {
                        '{' => 1,
                        '}' => -1,
                        _ => 0,
                    };
                    (depth == 0).then_some(body_start + i)
                })
                .unwrap_or(code.len());
            if code[body_start..end].contains("Vec<Notice>") {
                found.push((name.clone(), code[..at].matches('\n').count() + 1));
            }
        }
    }
    found
}
