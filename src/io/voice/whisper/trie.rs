//! Forced decoding of many token sequences at once over a trie: a prefix
//! that several sequences share (the start tokens, " Springer Felix") is
//! decoded once, every node of one depth is one batched decoder step
//! that reuses its parent's self-attention K and V, and a node far
//! behind the best of its depth is not expanded further.

use std::collections::HashMap;

use candle_core::{Device, Tensor};

use super::model::{Cross, Whisper};

/// A trie of token sequences (each: the model's prefix, then a phrase's
/// tokens).
pub struct Trie {
    nodes: Vec<Node>,
    /// Each sequence's last node, in the order given.
    ends: Vec<usize>,
}

struct Node {
    token: u32,
    parent: usize,
    depth: usize,
    children: Vec<usize>,
}

/// What forced decoding gave one sequence: the sum of log p of its text
/// tokens (softmax over the text tokens only) and how many there were.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Score {
    /// Σ log p of the text tokens.
    pub logp: f32,
    /// The number of text tokens (ids below `<|endoftext|>`).
    pub tokens: usize,
}

/// The outcome of one walk: a score per sequence (`None`: pruned) and
/// how many nodes were run through the decoder.
pub struct Walk {
    /// Per sequence, in the order the trie was built from.
    pub scores: Vec<Option<Score>>,
    /// Nodes expanded (decoder steps, summed over the batches).
    pub expanded: usize,
}

impl Trie {
    /// The trie of `sequences`; equal sequences share their node.
    pub fn new(sequences: &[Vec<u32>]) -> Trie {
        let mut nodes = vec![Node {
            token: 0,
            parent: 0,
            depth: 0,
            children: Vec::new(),
        }];
        let mut index: HashMap<(usize, u32), usize> = HashMap::new();
        let mut ends = Vec::with_capacity(sequences.len());
        for sequence in sequences {
            let mut at = 0;
            for &token in sequence {
                at = match index.get(&(at, token)) {
                    Some(&child) => child,
                    None => {
                        let child = nodes.len();
                        let depth = nodes[at].depth + 1;
                        nodes.push(Node {
                            token,
                            parent: at,
                            depth,
                            children: Vec::new(),
                        });
                        nodes[at].children.push(child);
                        index.insert((at, token), child);
                        child
                    }
                };
            }
            ends.push(at);
        }
        Trie { nodes, ends }
    }

    /// The number of nodes, the root included.
    pub fn nodes(&self) -> usize {
        self.nodes.len()
    }

    /// The number of sequences it was built from.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// Whether it was built from no sequence.
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }
}

/// The running state of a node during a walk.
#[derive(Copy, Clone)]
struct State {
    logp: f32,
    tokens: usize,
    alive: bool,
    /// Its row in its depth's batch, once expanded.
    row: Option<usize>,
}

/// Walks `trie` breadth-first over one utterance. The first token of
/// every sequence (`<|startoftranscript|>`) is given, not scored; tokens
/// at or above `eot` (the language, task and no-timestamps tokens) are
/// decoded but not scored either.
pub fn walk(
    model: &Whisper,
    cross: &Cross,
    trie: &Trie,
    prune: f32,
    bonus: f32,
) -> candle_core::Result<Walk> {
    let mut state = vec![
        State {
            logp: 0.0,
            tokens: 0,
            alive: true,
            row: None,
        };
        trie.nodes.len()
    ];
    let mut expanded = 0;
    let mut frontier: Vec<usize> = trie.nodes[0].children.clone();
    let mut past: Vec<(Tensor, Tensor)> = Vec::new();
    let mut depth = 1;
    while !frontier.is_empty() {
        let batch: Vec<usize> = frontier
            .iter()
            .copied()
            .filter(|&n| state[n].alive && !trie.nodes[n].children.is_empty())
            .collect();
        if batch.is_empty() {
            break;
        }
        if depth > model.max_positions() {
            return Err(candle_core::Error::Msg("sequence too long".into()));
        }
        let tokens: Vec<u32> = batch.iter().map(|&n| trie.nodes[n].token).collect();
        let parents = gather_past(&past, trie, &state, &batch)?;
        let step = model.step(&tokens, depth - 1, &parents, cross)?;
        expanded += batch.len();
        for (row, &n) in batch.iter().enumerate() {
            state[n].row = Some(row);
        }
        score_children(model, trie, &mut state, &batch, &step.hidden)?;
        past = step.kv;
        frontier = batch
            .iter()
            .flat_map(|&n| trie.nodes[n].children.iter().copied())
            .collect();
        prune_behind(&mut state, &frontier, prune, bonus);
        depth += 1;
    }
    let scores = trie
        .ends
        .iter()
        .map(|&end| {
            let s = state[end];
            (s.alive && reached(trie, &state, end)).then_some(Score {
                logp: s.logp,
                tokens: s.tokens,
            })
        })
        .collect();
    Ok(Walk { scores, expanded })
}

