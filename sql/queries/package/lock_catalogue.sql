-- Package ids are plain integers (the seeded five are 1–5): creations take turns choosing the next.
lock table bid_package in share row exclusive mode
