# Brainkeep: one container, data in a volume. Debian-based so git (clone/push) and native
# modules (better-sqlite3) build from the same packages CI uses.
FROM node:20-bookworm-slim AS build
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ git ca-certificates && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json tsconfig.json ./
COPY bin ./bin
COPY src ./src
COPY schema-templates ./schema-templates
ENV ONNXRUNTIME_NODE_INSTALL=skip
RUN npm ci --no-audit --no-fund && npm prune --omit=dev

FROM node:20-bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends git tini ca-certificates && rm -rf /var/lib/apt/lists/* \
 && groupadd --system brainkeep && useradd --system --gid brainkeep --home /app brainkeep \
 && mkdir -p /data && chown brainkeep:brainkeep /data
WORKDIR /app
COPY --from=build --chown=brainkeep:brainkeep /app /app
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080 BRAINKEEP_DATA=/data
VOLUME ["/data"]
EXPOSE 8080
USER brainkeep
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "bin/brainkeep.js", "serve"]
