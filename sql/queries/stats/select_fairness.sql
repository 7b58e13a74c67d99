-- The public fairness page's figures for the last $1 days: auctions finished then; of those, won
-- by people, won by the house (a bot), and ended without a bid; how many had no house bidders;
-- the median winning price as a share of the retail price (basis points, 1/100 of a percent;
-- null when nobody won); and the bids placed then by people and by house bots.
with f as (
    select a.winner_id, w.is_bot as house, a.current_price, a.retail_price, a.house_reserve
    from auction a
    left join app_user w on w.id = a.winner_id
    where a.status = 'finished' and a.end_time > now() - make_interval(days => $1)
)
select (select count(*) from f) as finished,
       (select count(*) from f where f.winner_id is not null and not f.house) as won_by_people,
       (select count(*) from f where f.house) as won_by_house,
       (select count(*) from f where f.winner_id is null) as no_winner,
       (select count(*) from f where f.house_reserve is null) as without_house,
       (select round(percentile_cont(0.5) within group (order by f.current_price * 10000.0 / f.retail_price))::bigint
        from f where f.winner_id is not null and f.retail_price > 0) as median_share_bp,
       (select count(*) from bid b where not b.is_bot and b.created_at > now() - make_interval(days => $1)) as people_bids,
       (select count(*) from bid b where b.is_bot and b.created_at > now() - make_interval(days => $1)) as bot_bids
