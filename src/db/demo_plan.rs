//! The demo's fixed plan (no randomness): who the seeded people and bots are, the fifteen lots
//! with their phases, pre-bidders, crowds, leaders and house rules, which bots sit on which lots,
//! and in what order and at what seconds each started lot's bids land. super::demo writes it.

use anyhow::{Context, Result, ensure};
use chrono::NaiveDate;

/// One seeded account. Bots have no contacts and no ledger.
pub(super) struct Person {
    pub(super) login: &'static str,
    pub(super) first: &'static str,
    pub(super) last: &'static str,
    pub(super) phone: Option<&'static str>,
    pub(super) born: Option<NaiveDate>,
    pub(super) gender: Option<&'static str>,
    /// Bids bought on top of the signup bonus.
    pub(super) purchased: i64,
    pub(super) bot: bool,
}

#[rustfmt::skip]
const fn user(login: &'static str, first: &'static str, last: &'static str, phone: &'static str,
              (y, m, d): (i32, u32, u32), gender: &'static str, purchased: i64) -> Person {
    let born = NaiveDate::from_ymd_opt(y, m, d);
    let (phone, gender) = (Some(phone), Some(gender));
    Person { login, first, last, phone, born, gender, purchased, bot: false }
}

#[rustfmt::skip]
const fn bot(login: &'static str, first: &'static str, last: &'static str) -> Person {
    Person { login, first, last, phone: None, born: None, gender: None, purchased: 0, bot: true }
}

/// Who is who in PEOPLE (same order), for the auction table.
#[rustfmt::skip]
#[derive(Clone, Copy, PartialEq, Debug)]
pub(super) enum Who {
    Demo, Aibek, Aigerim, Nurlan, Zhyldyz, Bakyt, Asel, Erlan, Dinara, Timur, Gulnara,
}
use Who::*;

#[rustfmt::skip]
pub(super) const PEOPLE: [Person; 11] = [
    user("demo", "Азамат", "Исмаилов", "+996700123456", (1991, 5, 14), "male", 250),
    user("aibek", "Айбек", "Садыков", "+996555201734", (1994, 2, 3), "male", 2_000),
    user("aigerim", "Айгерим", "Токтогулова", "+996772480915", (1998, 9, 21), "female", 2_000),
    user("nurlan", "Нурлан", "Абдыкадыров", "+996701336208", (1987, 11, 8), "male", 2_000),
    user("zhyldyz", "Жылдыз", "Осмонова", "+996557904412", (2000, 4, 17), "female", 2_000),
    user("bakyt", "Бакыт", "Жумабаев", "+996779115620", (1983, 7, 30), "male", 2_000),
    user("asel", "Асель", "Мамытова", "+996709662871", (1996, 12, 1), "female", 2_000),
    bot("bot_erlan", "Эрлан", "Бейшеев"),
    bot("bot_dinara", "Динара", "Алиева"),
    bot("bot_timur", "Тимур", "Кадыров"),
    bot("bot_gulnara", "Гульнара", "Асанова"),
];

/// When a lot runs: it ends in, starts in, or ended this many minutes ago.
#[rustfmt::skip]
pub(super) enum Phase { Live(i64), Upcoming(i64), Finished(i64) }

/// One seeded auction. `bids` counts every bid, including the converted pre-bids that open a
/// started lot; `crowd` bids after the start and `leader` places the last bid.
pub(super) struct Lot {
    pub(super) title: &'static str,
    pub(super) about: &'static str,
    pub(super) image: &'static str,
    pub(super) category: &'static str,
    pub(super) retail_som: i64,
    pub(super) package: Option<i32>,
    pub(super) phase: Phase,
    pub(super) bids: usize,
    pub(super) prebids: &'static [Who],
    pub(super) crowd: &'static [Who],
    pub(super) leader: Option<Who>,
    /// The house rule: `None`, no house bidders; N, bots bid while it has fewer than N bids.
    pub(super) house: Option<i32>,
    /// Seconds from go-live to the first deadline (`None`: the default 10 s).
    pub(super) opening: Option<i32>,
}

