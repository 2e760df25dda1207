//! The core's dependencies, as Cargo resolves them: `annabella-core`,
//! and the crates it stands on, may not bring an audio, speech, Braille
//! display, network, file-system or thread crate into the build. Read
//! from `cargo metadata`, so that a dependency added anywhere in the
//! core's tree — directly or through another crate — fails here.

use std::collections::{BTreeSet, HashMap};
use std::process::Command;

use serde_json::Value;

/// The crates of the edge: what touches a sound card, a speech service,
/// a Braille display, the network, the file system as the player's
/// folders, a terminal, or threads and processes for the engine.
const EDGE: &[&str] = &[
    "cpal",
    "tts",
    "speech-dispatcher",
    "brlapi",
    "brlapi-sys",
    "liblouis",
    "ureq",
    "rustls",
    "directories",
    "tempfile",
    "rustyline",
    "hound",
    "candle-core",
    "vampirc-uci",
    "clap",
];

/// The names of every package in `package`'s tree of normal
/// dependencies (build and dev dependencies are not the crate's).
fn normal_tree(metadata: &Value, package: &str) -> BTreeSet<String> {
    let packages = metadata["packages"].as_array().expect("packages");
    let name_of: HashMap<&str, &str> = packages
        .iter()
        .filter_map(|p| Some((p["id"].as_str()?, p["name"].as_str()?)))
        .collect();
    let nodes = metadata["resolve"]["nodes"]
        .as_array()
        .expect("resolve.nodes");
    let deps_of: HashMap<&str, Vec<&str>> = nodes
        .iter()
        .filter_map(|n| {
            let normal = n["deps"]
                .as_array()?
                .iter()
                .filter(|d| {
                    d["dep_kinds"]
                        .as_array()
                        .is_some_and(|kinds| kinds.iter().any(|k| k["kind"].is_null()))
                })
                .filter_map(|d| d["pkg"].as_str())
                .collect();
            Some((n["id"].as_str()?, normal))
        })
        .collect();
    let start = name_of
        .iter()
        .find(|(_, name)| **name == package)
        .map(|(id, _)| *id)
        .unwrap_or_else(|| panic!("no package {package} in the metadata"));
    let mut seen = BTreeSet::new();
    let mut todo = vec![start];
    while let Some(id) = todo.pop() {
        if let Some(name) = name_of.get(id)
            && seen.insert(name.to_string())
        {
            todo.extend(deps_of.get(id).into_iter().flatten());
        }
    }
    seen
}

/// The edge crates in `package`'s tree.
fn edge_crates(metadata: &Value, package: &str) -> Vec<String> {
    let tree = normal_tree(metadata, package);
    EDGE.iter()
        .filter(|e| tree.contains(**e))
        .map(|e| e.to_string())
        .collect()
}

fn metadata() -> Value {
    let out = Command::new(env!("CARGO"))
        .args([
            "metadata",
            "--format-version",
            "1",
            "--locked",
            "--manifest-path",
        ])
        .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml"))
        .output()
        .expect("cargo metadata runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("cargo metadata's JSON")
}

#[test]
fn the_core_and_the_crates_under_it_bring_no_edge_crate() {
    let metadata = metadata();
    for package in ["annabella-core", "annabella-engine", "annabella-rules"] {
        let tree = normal_tree(&metadata, package);
        assert!(tree.contains("shakmaty"), "{package}: {tree:?}");
        assert_eq!(
            edge_crates(&metadata, package),
            Vec::<String>::new(),
            "{package}"
        );
    }
    // The package itself has them: the check reads the real tree.
    let edge = edge_crates(&metadata, "annabella");
    assert!(edge.contains(&"cpal".to_string()), "{edge:?}");
    assert!(edge.contains(&"tempfile".to_string()), "{edge:?}");
}

#[test]
fn an_edge_crate_two_steps_under_the_core_is_found() {
    let metadata = serde_json::json!({
        "packages": [
            {"id": "core", "name": "annabella-core"},
            {"id": "rules", "name": "annabella-rules"},
            {"id": "chess", "name": "shakmaty"},
            {"id": "dirs", "name": "directories"},
            {"id": "t", "name": "tempfile"},
        ],
        "resolve": {"nodes": [
            {"id": "core", "deps": [
                {"pkg": "rules", "dep_kinds": [{"kind": null}]},
                {"pkg": "t", "dep_kinds": [{"kind": "dev"}]},
            ]},
            {"id": "rules", "deps": [
                {"pkg": "chess", "dep_kinds": [{"kind": null}]},
                {"pkg": "dirs", "dep_kinds": [{"kind": null}]},
            ]},
            {"id": "chess", "deps": []},
            {"id": "dirs", "deps": []},
            {"id": "t", "deps": []},
        ]},
    });
    // A dev-dependency (tempfile for the core's own tests) is not the
    // crate's; directories under the rules is.
    assert_eq!(edge_crates(&metadata, "annabella-core"), ["directories"]);
}
