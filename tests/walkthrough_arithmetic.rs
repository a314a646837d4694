//! Every sum, product and quotient a walkthrough prints is true: each step of the four
//! walkthroughs (Ullman's, sampling, distinct elements, moments), at their default links and a
//! few other settings, is rendered server-side, and every "a·b = c", "a / b = c", "(a + b)·c = d",
//! "a^k = c" in its text is evaluated and compared with the number printed after "=" (to the
//! digits printed).

mod common;

use common::{attr, render};

/// The page's visible text: tags dropped (a line break for a block's or a cell's edge, so that
/// neighbouring cells never run together), the few entities Yew writes decoded.
fn text_of(html: &str) -> String {
    // Yew's markers (`<!--<[App]>-->`) first, then the tags.
    let mut html = html.to_string();
    while let Some(start) = html.find("<!--") {
        let end = html[start..].find("-->").map_or(html.len(), |e| start + e + 3);
        html.replace_range(start..end, "");
    }
    const INLINE: [&str; 12] = ["a", "b", "i", "em", "strong", "span", "code", "sub", "sup", "abbr", "var", "small"];
    let mut out = String::with_capacity(html.len());
    let mut tag: Option<String> = None;
    for c in html.chars() {
        match (&mut tag, c) {
            (None, '<') => tag = Some(String::new()),
            (Some(name), '>') => {
                let name: String =
                    name.trim_start_matches('/').chars().take_while(|c| c.is_ascii_alphanumeric()).collect();
                if !INLINE.contains(&name.as_str()) {
                    out.push('\n');
                }
                tag = None;
            }
            (Some(name), c) => name.push(c),
            (None, c) => out.push(c),
        }
    }
    out.replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&#39;", "'")
}

/// The link's named numbers a formula may use ("d / (s + d) = 33.33 %"): a letter standing on
/// its own (not inside a word) with its value.
type Vars<'a> = &'a [(char, f64)];

/// Characters an arithmetic expression is made of (² and ³ as powers).
fn is_expr_char(c: char) -> bool {
    c.is_ascii_digit() || " .,·×*/+−-^()²³".contains(c)
}

/// Whether `chars[j]` is one of the named numbers: a known letter not inside a word.
fn is_var(chars: &[char], j: usize, vars: Vars) -> bool {
    let letter = |k: Option<usize>| k.and_then(|k| chars.get(k)).is_some_and(|c| c.is_alphabetic());
    vars.iter().any(|(v, _)| *v == chars[j]) && !letter(j.checked_sub(1)) && !letter(Some(j + 1))
}

/// A tiny evaluator: numbers, named numbers, + − (also '-'), · × * /, ^, ², ³, parentheses and
/// a product written by juxtaposition ("2r(1 − r)").
struct Eval<'a> {
    s: &'a [char],
    i: usize,
    vars: Vars<'a>,
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
        loop {
            // Juxtaposition: an atom right after another, with no space between.
            let next = self.s.get(self.i).copied();
            if next.is_some_and(|c| c == '(' || c.is_ascii_digit() || self.vars.iter().any(|(v, _)| *v == c)) {
                v *= self.power()?;
                continue;
            }
            let Some(c) = self.peek().filter(|c| matches!(c, '·' | '×' | '*' | '/')) else { return Some(v) };
            self.i += 1;
            let r = self.power()?;
            v = if c == '/' { v / r } else { v * r };
        }
    }
    fn power(&mut self) -> Option<f64> {
        let base = self.atom()?;
        match self.s.get(self.i) {
            Some('²') => {
                self.i += 1;
                Some(base * base)
            }
            Some('³') => {
                self.i += 1;
                Some(base * base * base)
            }
            _ if self.peek() == Some('^') => {
                self.i += 1;
                Some(base.powf(self.power()?))
            }
            _ => Some(base),
        }
    }
    fn atom(&mut self) -> Option<f64> {
        let c = self.peek()?;
        if c == '(' {
            self.i += 1;
            let v = self.sum()?;
            (self.peek()? == ')').then_some(())?;
            self.i += 1;
            return Some(v);
        }
        if let Some((_, v)) = self.vars.iter().find(|(v, _)| *v == c) {
            self.i += 1;
            return Some(*v);
        }
        let start = self.i;
        while self.s.get(self.i).is_some_and(|c| c.is_ascii_digit() || *c == '.' || *c == ',') {
            self.i += 1;
        }
        let text: String = self.s[start..self.i].iter().filter(|c| **c != ',').collect();
        text.parse().ok()
    }
}