/// Whether every node above `end` was expanded (so `end`'s score is
/// complete).
fn reached(trie: &Trie, state: &[State], end: usize) -> bool {
    let mut at = trie.nodes[end].parent;
    while at != 0 {
        if state[at].row.is_none() || !state[at].alive {
            return false;
        }
        at = trie.nodes[at].parent;
    }
    true
}

/// The batch's past K and V: each parent's row of the previous depth's
/// caches (empty at depth 1).
fn gather_past(
    past: &[(Tensor, Tensor)],
    trie: &Trie,
    state: &[State],
    batch: &[usize],
) -> candle_core::Result<Vec<(Tensor, Tensor)>> {
    if past.is_empty() {
        return Ok(Vec::new());
    }
    let rows: Vec<u32> = batch
        .iter()
        .map(|&n| state[trie.nodes[n].parent].row.unwrap_or(0) as u32)
        .collect();
    let rows = Tensor::new(rows.as_slice(), &Device::Cpu)?;
    past.iter()
        .map(|(k, v)| Ok((k.index_select(&rows, 0)?, v.index_select(&rows, 0)?)))
        .collect()
}

/// Gives every child of the batch its score: the parent's, plus log p of
/// the child's token if it is a text token.
fn score_children(
    model: &Whisper,
    trie: &Trie,
    state: &mut [State],
    batch: &[usize],
    hidden: &Tensor,
) -> candle_core::Result<()> {
    let eot = model.eot;
    // Only the rows with a text token below them need the projection.
    let mut rows = Vec::new();
    let mut wanted = Vec::new();
    for (row, &n) in batch.iter().enumerate() {
        let text: Vec<usize> = trie.nodes[n]
            .children
            .iter()
            .copied()
            .filter(|&c| trie.nodes[c].token < eot)
            .collect();
        if !text.is_empty() {
            rows.push(row as u32);
            wanted.push(text);
        }
        for &c in &trie.nodes[n].children {
            state[c].logp = state[n].logp;
            state[c].tokens = state[n].tokens;
        }
    }
    if rows.is_empty() {
        return Ok(());
    }
    let picked = hidden.index_select(&Tensor::new(rows.as_slice(), &Device::Cpu)?, 0)?;
    let log_probs = model.text_log_probs(&picked)?.flatten_all()?;
    let mut at = Vec::new();
    for (i, children) in wanted.iter().enumerate() {
        for &c in children {
            at.push(i as u32 * eot + trie.nodes[c].token);
        }
    }
    let values: Vec<f32> = log_probs
        .index_select(&Tensor::new(at.as_slice(), &Device::Cpu)?, 0)?
        .to_vec1()?;
    for (&c, value) in wanted.iter().flatten().zip(values) {
        state[c].logp += value;
        state[c].tokens += 1;
    }
    Ok(())
}

/// Marks the nodes of one depth whose partial score (Σ log p + bonus per
/// token) is more than `prune` below the best of that depth.
fn prune_behind(state: &mut [State], depth: &[usize], prune: f32, bonus: f32) {
    let partial = |s: &State| s.logp + bonus * s.tokens as f32;
    let best = depth
        .iter()
        .map(|&n| partial(&state[n]))
        .fold(f32::NEG_INFINITY, f32::max);
    for &n in depth {
        // NaN partials (a broken model) are pruned too.
        let keep = partial(&state[n]) >= best - prune;
        if !keep {
            state[n].alive = false;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shared_prefixes_share_nodes_and_equal_sequences_one_end() {
        let trie = Trie::new(&[vec![1, 2, 3], vec![1, 2, 4], vec![1, 5], vec![1, 2, 3]]);
        // root, 1, 2, 3, 4, 5
        assert_eq!(trie.nodes(), 6);
        assert_eq!(trie.len(), 4);
        assert_eq!(trie.ends[0], trie.ends[3]);
        assert_ne!(trie.ends[0], trie.ends[1]);
        assert_eq!(trie.nodes[trie.ends[2]].depth, 2);
    }

    #[test]
    fn pruning_drops_what_is_far_behind_the_best_of_its_depth() {
        let s = |logp: f32, tokens| State {
            logp,
            tokens,
            alive: true,
            row: None,
        };
        let mut state = vec![s(-1.0, 2), s(-9.0, 2), s(-20.0, 2), s(f32::NAN, 2)];
        prune_behind(&mut state, &[0, 1, 2, 3], 10.0, 3.0);
        let alive: Vec<bool> = state.iter().map(|s| s.alive).collect();
        assert_eq!(alive, vec![true, true, false, false]);
    }
}
