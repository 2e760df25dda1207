//! CTranslate2's own model file (`model.bin`) read into candle tensors.
//!
//! The layout, as CTranslate2's converter writes it (all integers little
//! endian): u32 binary version; the spec's name as a string (u16 length
//! counting a closing NUL, the bytes, the NUL); u32 revision; u32 number
//! of variables, each a string name, u8 rank, rank × u32 dimensions, u8
//! data type, u32 byte count and the bytes; then u32 number of aliases,
//! each two strings (alias, variable). Every count is checked against
//! what is left of the file before anything is allocated, so a cut or
//! garbage file is `Broken`, never a panic or a huge allocation.

use std::collections::HashMap;
use std::io::Read;

use candle_core::{Device, Tensor};

/// Why the file could not be turned into tensors.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReadError {
    /// Reading failed half way (the disk, not the content).
    Io(std::io::ErrorKind),
    /// The content is not a CTranslate2 model we understand.
    Broken,
}

/// For logs and developers; the player hears the announcer's words.
impl std::fmt::Display for ReadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReadError::Io(kind) => write!(f, "model file read failed: {kind}"),
            ReadError::Broken => f.write_str("not a CTranslate2 model file"),
        }
    }
}

impl std::error::Error for ReadError {}

/// The binary versions whose layout is the one above (older ones had no
/// aliases or other type tables).
const VERSIONS: std::ops::RangeInclusive<u32> = 5..=6;

/// The variables of one model file: weights as f32 tensors on the CPU,
/// scalar settings (`num_heads`, flags) as integers.
pub struct Variables {
    /// The spec's name, e.g. `WhisperSpec`.
    pub spec: String,
    tensors: HashMap<String, Tensor>,
    scalars: HashMap<String, i64>,
}

impl Variables {
    /// The tensor called `name` (or an alias of it).
    pub fn tensor(&self, name: &str) -> Result<Tensor, ReadError> {
        self.tensors.get(name).cloned().ok_or(ReadError::Broken)
    }

    /// The scalar setting called `name`.
    pub fn scalar(&self, name: &str) -> Option<i64> {
        self.scalars.get(name).copied()
    }

    /// Whether a tensor of that name is in the file.
    pub fn has(&self, name: &str) -> bool {
        self.tensors.contains_key(name)
    }
}

/// A reader that knows how many bytes are left, so that no length read
/// from the file can ask for more than the file holds.
struct Bounded<R> {
    inner: R,
    left: u64,
}

impl<R: Read> Bounded<R> {
    fn bytes(&mut self, count: u64) -> Result<Vec<u8>, ReadError> {
        if count > self.left {
            return Err(ReadError::Broken);
        }
        let size = usize::try_from(count).map_err(|_| ReadError::Broken)?;
        let mut buffer = vec![0u8; size];
        self.inner
            .read_exact(&mut buffer)
            .map_err(|e| match e.kind() {
                std::io::ErrorKind::UnexpectedEof => ReadError::Broken,
                kind => ReadError::Io(kind),
            })?;
        self.left -= count;
        Ok(buffer)
    }

    fn u8(&mut self) -> Result<u8, ReadError> {
        Ok(self.bytes(1)?[0])
    }

    fn u16(&mut self) -> Result<u16, ReadError> {
        let b = self.bytes(2)?;
        Ok(u16::from_le_bytes([b[0], b[1]]))
    }

    fn u32(&mut self) -> Result<u32, ReadError> {
        let b = self.bytes(4)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }

    fn string(&mut self) -> Result<String, ReadError> {
        let length = self.u16()?;
        let mut bytes = self.bytes(u64::from(length))?;
        // The length counts the closing NUL.
        if bytes.pop() != Some(0) {
            return Err(ReadError::Broken);
        }
        String::from_utf8(bytes).map_err(|_| ReadError::Broken)
    }
}

/// CTranslate2's data types, in the order of its `DataType` enum.
#[derive(Copy, Clone, PartialEq, Eq)]
enum DType {
    F32,
    I8,
    I16,
    I32,
    F16,
    Bf16,
}

