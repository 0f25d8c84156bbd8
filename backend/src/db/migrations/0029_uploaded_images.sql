-- Issue 22: pictures an admin uploads for the catalogue and the site's content (hero slides,
-- banners, categories, products). Each upload is decoded once (services/uploadedImages.ts) and kept
-- as WebP renditions at the widths the storefront asks for (contract/src/media), here, so every API
-- instance serves the same bytes. The original file is not kept: only what the shop serves.
CREATE TABLE uploaded_images (
  id serial PRIMARY KEY,
  -- The largest rendition's size (what `/images/uploaded/<id>.webp` serves), upright.
  width integer NOT NULL CHECK (width > 0),
  height integer NOT NULL CHECK (height > 0),
  -- The admin who uploaded it (null once that admin is gone).
  uploaded_by integer REFERENCES admins (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE uploaded_image_renditions (
  image_id integer NOT NULL REFERENCES uploaded_images (id) ON DELETE CASCADE,
  width integer NOT NULL,
  bytes bytea NOT NULL,
  PRIMARY KEY (image_id, width)
);

-- WebP is compressed already: stored out of line without a second, useless compression.
ALTER TABLE uploaded_image_renditions ALTER COLUMN bytes SET STORAGE EXTERNAL;

-- The home page's pictures: null keeps the generated drawing (services/images.ts).
ALTER TABLE hero_slides ADD COLUMN image_id integer REFERENCES uploaded_images (id);
ALTER TABLE banners ADD COLUMN image_id integer REFERENCES uploaded_images (id);
