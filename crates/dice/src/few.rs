/// A short list of `Copy` values: on the stack while it holds at most `N`, on the heap
/// beyond. Engines keep the lists of one move in it (its targets, its strikes), so that a
/// usual move allocates nothing and an unusual one still works.
///
/// ```
/// use fray_dice::Few;
///
/// let mut targets: Few<usize, 2> = [4, 7].into_iter().collect();
/// assert_eq!(*targets, [4, 7]);
/// targets.push(9); // the third moves the list to the heap
/// assert_eq!(*targets, [4, 7, 9]);
/// ```
#[derive(Clone, Debug)]
pub struct Few<T, const N: usize>(Repr<T, N>);

#[derive(Clone, Debug)]
enum Repr<T, const N: usize> {
    Inline([T; N], usize),
    Heap(Vec<T>),
}

impl<T: Copy + Default, const N: usize> Few<T, N> {
    /// An empty list.
    #[inline]
    pub fn new() -> Self {
        Few(Repr::Inline([T::default(); N], 0))
    }

    /// `len` default values.
    #[inline]
    pub fn filled(len: usize) -> Self {
        if len <= N {
            Few(Repr::Inline([T::default(); N], len))
        } else {
            Few(Repr::Heap(vec![T::default(); len]))
        }
    }

    /// Adds `value` at the end.
    #[inline]
    pub fn push(&mut self, value: T) {
        match &mut self.0 {
            Repr::Inline(items, len) if *len < N => {
                items[*len] = value;
                *len += 1;
            }
            _ => self.push_beyond(value),
        }
    }

    /// [`Few::push`] once the stack room is full: out of line, so the usual push inlines.
    #[cold]
    fn push_beyond(&mut self, value: T) {
        match &mut self.0 {
            Repr::Inline(items, _) => {
                let mut heap = items.to_vec();
                heap.push(value);
                self.0 = Repr::Heap(heap);
            }
            Repr::Heap(items) => items.push(value),
        }
    }
}

impl<T: Copy + Default, const N: usize> Default for Few<T, N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T: Copy + Default, const N: usize> FromIterator<T> for Few<T, N> {
    fn from_iter<I: IntoIterator<Item = T>>(items: I) -> Self {
        let mut few = Few::new();
        for item in items {
            few.push(item);
        }
        few
    }
}

impl<T, const N: usize> std::ops::Deref for Few<T, N> {
    type Target = [T];

    #[inline]
    fn deref(&self) -> &[T] {
        match &self.0 {
            Repr::Inline(items, len) => &items[..*len],
            Repr::Heap(items) => items,
        }
    }
}

impl<T, const N: usize> std::ops::DerefMut for Few<T, N> {
    #[inline]
    fn deref_mut(&mut self) -> &mut [T] {
        match &mut self.0 {
            Repr::Inline(items, len) => &mut items[..*len],
            Repr::Heap(items) => items,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Few;

    #[test]
    fn keeps_order_across_the_move_to_the_heap() {
        let mut few: Few<u32, 3> = Few::new();
        assert!(few.is_empty());
        for (i, v) in [5, 1, 4, 1, 5, 9].into_iter().enumerate() {
            few.push(v);
            assert_eq!(few.len(), i + 1);
        }
        assert_eq!(*few, [5, 1, 4, 1, 5, 9]);
        few[0] = 2;
        assert_eq!(few[0], 2);
        assert_eq!(*Few::<u8, 2>::filled(2), [0, 0]);
        assert_eq!(*Few::<u8, 2>::filled(5), [0; 5]);
        let collected: Few<u8, 4> = (1..=4).collect();
        assert_eq!(*collected, [1, 2, 3, 4]);
    }
}
