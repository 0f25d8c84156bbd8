# syntax=docker/dockerfile:1
# One static container per remote. Build args:
#   APP      the remote's folder: mfe-catalog, mfe-cart-checkout, mfe-member, mfe-auth,
#            mfe-admin
#   NAME     the remote's federation name (catalog, cart_checkout, ...)
#   VERSION  optional; defaults to the version in the app's package.json
# A remote is served under /mfe/<NAME>/<VERSION>/ (the paths `npm start` uses), so registry entries
# read the same behind the gateway as on one origin. Its container also serves every version
# published into the `releases` volume (docker/nginx-remote.conf). The shell's files and pages come
# from the backend's image (docker/backend.Dockerfile), which computes the registry per request.

FROM node:20 AS build
ARG APP
ARG NAME
ARG VERSION=""
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
# The root holds the build tools (webpack, ts-loader, the federation plugin).
RUN test -n "$APP" && npm ci --workspace "$APP" --workspace shared --workspace contract --include-workspace-root --no-audit --no-fund

COPY tsconfig.base.json ./
COPY contract/ contract/
COPY shared/ shared/
COPY ${APP}/ ${APP}/
RUN npm run build -w "$APP"

RUN set -eu; \
    test -n "$NAME"; \
    version="${VERSION:-$(node -p "require('./${APP}/package.json').version")}"; \
    target="/out/mfe/${NAME}/${version}"; \
    mkdir -p "$target"; \
    cp -R "${APP}/dist/." "$target/"

# nginx as the unprivileged `nginx` user (uid 101), listening on 8080.
FROM nginxinc/nginx-unprivileged:1.27-alpine
ARG NAME
# Every retained version of the remote's files: the built-in one and those published into the
# `releases` volume (nginx-remote.conf).
COPY docker/nginx-remote.conf /etc/nginx/shop/
USER root
# /srv/published/mfe belongs to uid 1000, the backend image's `node`: whichever container first
# mounts the `releases` volume gives it its folder's owner, and the backend writes releases there.
RUN set -eu; \
    sed "s/@REMOTE@/${NAME}/g" /etc/nginx/shop/nginx-remote.conf > /etc/nginx/conf.d/default.conf; \
    mkdir -p /srv/published/mfe; \
    chown 1000:1000 /srv/published/mfe; \
    nginx -t
COPY --from=build /out/ /usr/share/nginx/html/
USER nginx
EXPOSE 8080
