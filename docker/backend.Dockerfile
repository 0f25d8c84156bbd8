# syntax=docker/dockerfile:1
# The API under /backend/api. Runs the TypeScript sources through tsx, as `npm start` does.
FROM node:20-slim
WORKDIR /app
ENV NODE_ENV=production

# npm ci checks the lockfile against every workspace's package.json, so all of them come first
# (this layer is only rebuilt when dependencies change); only backend and shared get installed.
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY backend/package.json backend/
COPY shell/package.json shell/
COPY mfe-catalog/package.json mfe-catalog/
COPY mfe-cart-checkout/package.json mfe-cart-checkout/
COPY mfe-member/package.json mfe-member/
COPY mfe-auth/package.json mfe-auth/
COPY e2e/package.json e2e/
RUN npm ci --workspace backend --workspace shared --omit=dev --no-audit --no-fund

COPY tsconfig.base.json ./
COPY shared/ shared/
COPY backend/ backend/

ENV PORT=8080 SERVE_SITE=0
EXPOSE 8080
CMD ["npx", "tsx", "backend/src/server.ts"]
