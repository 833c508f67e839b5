-- A busy chain's year, for `npm run bench -- --scale` (scripts/bench/scale.mjs runs it through
-- bench/scale.ts, one step at a time): 200 owners, 500 theaters, 5,000 movies, 100,000 shows
-- from 300 days ago to 65 days ahead with their seats, 100,000 customers and about 1,000,000
-- bookings (about 5 % cancelled, most past live ones checked in).
--
-- Set-based: one INSERT ... SELECT per table over generate_series, no row-by-row work. Written for
-- the schema of migration 0013 on an EMPTY product: ids are given explicitly (so a show's seats
-- and bookings are computed, not looked up) and the identity sequences moved past them at the
-- end. Later migrations run after it on these rows, as they would on a production database.
-- Deterministic: setseed() below, and every other choice is a hash of ids.
--
-- Settings the runner gives: scale.password_hash (one argon2id hash for every account) and
-- scale.tz (the API's APP_TIMEZONE: show times are whole local hours).
--
-- Constraint triggers (foreign keys) are off while loading (session_replication_role =
-- replica): the rows are consistent by construction, and 10 million per-row foreign-key checks
-- would take minutes. Unique indexes and check constraints still hold for every row.

-- step: setup
SET session_replication_role = replica;
SELECT setseed(0.15);
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM users) OR EXISTS (SELECT 1 FROM theaters) THEN
    RAISE EXCEPTION 'scale-seed.sql fills an empty product only';
  END IF;
END $$;

-- Word lists the names are made of.
CREATE TEMP TABLE words AS
SELECT
  ARRAY['aarav','vivaan','aditya','vihaan','arjun','sai','reyansh','ayaan','krishna','ishaan',
        'ananya','diya','aadhya','saanvi','pari','anika','navya','myra','sara','ira',
        'rahul','priya','rohan','neha','karan','pooja','vikram','sneha','amit','kavya',
        'meera','nikhil','tanvi','varun','riya','dev','isha','kabir','zara','yash'] AS first_names,
  ARRAY['sharma','verma','iyer','nair','reddy','patel','gupta','singh','kumar','das',
        'menon','rao','joshi','mehta','shah','bose','sen','pillai','kapoor','malhotra',
        'chopra','banerjee','mukherjee','agarwal','bhat','shetty','naidu','kulkarni','desai','jain',
        'mishra','pandey','thakur','chauhan','yadav','saxena','trivedi','bajaj','khanna','arora'] AS last_names,
  ARRAY['Mumbai','Delhi','Bengaluru','Chennai','Hyderabad','Kolkata','Pune','Ahmedabad',
        'Jaipur','Lucknow','Kochi','Chandigarh','Indore','Bhopal','Nagpur','Surat',
        'Coimbatore','Mysuru','Goa','Guwahati'] AS cities,
  ARRAY['Phoenix','Forum','Central','Galleria','Orion','Nexus','Lulu','Ambience','Inorbit',
        'City Centre','Palladium','Mantri','Select','Elante','Oberoi','Infiniti','Pacific',
        'Sarath','VR','Garuda','Mall Road','Riverside','Lakeside','Hill View','Station Road'] AS areas,
  ARRAY['PVR','INOX','Cinepolis','Carnival','Miraj','Mukta A2','Movietime','Rajhans',
        'Asian','Sathyam'] AS brands,
  ARRAY['Silent','Crimson','Hidden','Last','Golden','Broken','Midnight','Wild','Lost','Burning',
        'Iron','Paper','Frozen','Electric','Secret','Distant','Hollow','Brave','Final','Restless',
        'Velvet','Scarlet','Quiet','Endless','Fallen'] AS adjectives,
  ARRAY['River','Empire','Monsoon','Kingdom','Horizon','Promise','Shadow','Garden','Express',
        'Letter','Mountain','Harbour','Signal','Festival','Witness','Voyage','Orchard','Circus',
        'Lantern','Frontier','Island','Verdict','Season','Compass','Mirror','Station','Tide',
        'Highway','Carnival','Monument','Echo','Bridge','Canvas','Journey','Legacy','Storm',
        'Temple','Market','Desert','Window'] AS nouns,
  ARRAY['Hindi','English','Tamil','Telugu','Kannada','Malayalam','Bengali','Marathi'] AS languages,
  -- The year's few blockbusters: every theater plays some of them, and they sell most.
  ARRAY['Jawan','Pathaan','Leo','Salaar','Animal','Kalki','Stree','Pushpa'] AS blockbusters;

