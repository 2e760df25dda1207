//! A game that cannot be kept is never believed safe: a full disk (a
//! real 12 KB tmpfs, filled up, when root may mount one; else a folder
//! of mode 0500) is said at once with its reason in words, every move's
//! answer then says briefly that it is not kept, the moment the disk
//! takes it again the whole game is written and that is said, and
//! `quit` first says how to write the game elsewhere. A data directory
//! that is a file is said to be one, not called broken.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use crate::common;
use common::Home;

/// A place where nothing can be written until it is mended.
struct Fault {
    /// The folder that refuses.
    dir: PathBuf,
    /// A tmpfs mounted there (root), else a folder of mode 0500.
    mounted: bool,
}

impl Fault {
    fn new(home: &Home) -> Fault {
        let dir = home.path().join("full");
        fs::create_dir_all(&dir).unwrap();
        // SAFETY: geteuid reads the process's own user id.
        let root = unsafe { libc::geteuid() } == 0;
        if root {
            let status = Command::new("mount")
                .args(["-t", "tmpfs", "-o", "size=12k", "tmpfs"])
                .arg(&dir)
                .status()
                .expect("mount runs");
            assert!(status.success(), "root could not mount a tmpfs");
            // Filled to the last byte.
            let filler = vec![b'x'; 1024];
            let mut file = fs::File::create(dir.join("filler")).unwrap();
            while std::io::Write::write_all(&mut file, &filler).is_ok() {}
        } else {
            set_mode(&dir, 0o500);
        }
        Fault { dir, mounted: root }
    }

    /// Room again.
    fn mend(&self) {
        if self.mounted {
            fs::remove_file(self.dir.join("filler")).unwrap();
        } else {
            set_mode(&self.dir, 0o700);
        }
    }

    /// The reason as said in English.
    fn reason(&self) -> &'static str {
        if self.mounted {
            "the disk is full"
        } else {
            "you have no permission there"
        }
    }
}

impl Drop for Fault {
    fn drop(&mut self) {
        if self.mounted {
            let _ = Command::new("umount").arg(&self.dir).status();
        } else {
            set_mode(&self.dir, 0o700);
        }
    }
}

fn set_mode(dir: &Path, mode: u32) {
    use std::os::unix::fs::PermissionsExt;
    fs::set_permissions(dir, fs::Permissions::from_mode(mode)).unwrap();
}

/// The client on `data`, each line answered before the next is sent.
struct Client(common::Piped);

impl Client {
    fn start(home: &Home, data: &Path, more: &[&str]) -> Client {
        let data = data.display().to_string();
        let mut args = vec![
            "--data-dir",
            &data,
            "--opponent",
            "human",
            "--style",
            "san",
            "--lang",
            "en",
        ];
        args.extend(more);
        Client(common::Piped::start(home, &args))
    }

    /// Sends `line`; the `count` lines it is answered with.
    fn say(&mut self, line: &str, count: usize) -> Vec<String> {
        self.0.send(line);
        (0..count)
            .map(|_| {
                self.0
                    .recv(Duration::from_secs(30))
                    .unwrap_or_else(|| panic!("no answer to {line}"))
                    .1
            })
            .collect()
    }
}

#[test]
fn a_full_disk_is_said_at_every_move_until_the_game_is_kept_again() {
    let home = Home::new();
    let fault = Fault::new(&home);
    let data = fault.dir.join("annabella");
    let mut client = Client::start(&home, &data, &[]);
    let first = client.say("e4", 2);
    assert_eq!(first[0], "1. White: e4");
    assert!(
        first[1].starts_with("The game cannot be kept: ")
            && first[1].contains(&format!("cannot be written: {}.", fault.reason())),
        "{first:?}"
    );
    assert_eq!(client.say("e5", 2), ["1. Black: e5", "Not kept."]);
    // Reading the board changes nothing to keep: no word of it.
    assert_eq!(client.say("fen", 1).len(), 1);
    // `quit` first says how to keep it elsewhere.
    let warned = client.say("quit", 1);
    assert!(
        warned[0].starts_with(&format!("The game is not kept: {}. pgn ", fault.reason())),
        "{warned:?}"
    );
    fault.mend();
    // Every answer told is first made durable, so whatever the loop is
    // told next writes the game: the next move, or a report of another
    // thread (the display's) that comes first. The order of the two
    // lines is the order of those arrivals.
    let mut mended = client.say("Nf3", 2);
    mended.sort();
    assert_eq!(
        mended,
        [
            "2. White: Nf3",
            "The game is kept again: it is written whole."
        ]
    );
    assert_eq!(
        client.say("quit", 2),
        ["The game is kept for next time.", "Goodbye."]
    );
    assert!(client.0.wait().success());
    // Every move is there.
    let data = data.display().to_string();
    let out = common::run_piped(
        &home,
        &[
            "--data-dir",
            &data,
            "--resume",
            "--lang",
            "en",
            "--style",
            "san",
        ],
        "history\n",
    );
    assert_eq!(
        out[2..],
        ["1. White: e4; Black: e5", "2. White: Nf3"],
        "{out:?}"
    );
}

#[test]
fn quit_twice_ends_without_the_unkept_game() {
    let home = Home::new();
    let fault = Fault::new(&home);
    let mut client = Client::start(&home, &fault.dir.join("annabella"), &[]);
    client.say("e4", 2);
    assert!(client.say("quit", 1)[0].starts_with("The game is not kept: "));
    assert_eq!(client.say("quit", 1), ["Goodbye."]);
    assert!(client.0.wait().success());
}

#[test]
fn a_data_directory_that_is_a_file_is_not_called_broken() {
    let home = Home::new();
    let file = home.path().join("plain");
    fs::write(&file, "x").unwrap();
    let data = file.display().to_string();
    let out = common::run_piped(
        &home,
        &["--data-dir", &data, "--opponent", "human", "--lang", "en"],
        "e4\n",
    );
    let not_folder = "a file stands where a folder should be";
    assert_eq!(
        out[..2],
        [
            format!("{data}/training.json cannot be read or written: {not_folder}."),
            format!("{data}/current.json cannot be read or written: {not_folder}."),
        ]
    );
    assert!(out.iter().all(|l| !l.contains("broken")), "{out:?}");
    assert!(out[3].starts_with("The game cannot be kept: "), "{out:?}");
    assert!(out[3].contains(not_folder), "{out:?}");
}
