-- Sign-in and sign-up: country codes for the phone input, password resets, wishlist-only users,
-- login throttling and the sign-in / sign-up slides.
-- The migrator splits this file on lines ending with ';', so keep one statement per such line.

ALTER TABLE countries ADD COLUMN iso2 text NOT NULL DEFAULT '';
ALTER TABLE countries ADD COLUMN dial_code text NOT NULL DEFAULT '';

-- Reset links: only the sha256 of the 32-byte hash is stored; single use, short-lived.
CREATE TABLE password_resets (
  id serial PRIMARY KEY,
  buyer_id integer NOT NULL REFERENCES buyers (id) ON DELETE CASCADE,
  hash_sha256 text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX password_resets_buyer_id ON password_resets (buyer_id, created_at);

-- Shoppers who gave only an e-mail to keep a wishlist (buyers/register-wishlist).
CREATE TABLE wishlist_users (
  id serial PRIMARY KEY,
  email text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX wishlist_users_email ON wishlist_users (lower(email));

-- Failed sign-ins, one row each; a sliding window counts them per IP and per IP + e-mail.
-- Kept in the database rather than in process memory so that every server process behind one
-- database sees the same counts and a restart does not reset them. A successful sign-in sets
-- `cleared` on its IP + e-mail rows: they stop counting for that pair but still count for the IP.
CREATE TABLE login_attempts (
  id bigserial PRIMARY KEY,
  ip text NOT NULL,
  email text NOT NULL,
  attempted_at timestamptz NOT NULL DEFAULT now(),
  cleared boolean NOT NULL DEFAULT false
);
CREATE INDEX login_attempts_ip ON login_attempts (ip, attempted_at);
CREATE INDEX login_attempts_ip_email ON login_attempts (ip, email, attempted_at);

CREATE TABLE auth_slides (
  id integer PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('signin', 'signup')),
  title text NOT NULL,
  sub_title text NOT NULL,
  position integer NOT NULL DEFAULT 0
);

-- Expired tokens are pruned per buyer when a new one is issued.
CREATE INDEX auth_tokens_expires_at ON auth_tokens (expires_at);

-- Databases seeded before this migration: fill in the codes of the seeded countries (a fresh
-- database gets them, and the slides, from the seed).
UPDATE countries SET iso2 = 'ae', dial_code = '971' WHERE name = 'United Arab Emirates';
UPDATE countries SET iso2 = 'lb', dial_code = '961' WHERE name = 'Lebanon';
UPDATE countries SET iso2 = 'sa', dial_code = '966' WHERE name = 'Saudi Arabia';
UPDATE countries SET iso2 = 'kw', dial_code = '965' WHERE name = 'Kuwait';
UPDATE countries SET iso2 = 'qa', dial_code = '974' WHERE name = 'Qatar';
UPDATE countries SET iso2 = 'bh', dial_code = '973' WHERE name = 'Bahrain';
UPDATE countries SET iso2 = 'om', dial_code = '968' WHERE name = 'Oman';
UPDATE countries SET iso2 = 'jo', dial_code = '962' WHERE name = 'Jordan';
UPDATE countries SET iso2 = 'eg', dial_code = '20' WHERE name = 'Egypt';
UPDATE countries SET iso2 = 'gb', dial_code = '44' WHERE name = 'United Kingdom';
UPDATE countries SET iso2 = 'us', dial_code = '1' WHERE name = 'United States';
INSERT INTO auth_slides (id, kind, title, sub_title, position)
SELECT * FROM (VALUES
  (1, 'signin', 'Welcome back', 'Your wishlist and cart are waiting for you', 0),
  (2, 'signin', 'Gifts that speak', 'Personalise any gift with a name, a note or a logo', 1),
  (3, 'signin', 'Track every order', 'Follow your gifts from our workshop to the door', 2),
  (4, 'signup', 'Join the gift club', 'Save addresses and check out in seconds', 3),
  (5, 'signup', 'Handmade and exclusive', 'Be the first to hear about new collections', 4),
  (6, 'signup', 'A wishlist for every occasion', 'Keep the gifts you love in one place', 5)
) AS slides (id, kind, title, sub_title, position)
WHERE EXISTS (SELECT 1 FROM countries);
