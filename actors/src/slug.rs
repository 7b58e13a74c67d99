//! Auction slugs exactly as spec section 5 defines them (the web app builds the same ones).

/// `<title part>-<display id part>`, or `invalid-auction` when either is missing.
///
/// Title: lowercased; everything but `a-z`, `0-9`, Cyrillic `а-я`, whitespace and `-` removed;
/// whitespace runs become one hyphen; hyphen runs collapse; cut to 35 characters. Display id:
/// slashes and backslashes become hyphens; lowercased.
pub fn slug(title: &str, display_id: &str) -> String {
    if title.is_empty() || display_id.is_empty() {
        tracing::error!(title, display_id, "slug needs a title and a display id");
        return "invalid-auction".to_owned();
    }
    let mut part = String::with_capacity(title.len());
    let mut in_space = false;
    for c in title.to_lowercase().chars() {
        let keep = c.is_ascii_lowercase() || c.is_ascii_digit() || ('а'..='я').contains(&c) || c == '-';
        if c.is_whitespace() {
            in_space = true;
            continue;
        }
        if !keep {
            continue;
        }
        if in_space {
            part.push('-');
            in_space = false;
        }
        if !(c == '-' && part.ends_with('-')) {
            part.push(c);
        }
    }
    if in_space {
        part.push('-');
    }
    let mut collapsed = String::with_capacity(part.len());
    for c in part.chars() {
        if !(c == '-' && collapsed.ends_with('-')) {
            collapsed.push(c);
        }
    }
    let title_part: String = collapsed.trim().chars().take(35).collect();
    let id_part = display_id.replace(['/', '\\'], "-").to_lowercase();
    format!("{title_part}-{id_part}")
}

#[cfg(test)]
mod tests {
    use super::slug;

    #[test]
    fn latin_titles_become_hyphenated_lowercase() {
        assert_eq!(slug("iPhone 15 Pro 256 GB", "TY/2026/10012"), "iphone-15-pro-256-gb-ty-2026-10012");
    }

    #[test]
    fn cyrillic_is_kept_and_punctuation_removed() {
        assert_eq!(slug("Наушники Sony, WH-1000XM5!", "A\\1"), "наушники-sony-wh-1000xm5-a-1");
        // ё and Kyrgyz letters are outside а-я and are removed, as the spec's rule says.
        assert_eq!(slug("Ёлка үй", "X/1"), "лка-й-x-1");
    }

    #[test]
    fn runs_of_spaces_and_hyphens_collapse() {
        assert_eq!(slug("a  -  b -- c", "1"), "a-b-c-1");
    }

    #[test]
    fn the_title_part_is_cut_to_35_characters() {
        let s = slug(&"abcdefghij ".repeat(5), "TY/1");
        assert_eq!(s, "abcdefghij-abcdefghij-abcdefghij-ab-ty-1");
    }

    #[test]
    fn missing_parts_give_invalid_auction() {
        assert_eq!(slug("", "TY/1"), "invalid-auction");
        assert_eq!(slug("Phone", ""), "invalid-auction");
    }
}