#[rustfmt::skip]
const LOT: Lot = Lot {
    title: "", about: "", image: "", category: "", retail_som: 0, package: None,
    phase: Phase::Upcoming(60), bids: 0, prebids: &[], crowd: &[], leader: None, house: None, opening: None,
};

#[rustfmt::skip]
pub(super) const LOTS: [Lot; 15] = [
    Lot { title: "iPhone 15 Pro 256 ГБ", image: "phone", category: "Смартфоны", retail_som: 129_990,
          phase: Phase::Live(3), bids: 34, prebids: &[Aibek, Nurlan], crowd: &[Demo, Zhyldyz, Aigerim, Nurlan, Aibek], leader: Some(Aibek),
          about: "Титановый корпус, чип A17 Pro, тройная камера 48 Мп и USB-C. Новый, запечатанный, официальная гарантия 1 год.", ..LOT },
    Lot { title: "MacBook Air 13\" M3 8/256 ГБ", image: "laptop", category: "Ноутбуки", retail_som: 119_990,
          phase: Phase::Live(9), bids: 21, prebids: &[Demo], crowd: &[Nurlan, Dinara, Demo, Gulnara], leader: Some(Demo), house: Some(25),
          about: "Лёгкий ноутбук на чипе Apple M3: до 18 часов без подзарядки, дисплей Liquid Retina 13,6\", цвет «полночь».", ..LOT },
    Lot { title: "Наушники Sony WH-1000XM5", image: "headphones", category: "Аудио", retail_som: 34_990,
          phase: Phase::Live(16), bids: 12, crowd: &[Aigerim, Asel, Bakyt], leader: Some(Aigerim),
          about: "Флагманское шумоподавление, до 30 часов работы, быстрая зарядка и подключение к двум устройствам.", ..LOT },
    Lot { title: "Apple Watch Series 9 45 мм", image: "watch", category: "Гаджеты", retail_som: 42_990,
          phase: Phase::Live(25), bids: 8, crowd: &[Bakyt, Zhyldyz, Nurlan], leader: Some(Nurlan),
          about: "Алюминиевый корпус, яркий дисплей Retina, датчики пульса и кислорода в крови, жест двойного касания.", ..LOT },
    Lot { title: "iPhone 16 Pro Max 256 ГБ", image: "promo-phone", category: "Смартфоны", retail_som: 179_900,
          phase: Phase::Upcoming(20), prebids: &[Demo, Aibek, Nurlan, Asel, Aigerim], opening: Some(600),
          about: "Самый большой iPhone: дисплей 6,9\", чип A18 Pro, камера 48 Мп с пятикратным зумом. Главный лот недели!", ..LOT },
    Lot { title: "Планшет Samsung Galaxy Tab S9 FE 128 ГБ", image: "tablet", category: "Планшеты", retail_som: 49_990,
          phase: Phase::Upcoming(2 * 60), prebids: &[Aigerim, Bakyt], house: Some(10),
          about: "Экран 10,9\" с частотой 90 Гц, стилус S Pen в комплекте, защита от воды IP68.", ..LOT },
    Lot { title: "Игровая консоль PlayStation 5 Slim", image: "console", category: "Игры", retail_som: 62_990,
          phase: Phase::Upcoming(24 * 60), prebids: &[Bakyt, Demo],
          about: "Компактная PS5 с дисководом, SSD на 1 ТБ и беспроводным геймпадом DualSense.", ..LOT },
    Lot { title: "Телевизор Samsung 55\" Crystal UHD 4K", image: "tv", category: "Телевизоры", retail_som: 54_990,
          phase: Phase::Upcoming(2 * 24 * 60), prebids: &[Nurlan],
          about: "Smart TV с диагональю 55\", процессор Crystal 4K, поддержка HDR10+ и голосовых ассистентов.", ..LOT },
    Lot { title: "Электросамокат Xiaomi Electric Scooter 4 Pro", image: "scooter", category: "Транспорт", retail_som: 49_990,
          phase: Phase::Upcoming(5 * 24 * 60),
          about: "Запас хода до 55 км, мотор 700 Вт, бескамерные шины 10\" и двойная система торможения.", ..LOT },
    Lot { title: "Пакет 100 бидов", image: "bids", category: "Биды", retail_som: 1_500, package: Some(100),
          phase: Phase::Upcoming(6 * 60), prebids: &[Asel],
          about: "100 бидов зачисляются на баланс победителя сразу после окончания аукциона.", ..LOT },
    Lot { title: "Пакет 250 бидов", image: "bids", category: "Биды", retail_som: 3_750, package: Some(250),
          phase: Phase::Upcoming(30 * 60), prebids: &[Zhyldyz, Aibek],
          about: "Самый популярный пакет: 250 бидов на баланс победителя сразу после окончания аукциона.", ..LOT },
    Lot { title: "Кофемашина De'Longhi Magnifica S", image: "coffee", category: "Бытовая техника", retail_som: 39_990,
          phase: Phase::Finished(40), bids: 27, prebids: &[Aibek], crowd: &[Demo, Timur, Aibek], leader: Some(Demo), house: Some(27),
          about: "Автоматическая кофемашина с кофемолкой и капучинатором: эспрессо и капучино одним нажатием.", ..LOT },
    Lot { title: "Золотое кольцо 585° с бриллиантом", image: "ring", category: "Украшения", retail_som: 64_990,
          phase: Phase::Finished(190), bids: 40, crowd: &[Aigerim, Bakyt, Nurlan, Asel], leader: Some(Nurlan),
          about: "Кольцо из красного золота 585 пробы с бриллиантом 0,15 карата, сертификат и подарочная упаковка.", ..LOT },
    Lot { title: "Кроссовки Nike Air Max 270", image: "sneakers", category: "Одежда и обувь", retail_som: 14_990,
          phase: Phase::Finished(420), bids: 15, crowd: &[Bakyt, Dinara, Zhyldyz], leader: Some(Dinara), house: Some(15),
          about: "Лёгкие кроссовки с крупной воздушной подушкой Air в пятке. Размеры 40–45 на выбор победителя.", ..LOT },
    Lot { title: "Фотоаппарат Canon EOS R50 Kit 18-45 мм", image: "camera", category: "Фото", retail_som: 89_990,
          phase: Phase::Finished(26 * 60),
          about: "Беззеркальная камера 24,2 Мп, видео 4K и автофокус Dual Pixel. Аукцион завершился без ставок.", ..LOT },
];

