//! Our own small bindings to PocketSphinx 5prealpha (Debian's
//! `libpocketsphinx3`): just the calls a grammar decoder needs, behind a [`Decoder`] that owns its handle. The library is linked
//! by `build.rs` through pkg-config.

use std::ffi::{CStr, CString, c_char, c_int, c_void};
use std::ptr;
use std::sync::Once;

#[repr(C)]
struct PsDecoder {
    _private: [u8; 0],
}
#[repr(C)]
struct CmdLn {
    _private: [u8; 0],
}
#[repr(C)]
struct ArgT {
    _private: [u8; 0],
}
#[repr(C)]
struct PsSeg {
    _private: [u8; 0],
}

// Ours, in cmn.c: the decoder's cepstral mean.
unsafe extern "C" {
    fn annabella_cmn_len(ps: *mut PsDecoder) -> c_int;
    fn annabella_cmn_get(ps: *mut PsDecoder, out: *mut f32, len: c_int) -> c_int;
    fn annabella_cmn_set(ps: *mut PsDecoder, vec: *const f32, len: c_int) -> c_int;
}

unsafe extern "C" {
    fn ps_args() -> *const ArgT;
    fn cmd_ln_parse_r(
        inout: *mut CmdLn,
        defn: *const ArgT,
        argc: i32,
        argv: *mut *mut c_char,
        strict: c_int,
    ) -> *mut CmdLn;
    fn cmd_ln_free_r(cmdln: *mut CmdLn) -> c_int;
    fn ps_init(config: *mut CmdLn) -> *mut PsDecoder;
    fn ps_free(ps: *mut PsDecoder) -> c_int;
    fn ps_add_word(
        ps: *mut PsDecoder,
        word: *const c_char,
        phones: *const c_char,
        update: c_int,
    ) -> c_int;
    fn ps_lookup_word(ps: *mut PsDecoder, word: *const c_char) -> *mut c_char;
    fn ps_set_jsgf_string(ps: *mut PsDecoder, name: *const c_char, jsgf: *const c_char) -> c_int;
    fn ps_set_search(ps: *mut PsDecoder, name: *const c_char) -> c_int;
    fn ps_start_utt(ps: *mut PsDecoder) -> c_int;
    fn ps_process_raw(
        ps: *mut PsDecoder,
        data: *const i16,
        n_samples: usize,
        no_search: c_int,
        full_utt: c_int,
    ) -> c_int;
    fn ps_end_utt(ps: *mut PsDecoder) -> c_int;
    fn ps_get_hyp(ps: *mut PsDecoder, out_best_score: *mut i32) -> *const c_char;
    fn ps_seg_iter(ps: *mut PsDecoder) -> *mut PsSeg;
    fn ps_seg_next(seg: *mut PsSeg) -> *mut PsSeg;
    fn ps_seg_prob(seg: *mut PsSeg, ascr: *mut i32, lscr: *mut i32, lback: *mut i32) -> i32;
    fn ps_seg_word(seg: *mut PsSeg) -> *const c_char;
    fn ps_seg_frames(seg: *mut PsSeg, sf: *mut c_int, ef: *mut c_int);
    fn err_set_logfp(stream: *mut c_void);
    fn ckd_free(ptr: *mut c_void);
}

/// One piece of a decoded path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Segment {
    /// The word or phone (`<sil>`, `SIL`, `[NOISE]` for fillers).
    pub word: String,
    /// Its first frame (10 ms each).
    pub first: usize,
    /// Its last frame.
    pub last: usize,
    /// Its acoustic score (the model's log base, scaled).
    pub acoustic: i64,
}

/// A PocketSphinx decoder. It is used by one thread at a time (the
/// recogniser's), which is all `Send` promises.
pub struct Decoder {
    ps: *mut PsDecoder,
    in_utterance: bool,
}

// SAFETY: the decoder has no thread affinity; it is moved to the
// recogniser's thread and used there only (`Decoder` is not `Sync`).
unsafe impl Send for Decoder {}

static QUIET: Once = Once::new();

fn c(text: &str) -> Result<CString, String> {
    CString::new(text).map_err(|_| format!("a NUL byte in {text:?}"))
}

