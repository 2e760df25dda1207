//! Whisper's encoder and decoder over the variables of a CTranslate2
//! model file (names as its `WhisperSpec` writes them: pre-norm blocks,
//! self-attention with Q, K and V fused in one matrix, cross-attention
//! with K and V fused, the output projection tied to the token
//! embedding).

use candle_core::{D, DType, Device, Tensor};

use super::ct2::{ReadError, Variables};

/// Whisper's layer norms all use this epsilon.
const EPSILON: f32 = 1e-5;

type Result<T> = candle_core::Result<T>;

/// A dense layer: `x Wᵀ + b`, W stored as CTranslate2 stores it
/// (`[out, in]`).
struct Linear {
    weight: Tensor,
    bias: Option<Tensor>,
}

impl Linear {
    fn load(v: &Variables, name: &str) -> std::result::Result<Linear, ReadError> {
        let weight = v.tensor(&format!("{name}/weight"))?;
        let bias = v.tensor(&format!("{name}/bias")).ok();
        Ok(Linear { weight, bias })
    }

    /// The rows `start..start + len` of the output only (the parts of a
    /// fused projection).
    fn part(&self, start: usize, len: usize) -> Result<Linear> {
        Ok(Linear {
            weight: self.weight.narrow(0, start, len)?.contiguous()?,
            bias: match &self.bias {
                Some(b) => Some(b.narrow(0, start, len)?.contiguous()?),
                None => None,
            },
        })
    }

    fn forward(&self, x: &Tensor) -> Result<Tensor> {
        // Folded to two dimensions: one plain matrix product, no
        // broadcast copy of the weight per batch entry.
        let (b, t, d) = x.dims3()?;
        let y = x
            .reshape((b * t, d))?
            .matmul(&self.weight.t()?)?
            .reshape((b, t, ()))?;
        match &self.bias {
            Some(b) => y.broadcast_add(b),
            None => Ok(y),
        }
    }
}

struct Norm {
    gamma: Tensor,
    beta: Tensor,
}

impl Norm {
    fn load(v: &Variables, name: &str) -> std::result::Result<Norm, ReadError> {
        Ok(Norm {
            gamma: v.tensor(&format!("{name}/gamma"))?,
            beta: v.tensor(&format!("{name}/beta"))?,
        })
    }

    fn forward(&self, x: &Tensor) -> Result<Tensor> {
        candle_nn::ops::layer_norm(x, &self.gamma, &self.beta, EPSILON)
    }
}

/// The feed-forward part of a block (with its own pre-norm).
struct Ffn {
    norm: Norm,
    up: Linear,
    down: Linear,
}

impl Ffn {
    fn load(v: &Variables, name: &str) -> std::result::Result<Ffn, ReadError> {
        Ok(Ffn {
            norm: Norm::load(v, &format!("{name}/layer_norm"))?,
            up: Linear::load(v, &format!("{name}/linear_0"))?,
            down: Linear::load(v, &format!("{name}/linear_1"))?,
        })
    }

    fn forward(&self, x: &Tensor) -> Result<Tensor> {
        let h = self.up.forward(&self.norm.forward(x)?)?.gelu_erf()?;
        x + self.down.forward(&h)?
    }
}

/// Self-attention with its pre-norm: Q, K, V split out of the fused
/// matrix once, at load.
struct SelfAttention {
    norm: Norm,
    q: Linear,
    k: Linear,
    v: Linear,
    out: Linear,
}

impl SelfAttention {
    fn load(v: &Variables, name: &str, d: usize) -> std::result::Result<SelfAttention, ReadError> {
        let fused = Linear::load(v, &format!("{name}/linear_0"))?;
        let broken = |_| ReadError::Broken;
        Ok(SelfAttention {
            norm: Norm::load(v, &format!("{name}/layer_norm"))?,
            q: fused.part(0, d).map_err(broken)?,
            k: fused.part(d, d).map_err(broken)?,
            v: fused.part(2 * d, d).map_err(broken)?,
            out: Linear::load(v, &format!("{name}/linear_1"))?,
        })
    }
}

/// Cross-attention with its pre-norm; K and V of the encoder output are
/// computed once per utterance (`Cross`).
struct CrossAttention {
    norm: Norm,
    q: Linear,
    k: Linear,
    v: Linear,
    out: Linear,
}

