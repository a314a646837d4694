//! Every sum, product and quotient a walkthrough prints is true: each step of the four
//! walkthroughs (Ullman's, sampling, distinct elements, moments), at their default links and a
//! few other settings, is rendered server-side, and every "a·b = c", "a / b = c", "(a + b)·c = d",
//! "a^k = c" in its text is evaluated and compared with the number printed after "=" (to the
//! digits printed).

mod common;

use common::{attr, render};

/// The page's visible text: tags dropped, the few entities Yew writes decoded.
fn text_of(html: &str) -> String {
    // Yew's markers (`<!--<[App]>-->`) first, then the tags.
    let mut html = html.to_string();
    while let Some(start) = html.find("<!--") {
        let end = html[start..].find("-->").map_or(html.len(), |e| start + e + 3);
        html.replace_range(start..end, "");
    }
    let mut out = String::with_capacity(html.len());
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => in_tag = false,
            _ if !in_tag => out.push(c),
            _ => {}
        }
    }
    out.replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&#39;", "'")
}

/// Characters an arithmetic expression of numbers is made of.
fn is_expr_char(c: char) -> bool {
    c.is_ascii_digit() || " .,·×*/+−-^()".contains(c)
}

/// A tiny evaluator: numbers, + − (also '-'), · × * /, ^ and parentheses.
struct Eval<'a> {
    s: &'a [char],
    i: usize,
}

impl Eval<'_> {
    fn skip(&mut self) {
        while self.s.get(self.i) == Some(&' ') {
            self.i += 1;
        }
    }
    fn peek(&mut self) -> Option<char> {
        self.skip();
        self.s.get(self.i).copied()
    }
    fn sum(&mut self) -> Option<f64> {
        let mut v = self.product()?;
        while let Some(c) = self.peek().filter(|c| matches!(c, '+' | '−' | '-')) {
            self.i += 1;
            let r = self.product()?;
            v = if c == '+' { v + r } else { v - r };
        }
        Some(v)
    }
    fn product(&mut self) -> Option<f64> {
        let mut v = self.power()?;
        while let Some(c) = self.peek().filter(|c| matches!(c, '·' | '×' | '*' | '/')) {
            self.i += 1;
            let r = self.power()?;
            v = if c == '/' { v / r } else { v * r };
        }
        Some(v)
    }
    fn power(&mut self) -> Option<f64> {
        let base = self.atom()?;
        if self.peek() == Some('^') {
            self.i += 1;
            return Some(base.powf(self.power()?));
        }
        Some(base)
    }
    fn atom(&mut self) -> Option<f64> {
        if self.peek()? == '(' {
            self.i += 1;
            let v = self.sum()?;
            (self.peek()? == ')').then_some(())?;
            self.i += 1;
            return Some(v);
        }
        let start = self.i;
        while self.s.get(self.i).is_some_and(|c| c.is_ascii_digit() || *c == '.' || *c == ',') {
            self.i += 1;
        }
        let text: String = self.s[start..self.i].iter().filter(|c| **c != ',').collect();
        text.parse().ok()
    }
}

/// The number printed right after an "=" at `at` (digits, grouping commas, a point), its
/// decimals, and whether a % follows.
fn printed_number(chars: &[char], at: usize) -> Option<(f64, usize, bool)> {
    let mut i = at + 1;
    while chars.get(i) == Some(&' ') {
        i += 1;
    }
    let neg = matches!(chars.get(i), Some('−' | '-'));
    if neg {
        i += 1;
    }
    let start = i;
    while chars.get(i).is_some_and(|c| {
        c.is_ascii_digit()
            || ((*c == ',' || *c == '.') && chars.get(i + 1).is_some_and(|d| d.is_ascii_digit()))
    }) {
        i += 1;
    }
    let text: String = chars[start..i].iter().filter(|c| **c != ',').collect();
    let value: f64 = text.parse().ok()?;
    let decimals = text.split('.').nth(1).map_or(0, str::len);
    let percent = chars[i..].iter().take(2).any(|c| *c == '%');
    Some((if neg { -value } else { value }, decimals, percent))
}