impl Decoder {
    /// A decoder configured by command-line style pairs
    /// (`("-hmm", path)`, ...). PocketSphinx's own log is switched off:
    /// it would write pages to the player's terminal.
    pub fn new(args: &[(&str, &str)]) -> Result<Decoder, String> {
        QUIET.call_once(|| {
            // SAFETY: a null stream tells sphinxbase to log nothing.
            unsafe { err_set_logfp(ptr::null_mut()) }
        });
        let owned: Vec<CString> = args
            .iter()
            .flat_map(|(k, v)| [c(k), c(v)])
            .collect::<Result<_, _>>()?;
        let mut argv: Vec<*mut c_char> = owned.iter().map(|s| s.as_ptr().cast_mut()).collect();
        let argc = i32::try_from(argv.len()).map_err(|_| "too many arguments".to_string())?;
        // SAFETY: argv points into `owned`, alive for the call; the
        // parser copies what it keeps.
        let config =
            unsafe { cmd_ln_parse_r(ptr::null_mut(), ps_args(), argc, argv.as_mut_ptr(), 1) };
        if config.is_null() {
            return Err("PocketSphinx refused its configuration".to_string());
        }
        // SAFETY: config is valid; ps_init takes its own reference.
        let ps = unsafe { ps_init(config) };
        // SAFETY: our reference to config is released either way.
        unsafe { cmd_ln_free_r(config) };
        if ps.is_null() {
            return Err("PocketSphinx could not load its model".to_string());
        }
        Ok(Decoder {
            ps,
            in_utterance: false,
        })
    }

    /// Whether the dictionary has `word`.
    pub fn knows(&self, word: &str) -> bool {
        self.phones(word).is_some()
    }

    /// The phones of `word` in the dictionary (its first pronunciation).
    pub fn phones(&self, word: &str) -> Option<String> {
        let w = c(word).ok()?;
        // SAFETY: ps and w are valid; the result is ours to free.
        let found = unsafe { ps_lookup_word(self.ps, w.as_ptr()) };
        if found.is_null() {
            return None;
        }
        // SAFETY: a NUL-terminated string allocated by sphinxbase's
        // allocator, copied before it is freed.
        let phones = unsafe { CStr::from_ptr(found) }
            .to_string_lossy()
            .into_owned();
        // SAFETY: as above.
        unsafe { ckd_free(found.cast()) };
        Some(phones)
    }

    /// Adds `word` (an alternative as `word(2)`) with its phones.
    pub fn add_word(&mut self, word: &str, phones: &str) -> Result<(), String> {
        let (w, p) = (c(word)?, c(phones)?);
        // SAFETY: valid strings; update=1 makes the word usable at once.
        let id = unsafe { ps_add_word(self.ps, w.as_ptr(), p.as_ptr(), 1) };
        if id < 0 {
            return Err(format!("PocketSphinx refused the word {word} ({phones})"));
        }
        Ok(())
    }

    /// Makes the JSGF grammar `text` the search called `name` and uses it.
    pub fn set_jsgf(&mut self, name: &str, text: &str) -> Result<(), String> {
        self.abandon();
        let (n, t) = (c(name)?, c(text)?);
        // SAFETY: valid strings, copied by the library.
        if unsafe { ps_set_jsgf_string(self.ps, n.as_ptr(), t.as_ptr()) } < 0 {
            return Err("PocketSphinx refused the grammar".to_string());
        }
        self.use_search(name)
    }

    /// Uses the search called `name`, set before.
    pub fn use_search(&mut self, name: &str) -> Result<(), String> {
        let n = c(name)?;
        // SAFETY: valid string.
        if unsafe { ps_set_search(self.ps, n.as_ptr()) } < 0 {
            return Err(format!("PocketSphinx has no search {name}"));
        }
        Ok(())
    }

    /// Starts an utterance.
    pub fn start(&mut self) {
        self.abandon();
        // SAFETY: valid decoder.
        self.in_utterance = unsafe { ps_start_utt(self.ps) } >= 0;
    }

    /// Feeds 16 kHz mono samples to the utterance under way.
    pub fn feed(&mut self, samples: &[i16]) {
        if self.in_utterance && !samples.is_empty() {
            // SAFETY: the slice is valid for its length.
            unsafe { ps_process_raw(self.ps, samples.as_ptr(), samples.len(), 0, 0) };
        }
    }