-- step: users
-- Owners 1..200, customers 201..100200; one admin comes from ADMIN_EMAIL when the API starts.
-- Joined over the two years before now, evenly.
INSERT INTO users (id, username, email, password_hash, role, created_at, updated_at)
OVERRIDING SYSTEM VALUE
SELECT i, 'owner_' || w.last_names[1 + i % 40] || '_' || i,
       'owner' || i || '@scale.test', current_setting('scale.password_hash'), 'owner', at, at
  FROM generate_series(1, 200) i, words w,
       LATERAL (SELECT now() - interval '730 days' + (i * interval '1 day')) t(at);

INSERT INTO users (id, username, email, password_hash, role, created_at, updated_at)
OVERRIDING SYSTEM VALUE
SELECT i, f || '_' || l || '_' || n, f || '.' || l || n || '@mail.test',
       current_setting('scale.password_hash'), 'user', at, at
  FROM generate_series(201, 100200) i, words w,
       LATERAL (SELECT w.first_names[1 + i % 40], w.last_names[1 + (i / 40) % 40], i - 200,
                       now() - interval '730 days' + (i - 200) * interval '630 seconds') x(f, l, n, at);

-- step: theaters
-- A few big chains: owner = 1 + floor(200 * (i/500)^2), so owner 1 has 36 theaters and most
-- owners one or two. Layouts from 6 x 9 to 10 x 14 seats.
INSERT INTO theaters (id, owner_id, name, location, seat_rows, seats_per_row, created_at)
OVERRIDING SYSTEM VALUE
SELECT i, 1 + floor(200 * power((i - 1) / 500.0, 2))::integer,
       w.brands[1 + (i * 7) % 10] || ' ' || w.areas[1 + (i * 3) % 25] || ' ' || i,
       w.cities[1 + (i * 11) % 20], 6 + (i * 7) % 5, 9 + (i * 5) % 6,
       now() - interval '700 days' + i * interval '1 day'
  FROM generate_series(1, 500) i, words w;

-- step: movies
-- Ten per theater: slots 1..3 are blockbusters, 4..10 from a catalogue of 1,000 titles.
INSERT INTO movies (id, theater_id, owner_id, title, description, duration_minutes, language,
                    release_date, created_at)
OVERRIDING SYSTEM VALUE
SELECT (t.id - 1) * 10 + slot, t.id, t.owner_id, m.title,
       'A ' || lower(w.adjectives[1 + (h % 25)]) || ' story of ' || lower(w.nouns[1 + (h % 40)])
         || ' and ' || lower(w.nouns[1 + ((h / 40) % 40)]) || '.',
       90 + (h % 91), w.languages[1 + (h / 7) % 8],
       (now() - interval '330 days')::date + (h % 300)::integer, t.created_at
  FROM theaters t CROSS JOIN generate_series(1, 10) slot CROSS JOIN words w,
       LATERAL (SELECT (hashint8(t.id * 100 + slot)::bigint & 2147483647)) hh(h),
       LATERAL (SELECT CASE WHEN slot <= 3 THEN w.blockbusters[1 + (t.id + slot * 3) % 8]
                       ELSE 'The ' || w.adjectives[1 + (h % 1000) / 40] || ' '
                            || w.nouns[1 + (h % 1000) % 40] END) m(title);