/// A number printed from `i` on (a sign, digits, grouping commas, a point): its value, its
/// decimals, whether a % follows, and where it ends.
fn number_at(chars: &[char], mut i: usize) -> Option<(f64, usize, bool, usize)> {
    while chars.get(i) == Some(&' ') {
        i += 1;
    }
    let neg = matches!(chars.get(i), Some('−' | '-'));
    if neg {
        i += 1;
    }
    let start = i;
    while chars.get(i).is_some_and(|c| {
        c.is_ascii_digit() || ((*c == ',' || *c == '.') && chars.get(i + 1).is_some_and(|d| d.is_ascii_digit()))
    }) {
        i += 1;
    }
    let text: String = chars[start..i].iter().filter(|c| **c != ',').collect();
    let value: f64 = text.parse().ok()?;
    let decimals = text.split('.').nth(1).map_or(0, str::len);
    let percent = chars[i..].iter().take(2).any(|c| *c == '%');
    Some((if neg { -value } else { value }, decimals, percent, i))
}

fn has_op(expr: &[char]) -> bool {
    expr.iter().any(|c| "·×*/+−^²³".contains(*c)) || expr.windows(3).any(|w| w == [' ', '-', ' '])
}

/// The value of `expr` when it is arithmetic (an operator, and nothing left over).
fn evaluate(expr: &[char], vars: Vars) -> Option<f64> {
    if !has_op(expr) {
        return None;
    }
    let mut ev = Eval { s: expr, i: 0, vars };
    ev.sum().filter(|_| ev.peek().is_none())
}

/// Whether `value` rounds to the printed number.
fn agrees(value: f64, (printed, decimals, percent): (f64, usize, bool)) -> bool {
    let value = if percent { 100.0 * value } else { value };
    (value - printed).abs() <= 0.5 * 10f64.powi(-(decimals as i32)) + 1e-12 * value.abs()
}

