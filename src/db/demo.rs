//! Demo data: seeds an empty database with a believable Tyiyn in one transaction: the `demo`
//! account, ordinary users, bots (assigned to the few auctions whose house rule lets them in, so
//! they answer visitors' bids there), and live,
//! upcoming, bid-package and finished auctions whose bids, pre-bids, prices, leaders and ledgers
//! agree. The plan is fixed (no randomness);
//! only its times are laid out relative to the moment of seeding.

use anyhow::{Context, Result, ensure};
use chrono::{DateTime, Duration, NaiveDate, Utc};
use deadpool_postgres::Transaction;
use tokio_postgres::types::ToSql;

type Time = DateTime<Utc>;

/// What the seed created, for the start-up log.
pub struct DemoSummary {
    /// (username, password) of the accounts one can log in with.
    pub users: Vec<(String, String)>,
    /// Number of auctions created.
    pub auctions: usize,
}

/// One seeded account. Bots have no contacts and no ledger.
struct Person {
    login: &'static str,
    first: &'static str,
    last: &'static str,
    phone: Option<&'static str>,
    born: Option<NaiveDate>,
    gender: Option<&'static str>,
    /// Bids bought on top of the signup bonus.
    purchased: i64,
    bot: bool,
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
enum Who {
    Demo, Aibek, Aigerim, Nurlan, Zhyldyz, Bakyt, Asel, Erlan, Dinara, Timur, Gulnara,
}
use Who::*;

#[rustfmt::skip]
const PEOPLE: [Person; 11] = [
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
enum Phase { Live(i64), Upcoming(i64), Finished(i64) }

/// One seeded auction. `bids` counts every bid, including the converted pre-bids that open a
/// started lot; `crowd` bids after the start and `leader` places the last bid.
struct Lot {
    title: &'static str,
    about: &'static str,
    image: &'static str,
    category: &'static str,
    retail_som: i64,
    package: Option<i32>,
    phase: Phase,
    bids: usize,
    prebids: &'static [Who],
    crowd: &'static [Who],
    leader: Option<Who>,
    /// The house rule: `None`, no house bidders; N, bots bid while it has fewer than N bids.
    house: Option<i32>,
    /// Seconds from go-live to the first deadline (`None`: the default 10 s).
    opening: Option<i32>,
}

#[rustfmt::skip]
const LOT: Lot = Lot {
    title: "", about: "", image: "", category: "", retail_som: 0, package: None,
    phase: Phase::Upcoming(60), bids: 0, prebids: &[], crowd: &[], leader: None, house: None, opening: None,
};

#[rustfmt::skip]
const LOTS: [Lot; 15] = [
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
const BOTS_ON_LOTS: [(usize, Who, u32); 6] = [
    (1, Dinara, 30), (1, Gulnara, 0), (5, Gulnara, 0), (5, Erlan, 0), (11, Timur, 0), (13, Dinara, 0),
];

// A finished lot with a person as its winner has that winner's won item, reserved from the end
// of the auction for the default 48 hours, and its auction_won notice (as the finishing
// transaction writes them), so the demo user can claim and pay for the coffee machine at once.
const INSERT_WON_ITEMS: &str = "with won as (
      insert into claim (auction_id, user_id, position, title, price, package_bids, reserved_until, created_at)
      select a.id, a.winner_id, 1, a.title, a.current_price, a.bid_package_bids,
             a.end_time + interval '48 hours', a.end_time
      from auction a join app_user u on u.id = a.winner_id
      where a.id = any($1) and a.status = 'finished' and not u.is_bot
      returning id, auction_id, user_id, title, reserved_until, created_at)
    insert into notification (user_id, kind, auction_id, payload, created_at)
    select user_id, 'auction_won', auction_id,
           jsonb_build_object('title', title, 'claimId', id, 'until', to_jsonb(reserved_until)),
           created_at
    from won";

const INSERT_USER: &str = "insert into app_user (username, email, password_hash, first_name,
    last_name, phone, date_of_birth, gender, is_bot, ip_address, created_at, updated_at)
    values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11) returning id";
// Every lot starts at 1 tyiyn and climbs 1 tyiyn (0.01 som) per bid.
const INSERT_AUCTION: &str = "insert into auction (display_id, title, description, image_url,
    retail_price, estimated_value, starting_price, bid_increment, current_price, total_bids,
    start_time, status, ends_at, end_time, is_bid_package, bid_package_bids, category, condition,
    leader_id, winner_id, house_reserve, opening_secs, created_at, updated_at)
    values ('TY/2026/' || (10001 + $1::int), $2, $3, '/demo/' || $4 || '.svg', $5, $5, 1, 1,
    1 + $6::bigint, $6, $7, $8, $9, $10, $11::int is not null, $11, $12, case when $11::int is null
    then 'Новый' else 'Цифровой товар' end, $13, case when $8 = 'finished' then $13::bigint end,
    $14, $15, least($7, now()) - interval '2 days', now()) returning id";
