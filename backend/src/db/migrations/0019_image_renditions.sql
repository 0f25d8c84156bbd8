-- Issue 19: raster renditions of the generated catalogue pictures (services/imageRenditions.ts):
-- WebP at the widths shared/src/media/responsiveImage.ts offers, drawn from the SVG by the seed
-- (the seeded catalogue) or on first request (anything else), kept here so every API instance
-- serves the same bytes and none draws a picture another already drew.
CREATE TABLE image_renditions (
  -- services/images.ts's kinds: 'products', 'hero-slides', 'categories', …
  kind text NOT NULL,
  image_id integer NOT NULL,
  -- The gallery view (?view=N); the generated drawings are the same for every view and use 0.
  view integer NOT NULL,
  width integer NOT NULL,
  format text NOT NULL,
  -- SHA-256 of the SVG drawn from: a renamed item (or a catalogue seeded again) no longer matches
  -- and is drawn anew.
  source_hash bytea NOT NULL,
  bytes bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (kind, image_id, view, width, format)
);

-- WebP is compressed already: stored out of line without a second, useless compression.
ALTER TABLE image_renditions ALTER COLUMN bytes SET STORAGE EXTERNAL;
