//! placeholder: the formulas (being written)
