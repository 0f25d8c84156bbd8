-- Issue 20: outgoing mail is a queue every API instance shares (services/mailQueue.ts). A mail is
-- queued in the transaction of what it tells about (an order, a reset link); each instance's sender
-- claims due mails with FOR UPDATE SKIP LOCKED and a lease, hands each to SMTP (or the outbox
-- folder) and marks it sent, so one mail is sent once however many instances run.
--   queued   waiting; next_attempt_at is when it is due (now, or after a failed attempt's backoff)
--   sending  claimed by a sender; next_attempt_at is the end of its lease (a sender that died
--            leaves it due again then)
--   sent     handed over (the bodies are cleared: a reset link must not outlive its sending)
--   failed   refused for good (a 5xx answer) or out of attempts; last_error says why
CREATE TABLE IF NOT EXISTS mail_queue (
  id bigserial PRIMARY KEY,
  recipient text NOT NULL,
  subject text NOT NULL,
  text_body text,
  html_body text,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sending', 'sent', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_attempt_at timestamptz,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);

-- The senders' claim: the due mails, found without reading the sent ones.
CREATE INDEX IF NOT EXISTS mail_queue_due ON mail_queue (next_attempt_at)
  WHERE status = 'queued' OR status = 'sending';
