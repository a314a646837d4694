use crate::labs::practice::lms::package::{
    file_name, launch_link, launch_page, manifest, package, slug, zip, LAUNCH, MANIFEST,
};
use crate::labs::practice::lms::Assignment;
use crate::link::query::Query;
use crate::link::state::LinkState;
use std::io::Read;

const ADLCP: &str = "http://www.adlnet.org/xsd/adlcp_rootv1p2";
const WEIRD: &str = "Week <3> & \"filters\" 'n' \u{1F338}\u{7}\nagain";

/// The zip's entries (name, bytes), read back with the zip crate.
fn unzip(bytes: &[u8]) -> Vec<(String, Vec<u8>)> {
    let mut archive = ::zip::ZipArchive::new(std::io::Cursor::new(bytes)).unwrap();
    (0..archive.len())
        .map(|i| {
            let mut f = archive.by_index(i).unwrap();
            let mut out = Vec::new();
            f.read_to_end(&mut out).unwrap();
            (f.name().to_string(), out)
        })
        .collect()
}

#[test]
fn the_manifest_is_well_formed_scorm_12() {
    for (title, mastery) in [(WEIRD, Some(80)), ("", None), ("Plain", Some(0))] {
        let files = ["launch.html", "index.html", "app_bg.wasm", "a&b/c d.js"];
        let xml = manifest(title, LAUNCH, &files, mastery);
        let doc = roxmltree::Document::parse(&xml).unwrap_or_else(|e| panic!("{e}\n{xml}"));
        let root = doc.root_element();
        assert_eq!(root.tag_name().name(), "manifest");
        assert!(root.attribute("identifier").is_some_and(|id| id.starts_with("bloomlab-")));
        let text = |name: &str| doc.descendants().find(|n| n.has_tag_name(name)).and_then(|n| n.text());
        assert_eq!((text("schema"), text("schemaversion")), (Some("ADL SCORM"), Some("1.2")));
        let item = doc.descendants().find(|n| n.has_tag_name("item")).unwrap();
        let resource = doc.descendants().find(|n| n.has_tag_name("resource")).unwrap();
        assert_eq!(item.attribute("identifierref"), resource.attribute("identifier"));
        assert_eq!(resource.attribute("href"), Some(LAUNCH));
        assert_eq!(resource.attribute("type"), Some("webcontent"));
        assert_eq!(resource.attribute((ADLCP, "scormtype")), Some("sco"));
        let listed: Vec<&str> = resource.children().filter_map(|n| n.attribute("href")).collect();
        assert_eq!(listed, files);
        let score = doc.descendants().find(|n| n.has_tag_name((ADLCP, "masteryscore"))).and_then(|n| n.text());
        assert_eq!(score, mastery.map(|m| m.to_string()).as_deref());
        let shown = item.children().find(|n| n.has_tag_name("title")).and_then(|n| n.text()).unwrap_or("");
        assert_eq!(shown, crate::labs::practice::lms::one_line(title, 200).replace('\u{7}', ""));
    }
}

#[test]
fn the_launch_page_opens_the_practice_view_on_the_assignment() {
    let (asg, _) = Assignment::read(&Query::parse("?tasks=fm:2&pass=70&title=%3C%2Fscript%3E%20%26"));
    let link = asg.practice_link();
    let page = launch_page(&asg.title, &link);
    assert!(page.contains(&format!("location.replace(\"index.html{link}\")")), "{page}");
    assert!(link.starts_with("?view=practice&tasks=fm:2"));
    assert_eq!(page.matches("</script>").count(), 1, "the title cannot end the script");
    assert!(page.contains("&lt;/script&gt; &amp;"));
    // The link the page goes to reads back as the same assignment.
    assert_eq!(Assignment::read(&Query::parse(&link)).0, asg);
    // The package's own is embedded: no navigation or tools (not in the package), no service worker.
    let launched = launch_link(&asg);
    assert_eq!(launched, format!("{link}&embed=1"));
    let q = Query::parse(&launched);
    assert_eq!(Assignment::read(&q).0, asg);
    assert!(crate::link::page::PageParams::from_query(&q).embed);
}

