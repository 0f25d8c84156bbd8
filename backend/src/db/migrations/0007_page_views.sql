-- One row per page view the shell reports: the route and where the shopper came from, nothing
-- personal (no IP, no user, no user agent). Read by operators: npm run admin -- page-views.
CREATE TABLE page_views (
  id bigserial PRIMARY KEY,
  path text NOT NULL,
  referrer text,
  viewed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX page_views_viewed_at ON page_views (viewed_at);
