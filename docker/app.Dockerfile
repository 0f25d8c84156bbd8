# syntax=docker/dockerfile:1
# One static container per app. Build args:
#   APP      the app's folder: shell, mfe-catalog, mfe-cart-checkout, mfe-member, mfe-auth
#   NAME     the remote's federation name (catalog, cart_checkout, ...); empty for the shell
#   VERSION  optional; defaults to the version in the app's package.json
# The shell is served at /, a remote under /mfe/<NAME>/<VERSION>/ (the paths `npm start` uses),
# so registry entries read the same behind the gateway as on one origin. A remote's container also
# serves every version published into the `releases` volume (docker/nginx-remote.conf).

FROM node:20 AS build
ARG APP
ARG NAME=""
ARG VERSION=""
WORKDIR /repo

COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY backend/package.json backend/
COPY shell/package.json shell/
COPY mfe-catalog/package.json mfe-catalog/
COPY mfe-cart-checkout/package.json mfe-cart-checkout/
COPY mfe-member/package.json mfe-member/
COPY mfe-auth/package.json mfe-auth/
COPY e2e/package.json e2e/
# The root holds the build tools (webpack, ts-loader, the federation plugin).
RUN test -n "$APP" && npm ci --workspace "$APP" --workspace shared --include-workspace-root --no-audit --no-fund

COPY tsconfig.base.json ./
COPY shared/ shared/
COPY ${APP}/ ${APP}/
RUN npm run build -w "$APP"

RUN set -eu; \
    version="${VERSION:-$(node -p "require('./${APP}/package.json').version")}"; \
    if [ -n "$NAME" ]; then target="/out/mfe/${NAME}/${version}"; else target="/out"; fi; \
    mkdir -p "$target"; \
    cp -R "${APP}/dist/." "$target/"

FROM nginx:1.27-alpine
ARG NAME=""
# The shell: its pages and files (nginx-app.conf). A remote: every retained version of its own
# files, the built-in one and those published into the `releases` volume (nginx-remote.conf).
COPY docker/nginx-app.conf docker/nginx-remote.conf /etc/nginx/shop/
RUN set -eu; \
    if [ -n "$NAME" ]; then \
      sed "s/@REMOTE@/${NAME}/g" /etc/nginx/shop/nginx-remote.conf > /etc/nginx/conf.d/default.conf; \
      mkdir -p /srv/published/mfe; \
    else \
      cp /etc/nginx/shop/nginx-app.conf /etc/nginx/conf.d/default.conf; \
    fi; \
    nginx -t
COPY --from=build /out/ /usr/share/nginx/html/
EXPOSE 80
