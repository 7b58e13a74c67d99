//! What the bot answers in a chat, in the language of the sender's Telegram app when the site
//! speaks it (ru, en, ka, ky), else in Russian.

use crate::i18n::Lang;

/// One answer of the bot.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reply<'a> {
    /// `/start <token>` linked this chat to the account `username`.
    Linked { username: &'a str },
    /// `/start <token>` with a token that is unknown, used or expired.
    BadLink,
    /// `/stop` unlinked this chat from the account `username`.
    Stopped { username: &'a str },
    /// `/stop` in a chat that no account holds.
    NotLinked,
    /// Anything else: what the bot is for and how to link.
    Help,
    /// The site could not handle the message (its database is away); try again later.
    Failed,
}

/// The language to answer in: the sender's app's, when it is one of the site's; else Russian.
pub fn lang_of(language_code: Option<&str>) -> Lang {
    language_code.and_then(Lang::parse).unwrap_or(Lang::Ru)
}

/// The text of `reply` in `lang`.
pub fn text(reply: Reply<'_>, lang: Lang) -> String {
    use Lang::{En, Ka, Ky, Ru};
    match reply {
        Reply::Linked { username } => match lang {
            Ru => format!("Готово: Telegram привязан к аккаунту {username}. Сюда будут приходить уведомления сайта. Отвязать: /stop или в профиле на сайте."),
            En => format!("Done: Telegram is linked to the account {username}. The site's notices will come here. To unlink: /stop, or your profile on the site."),
            Ka => format!("მზადაა: Telegram მიბმულია ანგარიშზე {username}. საიტის შეტყობინებები აქ მოვა. მოსახსნელად: /stop ან თქვენი პროფილი საიტზე."),
            Ky => format!("Даяр: Telegram {username} аккаунтуна байланыштырылды. Сайттын билдирүүлөрү ушул жерге келет. Ажыратуу: /stop же сайттагы профилиңиз."),
        },
        Reply::BadLink => match lang {
            Ru => "Ссылка не сработала: она уже использована или устарела (ссылка действует 15 минут). Получите новую в профиле на сайте.",
            En => "The link did not work: it was already used or has expired (a link lasts 15 minutes). Get a new one in your profile on the site.",
            Ka => "ბმულმა არ იმუშავა: ის უკვე გამოყენებულია ან ვადა გაუვიდა (ბმული 15 წუთი მოქმედებს). აიღეთ ახალი თქვენს პროფილში, საიტზე.",
            Ky => "Шилтеме иштеген жок: ал колдонулуп калган же мөөнөтү бүткөн (шилтеме 15 мүнөт иштейт). Сайттагы профилиңизден жаңысын алыңыз.",
        }
        .to_owned(),
        Reply::Stopped { username } => match lang {
            Ru => format!("Telegram отвязан от аккаунта {username}: уведомлений сюда больше не будет. Привязать снова можно в профиле на сайте."),
            En => format!("Telegram is unlinked from the account {username}: no more notices here. You can link it again in your profile on the site."),
            Ka => format!("Telegram მოხსნილია ანგარიშიდან {username}: შეტყობინებები აქ აღარ მოვა. ხელახლა მიბმა შეგიძლიათ თქვენს პროფილში, საიტზე."),
            Ky => format!("Telegram {username} аккаунтунан ажыратылды: мындан ары бул жерге билдирүү келбейт. Кайра байланыштыруу үчүн сайттагы профилиңизге кириңиз."),
        },
        Reply::NotLinked => match lang {
            Ru => "Этот чат не привязан ни к одному аккаунту.",
            En => "This chat is not linked to any account.",
            Ka => "ეს ჩატი არცერთ ანგარიშზე არ არის მიბმული.",
            Ky => "Бул чат эч бир аккаунтка байланыштырылган эмес.",
        }
        .to_owned(),
        Reply::Help => match lang {
            Ru => "Я присылаю уведомления сайта: о выигрышах, оплате и доставке. Чтобы привязать аккаунт, откройте профиль на сайте и нажмите «Привязать Telegram». Отвязать: /stop.",
            En => "I send the site's notices: wins, payments and delivery. To link your account, open your profile on the site and press “Link Telegram”. To unlink: /stop.",
            Ka => "მე ვაგზავნი საიტის შეტყობინებებს: მოგებების, გადახდისა და მიწოდების შესახებ. ანგარიშის მისაბმელად გახსენით პროფილი საიტზე და დააჭირეთ „Telegram-ის მიბმას“. მოსახსნელად: /stop.",
            Ky => "Мен сайттын билдирүүлөрүн жөнөтөм: утуштар, төлөм жана жеткирүү тууралуу. Аккаунтуңузду байланыштыруу үчүн сайттагы профилиңизди ачып, «Telegram'ды байланыштыруу» баскычын басыңыз. Ажыратуу: /stop.",
        }
        .to_owned(),
        Reply::Failed => match lang {
            Ru => "Не получилось: сайт временно недоступен. Попробуйте ещё раз через несколько минут.",
            En => "That did not work: the site is unavailable for a moment. Try again in a few minutes.",
            Ka => "ვერ მოხერხდა: საიტი დროებით მიუწვდომელია. სცადეთ ხელახლა რამდენიმე წუთში.",
            Ky => "Болгон жок: сайт убактылуу жеткиликсиз. Бир нече мүнөттөн кийин кайра аракет кылыңыз.",
        }
        .to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ALL: [Reply<'static>; 6] = [
        Reply::Linked { username: "aibek" },
        Reply::BadLink,
        Reply::Stopped { username: "aibek" },
        Reply::NotLinked,
        Reply::Help,
        Reply::Failed,
    ];

    #[test]
    fn every_reply_has_a_text_in_every_language() {
        for reply in ALL {
            let texts: Vec<String> = [Lang::Ru, Lang::En, Lang::Ka, Lang::Ky].map(|l| text(reply, l)).into();
            assert!(texts.iter().all(|t| !t.trim().is_empty()), "{reply:?}");
            for (i, t) in texts.iter().enumerate() {
                assert!(!texts[i + 1..].contains(t), "{reply:?}: two languages share {t}");
            }
        }
        assert!(text(Reply::Linked { username: "aibek" }, Lang::Ky).contains("aibek"));
    }

    #[test]
    fn the_senders_language_is_used_when_the_site_speaks_it() {
        assert_eq!(lang_of(Some("ky")), Lang::Ky);
        assert_eq!(lang_of(Some("en-US")), Lang::En);
        assert_eq!(lang_of(Some("ka")), Lang::Ka);
        assert_eq!(lang_of(Some("de")), Lang::Ru);
        assert_eq!(lang_of(None), Lang::Ru);
    }

    /// One term per idea, as the server's other texts (`i18n`): in Kyrgyz a bid is "ставка".
    #[test]
    fn kyrgyz_texts_keep_the_sites_terms() {
        for reply in ALL {
            assert!(!text(reply, Lang::Ky).contains("коюм"), "{reply:?}");
        }
    }
}
