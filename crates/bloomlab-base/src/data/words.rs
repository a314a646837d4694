//! The one word splitter: running text into lower-case words (letters, digits and apostrophes),
//! shared by people's files read as words and the moments view's text stream.

/// The words of `text`, lower-case: runs of letters, digits and apostrophes, with the
/// apostrophes at either end dropped ("dog-eat-dog" is three words, "isn't" one).
pub fn words(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split(|c: char| !(c.is_alphanumeric() || c == '\''))
        .map(|w| w.trim_matches('\''))
        .filter(|w| !w.is_empty())
        .map(crate::text::lowercase)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_into_lower_case_words() {
        assert_eq!(
            words("It's a dog-eat-dog world, isn't it?").take(100).collect::<Vec<_>>(),
            ["it's", "a", "dog", "eat", "dog", "world", "isn't", "it"]
        );
        assert_eq!(words("'Quoted' THE  end--").collect::<Vec<_>>(), ["quoted", "the", "end"]);
        assert_eq!(words("a b c d").take(2).count(), 2);
    }
}
