//! Fray facade
