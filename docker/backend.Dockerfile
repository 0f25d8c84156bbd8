# syntax=docker/dockerfile:1
# The API under /backend/api and the pages: the shell's files and index.html, with the remote
# registry (PostgreSQL) inlined into every page, computed per request (cohort, canary, fallbacks).
# Runs the TypeScript sources through tsx, as `npm start` does.

# The shell's production build (its pages name no remote: the registry does, per request).
FROM node:20 AS shell
WORKDIR /repo
COPY package.json package-lock.json ./
COPY contract/package.json contract/
COPY shared/package.json shared/
COPY backend/package.json backend/
COPY shell/package.json shell/
COPY mfe-catalog/package.json mfe-catalog/
COPY mfe-cart-checkout/package.json mfe-cart-checkout/
COPY mfe-member/package.json mfe-member/
COPY mfe-auth/package.json mfe-auth/
COPY mfe-admin/package.json mfe-admin/
COPY e2e/package.json e2e/
RUN npm ci --workspace shell --workspace shared --workspace contract --include-workspace-root --no-audit --no-fund
COPY tsconfig.base.json ./
COPY contract/ contract/
COPY shared/ shared/
COPY shell/ shell/
COPY scripts/ scripts/
RUN node scripts/build.mjs shell

FROM node:20-slim
WORKDIR /app
ENV NODE_ENV=production

# The picture renditions (services/imageRenditions.ts) are drawn from SVGs with text: librsvg needs
# a font, and the slim image has none (the initials and names would be missing from every WebP).
RUN apt-get update && apt-get install -y --no-install-recommends fonts-dejavu-core \
  && rm -rf /var/lib/apt/lists/*

# npm ci checks the lockfile against every workspace's package.json, so all of them come first
# (this layer is only rebuilt when dependencies change). The remotes' package.json also name
# each remote's built-in version (the one its own container serves before any release).
COPY package.json package-lock.json ./
COPY contract/package.json contract/
COPY shared/package.json shared/
COPY backend/package.json backend/
COPY shell/package.json shell/
COPY mfe-catalog/package.json mfe-catalog/
COPY mfe-cart-checkout/package.json mfe-cart-checkout/
COPY mfe-member/package.json mfe-member/
COPY mfe-auth/package.json mfe-auth/
COPY mfe-admin/package.json mfe-admin/
COPY e2e/package.json e2e/
RUN npm ci --workspace backend --workspace shared --workspace contract --omit=dev --no-audit --no-fund

COPY tsconfig.base.json ./
COPY contract/ contract/
COPY shared/ shared/
COPY backend/ backend/
# The release checks read the shell's manifest (its shared versions and bus contract) from here.
COPY --from=shell /repo/shell/dist/ shell/dist/

# Run as the image's `node` user, never root. The folders volumes are mounted on belong to it
# first, so a named volume created from them is writable: .data (the mail outbox without SMTP)
# and the release store. uid 1000 is also the owner the remotes' image gives the release store.
RUN mkdir -p /app/.data/outbox /srv/releases && chown -R node:node /app/.data /srv/releases
USER node

ENV PORT=8080 SERVE_SITE=1
EXPOSE 8080
# node is PID 1 itself (not under npx): SIGTERM from `docker stop` reaches the server, which
# closes its connections and the database pool.
CMD ["node", "--import", "tsx", "backend/src/server.ts"]
