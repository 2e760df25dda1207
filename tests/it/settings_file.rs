//! The settings file: every setting survives the round trip, unknown
//! keys are reported and kept, and every kind of broken file is named
//! with a clear fault and moved aside byte for byte, leaving its path
//! free.

use crate::common;
use crate::store_common;

use std::fs;
use std::io;
use std::path::Path;

use annabella::settings::{
    BoardStyle, ColorChoice, Key, Lang, Level, OpponentChoice, Percent, Setting, SettingError,
    Settings, SpeechMode, Style, TimeAlerts, TimeChoice, Value, Verbosity, Voice, Width,
};
use annabella::store::settings_file::MAX_SETTINGS_BYTES;
use annabella::store::{Aside, Broken, BrokenKind, SettingsFile};
use store_common::{aside_name, assert_moved, when};

fn settings_outcome(path: &Path) -> Option<Aside> {
    let (file, aside) = SettingsFile::load_or_move_aside(path, when());
    assert_eq!(file.entries(), [], "a broken file's settings are not used");
    // The path is free: the next save writes a new file.
    file.save().unwrap();
    let written = fs::read_to_string(path).unwrap();
    assert_eq!(written, "format = 1\n");
    fs::remove_file(path).unwrap();
    aside
}

fn broken_settings(bytes: &[u8], kind: BrokenKind) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("settings.toml");
    fs::write(&path, bytes).unwrap();
    assert_eq!(SettingsFile::load(&path), Err(Broken::new(&path, kind)));
    assert_moved(settings_outcome(&path), &path, bytes, kind);
}

#[test]
fn broken_settings_files_are_moved_aside() {
    broken_settings(
        b"style = \"fide\"\nverbosity = \"nor",
        BrokenKind::Truncated,
    );
    broken_settings(b"style = \"fide\"\n[sound", BrokenKind::Truncated);
    broken_settings(b"voice = \"T\xc3", BrokenKind::Truncated);
    broken_settings(b"\x00\xff\xfe\x89PNG\r\n", BrokenKind::Garbage);
    broken_settings(b"style = \"fide\"\nstyle = \"san\"\n", BrokenKind::Garbage);
    broken_settings(b"this is not toml\n", BrokenKind::Garbage);
    broken_settings(b"format = \"one\"\n", BrokenKind::Garbage);
    broken_settings(b"format = -1\n", BrokenKind::Garbage);
    broken_settings(&[b'['; 100_000], BrokenKind::Garbage);
    broken_settings(
        b"format = 2\nstyle = \"fide\"\n",
        BrokenKind::WrongVersion(2),
    );
    let large = vec![b'#'; MAX_SETTINGS_BYTES as usize + 1];
    broken_settings(&large, BrokenKind::TooLarge);
}

#[test]
fn an_unreadable_settings_file_is_moved_aside() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("settings.toml");
    fs::create_dir(&path).unwrap();
    fs::write(path.join("inside"), b"kept").unwrap();
    let kind = BrokenKind::Unreadable(io::ErrorKind::IsADirectory);
    assert_eq!(SettingsFile::load(&path), Err(Broken::new(&path, kind)));
    let Some(Aside::Moved { broken, to }) = settings_outcome(&path) else {
        panic!("not moved aside");
    };
    assert_eq!(broken, Broken::new(&path, kind));
    assert_eq!(to, aside_name(&path));
    assert_eq!(fs::read(to.join("inside")).unwrap(), b"kept");
}

/// A file its owner may not read; as root (who reads it anyway) the
/// check runs with an ordinary user's file permissions.
#[cfg(unix)]
#[test]
fn a_settings_file_without_permission_is_moved_aside() {
    use std::os::unix::fs::PermissionsExt;
    common::user::as_ordinary_user(|| {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("settings.toml");
        let bytes = b"style = \"san\"\n";
        fs::write(&path, bytes).unwrap();
        fs::set_permissions(&path, fs::Permissions::from_mode(0o000)).unwrap();
        common::user::assert_unreadable(&path);
        let kind = BrokenKind::Unreadable(io::ErrorKind::PermissionDenied);
        let aside = settings_outcome(&path);
        let Some(Aside::Moved { to, .. }) = &aside else {
            panic!("not moved aside: {aside:?}");
        };
        fs::set_permissions(to, fs::Permissions::from_mode(0o600)).unwrap();
        assert_moved(aside, &path, bytes, kind);
    });
}