#[test]
fn file_names_are_slugs() {
    assert_eq!(file_name("Week 3: Filters!"), "bloomlab-week-3-filters-scorm12.zip");
    assert_eq!(file_name("\u{1F338}\u{1F338}"), "bloomlab-practice-scorm12.zip");
    assert_eq!(file_name(""), "bloomlab-practice-scorm12.zip");
    assert_eq!(slug("  Ünïcode -- test  "), "n-code-test");
    assert!(slug(&"x".repeat(500)).len() <= 48);
    assert!(!slug(&format!("{}-y", "a".repeat(47))).ends_with('-'));
}

#[test]
fn the_zip_holds_the_files_as_given() {
    let files: Vec<(String, Vec<u8>)> = vec![
        ("index.html".into(), b"<!DOCTYPE html>".to_vec()),
        ("pkg/app_bg.wasm".into(), (0..=255u8).cycle().take(70_000).collect()),
        ("empty.txt".into(), Vec::new()),
        ("n\u{e4}me with space.css".into(), b"a{}".to_vec()),
    ];
    let bytes = zip(&files).unwrap();
    assert_eq!(unzip(&bytes), files);
    assert_eq!(zip(&[]).map(|z| unzip(&z).len()), Ok(0));
    for bad in ["", "/abs.txt", "a/../b", "a\\b", "a//b", "dup"] {
        let mut files = vec![(bad.to_string(), vec![1])];
        if bad == "dup" {
            files.push(("dup".into(), vec![2]));
        }
        assert!(zip(&files).is_err(), "{bad}");
    }
}

#[test]
fn the_package_lists_every_file_it_holds() {
    let (asg, _) = Assignment::read(&Query::parse("?tasks=fm:1,dgim:2&pass=75&title=Week%203"));
    let app = vec![("index.html".to_string(), b"app".to_vec()), ("app.js".to_string(), b"js".to_vec())];
    let entries = unzip(&package(&asg, app).unwrap());
    let names: Vec<&str> = entries.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["index.html", "app.js", LAUNCH, MANIFEST]);
    let xml = String::from_utf8(entries[3].1.clone()).unwrap();
    let doc = roxmltree::Document::parse(&xml).unwrap();
    let listed: Vec<&str> =
        doc.descendants().filter(|n| n.has_tag_name("file")).filter_map(|n| n.attribute("href")).collect();
    for name in &names[..3] {
        assert!(listed.contains(name), "{name} not listed");
    }
    assert!(xml.contains("<adlcp:masteryscore>75</adlcp:masteryscore>"));
    let launch = String::from_utf8(entries[2].1.clone()).unwrap();
    assert!(launch.contains("index.html?view=practice&tasks=fm:1,dgim:2&pass=75"), "{launch}");
}

/// Python's `zipfile` reads the package too, where Python is installed (skipped otherwise).
#[test]
fn pythons_zipfile_reads_it_when_python_is_there() {
    let files = vec![("index.html".to_string(), b"hello".to_vec()), ("pkg/x.wasm".to_string(), vec![0; 1000])];
    let path = std::env::temp_dir().join(format!("bloomlab-lms-{}.zip", std::process::id()));
    std::fs::write(&path, zip(&files).unwrap()).unwrap();
    let script = "import sys, zipfile\nz = zipfile.ZipFile(sys.argv[1])\nassert z.testzip() is None\nprint(','.join(z.namelist()))";
    let out = std::process::Command::new("python3").arg("-c").arg(script).arg(&path).output();
    let _ = std::fs::remove_file(&path);
    let Ok(out) = out else { return };
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "index.html,pkg/x.wasm");
}

