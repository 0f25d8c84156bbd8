-- A failed mail can be queued again by an operator (services/mailQueue.ts, requeueFailedMail), so
-- a mail given up keeps its bodies, unless it carries a secret (a password reset link): those
-- are cleared when it fails, as when it is sent, and such a mail cannot be queued again (the
-- shopper asks for a new link). The mark is set when the mail is queued. Mails queued before
-- count as secret: their bodies are cleared on failure, as they were.
ALTER TABLE mail_queue ADD COLUMN IF NOT EXISTS carries_secret boolean NOT NULL DEFAULT true;
ALTER TABLE mail_queue ALTER COLUMN carries_secret SET DEFAULT false;