// Bid k (from 1) costs starting_price + k * bid_increment; the first $2 are converted pre-bids.
const INSERT_BIDS: &str = "insert into bid (auction_id, user_id, amount, is_bot, bot_name,
    is_prebid, created_at)
    select a.id, u.id, a.starting_price + b.k * a.bid_increment, u.is_bot,
        case when u.is_bot then u.first_name || ' ' || u.last_name end, b.k <= $2, b.at
    from unnest($3::bigint[], $4::timestamptz[]) with ordinality b (user_id, at, k)
    join app_user u on u.id = b.user_id join auction a on a.id = $1
    order by b.k";
// A started lot's pre-bids point at the bids they became.
const INSERT_PREBIDS: &str = "insert into prebid (auction_id, user_id, bid_id, created_at)
    select $1, p.user_id, (select b.id from bid b where b.auction_id = $1
        and b.user_id = p.user_id and b.is_prebid), p.at
    from unnest($2::bigint[], $3::timestamptz[]) p (user_id, at)";
// Signup bonus, purchases, then -1 per charged bid and pre-bid; bots bid for free. The database
// held no auction, hence no bid or pre-bid, before the seed: all of them are ours.
const INSERT_LEDGER: &str = "insert into ledger_entry (user_id, delta, reason, auction_id,
    created_at)
    select id, 5, 'signup_bonus', null::bigint, created_at
        from app_user where id = any($1) and not is_bot
    union all select u.id, p.bids, 'purchase', null::bigint, u.created_at + interval '2 hours'
        from unnest($1::bigint[], $2::bigint[]) p (id, bids) join app_user u on u.id = p.id
        where p.bids > 0
    union all select user_id, -1, 'bid', auction_id, created_at
        from bid where not is_bot and not is_prebid
    union all select user_id, -1, 'prebid', auction_id, created_at from prebid
    order by 5";
const INSERT_BOT_ASSIGNMENTS: &str = "insert into bot_assignment (auction_id, bot_id, bid_limit)
    select * from unnest($1::bigint[], $2::bigint[], $3::int[])";
// The check (bid_balance >= 0) guards the plan's arithmetic.
const SET_BALANCES: &str = "update app_user u set bid_balance = coalesce((select sum(l.delta)
    from ledger_entry l where l.user_id = u.id), 0)::bigint where u.id = any($1) and not u.is_bot";

/// Seeds a believable demo into an empty database (does nothing and returns Ok(None) when any
/// auction already exists, or when one of the demo usernames is taken).
pub async fn seed(
    client: &mut deadpool_postgres::Object,
    demo_password_hash: &str,
    demo_password: &str,
) -> anyhow::Result<Option<DemoSummary>> {
    let tx = client.transaction().await?;
    let logins: Vec<&str> = PEOPLE.iter().map(|p| p.login).collect();
    let taken = "select exists (select 1 from auction)
        or exists (select 1 from app_user where lower(username) = any($1))";
    if tx.query_one(taken, &[&logins]).await?.get::<_, bool>(0) {
        return Ok(None);
    }
    let now = Utc::now();
    let mut ids = Vec::with_capacity(PEOPLE.len());
    for i in 0..PEOPLE.len() {
        ids.push(insert_person(&tx, i, demo_password_hash, now).await?);
    }
    let mut lots = Vec::with_capacity(LOTS.len());
    for (i, lot) in LOTS.iter().enumerate() {
        let inserted = insert_lot(&tx, i, &ids, now).await;
        lots.push(inserted.with_context(|| format!("demo auction {}", lot.title))?);
    }
    let auctions: Vec<i64> = BOTS_ON_LOTS.iter().map(|&(lot, _, _)| lots[lot]).collect();
    let bots: Vec<i64> = BOTS_ON_LOTS.iter().map(|&(_, who, _)| ids[who as usize]).collect();
    let limits: Vec<i32> = BOTS_ON_LOTS.iter().map(|&(_, _, limit)| limit as i32).collect();
    tx.execute(INSERT_BOT_ASSIGNMENTS, &[&auctions, &bots, &limits]).await?;
    let bought: Vec<i64> = PEOPLE.iter().map(|p| p.purchased).collect();
    tx.execute(INSERT_LEDGER, &[&ids, &bought]).await?;
    tx.execute(SET_BALANCES, &[&ids]).await?;
    tx.execute(INSERT_WON_ITEMS, &[&lots]).await?;
    tx.commit().await?;
    let users = vec![("demo".to_owned(), demo_password.to_owned())];
    let auctions = LOTS.len();
    Ok(Some(DemoSummary { users, auctions }))
}