impl CrossAttention {
    fn load(v: &Variables, name: &str, d: usize) -> std::result::Result<CrossAttention, ReadError> {
        let fused = Linear::load(v, &format!("{name}/linear_1"))?;
        let broken = |_| ReadError::Broken;
        Ok(CrossAttention {
            norm: Norm::load(v, &format!("{name}/layer_norm"))?,
            q: Linear::load(v, &format!("{name}/linear_0"))?,
            k: fused.part(0, d).map_err(broken)?,
            v: fused.part(d, d).map_err(broken)?,
            out: Linear::load(v, &format!("{name}/linear_2"))?,
        })
    }
}

/// `[b, t, d]` → `[b, heads, t, d / heads]`.
fn split_heads(x: &Tensor, heads: usize) -> Result<Tensor> {
    let (b, t, d) = x.dims3()?;
    x.reshape((b, t, heads, d / heads))?
        .transpose(1, 2)?
        .contiguous()
}

/// `[b, heads, t, dh]` → `[b, t, heads × dh]`.
fn join_heads(x: &Tensor) -> Result<Tensor> {
    let (b, h, t, dh) = x.dims4()?;
    x.transpose(1, 2)?.contiguous()?.reshape((b, t, h * dh))
}

/// Scaled dot-product attention, `mask` added to the scores.
fn attend(q: &Tensor, k: &Tensor, v: &Tensor, mask: Option<&Tensor>) -> Result<Tensor> {
    let scale = 1.0 / (q.dim(D::Minus1)? as f64).sqrt();
    let scores = (q.matmul(&k.t()?)? * scale)?;
    let scores = match mask {
        Some(m) => scores.broadcast_add(m)?,
        None => scores,
    };
    candle_nn::ops::softmax_last_dim(&scores)?.matmul(v)
}

struct EncoderBlock {
    attention: SelfAttention,
    ffn: Ffn,
}

struct DecoderBlock {
    attention: SelfAttention,
    cross: CrossAttention,
    ffn: Ffn,
}

/// One Whisper model's weights and shape.
pub struct Whisper {
    heads_encoder: usize,
    heads_decoder: usize,
    conv1: (Tensor, Tensor),
    conv2: (Tensor, Tensor),
    encoder_positions: Tensor,
    encoder: Vec<EncoderBlock>,
    encoder_norm: Norm,
    embedding: Tensor,
    decoder_positions: Tensor,
    decoder: Vec<DecoderBlock>,
    decoder_norm: Norm,
    /// The token embedding's rows below `<|endoftext|>`, transposed for
    /// the output projection over text tokens.
    text_projection: Tensor,
    /// The whole embedding, transposed (greedy decoding also looks at
    /// `<|endoftext|>`).
    projection: Tensor,
    /// `<|endoftext|>`: the first id that is not a text token.
    pub eot: u32,
}

/// What the decoder needs of one utterance: each layer's K and V of the
/// encoder output, `[heads, frames, dh]`.
pub struct Cross {
    layers: Vec<(Tensor, Tensor)>,
}

/// One decoder step's output for a batch: the hidden state after the
/// final norm `[b, d]`, and each layer's K and V of every position so far
/// (the past and this step), `[b, heads, position + 1, dh]`.
pub struct Step {
    pub hidden: Tensor,
    pub kv: Vec<(Tensor, Tensor)>,
}

/// The number of `…/layer_N/…` blocks of `part` in the file.
fn count_layers(v: &Variables, part: &str) -> usize {
    (0..)
        .take_while(|i| v.has(&format!("{part}/layer_{i}/ffn/linear_0/weight")))
        .count()
}

