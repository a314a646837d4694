//! The SCORM 1.2 package a lecturer uploads to the LMS: the app's files, a launch page that opens
//! the practice view on the assignment's link, and `imsmanifest.xml` at the root, zipped. The
//! manifest follows the ADL SCORM 1.2 Content Aggregation Model (IMS Content Packaging 1.1.2 with
//! ADL's `adlcp` extension, namespace `http://www.adlnet.org/xsd/adlcp_rootv1p2`): one
//! organization with one item pointing at one `webcontent` resource of `adlcp:scormtype="sco"`,
//! which lists every file; `adlcp:masteryscore` on the item carries the pass mark to the LMS,
//! which hands it back as `cmi.student_data.mastery_score`.

use super::Assignment;
use crate::labs::practice::problem::json_string;
use crate::link::page::declared::EMBED;
use std::io::Write;

/// The launch page's name in the package (the resource's `href`).
pub const LAUNCH: &str = "launch.html";
/// The manifest's name, at the package's root as the packaging rules require.
pub const MANIFEST: &str = "imsmanifest.xml";

/// `s` escaped for XML text and attribute values; characters XML 1.0 cannot hold (control
/// characters other than tab, line feed and carriage return) are left out.
pub fn xml_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' | '\n' | '\r' => out.push(c),
            c if c.is_control() || matches!(c, '\u{FFFE}' | '\u{FFFF}') => {}
            c => out.push(c),
        }
    }
    out
}

/// `title` as a file-name slug: lower-case ASCII letters and digits, every run of other
/// characters one `-`, at most 48 characters, `practice` when nothing is left.
pub fn slug(title: &str) -> String {
    let mut out = String::new();
    for c in title.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
    }
    let out: String = out.chars().take(48).collect();
    let out = out.trim_matches('-');
    if out.is_empty() {
        "practice".into()
    } else {
        out.into()
    }
}

/// The package's download name: `bloomlab-<title as a slug>-scorm12.zip`.
pub fn file_name(title: &str) -> String {
    format!("bloomlab-{}-scorm12.zip", slug(title))
}

/// `imsmanifest.xml` for a single-SCO package titled `title`, launched by `launch`, holding
/// `files` (each listed once as a `<file href>`; the launch page is listed even when `files`
/// leaves it out), with `mastery` as the item's `adlcp:masteryscore` when given (0 to 100).
pub fn manifest(title: &str, launch: &str, files: &[&str], mastery: Option<u8>) -> String {
    // The identifier from the title as typed (escaped first, "Ullman's" would read "ullman-apos-s").
    let id = format!("bloomlab-{}", slug(title));
    let title = xml_escape(&super::one_line(title, 200));
    let mut listed: Vec<&str> = vec![launch];
    listed.extend(files.iter().copied().filter(|f| *f != launch));
    let file_rows: String = listed.iter().map(|f| format!("      <file href=\"{}\"/>\n", xml_escape(f))).collect();
    let mastery = mastery
        .map(|m| format!("        <adlcp:masteryscore>{}</adlcp:masteryscore>\n", m.min(100)))
        .unwrap_or_default();
    format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="{id}" version="1.0"
  xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="http://www.imsproject.org/xsd/imscp_rootv1p1p2 imscp_rootv1p1p2.xsd http://www.imsglobal.org/xsd/imsmd_rootv1p2p1 imsmd_rootv1p2p1.xsd http://www.adlnet.org/xsd/adlcp_rootv1p2 adlcp_rootv1p2.xsd">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>1.2</schemaversion>
  </metadata>
  <organizations default="ORG-1">
    <organization identifier="ORG-1">
      <title>{title}</title>
      <item identifier="ITEM-1" identifierref="RES-1" isvisible="true">
        <title>{title}</title>
{mastery}      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="RES-1" type="webcontent" adlcp:scormtype="sco" href="{href}">
{file_rows}    </resource>
  </resources>
</manifest>
"#,
        href = xml_escape(launch),
    )
}