/// Inserts one account, joined some weeks ago; returns its id. Bots get a hash no password matches.
async fn insert_person(tx: &Transaction<'_>, i: usize, hash: &str, now: Time) -> Result<i64> {
    let p = &PEOPLE[i];
    let hash = if p.bot { super::bots::UNUSABLE_PASSWORD_HASH } else { hash };
    let joined = now - Duration::days(70 - 5 * i as i64);
    let email = (!p.bot).then(|| format!("{}@example.com", p.login));
    let ip = (!p.bot).then(|| format!("212.42.{}.{}", 96 + i, 17 + 11 * i));
    let params: [&(dyn ToSql + Sync); 11] =
        [&p.login, &email, &hash, &p.first, &p.last, &p.phone, &p.born, &p.gender, &p.bot, &ip, &joined];
    let stmt = tx.prepare_cached(INSERT_USER).await?;
    Ok(tx.query_one(&stmt, &params).await?.get(0))
}

/// Inserts one auction with its bids and pre-bids (their ledger entries come at the end); returns
/// its id.
async fn insert_lot(tx: &Transaction<'_>, i: usize, ids: &[i64], now: Time) -> Result<i64> {
    let lot = &LOTS[i];
    let seq = bidders(lot)?;
    let offs = offsets(lot.prebids.len(), seq.len());
    let span = Duration::seconds(offs.last().copied().unwrap_or(0));
    // A live lot took its last bid seconds ago and runs for minutes more so visitors can join in;
    // a finished one ended a countdown (10 s) after its last bid, or after a start without bids.
    let (min, sec) = (Duration::minutes, Duration::seconds);
    let last = match lot.phase {
        Phase::Finished(m) => now - min(m) - sec(10),
        _ => now - sec(4 * i as i64 + 4),
    };
    let (status, start, ends_at, end_time) = match lot.phase {
        Phase::Live(m) => ("live", last - span, Some(now + min(m)), None),
        Phase::Upcoming(m) => ("upcoming", now + min(m), None, None),
        Phase::Finished(_) => ("finished", last - span, None, Some(last + sec(10))),
    };
    let (n, retail, total) = (i as i32, lot.retail_som * 100, seq.len() as i64);
    let (shelf, package) = (lot.category, lot.package);
    let leader = seq.last().map(|&who| ids[who as usize]);
    let stmt = tx.prepare_cached(INSERT_AUCTION).await?;
    let params: [&(dyn ToSql + Sync); 15] = [
        &n,
        &lot.title,
        &lot.about,
        &lot.image,
        &retail,
        &total,
        &start,
        &status,
        &ends_at,
        &end_time,
        &package,
        &shelf,
        &leader,
        &lot.house,
        &lot.opening,
    ];
    let auction: i64 = tx.query_one(&stmt, &params).await?.get(0);
    let users: Vec<i64> = seq.iter().map(|&who| ids[who as usize]).collect();
    let times: Vec<_> = offs.iter().map(|&s| start + Duration::seconds(s)).collect();
    let converted = lot.prebids.len().min(seq.len()) as i64;
    let stmt = tx.prepare_cached(INSERT_BIDS).await?;
    let params: [&(dyn ToSql + Sync); 4] = [&auction, &converted, &users, &times];
    tx.execute(&stmt, &params).await?;
    // Each bid is hashed into the auction's public record (sql/migrations/0009_record.sql).
    tx.execute("select record_seal($1)", &[&auction]).await?;
    // Pre-bids were placed in the hours before the start.
    let users: Vec<i64> = lot.prebids.iter().map(|&who| ids[who as usize]).collect();
    let before = |j| start.min(now) - Duration::minutes(47 * j);
    let times: Vec<_> = (1..=users.len() as i64).rev().map(before).collect();
    let stmt = tx.prepare_cached(INSERT_PREBIDS).await?;
    tx.execute(&stmt, &[&auction, &users, &times]).await?;
    Ok(auction)
}

/// Who places each bid of a started lot, oldest first: the pre-bidders (their converted pre-bids),
/// then the crowd in a fixed rotation, ending with the leader; nobody bids twice in a row.
fn bidders(lot: &Lot) -> Result<Vec<Who>> {
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
fn offsets(prebids: usize, n: usize) -> Vec<i64> {
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
