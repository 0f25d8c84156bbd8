-- Express checkout gives every guest a fresh identity (see services/buyers.ts, registerGuest): an
-- e-mail is unique among members only; guests may share one, since typing an e-mail proves nothing.
DROP INDEX IF EXISTS buyers_email;
CREATE UNIQUE INDEX buyers_member_email ON buyers (lower(email)) WHERE type = 'Member';
CREATE INDEX buyers_email_lookup ON buyers (lower(email));