    /// The decoder's running cepstral mean (the features' average so
    /// far, which it subtracts from each frame).
    pub fn mean(&self) -> Option<Vec<f32>> {
        // SAFETY: valid decoder.
        let len = unsafe { annabella_cmn_len(self.ps) };
        let mut out = vec![0f32; usize::try_from(len).ok().filter(|&n| n > 0)?];
        // SAFETY: `out` holds `len` floats.
        let got = unsafe { annabella_cmn_get(self.ps, out.as_mut_ptr(), len) };
        (got == len).then_some(out)
    }

    /// Sets the running cepstral mean; whether it was taken.
    pub fn set_mean(&mut self, mean: &[f32]) -> bool {
        let Ok(len) = c_int::try_from(mean.len()) else {
            return false;
        };
        // SAFETY: `mean` holds `len` floats; the library copies them.
        let took = unsafe { annabella_cmn_set(self.ps, mean.as_ptr(), len) };
        took > 0 && took == len
    }

    /// Decodes a whole utterance from the running cepstral mean `mean`,
    /// fed as a microphone's would be: its best path's score, or `None`.
    /// (The library's own whole-utterance decoding, with the utterance's
    /// own mean, heard "knight foxtrot three" as "foxtrot three" where
    /// streaming heard it right.)
    pub fn decode_from(&mut self, mean: &[f32], samples: &[i16]) -> Option<i64> {
        if !self.set_mean(mean) {
            return None;
        }
        self.start();
        for chunk in samples.chunks(320) {
            self.feed(chunk);
        }
        self.finish()?;
        self.score()
    }

    /// Ends the utterance; its best words, or `None` for no words.
    pub fn finish(&mut self) -> Option<String> {
        if !self.in_utterance {
            return None;
        }
        self.in_utterance = false;
        // SAFETY: valid decoder inside an utterance.
        unsafe { ps_end_utt(self.ps) };
        self.best()
    }

    /// The best path's whole score (acoustic and grammar), after an
    /// utterance; `None` when nothing was heard.
    pub fn score(&mut self) -> Option<i64> {
        let mut score = 0i32;
        // SAFETY: valid decoder; the string is not kept.
        let hyp = unsafe { ps_get_hyp(self.ps, &mut score) };
        (!hyp.is_null()).then_some(i64::from(score))
    }

    /// The best words so far, during an utterance or after it.
    pub fn best(&mut self) -> Option<String> {
        let mut score = 0i32;
        // SAFETY: valid decoder; the string belongs to the decoder and
        // is copied at once.
        let hyp = unsafe { ps_get_hyp(self.ps, &mut score) };
        if hyp.is_null() {
            return None;
        }
        // SAFETY: a NUL-terminated string from the library.
        Some(
            unsafe { CStr::from_ptr(hyp) }
                .to_string_lossy()
                .into_owned(),
        )
    }

    /// The best path's pieces (words, and fillers such as `<sil>`), each
    /// with its frames and its acoustic score alone, without the
    /// grammar's or the language model's part: what the confidence is
    /// made of.
    pub fn segments(&mut self) -> Vec<Segment> {
        let mut out = Vec::new();
        // SAFETY: valid decoder; the iterator is walked to its end, where
        // the library frees it.
        let mut seg = unsafe { ps_seg_iter(self.ps) };
        while !seg.is_null() {
            let (mut ascr, mut lscr, mut lback) = (0, 0, 0);
            let (mut sf, mut ef) = (0, 0);
            // SAFETY: seg is a live iterator; the word is copied at once.
            let word = unsafe {
                ps_seg_prob(seg, &mut ascr, &mut lscr, &mut lback);
                ps_seg_frames(seg, &mut sf, &mut ef);
                CStr::from_ptr(ps_seg_word(seg))
                    .to_string_lossy()
                    .into_owned()
            };
            out.push(Segment {
                word,
                first: usize::try_from(sf).unwrap_or(0),
                last: usize::try_from(ef).unwrap_or(0),
                acoustic: i64::from(ascr),
            });
            // SAFETY: returns null after freeing at the end.
            seg = unsafe { ps_seg_next(seg) };
        }
        out
    }

    fn abandon(&mut self) {
        if self.in_utterance {
            // SAFETY: valid decoder inside an utterance.
            unsafe { ps_end_utt(self.ps) };
            self.in_utterance = false;
        }
    }
}

impl Drop for Decoder {
    fn drop(&mut self) {
        self.abandon();
        // SAFETY: we own the only reference.
        unsafe { ps_free(self.ps) };
    }
}