/// Every "expression = number" and "number = expression" in `text` whose expression is numbers,
/// operators and the named `vars` only: (the claim, whether it holds).
fn claims(text: &str, vars: Vars) -> Vec<(String, bool)> {
    let chars: Vec<char> = text.chars().collect();
    let part = |j: usize| is_expr_char(chars[j]) || is_var(&chars, j, vars);
    let mut out = Vec::new();
    for (at, _) in chars.iter().enumerate().filter(|(_, c)| **c == '=') {
        let mut start = at;
        while start > 0 && part(start - 1) {
            start -= 1;
        }
        // A symbol joined to the expression ("h1(25) = …", "2r(1 − r) = …" when r is not
        // named): not arithmetic of numbers alone (a word before a space is just the sentence).
        if start > 0 && chars[start] != ' ' && (chars[start - 1].is_alphanumeric() || "_₂".contains(chars[start - 1]))
        {
            continue;
        }
        let mut expr: Vec<char> = chars[start..at].to_vec();
        if let Some(cut) = expr.windows(2).rposition(|w| w[0] == ',' && w[1] == ' ') {
            expr.drain(..cut + 2);
        }
        while expr.first().is_some_and(|c| " ()".contains(*c)) && !balanced(&expr) {
            expr.remove(0);
        }
        let claim: String = chars[start..(at + 24).min(chars.len())].iter().collect();
        if let Some(value) = evaluate(&expr, vars) {
            if let Some((p, d, pc, _)) = number_at(&chars, at + 1) {
                out.push((claim, agrees(value, (p, d, pc))));
            }
            continue;
        }
        // "0.2000 = 3/15": a number alone on the left, arithmetic on the right.
        let trailing = expr.iter().rev().take_while(|c| **c == ' ').count();
        let from = at - expr.len();
        let Some((printed, decimals, _, _)) = number_at(&chars, from).filter(|n| n.3 == at - trailing) else {
            continue;
        };
        let mut end = at + 1;
        while end < chars.len() && part(end) {
            end += 1;
        }
        let mut right: Vec<char> = chars[at + 1..end].to_vec();
        while right.last().is_some_and(|c| " .,".contains(*c)) || (right.last() == Some(&')') && !balanced(&right)) {
            right.pop();
        }
        if let Some(value) = evaluate(&right, vars) {
            out.push((chars[start..end].iter().collect(), agrees(value, (printed, decimals, false))));
        }
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
async fn check(link: &str, vars: Vars<'_>) -> (Vec<String>, usize) {
    let first = render(link).await;
    let steps: usize = attr(&first, "step", "data-steps")[0].parse().unwrap();
    let (mut wrong, mut total) = (Vec::new(), 0);
    for step in 0..=steps {
        let html = render(&format!("{link}&step={step}")).await;
        for (claim, ok) in claims(&text_of(&html), vars) {
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
    let verdicts = |t: &str| claims(t, &[]).into_iter().map(|(_, ok)| ok).collect::<Vec<_>>();
    assert_eq!(verdicts("X = 15·0 = 5 and 15·(2·3 − 1) = 75."), [false, true]);
    assert_eq!(verdicts("Mean: 245 / 3 = 81.667; 3/15 = 0.200; 1,000 × 2 = 2,000"), [true, true, true]);
    assert_eq!(verdicts("h(x) = 3 and X = 60, 45, 75 and 2^R = 8 and 2^3 = 8"), [true]);
    assert_eq!(verdicts("1 + 3 + 5 = 9 but 1 + 3 = 5; 1/10 = 10.00 %"), [true, false, true]);
    // A number first: "0.2000 = 3/15".
    assert_eq!(verdicts("p = 0.2000 = 3/15, and 0.3000 = 3/15."), [true, false]);
    // Table cells never run together: the old AMS cell "15·0 = 5" after a count of 1.
    let cells = text_of("<tr><td>a</td><td>1</td><td>15·0 = 5</td></tr><tr><td>2</td><td>5·(2·1 − 1) = 5</td></tr>");
    assert_eq!(verdicts(&cells), [false, true], "{cells}");
    // Named numbers: a letter on its own, juxtaposition and ² (r² = 1 % at r = 0.1).
    let vars = [('s', 1_000.0), ('d', 500.0), ('r', 0.1)];
    let named = |t: &str| claims(t, &vars).into_iter().map(|(_, ok)| ok).collect::<Vec<_>>();
    assert_eq!(named("The stream says d / (s + d) = 33.33 %; it reports d·r / (s + d(2 − r)) = 2.56 %."), [true, true]);
    assert_eq!(
        named("kept with chance r² = 1.00 %, once with 2r(1 − r) = 18.00 %, never (1 − r)² = 80.00 %"),
        [true, true, false]
    );
    assert_eq!(named("s = 1,000 queries, d = 500, and x = f / (r − f(1 − r)) = 3"), Vec::<bool>::new());
}

#[tokio::test]
async fn every_walkthrough_prints_true_arithmetic() {
    let sampling = [('s', 1_000.0), ('d', 500.0), ('r', 0.1)];
    let links: [(&str, &[(char, f64)]); 9] = [
        ("?view=moments", &[]),
        ("?view=moments&k=3", &[]),
        ("?view=moments&stream=a,b,a,c,a,b&positions=2,4&k=1", &[]),
        ("?view=sampling", &sampling),
        ("?view=sampling&rate=0.5&buckets=10&s=300&d=700", &[('s', 300.0), ('d', 700.0), ('r', 0.5)]),
        ("?view=distinct", &[]),
        ("?view=distinct&stream=18446744073709551615,12345678901234567890,0,2,4,4&hashes=3:5,6:4,12:8,1:0&w=64", &[]),
        ("?view=ullman", &[]),
        ("?view=ullman&stream=1,2,3&lookups=2,7&m=5", &[]),
    ];
    let mut wrong = Vec::new();
    for (link, vars) in links {
        let (w, total) = check(link, vars).await;
        assert!(total > 0, "{link}: no arithmetic found");
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
