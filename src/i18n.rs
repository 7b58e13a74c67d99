//! The server's user-facing texts in Russian, English, Georgian and Kyrgyz, and how a request's
//! language is chosen: the `lang` cookie, else `Accept-Language`, else the site language.

use actix_web::HttpRequest;

mod mail;
pub use mail::mail_text;
mod sms;
pub use sms::sms_text;

/// A language the site speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Lang {
    #[default]
    Ru,
    En,
    Ka,
    Ky,
}

impl Lang {
    /// Parses a language tag such as `ru`, `en-US` or `ka-GE`.
    pub fn parse(tag: &str) -> Option<Lang> {
        let primary = tag.trim().split(['-', '_']).next()?.to_ascii_lowercase();
        match primary.as_str() {
            "ru" => Some(Lang::Ru),
            "en" => Some(Lang::En),
            "ka" => Some(Lang::Ka),
            "ky" => Some(Lang::Ky),
            _ => None,
        }
    }

    pub fn code(self) -> &'static str {
        match self {
            Lang::Ru => "ru",
            Lang::En => "en",
            Lang::Ka => "ka",
            Lang::Ky => "ky",
        }
    }

    /// The request's language: `lang` cookie, then `Accept-Language` (in order), then `site`.
    pub fn of_request(req: &HttpRequest, site: Lang) -> Lang {
        if let Some(lang) = req.cookie("lang").and_then(|c| Lang::parse(c.value())) {
            return lang;
        }
        req.headers()
            .get(actix_web::http::header::ACCEPT_LANGUAGE)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.split(',').find_map(|part| Lang::parse(part.split(';').next()?)))
            .unwrap_or(site)
    }
}

macro_rules! messages {
    ($($variant:ident => $code:literal { $ru:literal, $en:literal, $ka:literal, $ky:literal })*) => {
        /// Every text the server sends to a user, with a stable code.
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub enum Msg { $($variant),* }

        impl Msg {
            /// All messages, for completeness tests.
            pub const ALL: &'static [Msg] = &[$(Msg::$variant),*];

            /// The stable machine-readable code.
            pub fn code(self) -> &'static str {
                match self { $(Msg::$variant => $code),* }
            }

            /// The text in `lang`.
            pub fn text(self, lang: Lang) -> &'static str {
                match (self, lang) {
                    $((Msg::$variant, Lang::Ru) => $ru,
                      (Msg::$variant, Lang::En) => $en,
                      (Msg::$variant, Lang::Ka) => $ka,
                      (Msg::$variant, Lang::Ky) => $ky,)*
                }
            }
        }
    };
}