-- step: shows
-- 200 per theater on different days from 300 days ago (one every 1.825 days, staggered per
-- theater), at 10:00, 13:00, 16:00, 19:00 or 22:00 local time. Half of a theater's shows are of
-- its three blockbusters. Ids in theater, then time order; seat_base is where its seats' ids
-- start (every seat id is computed, never looked up).
CREATE TEMP TABLE show_plan AS
SELECT id, theater_id, movie_id, starts_at, starts_at + (duration + 15) * interval '1 minute' AS ends_at,
       total_seats, sum(total_seats) OVER (ORDER BY id) - total_seats AS seat_base
  FROM (
    SELECT (t.id - 1) * 200 + j + 1 AS id, t.id AS theater_id,
           (t.id - 1) * 10 + slot AS movie_id, m.duration_minutes AS duration,
           (((now() AT TIME ZONE current_setting('scale.tz'))::date - 300
              + floor(j * 1.825 + (t.id % 7) * 0.25)::integer
              + make_time((10 + 3 * ((t.id + j) % 5))::integer, 0, 0))
             AT TIME ZONE current_setting('scale.tz')) AS starts_at,
           t.seat_rows * t.seats_per_row AS total_seats
      FROM theaters t CROSS JOIN generate_series(0, 199) j
     CROSS JOIN LATERAL (SELECT (hashint8(t.id * 1000 + j)::bigint & 2147483647)) hh(h)
     CROSS JOIN LATERAL (SELECT CASE WHEN h % 10 < 5 THEN 1 + h % 3 ELSE 4 + (h / 10) % 7 END) s(slot)
      JOIN movies m ON m.id = (t.id - 1) * 10 + slot
  ) s;

INSERT INTO shows (id, movie_id, theater_id, starts_at, ends_at, total_seats, created_at)
OVERRIDING SYSTEM VALUE
SELECT id, movie_id, theater_id, starts_at, ends_at, total_seats,
       least(starts_at, now()) - interval '30 days'
  FROM show_plan ORDER BY id;

-- step: unindex
-- The seats and bookings tables are loaded without their indexes and keys, which are then built
-- once by sorting (about three times faster than maintaining them row by row). Their exact
-- definitions are read from the catalogue here and replayed in the step "reindex".
CREATE TEMP TABLE saved_indexes AS
SELECT 'ALTER TABLE ' || c.conrelid::regclass || ' DROP CONSTRAINT ' || quote_ident(c.conname)
         AS drop_sql,
       'ALTER TABLE ' || c.conrelid::regclass || ' ADD CONSTRAINT ' || quote_ident(c.conname)
         || ' ' || pg_get_constraintdef(c.oid) AS create_sql,
       CASE c.contype WHEN 'f' THEN 3 ELSE 2 END AS stage
  FROM pg_constraint c
 WHERE (c.conrelid IN ('seats'::regclass, 'bookings'::regclass) AND c.contype IN ('p', 'u'))
    OR (c.contype = 'f' AND c.confrelid IN ('seats'::regclass, 'bookings'::regclass))
UNION ALL
SELECT 'DROP INDEX ' || i.indexrelid::regclass, pg_get_indexdef(i.indexrelid), 1
  FROM pg_index i
 WHERE i.indrelid IN ('seats'::regclass, 'bookings'::regclass)
   AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid);

DO $$
DECLARE statement text;
BEGIN
  -- Foreign keys first (they need the keys they point at), then keys, then plain indexes.
  FOR statement IN SELECT drop_sql FROM saved_indexes ORDER BY stage DESC LOOP
    EXECUTE statement;
  END LOOP;
END $$;

-- step: seats
-- As POST shows/ makes them: rows A.., seats 1.., in row then seat order.
INSERT INTO seats (id, show_id, row_label, col)
OVERRIDING SYSTEM VALUE
SELECT p.seat_base + (r - 1) * t.seats_per_row + c, p.id, chr(64 + r), c
  FROM show_plan p
  JOIN theaters t ON t.id = p.theater_id
 CROSS JOIN generate_series(1, t.seat_rows) r
 CROSS JOIN generate_series(1, t.seats_per_row) c;

-- step: bookings
-- How many seats of each show were sold: a weight per show (blockbusters x4, weekends x1.6,
-- evenings x1.3), scaled so the year holds about 1,000,000 bookings, capped by the show's
-- seats. An upcoming show has sold only what its booking window (the 14 days before it) has
-- let it sell so far. Each show's first k seats are taken (one live booking per seat).
CREATE TEMP TABLE sold AS
WITH weighted AS (
  SELECT p.*,
         (CASE WHEN m.title = ANY (w.blockbusters) THEN 4.0 ELSE 1.0 END)
         * (CASE WHEN extract(isodow FROM p.starts_at AT TIME ZONE current_setting('scale.tz'))
                      IN (5, 6, 7) THEN 1.6 ELSE 1.0 END)
         * (CASE WHEN extract(hour FROM p.starts_at AT TIME ZONE current_setting('scale.tz'))
                      >= 19 THEN 1.3 ELSE 1.0 END)
         * least(1.0, greatest(0.0, 1 - extract(epoch FROM p.starts_at - now()) / (14 * 86400)))
           AS weight
    FROM show_plan p JOIN movies m ON m.id = p.movie_id CROSS JOIN words w
)
SELECT w.id, w.starts_at, w.seat_base,
       least(w.total_seats, floor(w.weight / sum(w.weight) OVER () * 1000000 + random()))::integer AS k,
       -- What bookings.search_text holds after the username (migration 0013's trigger, which
       -- does not fire while loading).
       m.title || E'\x1f' || t.name AS show_text
  FROM weighted w
  JOIN movies m ON m.id = w.movie_id
  JOIN theaters t ON t.id = w.theater_id;

