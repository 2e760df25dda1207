//! The settings file: TOML, one `key = "value"` line per setting kept,
//! keys and values as `set` takes them in English. The whole table is
//! kept, so keys this version does not know (a newer version's, a typo)
//! are reported by name and written back unchanged.

use std::path::{Path, PathBuf};
use std::time::SystemTime;

use toml::{Table, Value as Toml};

use super::aside::{Aside, set_aside};
use super::atomic::write_atomic;
use super::broken::{Broken, BrokenKind, SaveFailed, read_limited};
use crate::settings::{Key, Lang, Setting, SettingError, Settings, Value, parse_setting};

/// The version of the settings file's format, written as `format = 1`.
/// A file without the key is taken as this version: people write the
/// file by hand.
pub const SETTINGS_FORMAT: u32 = 1;

/// The key of the format version.
const FORMAT_KEY: &str = "format";

/// The largest settings file read; ours is under a kilobyte.
pub const MAX_SETTINGS_BYTES: u64 = 1 << 20;

/// The settings file as read: its path and its whole table.
#[derive(Clone, Debug, PartialEq)]
pub struct SettingsFile {
    path: PathBuf,
    table: Table,
    /// A broken file that could not be moved aside is at `path`: saving
    /// would overwrite it.
    held: bool,
}

impl SettingsFile {
    /// An empty settings file at `path` (not yet written).
    pub fn empty(path: &Path) -> SettingsFile {
        SettingsFile {
            path: path.to_path_buf(),
            table: Table::new(),
            held: false,
        }
    }

    /// Reads the settings file at `path`; a missing file is an empty
    /// one, not a fault.
    pub fn load(path: &Path) -> Result<SettingsFile, Broken> {
        let bytes = match read_limited(path, MAX_SETTINGS_BYTES) {
            Ok(bytes) => bytes,
            Err(broken) if broken.is_missing() => return Ok(SettingsFile::empty(path)),
            Err(broken) => return Err(broken),
        };
        let table = parse_settings(&bytes).map_err(|kind| Broken::new(path, kind))?;
        Ok(SettingsFile {
            path: path.to_path_buf(),
            table,
            held: false,
        })
    }

    /// Reads the settings file at `path`; a broken one is moved aside
    /// with the time `when` in its name, and the settings start empty.
    /// If it could not be moved, [`save`](SettingsFile::save) refuses to
    /// write over it.
    pub fn load_or_move_aside(path: &Path, when: SystemTime) -> (SettingsFile, Option<Aside>) {
        match SettingsFile::load(path) {
            Ok(file) => (file, None),
            Err(broken) => {
                let aside = set_aside(broken, when);
                let mut file = SettingsFile::empty(path);
                file.held = matches!(aside, Aside::Stuck { .. });
                (file, Some(aside))
            }
        }
    }

    /// Where the file is.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Every setting in the file as `(key, value)` text for
    /// [`parse_setting`], by key in alphabetical order (the table's
    /// order); the format version is left out. A string is taken as it is, `true`/`false` as the words
    /// for on and off, and any other value as its TOML text (a number
    /// reads as itself; a list or a table is refused by the setting).
    pub fn entries(&self) -> Vec<(String, String)> {
        self.table
            .iter()
            .filter(|(key, _)| key.as_str() != FORMAT_KEY)
            .map(|(key, value)| (key.clone(), value_text(value)))
            .collect()
    }

    /// Applies every setting in the file to `settings`, and says which
    /// entries could not be: keys no setting has (kept in the file) and
    /// values a setting cannot take.
    pub fn apply_to(&self, settings: &mut Settings) -> Vec<SettingError> {
        let mut faults = Vec::new();
        for (key, value) in self.entries() {
            match parse_setting(&key, &value) {
                Ok(setting) => settings.apply(setting),
                Err(fault) => faults.push(fault),
            }
        }
        faults
    }

    /// Keeps one setting: its English key and its value as `settings`
    /// shows it in English.
    pub fn record(&mut self, setting: &Setting) {
        self.set(setting.key().word(Lang::En), &setting.show(Lang::En));
    }

    /// Sets `key` to the text `value`. Other spellings of the same
    /// setting (another language's key, other capitals) are removed, so
    /// the file cannot hold two values of one setting.
    pub fn set(&mut self, key: &str, value: &str) {
        if let Some(setting) = Key::from_word(key) {
            self.table
                .retain(|k, _| k == key || Key::from_word(k) != Some(setting));
        }
        self.table
            .insert(key.to_string(), Toml::String(value.to_string()));
    }

    /// The file's text: its table with the current format version.
    pub fn to_text(&self) -> Result<String, toml::ser::Error> {
        let mut table = self.table.clone();
        table.insert(
            FORMAT_KEY.to_string(),
            Toml::Integer(SETTINGS_FORMAT.into()),
        );
        toml::to_string(&table)
    }

    /// Writes the file atomically; on a failure the file before is
    /// unchanged.
    pub fn save(&self) -> Result<(), SaveFailed> {
        let failed = |kind: std::io::ErrorKind| SaveFailed::new(&self.path, &kind.into());
        if self.held {
            return Err(failed(std::io::ErrorKind::AlreadyExists));
        }
        let text = self
            .to_text()
            .map_err(|_| failed(std::io::ErrorKind::InvalidData))?;
        write_atomic(&self.path, text.as_bytes()).map_err(|e| SaveFailed::new(&self.path, &e))
    }
}

/// A value's text as `set` would take it.
fn value_text(value: &Toml) -> String {
    match value {
        Toml::String(text) => text.clone(),
        Toml::Boolean(on) => Value::show(on, Lang::En).into_owned(),
        other => other.to_string(),
    }
}

/// Reads a settings table from the file's bytes.
///
/// TOML's errors have no category for the end of the input: a file that
/// does not end its last line (ours always do) and fails where the text
/// ends is taken as cut short (so is one ending inside a letter's
/// bytes); a cut at the end of a line leaves whole
/// `key = value` lines and reads as the settings it still has.
///
/// ```
/// use annabella::store::broken::BrokenKind;
/// use annabella::store::settings_file::parse_settings;
/// assert!(parse_settings(b"style = \"fide\"\n").is_ok());
/// assert_eq!(parse_settings(b"style = \"fi"), Err(BrokenKind::Truncated));
/// assert_eq!(parse_settings(b"format = 2\n"), Err(BrokenKind::WrongVersion(2)));
/// assert_eq!(parse_settings(b"=== ?\n"), Err(BrokenKind::Garbage));
/// ```
pub fn parse_settings(bytes: &[u8]) -> Result<Table, BrokenKind> {
    let text = std::str::from_utf8(bytes).map_err(|e| match e.error_len() {
        // A letter's bytes begun and not ended: the end of the file.
        None => BrokenKind::Truncated,
        Some(_) => BrokenKind::Garbage,
    })?;
    // Editors on Windows may start the file with a byte-order mark.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let table = text.parse::<Table>().map_err(|e| {
        let at_end = e.span().is_none_or(|span| span.end >= text.len());
        if at_end && !text.ends_with('\n') {
            BrokenKind::Truncated
        } else {
            BrokenKind::Garbage
        }
    })?;
    match table.get(FORMAT_KEY) {
        None => Ok(table),
        Some(Toml::Integer(n)) => match u32::try_from(*n) {
            Ok(SETTINGS_FORMAT) => Ok(table),
            Ok(other) => Err(BrokenKind::WrongVersion(other)),
            Err(_) => Err(BrokenKind::Garbage),
        },
        Some(_) => Err(BrokenKind::Garbage),
    }
}