#[test]
fn a_broken_settings_file_that_cannot_move_is_not_written_over() {
    // The root directory can be neither read as a file nor renamed.
    let (file, aside) = SettingsFile::load_or_move_aside(Path::new("/"), when());
    let Some(Aside::Stuck { broken, error }) = aside else {
        panic!("moved: {aside:?}");
    };
    assert_eq!(broken.path, Path::new("/"));
    assert_eq!(error, io::ErrorKind::InvalidInput);
    let refused = file.save().unwrap_err();
    assert_eq!(refused.kind, io::ErrorKind::AlreadyExists);
}

#[test]
fn a_missing_settings_file_is_empty() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config/settings.toml");
    let file = SettingsFile::load(&path).unwrap();
    assert_eq!(file.entries(), []);
    assert_eq!(file.path(), path);
    let (_, aside) = SettingsFile::load_or_move_aside(&path, when());
    assert_eq!(aside, None);
    assert!(!path.exists());
}

/// Settings as far from the defaults as they go.
fn unusual_settings() -> Settings {
    Settings {
        style: Style::Local,
        verbosity: Verbosity::Full,
        board_style: BoardStyle::Squares,
        lang: Lang::Et,
        autoqueen: true,
        width: Width(72),
        speech: SpeechMode::On,
        rate: Percent(0),
        voice: Voice::Named("german+tõnu".to_string()),
        sound: true,
        opponent: OpponentChoice::Human,
        level: Level(9),
        color: ColorChoice::Random,
        time: TimeChoice::Timed("40/90, 30+30".parse().unwrap()),
        time_alerts: TimeAlerts(vec![300, 60, 10]),
        ..Settings::default()
    }
}

#[test]
fn every_setting_survives_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("settings.toml");
    let chosen = unusual_settings();
    let mut file = SettingsFile::load(&path).unwrap();
    for setting in chosen.all() {
        file.record(&setting);
    }
    file.save().unwrap();
    let mut read = Settings::default();
    let faults = SettingsFile::load(&path).unwrap().apply_to(&mut read);
    assert_eq!(faults, []);
    assert_eq!(read, chosen);
    assert!(matches!(read.time, TimeChoice::Timed(_)));
}

#[test]
fn unknown_keys_are_reported_and_kept() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("settings.toml");
    let text = "\u{feff}format = 1\nstil = \"lokal\"\nautoqueen = true\nwidth = 60\n\
                colour = \"pink\"\nfuture = \"yes\"\n\n[lichess]\ntoken_file = \"~/t\"\n";
    fs::write(&path, text).unwrap();
    let mut file = SettingsFile::load(&path).unwrap();
    let mut settings = Settings::default();
    let mut faults = file.apply_to(&mut settings);
    faults.sort_by_key(|f| format!("{f:?}"));
    assert_eq!(
        faults,
        [
            SettingError::BadValue {
                key: Key::Color,
                value: "pink".to_string()
            },
            SettingError::UnknownKey("future".to_string()),
            SettingError::UnknownKey("lichess".to_string()),
        ]
    );
    assert_eq!(settings.style, Style::Local);
    assert!(settings.autoqueen);
    assert_eq!(settings.width, Width(60));
    // `set style` replaces the German key instead of adding a second.
    file.record(&Setting::Style(Style::San));
    file.record(&Setting::Level(Level(3)));
    file.save().unwrap();
    let again = SettingsFile::load(&path).unwrap();
    let entries = again.entries();
    let find = |key: &str| {
        entries
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    };
    assert_eq!(find("style"), Some(Style::San.show(Lang::En).as_ref()));
    assert_eq!(find("stil"), None);
    assert_eq!(find("level"), Some("3"));
    assert_eq!(find("future"), Some("yes"));
    assert_eq!(find("colour"), Some("pink"));
    assert_eq!(find("autoqueen"), Some("on"));
    assert_eq!(find("width"), Some("60"));
    let written = fs::read_to_string(&path).unwrap();
    assert!(
        written.contains("[lichess]\ntoken_file = \"~/t\"\n"),
        "{written}"
    );
}