/// The launch page: it sends the browser on, in the same frame (so the page still finds the
/// LMS's `API` object in its parents), to `index.html` with `link` (`?view=practice&…`, the
/// assignment's link), replacing itself in the history; a plain link for browsers without script.
pub fn launch_page(title: &str, link: &str) -> String {
    launch_html(title, link, "")
}

/// A launch page that runs `before` (JavaScript), then sends the browser to `index.html` with
/// `link`, with a plain link to it for a browser without scripts.
fn launch_html(title: &str, link: &str, before: &str) -> String {
    let target = format!("index.html{link}");
    // A JSON string is a JavaScript string; `<` escaped so no `</script>` can end the script.
    let js = json_string(&target).replace('<', "\\u003c");
    let title = xml_escape(&super::one_line(title, 200));
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{title}</title>\n\
         <script>{before}location.replace({js});</script>\n</head>\n<body>\n<p><a href=\"{href}\">{title}</a></p>\n\
         </body>\n</html>\n",
        href = xml_escape(&target),
    )
}

/// A name the package may hold as given: relative, `/`-separated, no `..` or empty parts.
fn usable_name(name: &str) -> bool {
    !name.is_empty()
        && !name.contains('\\')
        && !name.chars().any(char::is_control)
        && name.split('/').all(|part| !part.is_empty() && part != "." && part != "..")
}

/// `files` (name, bytes) zipped, each deflated (the bundles' wasm shrinks to about 40 %, so the
/// package an LMS stores and every student's browser fetches stays small), the
/// names exactly as given. A name that is empty, absolute, with a `..`, `\` or control character,
/// or given twice, is refused.
pub fn zip(files: &[(String, Vec<u8>)]) -> Result<Vec<u8>, String> {
    let mut out = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated)
        .large_file(files.iter().any(|(_, b)| b.len() >= u32::MAX as usize));
    for (name, bytes) in files {
        if !usable_name(name) {
            return Err(format!("the file name \u{201c}{}\u{201d} cannot go in a package", super::one_line(name, 60)));
        }
        out.start_file(name.as_str(), options).map_err(|e| format!("{name}: {e}"))?;
        out.write_all(bytes).map_err(|e| format!("{name}: {e}"))?;
    }
    let cursor = out.finish().map_err(|e| e.to_string())?;
    Ok(cursor.into_inner())
}

/// `link` embedded (`embed=1`: inside an LMS's frame, no site navigation or lecturer's tools,
/// whose files are not in a package, and no service worker), unless it is already.
fn embedded(link: &str) -> String {
    let mut out = link.to_string();
    if !crate::link::page::PageParams::from_query(&crate::link::query::Query::parse(link)).embed {
        out.push(if out.contains('?') { '&' } else { '?' });
        out.push_str(EMBED.name);
        out.push_str("=1");
    }
    out
}

/// The link `launch.html` opens: the assignment's practice link, embedded.
pub fn launch_link(asg: &Assignment) -> String {
    embedded(&asg.practice_link())
}

/// `files` (the app's files, `index.html` among them) with `launch` as the launch page and the
/// manifest listing them all (with `mastery` as its mastery score), zipped.
fn pack(
    title: &str,
    launch: String,
    mastery: Option<u8>,
    mut files: Vec<(String, Vec<u8>)>,
) -> Result<Vec<u8>, String> {
    files.retain(|(n, _)| n != LAUNCH && n != MANIFEST);
    files.push((LAUNCH.into(), launch.into_bytes()));
    let names: Vec<&str> = files.iter().map(|(n, _)| n.as_str()).collect();
    let xml = manifest(title, LAUNCH, &names, mastery);
    files.push((MANIFEST.into(), xml.into_bytes()));
    zip(&files)
}

/// The whole package of `asg`: `files`, the launch page and the manifest, zipped; the pass mark
/// as the mastery score.
pub fn package(asg: &Assignment, files: Vec<(String, Vec<u8>)>) -> Result<Vec<u8>, String> {
    pack(&asg.title, launch_page(&asg.title, &launch_link(asg)), Some(asg.pass), files)
}