/// Every "expression = number" in `text` whose expression is numbers and operators only (no
/// letters next to it): (the claim, whether it holds).
fn claims(text: &str) -> Vec<(String, bool)> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    for (at, _) in chars.iter().enumerate().filter(|(_, c)| **c == '=') {
        let mut start = at;
        while start > 0 && is_expr_char(chars[start - 1]) {
            start -= 1;
        }
        // A symbol joined to the expression ("h1(25) = …", "2r(1 − r) = …"): not arithmetic of
        // numbers alone (a word before a space is just the sentence).
        if start > 0 && chars[start] != ' ' && (chars[start - 1].is_alphanumeric() || "_²₂".contains(chars[start - 1])) {
            continue;
        }
        let mut expr: Vec<char> = chars[start..at].to_vec();
        if let Some(cut) = expr.windows(2).rposition(|w| w[0] == ',' && w[1] == ' ') {
            expr.drain(..cut + 2);
        }
        while expr.first().is_some_and(|c| " ()".contains(*c)) && !balanced(&expr) {
            expr.remove(0);
        }
        let has_op = expr.iter().any(|c| "·×*/+−^".contains(*c)) || expr.windows(3).any(|w| w == [' ', '-', ' ']);
        if !has_op {
            continue;
        }
        let mut ev = Eval { s: &expr, i: 0 };
        let Some(value) = ev.sum().filter(|_| ev.peek().is_none()) else { continue };
        let Some((printed, decimals, percent)) = printed_number(&chars, at) else { continue };
        let value = if percent { 100.0 * value } else { value };
        let tolerance = 0.5 * 10f64.powi(-(decimals as i32)) + 1e-12 * value.abs();
        let claim: String = chars[start..(at + 24).min(chars.len())].iter().collect();
        out.push((claim, (value - printed).abs() <= tolerance));
    }
    out
}

fn balanced(expr: &[char]) -> bool {
    let mut depth = 0i32;
    for c in expr {
        depth += match c {
            '(' => 1,
            ')' => -1,
            _ => 0,
        };
        if depth < 0 {
            return false;
        }
    }
    depth == 0
}

/// Renders every step of the walkthrough at `link` and returns the false claims and how many
/// claims there were.
async fn check(link: &str) -> (Vec<String>, usize) {
    let first = render(link).await;
    let steps: usize = attr(&first, "step", "data-steps")[0].parse().unwrap();
    let (mut wrong, mut total) = (Vec::new(), 0);
    for step in 0..=steps {
        let html = render(&format!("{link}&step={step}")).await;
        for (claim, ok) in claims(&text_of(&html)) {
            total += 1;
            if !ok {
                wrong.push(format!("{link}&step={step}: {claim}"));
            }
        }
    }
    (wrong, total)
}

#[test]
fn the_checker_reads_arithmetic() {
    let verdicts = |t: &str| claims(t).into_iter().map(|(_, ok)| ok).collect::<Vec<_>>();
    assert_eq!(verdicts("X = 15·0 = 5 and 15·(2·3 − 1) = 75."), [false, true]);
    assert_eq!(verdicts("Mean: 245 / 3 = 81.667; 3/15 = 0.200; 1,000 × 2 = 2,000"), [true, true, true]);
    assert_eq!(verdicts("h(x) = 3 and X = 60, 45, 75 and 2^R = 8 and 2^3 = 8"), [true]);
    assert_eq!(verdicts("1 + 3 + 5 = 9 but 1 + 3 = 5; 1/10 = 10.00 %"), [true, false, true]);
}

#[tokio::test]
async fn every_walkthrough_prints_true_arithmetic() {
    let links = [
        "?view=moments",
        "?view=moments&k=3",
        "?view=moments&stream=a,b,a,c,a,b&positions=2,4&k=1",
        "?view=sampling",
        "?view=sampling&rate=0.5&buckets=10",
        "?view=distinct",
        "?view=distinct&stream=18446744073709551615,12345678901234567890,0,2,4,4&hashes=3:5,6:4,12:8,1:0&w=64",
        "?view=ullman",
        "?view=ullman&stream=1,2,3&lookups=2,7&m=5",
    ];
    let mut wrong = Vec::new();
    for link in links {
        let (w, total) = check(link).await;
        assert!(total > 0 || link.contains("distinct"), "{link}: no arithmetic found");
        wrong.extend(w);
    }
    assert!(wrong.is_empty(), "{} false claims:\n{}", wrong.len(), wrong.join("\n"));
}

#[tokio::test]
async fn the_running_mean_sits_beside_the_prefix_moment() {
    let html = render("?view=moments&step=5").await;
    let text = text_of(&html);
    assert!(text.contains("5·(2·1 − 1) = 5") && !text.contains("15·0"), "{text}");
    assert!(text.contains("true second moment of the first 5 elements: 7"));
    assert!(text.contains("position 3: 4 → 5") && !text.contains("nothing changes"));
}

#[tokio::test]
async fn a_tiny_rate_prints_no_nan() {
    let html = render("?view=sampling&rate=1e-300&step=7").await;
    assert!(!html.contains("NaN"));
    assert_eq!(attr(&html, "salary-bias", "data-tuple-mean"), [""]);
    assert!(text_of(&html).contains("none of the 200 samples held a tuple"));
}

#[tokio::test]
async fn the_distinct_intro_gives_the_slides_applications() {
    let html = render("?view=distinct&step=0").await;
    let apps = text_of(&html);
    assert!(apps.contains("slide 21") && apps.contains("PageRank"));
    assert!(html.contains("data-testid=\"fm-applications\""));
}
