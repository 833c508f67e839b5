-- What the show lists say of a show's seats (docs/decisions/0045-screens-and-seat-layouts.md):
-- the lowest and highest price of its sellable seats, kept on the show's row like total_seats
-- so no list reads a show's seats. Set when its seats are drawn from its screen's layout (at
-- creation, or redrawn before its sales open: routes/screens/sql.ts). Every show before screens
-- has the spec's seats at 100 rupees.
--
-- details_version counts the changes to what the lists show of a show after its creation (its
-- seats redrawn, its screen renamed): the customer's show list keeps each show's unchanging part
-- in memory (routes/shows/show-list-cache.ts) keyed by it, so no instance shows an old name.
ALTER TABLE shows
  ADD COLUMN min_price integer NOT NULL DEFAULT 100 CHECK (min_price BETWEEN 0 AND 100000),
  ADD COLUMN max_price integer NOT NULL DEFAULT 100 CHECK (max_price BETWEEN 0 AND 100000),
  ADD COLUMN details_version integer NOT NULL DEFAULT 0;