impl Whisper {
    /// The model from a file's variables; `Broken` if anything is
    /// missing or of the wrong shape.
    pub fn new(v: &Variables) -> std::result::Result<Whisper, ReadError> {
        let broken = |_| ReadError::Broken;
        let heads_encoder = v.scalar("encoder/num_heads").ok_or(ReadError::Broken)? as usize;
        let heads_decoder = v.scalar("decoder/num_heads").ok_or(ReadError::Broken)? as usize;
        let embedding = v.tensor("decoder/embeddings/weight")?;
        let (vocabulary, d) = embedding.dims2().map_err(broken)?;
        if heads_encoder == 0
            || heads_decoder == 0
            || d % heads_encoder != 0
            || d % heads_decoder != 0
        {
            return Err(ReadError::Broken);
        }
        // English-only models have 51 864 tokens, `<|endoftext|>` 50 256;
        // multilingual ones one more, and the end one further.
        let eot: u32 = if vocabulary >= 51865 { 50257 } else { 50256 };
        if vocabulary <= eot as usize {
            return Err(ReadError::Broken);
        }
        let layers_e = count_layers(v, "encoder");
        let layers_d = count_layers(v, "decoder");
        if layers_e == 0 || layers_d == 0 {
            return Err(ReadError::Broken);
        }
        let mut encoder = Vec::new();
        for i in 0..layers_e {
            let name = format!("encoder/layer_{i}");
            encoder.push(EncoderBlock {
                attention: SelfAttention::load(v, &format!("{name}/self_attention"), d)?,
                ffn: Ffn::load(v, &format!("{name}/ffn"))?,
            });
        }
        let mut decoder = Vec::new();
        for i in 0..layers_d {
            let name = format!("decoder/layer_{i}");
            decoder.push(DecoderBlock {
                attention: SelfAttention::load(v, &format!("{name}/self_attention"), d)?,
                cross: CrossAttention::load(v, &format!("{name}/attention"), d)?,
                ffn: Ffn::load(v, &format!("{name}/ffn"))?,
            });
        }
        let text_projection = embedding
            .narrow(0, 0, eot as usize)
            .and_then(|e| e.t()?.contiguous())
            .map_err(broken)?;
        let projection = embedding.t().and_then(|e| e.contiguous()).map_err(broken)?;
        let whisper = Whisper {
            heads_encoder,
            heads_decoder,
            conv1: (
                v.tensor("encoder/conv1/weight")?,
                v.tensor("encoder/conv1/bias")?,
            ),
            conv2: (
                v.tensor("encoder/conv2/weight")?,
                v.tensor("encoder/conv2/bias")?,
            ),
            encoder_positions: v.tensor("encoder/position_encodings/encodings")?,
            encoder,
            encoder_norm: Norm::load(v, "encoder/layer_norm")?,
            embedding,
            decoder_positions: v.tensor("decoder/position_encodings/encodings")?,
            decoder,
            decoder_norm: Norm::load(v, "decoder/layer_norm")?,
            text_projection,
            projection,
            eot,
        };
        whisper.check_shapes().map_err(|_| ReadError::Broken)?;
        Ok(whisper)
    }

    /// Runs a tiny input through everything once, so that a file whose
    /// shapes do not fit together is found at load, not mid-game.
    fn check_shapes(&self) -> Result<()> {
        let mel = Tensor::zeros((self.mels()?, 4), DType::F32, &Device::Cpu)?;
        let cross = self.cross(&self.encode(&mel)?)?;
        let step = self.step(&[0], 0, &[], &cross)?;
        self.text_log_probs(&step.hidden)?;
        Ok(())
    }

    /// The number of mel bins the first convolution expects.
    pub fn mels(&self) -> Result<usize> {
        self.conv1.0.dim(1)
    }

    /// The most positions the decoder knows.
    pub fn max_positions(&self) -> usize {
        self.decoder_positions.dims().first().copied().unwrap_or(0)
    }

    /// The most mel frames the encoder takes (twice its positions).
    pub fn max_frames(&self) -> usize {
        2 * self.encoder_positions.dims().first().copied().unwrap_or(0)
    }

    /// The encoder over a log-mel `[mels, frames]` (frames ≤
    /// `max_frames`): `[1, frames / 2, d]`.
    pub fn encode(&self, mel: &Tensor) -> Result<Tensor> {
        let x = mel.unsqueeze(0)?;
        let x = x
            .conv1d(&self.conv1.0, 1, 1, 1, 1)?
            .broadcast_add(&self.conv1.1.unsqueeze(1)?)?
            .gelu_erf()?;
        let x = x
            .conv1d(&self.conv2.0, 1, 2, 1, 1)?
            .broadcast_add(&self.conv2.1.unsqueeze(1)?)?
            .gelu_erf()?;
        let x = x.transpose(1, 2)?;
        let frames = x.dim(1)?;
        let mut x = x.broadcast_add(&self.encoder_positions.narrow(0, 0, frames)?)?;
        for block in &self.encoder {
            let a = &block.attention;
            let h = a.norm.forward(&x)?;
            let q = split_heads(&a.q.forward(&h)?, self.heads_encoder)?;
            let k = split_heads(&a.k.forward(&h)?, self.heads_encoder)?;
            let v = split_heads(&a.v.forward(&h)?, self.heads_encoder)?;
            let o = a.out.forward(&join_heads(&attend(&q, &k, &v, None)?)?)?;
            x = block.ffn.forward(&(x + o)?)?;
        }
        self.encoder_norm.forward(&x)
    }

