//! A file the player names is never replaced unasked: `brf FILE` onto a
//! file that is there leaves it as it was and says why, and what would
//! do, in the UI language.

use std::fs;

use crate::common;
use common::Home;

#[test]
fn brf_never_writes_over_a_file_that_is_there() {
    let home = Home::new();
    let notes = home.path().join("n.txt");
    fs::write(&notes, "notes\n").unwrap();
    let typed = notes.display().to_string();
    let out = common::run_piped(
        &home,
        &["--opponent", "human", "--lang", "en"],
        &format!("e4\nbrf {typed}\n"),
    );
    assert_eq!(
        out.last(),
        Some(&format!(
            "{typed} is there already, and brf never writes over a file unasked: type brf \
             {typed} replace to replace it, or give a new file name."
        )),
        "{out:?}"
    );
    assert_eq!(fs::read_to_string(&notes).unwrap(), "notes\n");
    // A new name is written; the refusal is said in German too.
    let sheet = home.path().join("partie.brf");
    let sheet = sheet.display().to_string();
    let out = common::run_piped(
        &home,
        &["--opponent", "human", "--lang", "de", "--new"],
        &format!("e4\nbrf {sheet}\nbrf {sheet}\n"),
    );
    // (After where the game of the run before went.)
    assert!(
        out[2].starts_with("Partieformular in Punktschrift nach "),
        "{out:?}"
    );
    assert_eq!(
        out[3],
        format!(
            "{sheet} gibt es schon, und brf schreibt nie ungefragt über eine Datei: Tippe brf \
             {sheet} ersetzen, um sie zu ersetzen, oder gib einen neuen Dateinamen an."
        )
    );
    // Told to replace it, brf does, as one rename.
    let out = common::run_piped(
        &home,
        &["--opponent", "human", "--lang", "en", "--resume"],
        &format!(
            "brf {typed} replace
"
        ),
    );
    assert!(
        out.iter()
            .any(|l| l.starts_with("Braille scoresheet written to ")),
        "{out:?}"
    );
    assert_ne!(fs::read_to_string(&notes).unwrap(), "notes\n");
}

#[test]
fn save_never_writes_over_a_saved_game_unasked() {
    let home = Home::new();
    let out = common::run_piped(
        &home,
        &["--opponent", "human", "--lang", "en"],
        "e4\nsave mine\ne5\nsave mine\nsave mine replace\nnew\nload mine\nhistory\n",
    );
    assert_eq!(out[1], "Saved as mine.", "{out:?}");
    assert_eq!(
        out[3],
        "A game is saved as mine already, and save never writes over it unasked: type save \
         mine replace to replace it, or choose another name.",
        "{out:?}"
    );
    assert_eq!(out[4], "Saved as mine.", "{out:?}");
    // The game replaced is the one with both moves.
    assert_eq!(
        out.last().map(String::as_str),
        Some("1. White: Bauer Eva vier; Black: Bauer Eva fünf"),
        "{out:?}"
    );
}

mod asked {
    //! At a terminal (the start says a person answers) a file or a saved
    //! game that is there is asked about: yes replaces it, no leaves it.

    use std::time::Instant;

    use annabella::announce::Announcer;
    use annabella::event::{BrfOutcome, Event, Trouble};
    use annabella::rules::Game;
    use annabella::session::{Effect, Input, Session, Start, Step};
    use annabella::settings::{Lang, OpponentChoice, Settings};
    use annabella::store::{Reply, Request};

    fn person() -> Session {
        let settings = Settings {
            opponent: OpponentChoice::Human,
            lang: Lang::En,
            ..Settings::default()
        };
        let mut session = Session::new(Game::new(), settings);
        let start = Start {
            greet: true,
            ..Start::default()
        };
        session.step(Input::Start(start), Instant::now());
        session.step(Input::Line("e4".into()), Instant::now());
        session
    }

    fn said(session: &Session, step: &Step) -> Vec<String> {
        let announcer = Announcer::new();
        step.events
            .iter()
            .flat_map(|e: &Event| announcer.render(session.settings(), e))
            .collect()
    }

    fn brf_asked(step: &Step) -> Option<bool> {
        step.effects.iter().find_map(|e| match e {
            Effect::Brf(sheet) => Some(sheet.replace),
            _ => None,
        })
    }

    #[test]
    fn a_file_there_is_asked_about_and_yes_replaces_it() {
        let mut s = person();
        let step = s.step(Input::Line("brf n.txt".into()), Instant::now());
        assert_eq!(brf_asked(&step), Some(false));
        let step = s.step(
            Input::Brf(BrfOutcome::Exists("n.txt".into())),
            Instant::now(),
        );
        assert_eq!(
            said(&s, &step),
            ["n.txt is there already. Replace it? Answer yes or no."]
        );
        // A typo keeps the question; yes writes over the file.
        let step = s.step(Input::Line("yess".into()), Instant::now());
        assert_eq!(brf_asked(&step), None);
        let step = s.step(Input::Line("yes".into()), Instant::now());
        assert_eq!(brf_asked(&step), Some(true), "{:?}", said(&s, &step));
    }

    #[test]
    fn no_leaves_the_saved_game_as_it_was() {
        let mut s = person();
        s.step(Input::Line("save mine".into()), Instant::now());
        let taken = Reply::Failed {
            path: "mine".into(),
            trouble: Trouble::Taken,
        };
        let step = s.step(Input::Store(taken), Instant::now());
        assert_eq!(
            said(&s, &step),
            ["A game is saved as mine already. Replace it? Answer yes or no."]
        );
        let step = s.step(Input::Line("no".into()), Instant::now());
        assert_eq!(said(&s, &step), ["Not replaced: mine stays as it was."]);
        // Asked again, yes saves with replace.
        s.step(Input::Line("save mine".into()), Instant::now());
        let taken = Reply::Failed {
            path: "mine".into(),
            trouble: Trouble::Taken,
        };
        s.step(Input::Store(taken), Instant::now());
        let step = s.step(Input::Line("yes".into()), Instant::now());
        let replace = step.effects.iter().find_map(|e| match e {
            Effect::Store(Request::SaveAs { name, replace, .. }) => Some((name.clone(), *replace)),
            _ => None,
        });
        assert_eq!(replace, Some(("mine".to_string(), true)));
    }
}