/// When an ungraded activity counts as completed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Completion {
    /// As soon as a student opens it.
    Opened,
    /// Once every position of the page's walkthrough (0 to its last step) was shown; a page with
    /// no walkthrough once it has opened.
    Seen,
}

/// The launch page of an ungraded activity (any view, as its link `link` shows it).
/// - `Opened`: it tells the LMS the activity is completed (`LMSInitialize`,
///   `cmi.core.lesson_status` `completed`, `LMSCommit`, `LMSFinish`: finding the `API` as
///   conforming content does, up the frames and then from the opener, every call's failure
///   ignored, since nothing is graded), then opens the view at `link`.
/// - `Seen`: it shows the view at `link` in a frame of its own under a one-line bar
///   (`activity-status`), and keeps the LMS told of the steps seen (its script, `ACTIVITY_SCRIPT`).
pub fn activity_launch_page(title: &str, link: &str, completion: Completion) -> String {
    match completion {
        Completion::Opened => launch_html(title, link, COMPLETED_ON_OPEN),
        Completion::Seen => watching_page(title, link),
    }
}

/// The ungraded activity's script when it is completed once opened.
const COMPLETED_ON_OPEN: &str = "\nfunction find(w) { for (let i = 0; w && i <= 7; i++) { try { if (w.API) return w.API; } \
     catch (e) { return null; } if (w.parent === w) return null; w = w.parent; } return null; }\n\
     const api = find(window) || (window.opener ? find(window.opener) : null);\n\
     try { if (api && String(api.LMSInitialize('')) === 'true') { api.LMSSetValue('cmi.core.lesson_status', 'completed'); \
     api.LMSCommit(''); api.LMSFinish(''); } } catch (e) {}\n";

/// The script of an activity completed once every step was seen, a file of the site
/// (`static/activity.js`) the package holds beside its launch page.
pub const ACTIVITY_SCRIPT: &str = "activity.js";

/// The style of that activity's page: the bar one line of small type, the frame the rest, in the
/// reader's light or dark scheme (system colours, so the package carries no palette).
const WATCHING_STYLE: &str =
    "html,body{margin:0;height:100%}body{display:flex;flex-direction:column;color-scheme:light dark;\
     background:Canvas;color:CanvasText;font:14px/1.4 system-ui,sans-serif}\
     #activity-status{margin:0;padding:4px 10px;border-bottom:1px solid GrayText}\
     #activity-view{flex:1;width:100%;border:0}";

/// The page of an activity completed once every step was seen: the bar, the frame (its address
/// set by the script, which may move it to where a returning student stopped), a plain link for
/// a browser without scripts, and the script, loaded after them.
fn watching_page(title: &str, link: &str) -> String {
    let target = xml_escape(&format!("index.html{link}"));
    let title = xml_escape(&super::one_line(title, 200));
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>{title}</title>\n\
         <style>{WATCHING_STYLE}</style>\n</head>\n<body>\n\
         <p id=\"activity-status\" role=\"status\" data-testid=\"activity-status\" data-state=\"looking\"></p>\n\
         <iframe id=\"activity-view\" title=\"{title}\" data-src=\"{target}\"></iframe>\n\
         <noscript><p><a href=\"{target}\">{title}</a></p></noscript>\n\
         <script src=\"{ACTIVITY_SCRIPT}\"></script>\n</body>\n</html>\n"
    )
}

/// An ungraded activity's package: `files` (the view's bundle and the loader, as the site serves
/// them, and for `Seen` its script, `ACTIVITY_SCRIPT`), the launch page opening `link` (embedded)
/// and the manifest, with no mastery score.
pub fn activity_package(
    title: &str,
    link: &str,
    completion: Completion,
    files: Vec<(String, Vec<u8>)>,
) -> Result<Vec<u8>, String> {
    if completion == Completion::Seen && !files.iter().any(|(n, _)| n == ACTIVITY_SCRIPT) {
        return Err(format!("the package needs {ACTIVITY_SCRIPT}, which counts the steps seen"));
    }
    pack(title, activity_launch_page(title, &embedded(link), completion), None, files)
}
