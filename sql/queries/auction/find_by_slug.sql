select id from auction
where right($1, length(display_id)) = lower(translate(display_id, '/\', '--'))
order by length(display_id) desc
limit 1