impl DType {
    fn of(id: u8) -> Result<DType, ReadError> {
        Ok(match id {
            0 => DType::F32,
            1 => DType::I8,
            2 => DType::I16,
            3 => DType::I32,
            4 => DType::F16,
            5 => DType::Bf16,
            _ => return Err(ReadError::Broken),
        })
    }

    fn size(self) -> u64 {
        match self {
            DType::I8 => 1,
            DType::I16 | DType::F16 | DType::Bf16 => 2,
            DType::F32 | DType::I32 => 4,
        }
    }
}

/// One variable's values, widened to f32 (integers exactly).
fn widen(dtype: DType, bytes: &[u8]) -> Vec<f32> {
    match dtype {
        DType::F32 => bytes
            .chunks_exact(4)
            .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            .collect(),
        DType::F16 => bytes
            .chunks_exact(2)
            .map(|b| half::f16::from_le_bytes([b[0], b[1]]).to_f32())
            .collect(),
        DType::Bf16 => bytes
            .chunks_exact(2)
            .map(|b| half::bf16::from_le_bytes([b[0], b[1]]).to_f32())
            .collect(),
        DType::I8 => bytes.iter().map(|&b| f32::from(b as i8)).collect(),
        DType::I16 => bytes
            .chunks_exact(2)
            .map(|b| f32::from(i16::from_le_bytes([b[0], b[1]])))
            .collect(),
        DType::I32 => bytes
            .chunks_exact(4)
            .map(|b| i32::from_le_bytes([b[0], b[1], b[2], b[3]]) as f32)
            .collect(),
    }
}

/// Reads a whole model file of `length` bytes from `source`.
pub fn read(source: impl Read, length: u64) -> Result<Variables, ReadError> {
    let mut file = Bounded {
        inner: source,
        left: length,
    };
    if !VERSIONS.contains(&file.u32()?) {
        return Err(ReadError::Broken);
    }
    let spec = file.string()?;
    let _revision = file.u32()?;
    let count = file.u32()?;
    let mut tensors = HashMap::new();
    let mut scalars = HashMap::new();
    let mut int8 = Vec::new();
    for _ in 0..count {
        let (name, value) = variable(&mut file)?;
        match value {
            Value::Scalar(v) => {
                scalars.insert(name, v);
            }
            Value::Tensor(t, dtype) => {
                if dtype == DType::I8 {
                    int8.push(name.clone());
                }
                tensors.insert(name, t);
            }
        }
    }
    for _ in 0..file.u32()? {
        let alias = file.string()?;
        let target = file.string()?;
        let t = tensors.get(&target).cloned().ok_or(ReadError::Broken)?;
        tensors.insert(alias, t);
    }
    dequantize(&mut tensors, &int8)?;
    Ok(Variables {
        spec,
        tensors,
        scalars,
    })
}

enum Value {
    Scalar(i64),
    Tensor(Tensor, DType),
}

fn variable<R: Read>(file: &mut Bounded<R>) -> Result<(String, Value), ReadError> {
    let name = file.string()?;
    let rank = file.u8()?;
    let mut shape = Vec::with_capacity(usize::from(rank));
    let mut elements: u64 = 1;
    for _ in 0..rank {
        let dim = file.u32()?;
        elements = elements
            .checked_mul(u64::from(dim))
            .ok_or(ReadError::Broken)?;
        shape.push(dim as usize);
    }
    let dtype = DType::of(file.u8()?)?;
    let bytes = u64::from(file.u32()?);
    if Some(bytes) != elements.checked_mul(dtype.size()) {
        return Err(ReadError::Broken);
    }
    let raw = file.bytes(bytes)?;
    let values = widen(dtype, &raw);
    if rank == 0 && dtype != DType::F32 && dtype != DType::F16 && dtype != DType::Bf16 {
        return Ok((name, Value::Scalar(values[0] as i64)));
    }
    let tensor = Tensor::from_vec(values, shape, &Device::Cpu).map_err(|_| ReadError::Broken)?;
    Ok((name, Value::Tensor(tensor, dtype)))
}

