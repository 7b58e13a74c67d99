select count(*) filter (where status = 'live'),
       count(*) filter (where status = 'upcoming'),
       count(*) filter (where status = 'finished')
from auction