/// Bots on lots: (index in LOTS, bot, bid limit; 0 = no limit), only on lots whose house rule lets
/// the house in. The bots of a started lot are those of its crowd, each limit above its bids so
/// far, so they answer a visitor's bid at once while the house reserve lasts; the bots of upcoming
/// lots start bidding when those go live.
#[rustfmt::skip]
pub(super) const BOTS_ON_LOTS: [(usize, Who, u32); 6] = [
    (1, Dinara, 30), (1, Gulnara, 0), (5, Gulnara, 0), (5, Erlan, 0), (11, Timur, 0), (13, Dinara, 0),
];
/// Who places each bid of a started lot, oldest first: the pre-bidders (their converted pre-bids),
/// then the crowd in a fixed rotation, ending with the leader; nobody bids twice in a row.
pub(super) fn bidders(lot: &Lot) -> Result<Vec<Who>> {
    let Some(leader) = lot.leader else {
        return Ok(Vec::new());
    };
    let (n, p, len) = (lot.bids, lot.prebids.len(), lot.crowd.len());
    ensure!(n > p, "{}: needs more bids than pre-bids", lot.title);
    let mut seq = lot.prebids.to_vec();
    seq.resize(n, leader);
    // Filled backwards so that the sequence ends on the chosen leader.
    for k in (p..n - 1).rev() {
        let (before, after) = ((k == p && p > 0).then(|| seq[p - 1]), seq[k + 1]);
        let first = (k * 7 + k / 3) % len.max(1);
        let mut pick = (0..len).map(|j| lot.crowd[(first + j) % len]);
        let fits = |c: &Who| *c != after && Some(*c) != before;
        seq[k] = pick.find(fits).context("crowd too small")?;
    }
    ensure!(seq.windows(2).all(|w| w[0] != w[1]), "a repeated bidder");
    Ok(seq)
}

