use std::cell::RefCell;
use std::sync::Arc;

/// Parts of a setup shared by `Arc`, compared by address: [`LastDerived`]'s key.
pub trait SharedParts: Clone {
    /// Whether both are the very same allocations.
    fn same_parts(&self, other: &Self) -> bool;
}

impl<T: ?Sized> SharedParts for Arc<T> {
    fn same_parts(&self, other: &Self) -> bool {
        Arc::ptr_eq(self, other)
    }
}

impl<A: SharedParts, B: SharedParts> SharedParts for (A, B) {
    fn same_parts(&self, other: &Self) -> bool {
        self.0.same_parts(&other.0) && self.1.same_parts(&other.1)
    }
}

/// What a ruleset derives from shared setup parts (validation, names resolved to indices,
/// per-character numbers), remembered for the last parts it was derived from. Meant for a
/// `thread_local!`: a simulation starts thousands of fights on one thread from one setup,
/// and deriving the same thing at every start is waste.
///
/// Sound by construction: the `Arc`s held here keep the remembered parts alive and
/// unchanged (`Arc::make_mut` copies a shared value and `Arc::get_mut` refuses it), so an
/// address seen again is the same data. A derivation that fails is not remembered. Only the
/// last parts are kept, so a thread holds at most one setup's parts alive.
///
/// ```
/// use std::sync::Arc;
/// use fray_dice::LastDerived;
///
/// thread_local! {
///     static LENGTHS: LastDerived<Arc<Vec<String>>, Vec<usize>> = const { LastDerived::new() };
/// }
/// let names = Arc::new(vec!["Ada".to_string(), "Bo".to_string()]);
/// let lengths = LENGTHS.with(|memo| {
///     memo.get_or_try(&names, || Ok::<_, ()>(names.iter().map(String::len).collect()))
/// });
/// assert_eq!(*lengths.unwrap(), [3, 2]);
/// ```
pub struct LastDerived<K, V> {
    last: RefCell<Option<(K, Arc<V>)>>,
}

impl<K: SharedParts, V> LastDerived<K, V> {
    /// Remembers nothing yet.
    pub const fn new() -> Self {
        LastDerived {
            last: RefCell::new(None),
        }
    }

    /// What `derive` gives for `parts`: remembered if these are the last parts seen,
    /// otherwise derived now (and remembered if it succeeds).
    pub fn get_or_try<E>(
        &self,
        parts: &K,
        derive: impl FnOnce() -> Result<V, E>,
    ) -> Result<Arc<V>, E> {
        if let Some((known, value)) = &*self.last.borrow() {
            if known.same_parts(parts) {
                return Ok(Arc::clone(value));
            }
        }
        let value = Arc::new(derive()?);
        *self.last.borrow_mut() = Some((parts.clone(), Arc::clone(&value)));
        Ok(value)
    }
}

impl<K: SharedParts, V> Default for LastDerived<K, V> {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(test)]
mod tests {
    use std::cell::Cell;
    use std::sync::Arc;

    use super::LastDerived;

    #[test]
    fn derives_once_per_parts_and_never_remembers_a_failure() {
        let memo: LastDerived<(Arc<str>, Arc<[u8]>), usize> = LastDerived::new();
        let calls = Cell::new(0);
        let derive = |parts: &(Arc<str>, Arc<[u8]>)| {
            calls.set(calls.get() + 1);
            if parts.1.is_empty() {
                Err("empty")
            } else {
                Ok(parts.0.len() + parts.1.len())
            }
        };
        let a: (Arc<str>, Arc<[u8]>) = (Arc::from("abc"), Arc::from(&[1u8, 2][..]));
        assert_eq!(*memo.get_or_try(&a, || derive(&a)).unwrap(), 5);
        assert_eq!(*memo.get_or_try(&a.clone(), || derive(&a)).unwrap(), 5);
        assert_eq!(calls.get(), 1, "the same parts are derived once");

        // Equal text in another allocation is other parts: derived again.
        let b: (Arc<str>, Arc<[u8]>) = (Arc::from("abc"), Arc::clone(&a.1));
        assert_eq!(*memo.get_or_try(&b, || derive(&b)).unwrap(), 5);
        assert_eq!(calls.get(), 2);

        let bad: (Arc<str>, Arc<[u8]>) = (Arc::clone(&a.0), Arc::from(&[][..]));
        assert_eq!(memo.get_or_try(&bad, || derive(&bad)).unwrap_err(), "empty");
        assert_eq!(memo.get_or_try(&bad, || derive(&bad)).unwrap_err(), "empty");
        assert_eq!(calls.get(), 4, "a failure is derived again every time");
        assert_eq!(*memo.get_or_try(&b, || derive(&b)).unwrap(), 5);
        assert_eq!(
            calls.get(),
            4,
            "a failure does not displace the last success"
        );
    }
}