messages! {
    ValidationFailed => "validation_failed" { "Ошибка валидации", "Validation error", "ვალიდაციის შეცდომა", "Текшерүү катасы" }
    Required => "required" { "Обязательное поле", "This field is required", "სავალდებულო ველი", "Милдеттүү талаа" }
    UsernameShort => "username_too_short" { "Логин должен содержать минимум 3 символа", "Username must be at least 3 characters", "მომხმარებლის სახელი მინიმუმ 3 სიმბოლო უნდა იყოს", "Логин кеминде 3 белгиден турушу керек" }
    UsernameLong => "username_too_long" { "Логин должен содержать не более 32 символов", "Username must be at most 32 characters", "მომხმარებლის სახელი მაქსიმუმ 32 სიმბოლო უნდა იყოს", "Логин 32 белгиден ашпашы керек" }
    UsernameChars => "username_invalid_chars" { "Логин может содержать только буквы, цифры и символы _ . -", "Username may contain only letters, digits and _ . -", "მომხმარებლის სახელი შეიძლება შეიცავდეს მხოლოდ ასოებს, ციფრებს და _ . -", "Логинде тамгалар, сандар жана _ . - гана болушу мүмкүн" }
    UsernameTaken => "username_taken" { "Это имя пользователя уже занято", "This username is already taken", "ეს მომხმარებლის სახელი უკვე დაკავებულია", "Бул логин бош эмес" }
    UsernameMixedScripts => "username_mixed_scripts" { "Логин не может смешивать буквы разных алфавитов (например, латиницу и кириллицу)", "Username may not mix letters of different alphabets (such as Latin and Cyrillic)", "მომხმარებლის სახელში არ შეიძლება სხვადასხვა ანბანის ასოების შერევა (მაგალითად, ლათინურის და კირილიცის)", "Логинде ар башка алфавиттин тамгаларын аралаштырууга болбойт (мисалы, латын жана кирилл)" }
    UsernameConfusable => "username_confusable" { "Этот логин слишком похож на уже существующий", "This username looks too much like one already in use", "ეს მომხმარებლის სახელი ძალიან ჰგავს უკვე არსებულს", "Бул логин мурунтан бар логинге өтө окшош" }
    UsernameAvailable => "username_available" { "Имя пользователя доступно", "Username is available", "მომხმარებლის სახელი თავისუფალია", "Логин бош" }
    EmailInvalid => "email_invalid" { "Неверный формат email", "Invalid email format", "ელფოსტის არასწორი ფორმატი", "Email форматы туура эмес" }
    EmailTaken => "email_taken" { "Этот email уже зарегистрирован", "This email is already registered", "ეს ელფოსტა უკვე რეგისტრირებულია", "Бул email катталган" }
    EmailAvailable => "email_available" { "Email доступен", "Email is available", "ელფოსტა თავისუფალია", "Email бош" }
    PasswordShort => "password_too_short" { "Пароль должен содержать минимум 6 символов", "Password must be at least 6 characters", "პაროლი მინიმუმ 6 სიმბოლო უნდა იყოს", "Сырсөз кеминде 6 белгиден турушу керек" }
    PasswordLong => "password_too_long" { "Пароль слишком длинный (не более 72 байт)", "Password is too long (at most 72 bytes)", "პაროლი ძალიან გრძელია (მაქსიმუმ 72 ბაიტი)", "Сырсөз өтө узун (72 байттан ашпашы керек)" }
    CurrentPasswordWrong => "current_password_wrong" { "Неверный текущий пароль", "The current password is wrong", "მიმდინარე პაროლი არასწორია", "Учурдагы сырсөз туура эмес" }
    PasswordUnchanged => "password_unchanged" { "Новый пароль должен отличаться от текущего", "The new password must differ from the current one", "ახალი პაროლი უნდა განსხვავდებოდეს მიმდინარისგან", "Жаңы сырсөз учурдагысынан башка болушу керек" }
    FirstNameShort => "first_name_too_short" { "Имя должно содержать минимум 2 символа", "First name must be at least 2 characters", "სახელი მინიმუმ 2 სიმბოლო უნდა იყოს", "Аты кеминде 2 белгиден турушу керек" }
    LastNameShort => "last_name_too_short" { "Фамилия должна содержать минимум 2 символа", "Last name must be at least 2 characters", "გვარი მინიმუმ 2 სიმბოლო უნდა იყოს", "Фамилиясы кеминде 2 белгиден турушу керек" }
    NameLong => "name_too_long" { "Не более 64 символов", "At most 64 characters", "მაქსიმუმ 64 სიმბოლო", "64 белгиден ашпашы керек" }
    PhoneInvalid => "phone_invalid" { "Введите номер в формате +996XXXXXXXXX", "Enter the number as +996XXXXXXXXX", "შეიყვანეთ ნომერი ფორმატით +996XXXXXXXXX", "Номерди +996XXXXXXXXX форматында жазыңыз" }
    PhoneValid => "phone_valid" { "Номер телефона корректен", "Phone number is valid", "ტელეფონის ნომერი სწორია", "Телефон номери туура" }
    PhoneNotVerified => "phone_not_verified" { "Подтвердите номер телефона, чтобы делать ставки", "Confirm your phone number to bid", "ფსონების დასადებად დაადასტურეთ ტელეფონის ნომერი", "Ставка коюу үчүн телефон номериңизди ырастаңыз" }
    PhoneNotMobile => "phone_not_mobile" { "Коды отправляются только на мобильные номера операторов Кыргызстана", "Codes go only to Kyrgyz mobile numbers", "კოდები იგზავნება მხოლოდ ყირგიზეთის მობილურ ნომრებზე", "Коддор Кыргызстандын мобилдик номерлерине гана жөнөтүлөт" }
    PhoneLocked => "phone_locked" { "Подтверждённый номер нельзя изменить в профиле", "A confirmed number cannot be changed in the profile", "დადასტურებული ნომრის შეცვლა პროფილში შეუძლებელია", "Ырасталган номерди профилде өзгөртүүгө болбойт" }
    PhoneTaken => "phone_taken" { "Этот номер уже подтверждён другим аккаунтом", "This number is already confirmed by another account", "ეს ნომერი უკვე დადასტურებულია სხვა ანგარიშით", "Бул номер башка аккаунтта ырасталган" }
    PhoneAlreadyVerified => "phone_already_verified" { "Номер телефона уже подтверждён", "Your phone number is already confirmed", "თქვენი ტელეფონის ნომერი უკვე დადასტურებულია", "Телефон номериңиз мурунтан эле ырасталган" }
    CodeInvalid => "code_invalid" { "Неверный код", "Wrong code", "არასწორი კოდი", "Код туура эмес" }
    CodeExpired => "code_expired" { "Код больше не действует. Запросите новый", "This code is no longer valid. Request a new one", "ეს კოდი აღარ მოქმედებს. მოითხოვეთ ახალი", "Бул код мындан ары жарабайт. Жаңысын сураңыз" }
    SmsUnavailable => "sms_unavailable" { "Не удалось отправить SMS. Попробуйте ещё раз через минуту", "The SMS could not be sent. Try again in a minute", "SMS ვერ გაიგზავნა. სცადეთ ერთ წუთში", "SMS жөнөтүлгөн жок. Бир мүнөттөн кийин кайталаңыз" }
    DateInvalid => "date_invalid" { "Неверная дата рождения", "Invalid date of birth", "დაბადების თარიღი არასწორია", "Туулган күнү туура эмес" }
    AgeUnder18 => "age_under_18" { "Вам должно быть 18 лет или больше", "You must be 18 or older", "უნდა იყოთ 18 წლის ან უფროსი", "Сиз 18 жаштан жогору болушуңуз керек" }
    GenderInvalid => "gender_invalid" { "Выберите пол", "Choose a gender", "აირჩიეთ სქესი", "Жынысын тандаңыз" }
    InvalidCredentials => "invalid_credentials" { "Неверные учетные данные", "Invalid username or password", "არასწორი მონაცემები", "Логин же сырсөз туура эмес" }
    TooManyAttempts => "too_many_attempts" { "Слишком много попыток. Попробуйте позже", "Too many attempts. Try again later", "ძალიან ბევრი მცდელობა. სცადეთ მოგვიანებით", "Аракет өтө көп болду. Кийинчерээк кайталаңыз" }
    TooManyRegistrations => "too_many_registrations" { "Слишком много регистраций с этого адреса. Попробуйте позже", "Too many sign-ups from this address. Try again later", "ამ მისამართიდან ძალიან ბევრი რეგისტრაციაა. სცადეთ მოგვიანებით", "Бул даректен каттоо өтө көп. Кийинчерээк аракет кылыңыз" }
    TooManyRequests => "too_many_requests" { "Слишком много запросов. Попробуйте позже", "Too many requests. Try again later", "ძალიან ბევრი მოთხოვნა. სცადეთ მოგვიანებით", "Суроо-талап өтө көп. Кийинчерээк аракет кылыңыз" }
    Unauthorized => "unauthorized" { "Требуется авторизация", "Please log in", "საჭიროა ავტორიზაცია", "Кирүү талап кылынат" }
    Forbidden => "forbidden" { "Доступ запрещён", "Access denied", "წვდომა აკრძალულია", "Кирүүгө тыюу салынган" }
    CrossSite => "cross_site_request" { "Запрос с другого сайта отклонён", "Cross-site request refused", "სხვა საიტიდან მოთხოვნა უარყოფილია", "Башка сайттан келген сурам четке кагылды" }
    RouteNotFound => "route_not_found" { "Такого адреса API нет", "No such API route", "ასეთი API მისამართი არ არსებობს", "Мындай API дареги жок" }
    NotFound => "not_found" { "Не найдено", "Not found", "ვერ მოიძებნა", "Табылган жок" }
    AutobidNotFound => "autobid_not_found" { "Автоставка на этом аукционе не задана", "No auto-bidder is set on this auction", "ამ აუქციონზე ავტოფსონი არ არის დაყენებული", "Бул аукциондо автокоюм коюлган эмес" }
    AutobidBidsInvalid => "autobid_bids_invalid" { "Число ставок — целое от 1 до 500", "The number of bids is a whole number from 1 to 500", "ფსონების რაოდენობა მთელი რიცხვია 1-დან 500-მდე", "Коюмдардын саны — 1ден 500гө чейинки бүтүн сан" }
    AuctionNotFound => "auction_not_found" { "Аукцион не найден", "Auction not found", "აუქციონი ვერ მოიძებნა", "Аукцион табылган жок" }
    RequestTimeout => "request_timeout" { "Запрос не пришёл целиком вовремя", "The request did not arrive in time", "მოთხოვნა დროულად სრულად არ მოვიდა", "Сурам убагында толук келген жок" }
    ChangedMeanwhile => "conflict" { "Это изменилось одновременно с вашим запросом: обновите страницу и попробуйте снова", "This changed at the same moment as your request: refresh the page and try again", "ეს შეიცვალა თქვენს მოთხოვნასთან ერთდროულად: განაახლეთ გვერდი და სცადეთ ხელახლა", "Бул сиздин сурамыңыз менен бир учурда өзгөрдү: баракты жаңылап, кайра аракет кылыңыз" }
    PayloadTooLarge => "payload_too_large" { "Слишком большой запрос", "Request body too large", "მოთხოვნა ძალიან დიდია", "Сурам өтө чоң" }
    BadRequest => "bad_request" { "Неверный формат запроса", "Malformed request", "მოთხოვნის არასწორი ფორმატი", "Сурамдын форматы туура эмес" }
    MethodNotAllowed => "method_not_allowed" { "Метод не поддерживается", "Method not allowed", "მეთოდი არ არის დაშვებული", "Бул ыкмага уруксат жок" }
    TooManySockets => "too_many_sockets" { "Слишком много открытых соединений с этого адреса. Закройте лишние вкладки", "Too many open connections from this address. Close some tabs", "ამ მისამართიდან ძალიან ბევრი ღია კავშირია. დახურეთ ზედმეტი ჩანართები", "Бул даректен ачык байланыш өтө көп. Ашыкча өтмөктөрдү жабыңыз" }
    Internal => "internal_error" { "Внутренняя ошибка сервера. Попробуйте позже", "Internal server error. Try again later", "სერვერის შიდა შეცდომა. სცადეთ მოგვიანებით", "Сервердин ички катасы. Кийинчерээк аракет кылыңыз" }
    AuctionPaused => "auction_paused" { "Аукцион на паузе: нет связи с базой данных. Таймер остановлен, ставки снова принимаются, как только связь вернётся", "The auction is paused: the database cannot be reached. The countdown is stopped; bids are taken again as soon as it is back", "აუქციონი შეჩერებულია: მონაცემთა ბაზასთან კავშირი არ არის. ტაიმერი გაჩერებულია; ფსონები კვლავ მიიღება, როგორც კი კავშირი აღდგება", "Аукцион тындырылды: маалымат базасы менен байланыш жок. Таймер токтотулду, байланыш калыбына келери менен ставкалар кайра кабыл алынат" }
    BidOutcomeUnknown => "bid_outcome_unknown" { "Связь с аукционом прервалась до ответа: ставка могла пройти, а могла и нет. Проверьте историю ставок и баланс", "The auction restarted before answering: the bid may or may not have been placed. Check the bid history and your balance", "აუქციონი პასუხამდე გადაიტვირთა: ფსონი შეიძლება დაიდო, შეიძლება არა. შეამოწმეთ ფსონების ისტორია და ბალანსი", "Аукцион жооп бергенге чейин кайра иштей баштады: ставка коюлган болушу да, коюлбашы да мүмкүн. Ставкалар тарыхын жана балансты текшериңиз" }
    AuctionElsewhere => "auction_elsewhere" { "Аукцион сейчас переходит на другой сервер. Ставка не списана: повторите через секунду", "The auction is moving to another server right now. Nothing was charged: try again in a second", "აუქციონი ახლა სხვა სერვერზე გადადის. არაფერი ჩამოგეჭრათ: სცადეთ წამში", "Аукцион азыр башка серверге өтүп жатат. Эч нерсе алынган жок: бир секундадан кийин кайталаңыз" }
    OutcomeUnknown => "outcome_unknown" { "Сервер, на котором идёт аукцион, не ответил вовремя: изменение могло сохраниться, а могло и нет. Обновите страницу и проверьте", "The server running this auction did not answer in time: the change may or may not have been made. Reload the page to check", "სერვერმა, რომელზეც აუქციონი მიმდინარეობს, დროულად არ უპასუხა: ცვლილება შეიძლება შეინახა, შეიძლება არა. განაახლეთ გვერდი და შეამოწმეთ", "Аукцион иштеп жаткан сервер убагында жооп берген жок: өзгөртүү сакталган болушу да, сакталбашы да мүмкүн. Баракты жаңылап, текшериңиз" }
    CommitUnknown => "commit_unknown" { "Связь с базой данных оборвалась до ответа: изменение могло сохраниться, а могло и нет. Обновите страницу и проверьте", "The connection to the database broke before it answered: the change may or may not have been saved. Reload the page to check", "მონაცემთა ბაზასთან კავშირი პასუხამდე გაწყდა: ცვლილება შეიძლება შეინახა, შეიძლება არა. განაახლეთ გვერდი და შეამოწმეთ", "Маалымат базасы менен байланыш жооп келгенге чейин үзүлдү: өзгөртүү сакталган болушу да, сакталбашы да мүмкүн. Баракты жаңылап, текшериңиз" }
    Unavailable => "service_unavailable" { "Сервис временно недоступен", "Service temporarily unavailable", "სერვისი დროებით მიუწვდომელია", "Кызмат убактылуу жеткиликсиз" }
    CurrencyRequired => "currency_required" { "Валюта обязательна", "Currency is required", "ვალუტა სავალდებულოა", "Валюта милдеттүү" }
    CurrencySymbolRequired => "currency_symbol_required" { "Символ валюты обязателен", "Currency symbol is required", "ვალუტის სიმბოლო სავალდებულოა", "Валютанын белгиси милдеттүү" }
    SiteNameRequired => "site_name_required" { "Название сайта обязательно", "Site name is required", "საიტის სახელი სავალდებულოა", "Сайттын аталышы милдеттүү" }
    LanguageRequired => "language_required" { "Язык обязателен", "Language is required", "ენა სავალდებულოა", "Тил милдеттүү" }
    LanguageInvalid => "language_invalid" { "Неизвестный язык", "Unknown language", "უცნობი ენა", "Белгисиз тил" }
    ContactEmailInvalid => "contact_email_invalid" { "Неверный email", "Invalid email", "არასწორი ელფოსტა", "Email туура эмес" }
    AuctionNotLive => "auction_not_live" { "Аукцион сейчас не принимает ставки", "This auction is not taking bids now", "ეს აუქციონი ახლა ფსონებს არ იღებს", "Бул аукцион азыр ставкаларды кабыл албайт" }
    AuctionNotUpcoming => "auction_not_upcoming" { "Аукцион уже начался", "The auction has already started", "აუქციონი უკვე დაიწყო", "Аукцион башталып калган" }
    AuctionFinished => "auction_finished" { "Аукцион завершён", "The auction has finished", "აუქციონი დასრულდა", "Аукцион аяктады" }
    DeadlinePassed => "deadline_passed" { "Время вышло: ставка пришла после окончания отсчёта и не списана", "Time is up: the bid arrived after the countdown ended and was not charged", "დრო ამოიწურა: ფსონი მოვიდა ათვლის დასრულების შემდეგ და არ ჩამოგეჭრათ", "Убакыт бүттү: ставка эсеп аяктагандан кийин келди жана алынган жок" }
    AlreadyLeader => "already_leader" { "Ваша ставка уже последняя", "Your bid is already the last one", "თქვენი ფსონი უკვე ბოლოა", "Сиздин ставкаңыз акыркы" }
    TooFast => "too_fast" { "Слишком быстро: между ставками должна пройти секунда", "Too fast: wait a second between bids", "ძალიან სწრაფად: ფსონებს შორის უნდა გავიდეს წამი", "Өтө тез: ставкалардын ортосунда бир секунд өтүшү керек" }
    InsufficientBids => "insufficient_bids" { "Недостаточно бидов для размещения ставки", "Not enough bids to place a bid", "ფსონის დასადებად ბიდები არ გყოფნით", "Коюм коюуга бид жетишсиз" }
    LimitReached => "limit_reached" { "Вы достигли своего лимита трат. Остаток лимита виден в профиле", "You have reached your own spend limit. What is left of it is shown in your profile", "თქვენ მიაღწიეთ ხარჯვის საკუთარ ლიმიტს. დარჩენილი ლიმიტი ჩანს პროფილში", "Өзүңүз койгон чыгым лимитине жеттиңиз. Лимиттин калганы профилде көрүнөт" }
    BiddingPaused => "paused" { "Вы поставили ставки и покупки на паузу. Срок паузы виден в профиле", "You have paused your bidding and purchases. The pause is shown in your profile", "თქვენ შეაჩერეთ ფსონები და შესყიდვები. პაუზის ვადა ჩანს პროფილში", "Коюмдарды жана сатып алууларды тыныгууга койгонсуз. Тыныгуунун мөөнөтү профилде көрүнөт" }
    BidsLimitInvalid => "bids_limit_invalid" { "Лимит бидов — целое число от 0 до 1 000 000 или пусто (без лимита)", "A bid limit is a whole number from 0 to 1,000,000, or empty for no limit", "ბიდების ლიმიტი არის მთელი რიცხვი 0-დან 1 000 000-მდე, ან ცარიელი (ლიმიტის გარეშე)", "Бид лимити 0дон 1 000 000го чейинки бүтүн сан же бош (лимитсиз)" }
    SpendLimitInvalid => "spend_limit_invalid" { "Лимит трат — сумма в сомах от 0 до 10 000 000 (не более двух знаков после запятой) или пусто", "A spend limit is an amount in som from 0 to 10,000,000 (at most two decimals), or empty for no limit", "ხარჯვის ლიმიტი არის თანხა სომებში 0-დან 10 000 000-მდე (მაქსიმუმ ორი ათწილადი), ან ცარიელი", "Чыгым лимити 0дон 10 000 000 сомго чейинки сумма (үтүрдөн кийин эки сандан ашпасын) же бош" }
    PauseInvalid => "pause_invalid" { "Пауза: 24h, 7d, 30d или end", "A pause is 24h, 7d, 30d or end", "პაუზა: 24h, 7d, 30d ან end", "Тыныгуу: 24h, 7d, 30d же end" }
    BeginnersOnly => "beginners_only" { "Это аукцион для новичков: ставки принимаются только от тех, кто ещё ничего не выигрывал", "This is a beginners' auction: only users who have never won may bid", "ეს დამწყებთა აუქციონია: ფსონს მხოლოდ ისინი დებენ, ვისაც ჯერ არაფერი მოუგია", "Бул жаңы баштагандар үчүн аукцион: ставканы эч нерсе утпагандар гана коё алат" }
    WinLimitReached => "win_limit_reached" { "Лимит побед: вы недавно выиграли этот товар или уже выиграли много аукционов за последние недели", "Win limit: you won this item lately, or many auctions in the last weeks", "მოგების ლიმიტი: ეს ნივთი ახლახან მოიგეთ, ან ბოლო კვირებში ბევრი აუქციონი მოიგეთ", "Утуу лимити: бул буюмду жакында уттуңуз же акыркы жумаларда көп аукцион уттуңуз" }
    NoNewBidders => "no_new_bidders" { "Аукцион закрыт для новых участников: продолжать могут только те, кто уже делал ставки", "This auction takes no new bidders now: only those who already bid may go on", "აუქციონი ახალ მონაწილეებს აღარ იღებს: გაგრძელება მხოლოდ მათ შეუძლიათ, ვინც უკვე დადო ფსონი", "Аукцион жаңы катышуучуларга жабык: ставка койгондор гана уланта алат" }
    NoNewBiddersInvalid => "no_new_bidders_invalid" { "Укажите цену больше нуля и (или) дату и время", "Enter a price above zero and/or a date and time", "მიუთითეთ ნულზე მეტი ფასი და/ან თარიღი და დრო", "Нөлдөн чоң бааны жана (же) күн менен убакытты жазыңыз" }
    KindInvalid => "kind_invalid" { "Тип аукциона: standard или beginner", "The auction kind is standard or beginner", "აუქციონის ტიპი: standard ან beginner", "Аукциондун түрү: standard же beginner" }
    BuyNowNotOffered => "buy_now_not_offered" { "Этот товар не продаётся по «Купить сейчас»", "This item is not offered to buy now", "ეს ნივთი „იყიდე ახლავე“-თი არ იყიდება", "Бул буюм «Азыр сатып алуу» менен сатылбайт" }
    BuyNowNotEligible => "buy_now_not_eligible" { "«Купить сейчас» — для тех, кто делал ставки на этот аукцион и не выиграл", "Buy It Now is for those who bid on this auction and did not win", "„იყიდე ახლავე“ მათთვისაა, ვინც ამ აუქციონზე ფსონი დადო და ვერ მოიგო", "«Азыр сатып алуу» бул аукционго ставка коюп, утпагандар үчүн" }
    BuyNowClosed => "buy_now_closed" { "Срок предложения «Купить сейчас» истёк", "The Buy It Now offer has ended", "„იყიდე ახლავე“ შეთავაზების ვადა ამოიწურა", "«Азыр сатып алуу» сунушунун мөөнөтү бүттү" }
    BuyNowSoldOut => "buy_now_sold_out" { "Всё, что продавалось по «Купить сейчас», уже куплено", "Everything offered to buy now has been bought", "„იყიდე ახლავე“-თი შეთავაზებული ყველაფერი უკვე გაიყიდა", "«Азыр сатып алуу» менен сатылгандын баары сатылды" }
    BuyNowTaken => "buy_now_taken" { "Вы уже купили этот товар: он в ваших выигранных лотах в профиле", "You have already bought this item: it is among your won items in the profile", "ეს ნივთი უკვე იყიდეთ: ის პროფილში, მოგებულ ლოტებს შორისაა", "Бул буюмду сатып алгансыз: ал профилдеги утулган лоттордо" }
    HouseReserveInvalid => "house_reserve_invalid" { "Резерв ботов — целое число ставок от 0 до 10 000 или пусто (без ботов)", "The house reserve is a whole number of bids from 0 to 10,000, or empty (no house bidders)", "ბოტების რეზერვი ფსონების მთელი რიცხვია 0-დან 10 000-მდე, ან ცარიელი (ბოტების გარეშე)", "Боттордун резерви — 0дон 10 000ге чейинки ставкалардын бүтүн саны же бош (боттор жок)" }
    ReserveNeedsBot => "reserve_needs_bot" { "Резерву ботов нужен бот: назначьте аукциону хотя бы одного бота или оставьте резерв пустым (бота можно выключить, не убирая)", "A house reserve needs a bot: assign at least one bot to the auction or leave the reserve empty (a bot can be turned off without removing it)", "ბოტების რეზერვს ბოტი სჭირდება: დანიშნეთ აუქციონზე ერთი ბოტი მაინც ან დატოვეთ რეზერვი ცარიელი (ბოტის გამორთვა შესაძლებელია მოხსნის გარეშე)", "Боттордун резервине бот керек: аукционго жок дегенде бир бот дайындаңыз же резервди бош калтырыңыз (ботту алып салбай өчүрсө болот)" }
    BotIdsInvalid => "bot_ids_invalid" { "Боты сайта — список номеров ботов", "House bots are a list of bot ids", "ბოტები — ბოტების ნომრების სია", "Боттор — боттордун номерлеринин тизмеси" }
    OpeningInvalid => "opening_invalid" { "Стартовый отсчёт — целое число секунд от 10 до 86 400 (24 часа) или пусто (10 секунд)", "The opening countdown is a whole number of seconds from 10 to 86,400 (24 hours), or empty (10 seconds)", "საწყისი ათვლა წამების მთელი რიცხვია 10-დან 86 400-მდე (24 საათი), ან ცარიელი (10 წამი)", "Баштапкы эсеп — 10дон 86 400гө (24 саат) чейинки секунддардын бүтүн саны же бош (10 секунд)" }
    HouseRuleClosed => "house_rule_closed" { "На этом аукционе боты сайта сейчас не ставят", "House bots may not bid on this auction now", "საიტის ბოტებს ამ აუქციონზე ახლა ფსონის დადება არ შეუძლიათ", "Бул аукциондо сайттын боттору азыр ставка коё алышпайт" }
    BuyNowStockInvalid => "buy_now_stock_invalid" { "Количество для «Купить сейчас» — целое число от 0 до 10 000 или пусто", "The Buy It Now stock is a whole number from 0 to 10,000, or empty", "„იყიდე ახლავე“-ს მარაგი მთელი რიცხვია 0-დან 10 000-მდე, ან ცარიელი", "«Азыр сатып алуу» саны 0дон 10 000ге чейинки бүтүн сан же бош" }
    AlreadyPrebid => "already_prebid" { "Вы уже сделали предварительную ставку на этот аукцион", "You have already pre-bid on this auction", "ამ აუქციონზე წინასწარი ფსონი უკვე დადეთ", "Бул аукционго алдын ала ставка коюп койгонсуз" }
    FillRequired => "required_fields_missing" { "Заполните все обязательные поля", "Fill in all required fields", "შეავსეთ ყველა სავალდებულო ველი", "Бардык милдеттүү талааларды толтуруңуз" }
    PriceInvalid => "price_invalid" { "Укажите цену числом больше нуля (не более двух знаков после запятой)", "Enter a price above zero (at most two decimals)", "მიუთითეთ ნულზე მეტი ფასი (მაქსიმუმ ორი ათწილადი)", "Нөлдөн чоң баа жазыңыз (үтүрдөн кийин эки сандан ашпасын)" }
    StartTimeInvalid => "start_time_invalid" { "Укажите корректные дату и время начала", "Enter a valid start date and time", "მიუთითეთ დაწყების სწორი თარიღი და დრო", "Башталыш күнүн жана убактысын туура жазыңыз" }
    ImageInvalid => "image_invalid" { "Загрузите изображение JPEG, PNG или WebP до 8 МБ", "Upload a JPEG, PNG or WebP image of up to 8 MB", "ატვირთეთ JPEG, PNG ან WebP სურათი 8 მბ-მდე", "8 МБга чейинки JPEG, PNG же WebP сүрөтүн жүктөңүз" }
    ImageUrlInvalid => "image_url_invalid" { "Ссылка на изображение должна начинаться с https://, http:// или /", "The image link must start with https://, http:// or /", "სურათის ბმული უნდა იწყებოდეს https://, http:// ან /-ით", "Сүрөттүн шилтемеси https://, http:// же / менен башталышы керек" }
    PackageBidsInvalid => "package_bids_invalid" { "Количество бидов в пакете — целое число больше нуля", "A package holds a whole number of bids above zero", "პაკეტში ბიდების რაოდენობა ნულზე მეტი მთელი რიცხვია", "Пакеттеги бид саны нөлдөн чоң бүтүн сан" }
    TitleTooLong => "title_too_long" { "Название не длиннее 200 символов", "The title is at most 200 characters", "სათაური მაქსიმუმ 200 სიმბოლოა", "Аталышы 200 белгиден ашпашы керек" }
    TextTooLong => "text_too_long" { "Слишком длинный текст (не более 500 символов)", "Text too long (at most 500 characters)", "ტექსტი ძალიან გრძელია (მაქსიმუმ 500 სიმბოლო)", "Текст өтө узун (500 белгиден ашпашы керек)" }
    // The operator's console: users, lists, the promoted auction.
    UsernameUnusual => "username_unusual_letters" { "Логин может содержать только обычные буквы: без малых прописных, надстрочных и других особых форм", "Username may contain only ordinary letters: no small capitals, superscripts or other special forms", "მომხმარებლის სახელი შეიძლება შეიცავდეს მხოლოდ ჩვეულებრივ ასოებს: მცირე მთავრულის, ზედა ინდექსის და სხვა განსაკუთრებული ფორმების გარეშე", "Логинде кадимки тамгалар гана болушу мүмкүн: кичине баш тамгасыз, үстүңкү белгисиз жана башка өзгөчө формасыз" }
    UsernameReserved => "username_reserved" { "Это имя пользователя зарезервировано", "This username is reserved", "ეს მომხმარებლის სახელი დაჯავშნილია", "Бул логин резервде турат" }
    UserNotFound => "user_not_found" { "Пользователь не найден", "User not found", "მომხმარებელი ვერ მოიძებნა", "Колдонуучу табылган жок" }
    CannotDemoteSelf => "cannot_demote_self" { "Нельзя снять роль администратора с самого себя", "You cannot remove your own admin role", "საკუთარ თავს ადმინისტრატორის როლს ვერ მოხსნით", "Өзүңүздөн администратордун ролун ала албайсыз" }
    CannotDeleteSelf => "cannot_delete_self" { "Нельзя удалить собственный аккаунт", "You cannot delete your own account", "საკუთარ ანგარიშს ვერ წაშლით", "Өз аккаунтуңузду өчүрө албайсыз" }
    LastAdmin => "last_admin" { "Нельзя оставить сайт без администратора", "The site cannot be left without an admin", "საიტი ადმინისტრატორის გარეშე ვერ დარჩება", "Сайт администраторсуз кала албайт" }
    UserInLiveAuction => "user_in_live_auction" { "Пользователь лидирует в идущем аукционе или сделал предварительную ставку на предстоящий", "The user leads a live auction or holds a pre-bid on an upcoming one", "მომხმარებელი ლიდერობს მიმდინარე აუქციონში ან აქვს წინასწარი ფსონი მომავალ აუქციონზე", "Колдонуучу жүрүп жаткан аукциондо алдыда же алдыдагы аукционго алдын ала ставка койгон" }
    BalanceInvalid => "balance_invalid" { "Баланс — целое число от 0 до 1 000 000", "The balance is a whole number from 0 to 1,000,000", "ბალანსი მთელი რიცხვია 0-დან 1 000 000-მდე", "Баланс 0дөн 1 000 000го чейинки бүтүн сан" }
    RoleInvalid => "role_invalid" { "Роль — user или admin", "The role is user or admin", "როლი არის user ან admin", "Ролу user же admin" }
    PageInvalid => "page_invalid" { "Номер страницы — целое число от 1", "The page is a whole number from 1", "გვერდის ნომერი მთელი რიცხვია 1-დან", "Барактын номери 1ден баштаган бүтүн сан" }
    LimitInvalid => "limit_invalid" { "Размер страницы — целое число от 1 до 100", "The page size is a whole number from 1 to 100", "გვერდის ზომა მთელი რიცხვია 1-დან 100-მდე", "Барактын өлчөмү 1ден 100гө чейинки бүтүн сан" }
    BotNameRequired => "bot_name_required" { "Заполните имя и фамилию бота", "Fill in the bot's first and last name", "შეავსეთ ბოტის სახელი და გვარი", "Боттун атын жана фамилиясын толтуруңуз" }
    BotAndAuctionRequired => "bot_and_auction_required" { "Выберите бота и аукцион", "Choose a bot and an auction", "აირჩიეთ ბოტი და აუქციონი", "Ботту жана аукционду тандаңыз" }
    BotNotFound => "bot_not_found" { "Бот не найден", "Bot not found", "ბოტი ვერ მოიძებნა", "Бот табылган жок" }
    BotInactive => "bot_inactive" { "Бот неактивен: выберите активного бота", "The bot is inactive: choose an active bot", "ბოტი არააქტიურია: აირჩიეთ აქტიური ბოტი", "Бот активдүү эмес: активдүү ботту тандаңыз" }
    BotAlreadyAssigned => "bot_already_assigned" { "Этот бот уже добавлен в аукцион", "This bot is already in the auction", "ეს ბოტი უკვე დამატებულია აუქციონში", "Бул бот аукционго кошулуп калган" }
    BotNotAssigned => "bot_not_assigned" { "Этого бота нет в аукционе", "This bot is not in the auction", "ეს ბოტი აუქციონში არ არის", "Бул бот аукциондо жок" }
    BidLimitInvalid => "bid_limit_invalid" { "Лимит ставок — целое число не меньше 0 (0 — без лимита)", "The bid limit is a whole number, at least 0 (0 = no limit)", "ფსონების ლიმიტი მთელი რიცხვია, მინიმუმ 0 (0 — ლიმიტის გარეშე)", "Коюм лимити — 0дөн кем эмес бүтүн сан (0 — лимитсиз)" }
    BotDelayInvalid => "bot_delay_invalid" { "Задержка — целое число секунд от 1 до 10", "The delay is a whole number of seconds from 1 to 10", "დაყოვნება 1-დან 10 წამამდე მთელი რიცხვია", "Кечигүү 1ден 10го чейинки бүтүн секунд" }
    BotDelayOrder => "bot_delay_order" { "Минимальная задержка не может быть больше максимальной", "The minimum delay cannot exceed the maximum", "მინიმალური დაყოვნება არ შეიძლება აღემატებოდეს მაქსიმალურს", "Минималдуу кечигүү максималдуудан чоң болбошу керек" }
    // Buying bids.
    PackageNotFound => "package_not_found" { "Пакет не найден", "Package not found", "პაკეტი ვერ მოიძებნა", "Пакет табылган жок" }
    OrderNotFound => "order_not_found" { "Заказ не найден", "Order not found", "შეკვეთა ვერ მოიძებნა", "Буйрутма табылган жок" }
    OutcomeInvalid => "outcome_invalid" { "Результат оплаты — paid или failed", "The outcome is paid or failed", "შედეგი არის paid ან failed", "Төлөмдүн жыйынтыгы paid же failed" }
    ProviderNotConfigured => "provider_not_configured" { "Этот платёжный провайдер не подключён", "This payment provider is not configured", "ეს გადახდის პროვაიდერი არ არის დაკავშირებული", "Бул төлөм провайдери туташтырылган эмес" }
    DemoPaymentsOff => "demo_payments_off" { "Демо-оплата отключена", "Demo payments are off", "სადემონსტრაციო გადახდა გამორთულია", "Демо төлөм өчүрүлгөн" }
    ProviderInvalid => "provider_invalid" { "Провайдер — латинские буквы, цифры, - и _ (до 32)", "A provider is Latin letters, digits, - and _ (up to 32)", "პროვაიდერი: ლათინური ასოები, ციფრები, - და _ (32-მდე)", "Провайдер: латын тамгалары, сандар, - жана _ (32ге чейин)" }
    DayInvalid => "day_invalid" { "Дата — ГГГГ-ММ-ДД, «с» не позже «по», не больше 366 дней", "A date is YYYY-MM-DD, from no later than to, at most 366 days", "თარიღი: წწწწ-თთ-დდ, «დან» არაუგვიანეს «მდე»-ისა, მაქსიმუმ 366 დღე", "Күн: ЖЖЖЖ-АА-КК, «баштап» «чейинден» кеч эмес, 366 күндөн ашпайт" }
    PayMethodInvalid => "payment_method_invalid" { "Способ оплаты — card или qr", "The payment method is card or qr", "გადახდის მეთოდი: card ან qr", "Төлөм ыкмасы card же qr" }
    QrUnavailable => "qr_unavailable" { "Оплата по QR сейчас недоступна: попробуйте позже или оплатите картой", "Paying by QR is unavailable right now: try again later or pay by card", "QR-ით გადახდა ახლა მიუწვდომელია: სცადეთ მოგვიანებით ან გადაიხადეთ ბარათით", "QR менен төлөө азыр жеткиликсиз: кийинчерээк аракет кылыңыз же карта менен төлөңүз" }
    NotQrOrder => "not_a_qr_order" { "Этот заказ оплачивается не по QR", "This order is not paid by QR", "ეს შეკვეთა QR-ით არ იხდება", "Бул буйрутма QR менен төлөнбөйт" }
    OrderNotPending => "order_not_pending" { "Заказ уже оплачен или закрыт", "The order is already paid or closed", "შეკვეთა უკვე გადახდილია ან დახურულია", "Буйрутма төлөнүп бүткөн же жабылган" }
    QrNotExpired => "qr_not_expired" { "Ссылка для оплаты ещё действует", "The payment link is still valid", "გადახდის ბმული ჯერ კიდევ მოქმედებს", "Төлөм шилтемеси дагы эле жарактуу" }
    ActiveBotsInvalid => "active_bots_invalid" { "Активных ботов — от 0 до 5", "Active bots: from 0 to 5", "აქტიური ბოტები: 0-დან 5-მდე", "Активдүү боттор: 0дөн 5ке чейин" }
    // Won items (claims).
    ClaimNotFound => "claim_not_found" { "Выигранный лот не найден", "Won item not found", "მოგებული ლოტი ვერ მოიძებნა", "Утулган лот табылган жок" }
    ClaimNotOpen => "claim_not_open" { "Этот лот больше не ждёт выбора доставки", "This item no longer awaits a delivery choice", "ეს ლოტი აღარ ელოდება მიწოდების არჩევას", "Бул лот мындан ары жеткирүү тандоосун күтпөйт" }
    ClaimExpired => "claim_expired" { "Срок резерва истёк", "The reservation has expired", "დაჯავშნის ვადა ამოიწურა", "Резервдин мөөнөтү бүттү" }
    ClaimStateInvalid => "claim_state_invalid" { "Лот не в том состоянии для этого действия", "The item is not in a state that allows this", "ლოტი ამ მოქმედებისთვის შესაფერის მდგომარეობაში არ არის", "Лот бул аракет үчүн ылайыктуу абалда эмес" }
    ClaimStateUnknown => "claim_state_unknown" { "Неизвестное состояние лота", "Unknown item state", "ლოტის უცნობი მდგომარეობა", "Лоттун белгисиз абалы" }
    DeliveryMethodInvalid => "delivery_method_invalid" { "Способ доставки — pickup, courier или region", "The delivery method is pickup, courier or region", "მიწოდების მეთოდია pickup, courier ან region", "Жеткирүү ыкмасы — pickup, courier же region" }
    AddressRequired => "address_required" { "Укажите адрес доставки (5–300 символов)", "Give the delivery address (5–300 characters)", "მიუთითეთ მიწოდების მისამართი (5–300 სიმბოლო)", "Жеткирүү дарегин көрсөтүңүз (5–300 белги)" }
    TrackingTooLong => "tracking_too_long" { "Трек-номер не длиннее 200 символов", "The tracking note is at most 200 characters", "თრექინგის ჩანაწერი მაქსიმუმ 200 სიმბოლოა", "Трек-номер 200 белгиден ашпашы керек" }
    // Admin packages, orders and refunds; notifications.
    OriginalPriceBelowPrice => "original_price_below_price" { "Цена без скидки не может быть меньше цены", "The original price cannot be below the price", "ფასდაკლებამდე ფასი ფასზე ნაკლები ვერ იქნება", "Арзандатуусуз баа баадан төмөн болбошу керек" }
    PositionInvalid => "position_invalid" { "Позиция — целое число от 0", "The position is a whole number from 0", "პოზიცია მთელი რიცხვია 0-დან", "Орун 0дөн баштаган бүтүн сан" }
    OrderStateInvalid => "order_state_invalid" { "Состояние заказа — pending, paid, failed или refunded", "The order state is pending, paid, failed or refunded", "შეკვეთის მდგომარეობა: pending, paid, failed ან refunded", "Буйрутманын абалы pending, paid, failed же refunded" }
    OrderKindInvalid => "order_kind_invalid" { "Тип заказа — package или claim", "The order kind is package or claim", "შეკვეთის ტიპი: package ან claim", "Буйрутманын түрү package же claim" }
    OrderNotRefundable => "order_not_refundable" { "Вернуть можно только оплаченный заказ, товар по которому ещё не отправлен", "Only a paid order whose item has not been shipped can be refunded", "დაბრუნება შესაძლებელია მხოლოდ გადახდილი შეკვეთისა, რომლის ნივთიც ჯერ არ გაგზავნილა", "Товары али жөнөтүлө элек төлөнгөн буйрутманы гана кайтарса болот" }
    NotificationIdsInvalid => "notification_ids_invalid" { "Укажите не более 500 уведомлений", "Name at most 500 notifications", "მიუთითეთ არაუმეტეს 500 შეტყობინებისა", "500дөн ашпаган билдирүүнү көрсөтүңүз" }
    TelegramOff => "telegram_off" { "Telegram на этом сайте не подключён", "Telegram is not set up on this site", "Telegram ამ საიტზე არ არის დაკავშირებული", "Бул сайтта Telegram туташтырылган эмес" }
    NoticeKindUnknown => "notice_kind_unknown" { "Неизвестный вид уведомлений", "Unknown kind of notice", "შეტყობინების უცნობი სახე", "Билдирүүнүн белгисиз түрү" }
    SmsNotOffered => "sms_not_offered" { "SMS приходят только о выигрыше и о товаре, перешедшем вам", "SMS is sent only for a win and an item passed to you", "SMS მოდის მხოლოდ მოგებისა და თქვენთვის გადმოცემული ნივთის შესახებ", "SMS утуш жана сизге өткөн буюм тууралуу гана келет" }
    NodeNotFound => "node_not_found" { "Такого сервера нет", "No such node", "ასეთი კვანძი არ არსებობს", "Мындай сервер жок" }
    // The watchlist.
    WatchlistFull => "watchlist_full" { "В избранном уже столько аукционов, сколько можно. Уберите ненужные в профиле, чтобы добавить новый", "Your watchlist is full. Remove auctions you no longer need in your profile to add a new one", "რჩეულები სავსეა. ახლის დასამატებლად პროფილში ამოშალეთ აუქციონები, რომლებიც აღარ გჭირდებათ", "Тандалмалар толуп калды. Жаңысын кошуу үчүн профилиңизден керексиз аукциондорду алып салыңыз" }
    // Push to the phone.
    PushOff => "push_off" { "Уведомления на телефон на этом сайте выключены", "Push notices are off on this site", "ტელეფონზე შეტყობინებები ამ საიტზე გამორთულია", "Бул сайтта телефонго билдирүүлөр өчүрүлгөн" }
    PushEndpointInvalid => "push_endpoint_invalid" { "Адрес подписки браузера не подходит: нужен https-адрес службы уведомлений", "The browser's subscription address will not do: it must be the https address of a push service", "ბრაუზერის გამოწერის მისამართი არ გამოდგება: საჭიროა შეტყობინებების სერვისის https მისამართი", "Браузердин жазылуу дареги туура эмес: билдирүү кызматынын https дареги керек" }
    PushEndpointNotPublic => "push_endpoint_not_public" { "Адрес подписки ведёт не в интернет: уведомления туда не отправляются", "The subscription address is not on the public Internet: no notices are sent there", "გამოწერის მისამართი საჯარო ინტერნეტში არ არის: შეტყობინებები იქ არ იგზავნება", "Жазылуу дареги ачык интернетте эмес: ал жакка билдирүү жөнөтүлбөйт" }
    PushKeysInvalid => "push_keys_invalid" { "Ключи подписки браузера повреждены. Обновите страницу и включите уведомления снова", "The browser's subscription keys are damaged. Reload the page and turn notices on again", "ბრაუზერის გამოწერის გასაღებები დაზიანებულია. განაახლეთ გვერდი და ხელახლა ჩართეთ შეტყობინებები", "Браузердин жазылуу ачкычтары бузулган. Баракты жаңыртып, билдирүүлөрдү кайра күйгүзүңүз" }
    PushExpiryInvalid => "push_expiry_invalid" { "Срок подписки — число миллисекунд с 1970 года или null", "The subscription's expiry is milliseconds since 1970, or null", "გამოწერის ვადა არის მილიწამები 1970 წლიდან, ან null", "Жазылуунун мөөнөтү — 1970-жылдан берки миллисекунддар же null" }
    PushDevicesFull => "push_devices_full" { "Уведомления уже включены на 10 устройствах. Отключите одно в профиле, чтобы добавить это", "Notices are already on for 10 devices. Remove one in your profile to add this one", "შეტყობინებები უკვე ჩართულია 10 მოწყობილობაზე. ამის დასამატებლად პროფილში მოხსენით ერთი", "Билдирүүлөр 10 түзмөктө күйгүзүлгөн. Бул түзмөктү кошуу үчүн профилиңизден бирөөнү өчүрүңүз" }
    // The outbox (admin).
    OutboxChannelInvalid => "outbox_channel_invalid" { "Канал — email, sms, telegram или push", "The channel is email, sms, telegram or push", "არხი: email, sms, telegram ან push", "Канал — email, sms, telegram же push" }
    OutboxStateInvalid => "outbox_state_invalid" { "Состояние сообщения — pending, sent или failed", "The message state is pending, sent or failed", "შეტყობინების მდგომარეობა: pending, sent ან failed", "Билдирүүнүн абалы pending, sent же failed" }
    OutboxMessageNotFound => "outbox_message_not_found" { "Сообщение не найдено", "Message not found", "შეტყობინება ვერ მოიძებნა", "Билдирүү табылган жок" }
    OutboxNotRetryable => "outbox_not_retryable" { "Повторить можно только неотправленное сообщение, текст которого сохранён (коды входа не хранятся)", "Only a failed message whose text is stored can be sent again (sign-in codes are never stored)", "ხელახლა გაგზავნა შეიძლება მხოლოდ გაუგზავნელი შეტყობინებისა, რომლის ტექსტიც შენახულია (შესვლის კოდები არ ინახება)", "Текст сакталган жөнөтүлбөгөн билдирүүнү гана кайра жөнөтсө болот (кирүү коддору сакталбайт)" }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_message_has_a_text_in_every_language() {
        for msg in Msg::ALL {
            for lang in [Lang::Ru, Lang::En, Lang::Ka, Lang::Ky] {
                assert!(!msg.text(lang).trim().is_empty(), "{msg:?} {lang:?}");
            }
        }
    }

    /// One term per idea, as the web app's texts (web/src/i18n/terms.test.ts): in Kyrgyz a bid is
    /// "ставка" and the auto-bidder "автокоюм"; in Russian a pre-bid is "предварительная ставка".
    #[test]
    fn one_term_per_idea() {
        for msg in Msg::ALL {
            let ky = msg.text(Lang::Ky).replace("автокоюм", "");
            assert!(!ky.contains("коюм"), "{msg:?}: {ky}");
            assert!(!msg.text(Lang::Ru).contains("представк"), "{msg:?}");
        }
    }

    #[test]
    fn codes_are_unique() {
        let mut codes: Vec<_> = Msg::ALL.iter().map(|m| m.code()).collect();
        codes.sort_unstable();
        codes.dedup();
        assert_eq!(codes.len(), Msg::ALL.len());
    }

    #[test]
    fn language_tags_parse() {
        assert_eq!(Lang::parse("en-US"), Some(Lang::En));
        assert_eq!(Lang::parse("ka_GE"), Some(Lang::Ka));
        assert_eq!(Lang::parse("KY"), Some(Lang::Ky));
        assert_eq!(Lang::parse("de"), None);
    }
}