/// Seconds after the start at which each bid lands: converted pre-bids at the start, then 2–9 s
/// apart (under the 10 s countdown, over the 1 s minimum between one user's bids).
pub(super) fn offsets(prebids: usize, n: usize) -> Vec<i64> {
    (0..n).map(|k| (prebids..=k).map(|j| 2 + j as i64 * 7 % 8).sum()).collect()
}
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_plan_opens_with_prebids_ends_with_leaders_and_fits_every_balance() {
        let mut balance: Vec<i64> = PEOPLE.iter().map(|p| 5 + p.purchased).collect();
        for lot in &LOTS {
            let seq = bidders(lot).unwrap();
            assert_eq!(seq.last().copied(), lot.leader);
            assert!(seq.is_empty() || seq.starts_with(lot.prebids));
            assert!(lot.prebids.iter().all(|&who| !PEOPLE[who as usize].bot));
            for &who in seq.iter().skip(lot.prebids.len()).chain(lot.prebids) {
                balance[who as usize] -= i64::from(!PEOPLE[who as usize].bot);
            }
        }
        assert!(balance.iter().all(|&b| b >= 0), "{balance:?}");
        assert!(PEOPLE.iter().all(|p| p.bot || p.born.is_some()));
    }

    #[test]
    fn bots_are_assigned_once_each_to_lots_where_they_can_still_bid() {
        for (k, &(lot, who, limit)) in BOTS_ON_LOTS.iter().enumerate() {
            assert!(PEOPLE[who as usize].bot, "{who:?} is not a bot");
            assert!(
                !BOTS_ON_LOTS[..k].iter().any(|&(l, w, _)| (l, w) == (lot, who)),
                "{who:?} twice on {lot}"
            );
            let placed = bidders(&LOTS[lot]).unwrap().iter().filter(|&&b| b == who).count() as u32;
            let running = !matches!(LOTS[lot].phase, Phase::Finished(_));
            assert!(!running || limit == 0 || placed < limit, "{who:?} on {lot}: {placed} of {limit}");
            assert!(running || placed > 0, "{who:?} is on finished lot {lot} without a bid");
        }
    }

    #[test]
    fn bots_bid_and_are_assigned_only_where_the_house_rule_lets_them() {
        for (i, lot) in LOTS.iter().enumerate() {
            let seq = bidders(lot).unwrap();
            for (n, &who) in seq.iter().enumerate() {
                let taken = n as i32;
                let allowed = lot.house.is_some_and(|reserve| taken < reserve);
                assert!(
                    !PEOPLE[who as usize].bot || allowed,
                    "{}: bot bid #{} past its rule",
                    lot.title,
                    n + 1
                );
            }
            let assigned = BOTS_ON_LOTS.iter().any(|&(l, _, _)| l == i);
            assert!(!assigned || lot.house.is_some(), "{}: bots assigned without a house reserve", lot.title);
        }
        let running = LOTS.iter().filter(|l| !matches!(l.phase, Phase::Finished(_)) && l.package.is_none());
        let (with_house, without): (Vec<_>, Vec<_>) = running.partition(|l| l.house.is_some());
        assert!(without.len() > 2 * with_house.len(), "most lots have no house bidders");
    }

    #[test]
    fn bids_after_the_prebids_are_two_to_nine_seconds_apart() {
        let offs = offsets(2, 30);
        assert_eq!(&offs[..3], &[0, 0, 2 + 14 % 8]);
        let gaps: Vec<i64> = offs.windows(2).skip(1).map(|w| w[1] - w[0]).collect();
        assert!(gaps.iter().all(|g| (2..=9).contains(g)));
    }
}
