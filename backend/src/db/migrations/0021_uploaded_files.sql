-- Issue 20: the files shoppers upload (customization logos, an order's own copy of one, proofs of
-- payment, feedback pictures) kept in PostgreSQL, so every API instance reads what any of them
-- took (services/fileStore.ts; an S3-compatible bucket instead when UPLOAD_S3_* is set). Before,
-- they were files in each instance's own UPLOADS_DIR; the server copies those in at start-up.
-- Only services/fileStore.ts reads this table, one row by name: no listing or catalogue query
-- joins it, so the bytes stay off their path.
CREATE TABLE uploaded_files (
  -- services/uploads.ts's generated names: `<32 hex>.<jpg|png>`, `order-<32 hex>.<jpg|png>`.
  name text PRIMARY KEY,
  content_type text NOT NULL,
  bytes bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- JPEG and PNG are compressed already: stored out of line without a second, useless compression.
ALTER TABLE uploaded_files ALTER COLUMN bytes SET STORAGE EXTERNAL;
