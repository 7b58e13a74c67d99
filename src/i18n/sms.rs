//! The SMS sent for the kinds SMS is offered for (`crate::reach::sms_offered`): one segment each.
//! A text with any Cyrillic or Georgian letter travels as UCS-2, 70 characters to a segment, and
//! every segment is billed, so each text is at most [`SEGMENT`] characters, the item's title
//! shortened to fit. Placeholders: {title}; {until}, the day and time to pay by (Bishkek time),
//! whose sentence is left out when the notice has none.

use super::Lang;

/// Characters in one UCS-2 SMS segment.
pub const SEGMENT: usize = 70;

/// The headline and the pay-by sentence of the SMS for a notice of `kind` (its stored word), in
/// `lang`; `None` for a kind without an SMS.
fn parts(kind: &str, lang: Lang) -> Option<(&'static str, &'static str)> {
    Some(match (kind, lang) {
        ("auction_won", Lang::Ru) => ("Вы выиграли «{title}»!", " Оплатите до {until} в профиле."),
        ("auction_won", Lang::En) => ("You won \"{title}\"!", " Pay by {until} in your profile."),
        ("auction_won", Lang::Ka) => ("თქვენ მოიგეთ „{title}“!", " გადაიხადეთ {until}-მდე პროფილში."),
        ("auction_won", Lang::Ky) => ("Сиз «{title}» уттуңуз!", " {until} чейин профилде төлөңүз."),
        ("claim_passed", Lang::Ru) => ("Вам перешёл «{title}».", " Оплатите до {until} в профиле."),
        ("claim_passed", Lang::En) => ("\"{title}\" passed to you.", " Pay by {until} in your profile."),
        ("claim_passed", Lang::Ka) => ("„{title}“ თქვენ გადმოგეცათ.", " გადაიხადეთ {until}-მდე პროფილში."),
        ("claim_passed", Lang::Ky) => ("«{title}» сизге өттү.", " {until} чейин профилде төлөңүз."),
        _ => return None,
    })
}

/// The SMS for a notice of `kind` about `title`, to pay by `until` (already written as Bishkek
/// time, `29.11 14:05`), in `lang`: at most [`SEGMENT`] characters, the title cut with `…` when
/// the whole would not fit. `None` for a kind without an SMS.
pub fn sms_text(kind: &str, lang: Lang, title: Option<&str>, until: Option<&str>) -> Option<String> {
    let (headline, pay_by) = parts(kind, lang)?;
    let mut template = headline.to_owned();
    if let Some(until) = until {
        template.push_str(&pay_by.replace("{until}", until));
    }
    let title = title.unwrap_or("").trim();
    let room = SEGMENT.saturating_sub(template.chars().count() - "{title}".len());
    let title = if title.chars().count() <= room {
        title.to_owned()
    } else {
        let mut cut: String = title.chars().take(room.saturating_sub(1)).collect();
        cut = cut.trim_end().to_owned();
        cut.push('…');
        cut
    };
    Some(template.replace("{title}", &title))
}

#[cfg(test)]
mod tests {
    use super::*;

    const LANGS: [Lang; 4] = [Lang::Ru, Lang::En, Lang::Ka, Lang::Ky];

    #[test]
    fn every_sms_fits_one_segment_however_long_the_title() {
        let long = "Смартфон Apple iPhone 15 Pro Max 256 ГБ, натуральный титан, с гарантией";
        for kind in ["auction_won", "claim_passed"] {
            for lang in LANGS {
                for title in [None, Some("Чайник"), Some(long)] {
                    let text = sms_text(kind, lang, title, Some("29.11 14:05")).expect("a text");
                    assert!(text.chars().count() <= SEGMENT, "{kind} {lang:?}: {text} is too long");
                }
            }
        }
    }

    #[test]
    fn a_short_title_is_whole_and_a_long_one_is_cut_with_an_ellipsis() {
        assert_eq!(
            sms_text("auction_won", Lang::Ru, Some("Чайник"), Some("29.11 14:05")).as_deref(),
            Some("Вы выиграли «Чайник»! Оплатите до 29.11 14:05 в профиле.")
        );
        let cut =
            sms_text("claim_passed", Lang::Ky, Some(&"А".repeat(100)), Some("29.11 14:05")).expect("a text");
        assert_eq!(cut.chars().count(), SEGMENT);
        assert!(cut.contains("А…»"), "{cut}");
    }

    #[test]
    fn without_a_deadline_the_pay_by_sentence_is_left_out_and_other_kinds_have_none() {
        assert_eq!(
            sms_text("auction_won", Lang::En, Some("Kettle"), None).as_deref(),
            Some("You won \"Kettle\"!")
        );
        assert_eq!(sms_text("outbid", Lang::Ru, Some("Чайник"), None), None);
    }
}