-- Orders of one to four seats: the seats of one order share a customer and an instant. A
-- customer is drawn with skew (some go to the movies every week), an order's lead time too
-- (most buy in the last two days). About 5 % are cancelled later; about 80 % of the live
-- tickets of a show that has started were checked in at the door.
INSERT INTO bookings (id, user_id, show_id, seat_id, price, is_cancelled, created_at, cancelled_at,
                      checked_in_at, search_text)
OVERRIDING SYSTEM VALUE
SELECT row_number() OVER (ORDER BY b.created, s.id, i), c.id,
       s.id, s.seat_base + i + 1, 100, cancelled, created,
       CASE WHEN cancelled THEN created + (least(s.starts_at, now()) - created) * u3 END,
       CASE WHEN NOT cancelled AND s.starts_at < now() AND u3 < 0.85
            THEN s.starts_at - interval '25 minutes' + u2 * interval '30 minutes' END,
       c.username || E'\x1f' || s.show_text
  FROM sold s CROSS JOIN generate_series(0, s.k - 1) i,
       LATERAL (SELECT s.id * 1000 + i / (1 + s.id % 4)) o(order_key),
       LATERAL (SELECT ((hashint8(order_key)::bigint & 2147483647) % 1000003) / 1000003.0,
                       ((hashint8(order_key + 7)::bigint & 2147483647) % 1000003) / 1000003.0,
                       ((hashint8(s.id * 1000 + i + 13)::bigint & 2147483647) % 1000003) / 1000003.0) u(u1, u2, u3),
       LATERAL (SELECT least(now() - interval '1 minute',
                             s.starts_at - interval '10 minutes'
                               - power(u2, 3) * interval '14 days') AS created,
                       u3 < 0.05 AS cancelled,
                       201 + floor(100000 * power(u1, 1.6))::integer AS user_id) b
  JOIN users c ON c.id = b.user_id
 WHERE s.k > 0
 -- In the order they were made, as the API writes them: ids and the table's pages follow time.
 ORDER BY 1;

-- step: reindex
DO $$
DECLARE statement text;
BEGIN
  FOR statement IN SELECT create_sql FROM saved_indexes ORDER BY stage LOOP
    EXECUTE statement;
  END LOOP;
END $$;

-- step: counts
-- What recordSeatChange keeps on each show: live bookings, no holds, a version per change.
UPDATE shows s
   SET booked_seats = c.live, held_seats = 0, seats_version = c.total
  FROM (SELECT show_id, count(*) FILTER (WHERE NOT is_cancelled)::integer AS live,
               count(*) AS total
          FROM bookings GROUP BY show_id) c
 WHERE c.show_id = s.id;

-- step: sequences
SELECT setval(pg_get_serial_sequence('users', 'id'), (SELECT max(id) FROM users));
SELECT setval(pg_get_serial_sequence('theaters', 'id'), (SELECT max(id) FROM theaters));
SELECT setval(pg_get_serial_sequence('movies', 'id'), (SELECT max(id) FROM movies));
SELECT setval(pg_get_serial_sequence('shows', 'id'), (SELECT max(id) FROM shows));
SELECT setval(pg_get_serial_sequence('seats', 'id'), (SELECT max(id) FROM seats));
SELECT setval(pg_get_serial_sequence('bookings', 'id'), (SELECT max(id) FROM bookings));
RESET session_replication_role;

-- step: vacuum
-- As autovacuum would leave a database that has run for a year: statistics and visibility maps.
VACUUM (ANALYZE) users, theaters, movies, shows, seats, bookings;