/// CTranslate2 stores an int8 weight `w` as `round(w × scale)` with one
/// scale per output row beside it (`…/weight_scale`): divide it back.
fn dequantize(tensors: &mut HashMap<String, Tensor>, int8: &[String]) -> Result<(), ReadError> {
    for name in int8 {
        let Some(scale) = tensors.get(&format!("{name}_scale")) else {
            continue;
        };
        let weight = &tensors[name];
        let rows = weight.dim(0).map_err(|_| ReadError::Broken)?;
        let scale = scale
            .reshape((rows, 1))
            .and_then(|s| weight.broadcast_div(&s))
            .map_err(|_| ReadError::Broken)?;
        tensors.insert(name.clone(), scale);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small model file written the way the converter writes one.
    pub(crate) struct Writer(pub Vec<u8>);

    impl Writer {
        pub fn new(spec: &str, count: u32) -> Writer {
            let mut w = Writer(Vec::new());
            w.0.extend(6u32.to_le_bytes());
            w.string(spec);
            w.0.extend(3u32.to_le_bytes());
            w.0.extend(count.to_le_bytes());
            w
        }

        pub fn string(&mut self, s: &str) {
            self.0.extend((s.len() as u16 + 1).to_le_bytes());
            self.0.extend(s.as_bytes());
            self.0.push(0);
        }

        pub fn f16(&mut self, name: &str, shape: &[u32], values: &[f32]) {
            self.string(name);
            self.0.push(shape.len() as u8);
            for d in shape {
                self.0.extend(d.to_le_bytes());
            }
            self.0.push(4);
            self.0.extend((values.len() as u32 * 2).to_le_bytes());
            for v in values {
                self.0.extend(half::f16::from_f32(*v).to_le_bytes());
            }
        }

        pub fn i16(&mut self, name: &str, value: i16) {
            self.string(name);
            self.0.push(0);
            self.0.push(2);
            self.0.extend(2u32.to_le_bytes());
            self.0.extend(value.to_le_bytes());
        }
    }

    fn small() -> Vec<u8> {
        let mut w = Writer::new("WhisperSpec", 2);
        w.f16("a/weight", &[2, 3], &[1.0, 2.0, 3.0, -4.0, 0.5, 0.25]);
        w.i16("a/num_heads", 6);
        w.0.extend(1u32.to_le_bytes());
        w.string("b/weight");
        w.string("a/weight");
        w.0
    }

    #[test]
    fn a_small_file_reads_into_tensors_scalars_and_aliases() {
        let bytes = small();
        let v = read(&bytes[..], bytes.len() as u64).unwrap();
        assert_eq!(v.spec, "WhisperSpec");
        assert_eq!(v.scalar("a/num_heads"), Some(6));
        let a = v.tensor("a/weight").unwrap();
        assert_eq!(a.dims(), &[2, 3]);
        let values: Vec<Vec<f32>> = v.tensor("b/weight").unwrap().to_vec2().unwrap();
        assert_eq!(values, vec![vec![1.0, 2.0, 3.0], vec![-4.0, 0.5, 0.25]]);
        assert!(v.tensor("c/weight").is_err());
    }

    #[test]
    fn every_cut_of_a_file_is_broken_and_never_panics() {
        let bytes = small();
        for end in 0..bytes.len() {
            let cut = &bytes[..end];
            assert_eq!(
                read(cut, cut.len() as u64).err(),
                Some(ReadError::Broken),
                "cut at {end}"
            );
        }
    }

    #[test]
    fn garbage_and_huge_lengths_are_broken_without_allocating() {
        let mut bytes = small();
        // The first variable's first dimension: claim 4 billion rows.
        let at = 4 + 2 + 12 + 4 + 4 + 2 + 9 + 1;
        bytes[at..at + 4].copy_from_slice(&u32::MAX.to_le_bytes());
        assert_eq!(
            read(&bytes[..], bytes.len() as u64).err(),
            Some(ReadError::Broken)
        );
        let noise: Vec<u8> = (0..5000u32).map(|i| (i * 7919 % 251) as u8).collect();
        assert_eq!(
            read(&noise[..], noise.len() as u64).err(),
            Some(ReadError::Broken)
        );
        let mut wrong_version = small();
        wrong_version[0] = 9;
        assert!(read(&wrong_version[..], wrong_version.len() as u64).is_err());
    }
}
