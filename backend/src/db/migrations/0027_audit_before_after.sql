-- Issue 22: a catalogue or content change keeps the object's state before and after it in its
-- audit row (the fields an owner edits, as JSON): null before for a creation, null after for a
-- removal, both null for the actions of before (their body stays in details).
ALTER TABLE admin_audit_log ADD COLUMN IF NOT EXISTS before jsonb;
ALTER TABLE admin_audit_log ADD COLUMN IF NOT EXISTS after jsonb;