    /// Each decoder layer's cross-attention K and V of an encoder output.
    pub fn cross(&self, encoded: &Tensor) -> Result<Cross> {
        let mut layers = Vec::with_capacity(self.decoder.len());
        for block in &self.decoder {
            let k = split_heads(&block.cross.k.forward(encoded)?, self.heads_decoder)?;
            let v = split_heads(&block.cross.v.forward(encoded)?, self.heads_decoder)?;
            layers.push((k.squeeze(0)?, v.squeeze(0)?));
        }
        Ok(Cross { layers })
    }

    /// One decoder step for a batch of `tokens`, all at `position`; `past`
    /// holds each layer's K and V of the positions before,
    /// `[b, heads, position, dh]` (empty at position 0).
    pub fn step(
        &self,
        tokens: &[u32],
        position: usize,
        past: &[(Tensor, Tensor)],
        cross: &Cross,
    ) -> Result<Step> {
        let b = tokens.len();
        let ids = Tensor::new(tokens, &Device::Cpu)?;
        let x = self.embedding.index_select(&ids, 0)?;
        let x = x.broadcast_add(&self.decoder_positions.get(position)?)?;
        let mut x = x.unsqueeze(1)?;
        let mut kv = Vec::with_capacity(self.decoder.len());
        for (i, block) in self.decoder.iter().enumerate() {
            let a = &block.attention;
            let h = a.norm.forward(&x)?;
            let q = split_heads(&a.q.forward(&h)?, self.heads_decoder)?;
            let k = split_heads(&a.k.forward(&h)?, self.heads_decoder)?;
            let v = split_heads(&a.v.forward(&h)?, self.heads_decoder)?;
            let (ks, vs) = match past.get(i) {
                Some((pk, pv)) => (Tensor::cat(&[pk, &k], 2)?, Tensor::cat(&[pv, &v], 2)?),
                None => (k.clone(), v.clone()),
            };
            let o = a.out.forward(&join_heads(&attend(&q, &ks, &vs, None)?)?)?;
            kv.push((ks, vs));
            x = (x + o)?;
            x = (&x + self.cross_attend(block, &x, &cross.layers[i], b)?)?;
            x = block.ffn.forward(&x)?;
        }
        let hidden = self.decoder_norm.forward(&x.squeeze(1)?)?;
        Ok(Step { hidden, kv })
    }

    /// Cross-attention of one step's `[b, 1, d]` queries: the heads become
    /// the batch so that the utterance's K and V are used as they are,
    /// not copied per node.
    fn cross_attend(
        &self,
        block: &DecoderBlock,
        x: &Tensor,
        (k, v): &(Tensor, Tensor),
        b: usize,
    ) -> Result<Tensor> {
        let c = &block.cross;
        let q = c.q.forward(&c.norm.forward(x)?)?;
        let heads = self.heads_decoder;
        let dh = q.dim(2)? / heads;
        // [b, 1, d] → [heads, b, dh]
        let q = q.reshape((b, heads, dh))?.transpose(0, 1)?.contiguous()?;
        let o = attend(&q, k, v, None)?;
        let o = o
            .transpose(0, 1)?
            .contiguous()?
            .reshape((b, 1, heads * dh))?;
        c.out.forward(&o)
    }

    /// Log-probabilities over the text tokens (ids below
    /// `<|endoftext|>`), as CTranslate2's `align` normalises them:
    /// `[b, eot]`.
    pub fn text_log_probs(&self, hidden: &Tensor) -> Result<Tensor> {
        candle_nn::ops::log_softmax(&hidden.matmul(&self.text_projection)?, D::Minus1)
    }

    /// Logits over the whole vocabulary `[b, vocabulary]`.
    pub fn logits(&self, hidden: &Tensor) -> Result<Tensor> {
        hidden.matmul(&self.projection)
    }
}
