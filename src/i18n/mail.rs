//! The e-mail sent for each notification (issue 9 B; `crate::mail` composes it), in the site
//! language. Placeholders: {title}, {until} (Bishkek time), {starts} (Bishkek clock time), {amount} (som with the site's currency
//! symbol), {bids}, {order}, {tracking}. A line holding a placeholder the notification lacks is
//! left out.

use super::Lang;

/// Every e-mail: (notification kind, language, subject, body).
const MAILS: &[(&str, Lang, &str, &str)] = &[
    (
        "auction_started",
        Lang::Ru,
        "Аукцион начался: {title}",
        "Аукцион «{title}», на который вы сделали предварительную ставку, начался. Ваша предварительная ставка стала ставкой.",
    ),
    (
        "auction_started",
        Lang::En,
        "Auction started: {title}",
        "The auction \"{title}\" you pre-bid on has started. Your pre-bid is now a bid.",
    ),
    (
        "auction_started",
        Lang::Ka,
        "აუქციონი დაიწყო: {title}",
        "აუქციონი „{title}“, რომელზეც წინასწარი ფსონი დადეთ, დაიწყო. თქვენი წინასწარი ფსონი ახლა ფსონია.",
    ),
    (
        "auction_started",
        Lang::Ky,
        "Аукцион башталды: {title}",
        "Сиз алдын ала ставка койгон «{title}» аукциону башталды. Алдын ала ставкаңыз эми ставка болуп калды.",
    ),
    (
        "auction_starting",
        Lang::Ru,
        "Скоро старт: {title}",
        "Аукцион «{title}» из избранного начнётся в {starts}.",
    ),
    (
        "auction_starting",
        Lang::En,
        "Starting soon: {title}",
        "\"{title}\" from your watchlist starts at {starts}.",
    ),
    ("auction_starting", Lang::Ka, "მალე იწყება: {title}", "რჩეულებიდან „{title}“ იწყება {starts}-ზე."),
    (
        "auction_starting",
        Lang::Ky,
        "Жакында башталат: {title}",
        "Тандалмалардагы «{title}» аукциону жакында башталат: саат {starts}.",
    ),
    (
        "outbid",
        Lang::Ru,
        "Вашу ставку перебили: {title}",
        "Вашу ставку на «{title}» перебили. Цена сейчас {amount}.",
    ),
    (
        "outbid",
        Lang::En,
        "You were outbid: {title}",
        "Someone outbid you on \"{title}\". The price is now {amount}.",
    ),
    (
        "outbid",
        Lang::Ka,
        "თქვენი ფსონი გადაფარეს: {title}",
        "„{title}“-ზე თქვენი ფსონი გადაფარეს. ფასი ახლა {amount}-ია.",
    ),
    (
        "outbid",
        Lang::Ky,
        "Ставкаңыздан ашып кетишти: {title}",
        "«{title}» боюнча ставкаңыздан ашып кетишти. Азыркы баасы {amount}.",
    ),
    (
        "auction_won",
        Lang::Ru,
        "Вы выиграли: {title}",
        "Поздравляем! Вы выиграли «{title}».\nТовар зарезервирован за вами до {until}: выберите доставку и оплатите его в профиле.",
    ),
    (
        "auction_won",
        Lang::En,
        "You won: {title}",
        "Congratulations! You won \"{title}\".\nThe item is reserved for you until {until}: choose delivery and pay for it in your profile.",
    ),
    (
        "auction_won",
        Lang::Ka,
        "თქვენ მოიგეთ: {title}",
        "გილოცავთ! თქვენ მოიგეთ „{title}“.\nნივთი თქვენთვის დაჯავშნილია {until}-მდე: აირჩიეთ მიწოდება და გადაიხადეთ პროფილში.",
    ),
    (
        "auction_won",
        Lang::Ky,
        "Сиз уттуңуз: {title}",
        "Куттуктайбыз! Сиз «{title}» уттуңуз.\nБуюм сиз үчүн {until} чейин брондолду: профилиңизде жеткирүүнү тандап, төлөңүз.",
    ),
    (
        "reservation_expiring",
        Lang::Ru,
        "Бронь скоро закончится: {title}",
        "Бронь на «{title}» закончится {until}. Оплатите товар в профиле, иначе он перейдёт следующему участнику.",
    ),
    (
        "reservation_expiring",
        Lang::En,
        "Your reservation ends soon: {title}",
        "Your reservation of \"{title}\" ends at {until}. Pay for it in your profile, or it passes to the next participant.",
    ),
    (
        "reservation_expiring",
        Lang::Ka,
        "ჯავშანი მალე მთავრდება: {title}",
        "„{title}“-ის ჯავშანი მთავრდება {until}. გადაიხადეთ პროფილში, თორემ ნივთი შემდეგ მონაწილეს გადაეცემა.",
    ),
    (
        "reservation_expiring",
        Lang::Ky,
        "Брондун мөөнөтү бүтүп баратат: {title}",
        "«{title}» брону {until} бүтөт. Профилиңизде төлөңүз, болбосо буюм кийинки катышуучуга өтөт.",
    ),
    (
        "buy_now_expiring",
        Lang::Ru,
        "Покупка скоро истечёт: {title}",
        "Покупка «{title}» по цене «Купить сейчас» ждёт оплаты до {until}. Оплатите её в профиле, иначе она отменится.",
    ),
    (
        "buy_now_expiring",
        Lang::En,
        "Your purchase ends soon: {title}",
        "Your Buy It Now purchase of \"{title}\" awaits payment until {until}. Pay for it in your profile, or it is cancelled.",
    ),
    (
        "buy_now_expiring",
        Lang::Ka,
        "შესყიდვის ვადა მალე იწურება: {title}",
        "„{title}“-ის შესყიდვა „იყიდე ახლავე“ ფასად გადახდას ელოდება {until}-მდე. გადაიხადეთ პროფილში, თორემ ის გაუქმდება.",
    ),
    (
        "buy_now_expiring",
        Lang::Ky,
        "Сатып алуунун мөөнөтү бүтүп баратат: {title}",
        "«{title}» «Азыр сатып алуу» баасы менен {until} чейин төлөнүшү керек. Профилиңизде төлөңүз, болбосо ал жокко чыгарылат.",
    ),
    (
        "claim_passed",
        Lang::Ru,
        "Выигранный товар перешёл к вам: {title}",
        "Товар «{title}» перешёл к вам и зарезервирован за вами до {until}. Выберите доставку и оплатите его в профиле.",
    ),
    (
        "claim_passed",
        Lang::En,
        "A won item passed to you: {title}",
        "The item \"{title}\" has passed to you and is reserved for you until {until}. Choose delivery and pay for it in your profile.",
    ),
    (
        "claim_passed",
        Lang::Ka,
        "მოგებული ნივთი თქვენ გადმოგეცათ: {title}",
        "ნივთი „{title}“ თქვენ გადმოგეცათ და დაჯავშნილია {until}-მდე. აირჩიეთ მიწოდება და გადაიხადეთ პროფილში.",
    ),
    (
        "claim_passed",
        Lang::Ky,
        "Утулган буюм сизге өттү: {title}",
        "«{title}» буюму сизге өттү жана {until} чейин сиз үчүн брондолду. Профилиңизде жеткирүүнү тандап, төлөңүз.",
    ),
    (
        "payment_received",
        Lang::Ru,
        "Оплата получена",
        "Мы получили вашу оплату {amount} по заказу №{order}. Спасибо!",
    ),
    (
        "payment_received",
        Lang::En,
        "Payment received",
        "We received your payment of {amount} for order #{order}. Thank you!",
    ),
    (
        "payment_received",
        Lang::Ka,
        "გადახდა მიღებულია",
        "მივიღეთ თქვენი გადახდა {amount} შეკვეთისთვის №{order}. გმადლობთ!",
    ),
    (
        "payment_received",
        Lang::Ky,
        "Төлөм алынды",
        "№{order} буйрутма боюнча {amount} төлөмүңүздү алдык. Рахмат!",
    ),
    ("bids_credited", Lang::Ru, "Биды зачислены", "На ваш баланс зачислено бидов: {bids} (заказ №{order})."),
    (
        "bids_credited",
        Lang::En,
        "Bids credited",
        "{bids} bids were credited to your balance (order #{order}).",
    ),
    (
        "bids_credited",
        Lang::Ka,
        "ბიდები ჩაირიცხა",
        "თქვენს ბალანსზე ჩაირიცხა {bids} ბიდი (შეკვეთა №{order}).",
    ),
    ("bids_credited", Lang::Ky, "Биддер чегерилди", "Балансыңызга {bids} бид чегерилди (№{order} буйрутма)."),
    (
        "item_shipped",
        Lang::Ru,
        "Ваш выигрыш отправлен",
        "Ваш выигранный товар отправлен.\nТрек-номер: {tracking}",
    ),
    (
        "item_shipped",
        Lang::En,
        "Your won item has been shipped",
        "Your won item has been shipped.\nTracking: {tracking}",
    ),
    (
        "item_shipped",
        Lang::Ka,
        "თქვენი მოგებული ნივთი გაიგზავნა",
        "თქვენი მოგებული ნივთი გაიგზავნა.\nთვალთვალის ნომერი: {tracking}",
    ),
    (
        "item_shipped",
        Lang::Ky,
        "Утулган буюмуңуз жөнөтүлдү",
        "Утулган буюмуңуз жөнөтүлдү.\nТрек-номер: {tracking}",
    ),
    (
        "item_delivered",
        Lang::Ru,
        "Ваш выигрыш доставлен",
        "Ваш выигранный товар доставлен или выдан. Спасибо, что играете с нами!",
    ),
    (
        "item_delivered",
        Lang::En,
        "Your won item has been delivered",
        "Your won item has been delivered or handed over. Thank you for playing!",
    ),
    (
        "item_delivered",
        Lang::Ka,
        "თქვენი მოგებული ნივთი მიწოდებულია",
        "თქვენი მოგებული ნივთი მიწოდებულია ან გადმოცემულია. გმადლობთ, რომ ჩვენთან თამაშობთ!",
    ),
    (
        "item_delivered",
        Lang::Ky,
        "Утулган буюмуңуз жеткирилди",
        "Утулган буюмуңуз жеткирилди же колуңузга берилди. Биз менен ойногонуңуз үчүн рахмат!",
    ),
];

/// The subject and body of the e-mail for a notification of `kind` (the stored word, e.g.
/// `auction_won`), in `lang`; `None` for a kind without a mail.
pub fn mail_text(kind: &str, lang: Lang) -> Option<(&'static str, &'static str)> {
    MAILS.iter().find(|(k, l, _, _)| *k == kind && *l == lang).map(|&(_, _, subject, body)| (subject, body))
}