#[test]
fn an_ungraded_activity_is_completed_once_opened_and_opens_its_view_embedded() {
    use crate::labs::practice::lms::package::{activity_launch_page, activity_package, Completion};
    let page = activity_launch_page("Ullman </script>", "?view=ullman&step=2&embed=1", Completion::Opened);
    assert!(page.contains("api.LMSSetValue('cmi.core.lesson_status', 'completed')"), "{page}");
    assert!(page.contains("location.replace(\"index.html?view=ullman&step=2&embed=1\")"));
    assert_eq!(page.matches("</script>").count(), 1, "the title cannot end the script");
    let files = vec![("index.html".to_string(), b"<html></html>".to_vec())];
    let bytes = activity_package("Ullman, step 2", "?view=ullman&step=2", Completion::Opened, files).unwrap();
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(bytes)).unwrap();
    let mut launch = String::new();
    archive.by_name(LAUNCH).unwrap().read_to_string(&mut launch).unwrap();
    assert!(launch.contains("index.html?view=ullman&step=2&embed=1"));
    let mut xml = String::new();
    archive.by_name(MANIFEST).unwrap().read_to_string(&mut xml).unwrap();
    let doc = roxmltree::Document::parse(&xml).unwrap();
    assert!(doc.descendants().all(|n| n.tag_name().name() != "masteryscore"), "nothing graded");
    assert_eq!(archive.len(), 3);
}

#[test]
fn an_activity_completed_once_every_step_was_seen_watches_its_view_in_a_frame() {
    use crate::labs::practice::lms::package::{activity_launch_page, activity_package, Completion, ACTIVITY_SCRIPT};
    let page = activity_launch_page("Ullman </script> & co", "?view=ullman&step=2&embed=1", Completion::Seen);
    assert!(page.contains("<title>Ullman &lt;/script&gt; &amp; co</title>"), "{page}");
    // The frame's address is the view's link (set by the script, which may move its step), and a
    // browser without scripts gets a plain link to it; the script comes after the bar and frame.
    let frame = r#"<iframe id="activity-view" title="Ullman &lt;/script&gt; &amp; co" data-src="index.html?view=ullman&amp;step=2&amp;embed=1">"#;
    let bar = r#"<p id="activity-status" role="status" data-testid="activity-status" data-state="looking">"#;
    let script = r#"<script src="activity.js"></script>"#;
    let at = |s: &str| page.find(s).unwrap_or_else(|| panic!("{s} in {page}"));
    assert!(at(bar) < at(frame) && at(frame) < at(script));
    assert!(page.contains(r#"<noscript><p><a href="index.html?view=ullman&amp;step=2&amp;embed=1">"#));
    // The script is the site's file, packed beside the launch page: without it, no package.
    let mut files = vec![("index.html".to_string(), b"<html></html>".to_vec())];
    let refused = activity_package("Ullman", "?view=ullman", Completion::Seen, files.clone()).unwrap_err();
    assert!(refused.contains(ACTIVITY_SCRIPT), "{refused}");
    files.push((ACTIVITY_SCRIPT.to_string(), b"(function () {})();".to_vec()));
    let bytes = activity_package("Ullman", "?view=ullman", Completion::Seen, files).unwrap();
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(bytes)).unwrap();
    let mut launch = String::new();
    archive.by_name(LAUNCH).unwrap().read_to_string(&mut launch).unwrap();
    assert!(launch.contains(r#"data-src="index.html?view=ullman&amp;embed=1""#), "{launch}");
    assert!(archive.by_name(ACTIVITY_SCRIPT).is_ok());
}

#[test]
fn the_manifests_identifier_is_the_title_as_typed() {
    let xml = manifest("Bloom Lab: Ullman's <example> & more", LAUNCH, &[], None);
    let doc = roxmltree::Document::parse(&xml).unwrap();
    assert_eq!(doc.root_element().attribute("identifier"), Some("bloomlab-bloom-lab-ullman-s-example-more"));
}
