-- Member account (issue 11): header notifications, member <-> admin messages, the profile's
-- age group and password age, interests and "how did you hear about us".

-- Header notifications (spec 000: notifications, notifications/remove). Dismissing keeps the row.
CREATE TABLE notifications (
  id serial PRIMARY KEY,
  buyer_id integer NOT NULL REFERENCES buyers (id) ON DELETE CASCADE,
  note text NOT NULL,
  priority text NOT NULL DEFAULT 'Normal' CHECK (priority IN ('High', 'Normal')),
  created_at timestamptz NOT NULL DEFAULT now(),
  dismissed_at timestamptz
);
CREATE INDEX notifications_buyer_id ON notifications (buyer_id, created_at DESC) WHERE dismissed_at IS NULL;

-- Messages between a member and the shop (spec 001 §3 Messages). A thread is its root message
-- (reply_to NULL) and every message whose reply_to is that root; order_id NULL is a general
-- thread, otherwise the thread belongs to that order (always the same buyer's).
CREATE TABLE buyer_messages (
  id serial PRIMARY KEY,
  buyer_id integer NOT NULL REFERENCES buyers (id) ON DELETE CASCADE,
  order_id integer REFERENCES orders (id) ON DELETE CASCADE,
  subject text NOT NULL,
  message text NOT NULL,
  sender_type text NOT NULL CHECK (sender_type IN ('Admin', 'Buyer')),
  is_read boolean NOT NULL DEFAULT false,
  reply_to integer REFERENCES buyer_messages (id) ON DELETE CASCADE,
  created_time timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX buyer_messages_buyer_id ON buyer_messages (buyer_id, order_id) WHERE reply_to IS NULL;
CREATE INDEX buyer_messages_reply_to ON buyer_messages (reply_to, created_time);

-- Profile: age group (ids of the /age-group list) and when the password was last set.
ALTER TABLE buyers ADD COLUMN age_group integer;
ALTER TABLE buyers ADD COLUMN password_changed_at timestamptz;

-- Interests and "how did you hear about us": seeded option lists and each member's choices.
CREATE TABLE interest_options (
  id integer PRIMARY KEY,
  name text NOT NULL,
  position integer NOT NULL DEFAULT 0
);
INSERT INTO interest_options (id, name, position) VALUES
  (1, 'Corporate gifts', 1), (2, 'Birthdays', 2), (3, 'Weddings', 3), (4, 'Anniversaries', 4),
  (5, 'Baby showers', 5), (6, 'Eid and Ramadan', 6), (7, 'Christmas', 7), (8, 'Personalised gifts', 8);

CREATE TABLE buyer_interests (
  buyer_id integer NOT NULL REFERENCES buyers (id) ON DELETE CASCADE,
  interest_id integer NOT NULL REFERENCES interest_options (id),
  PRIMARY KEY (buyer_id, interest_id)
);

CREATE TABLE hear_about_us_options (
  id integer PRIMARY KEY,
  name text NOT NULL,
  position integer NOT NULL DEFAULT 0
);
INSERT INTO hear_about_us_options (id, name, position) VALUES
  (1, 'Search engine', 1), (2, 'Facebook', 2), (3, 'Instagram', 3), (4, 'A friend or colleague', 4),
  (5, 'Newspaper or magazine', 5), (6, 'Exhibition or event', 6), (7, 'Other', 7);

CREATE TABLE buyer_hear_about_us (
  buyer_id integer NOT NULL REFERENCES buyers (id) ON DELETE CASCADE,
  option_id integer NOT NULL REFERENCES hear_about_us_options (id),
  PRIMARY KEY (buyer_id, option_id)
);
