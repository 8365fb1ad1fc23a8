# Build stage: the release binary, with SQLite compiled in and libpq for Postgres.
FROM rust:1-bookworm AS build
RUN apt-get update && apt-get install -y --no-install-recommends libpq-dev pkg-config \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY Cargo.toml Cargo.lock ./
COPY .cargo .cargo
COPY src src
COPY migrations migrations
COPY benches benches
COPY openapi openapi
COPY web web
RUN cargo build --release --locked --bin spider

# Runtime stage: a small Debian with libpq, a non-root user, the database in a volume.
FROM debian:bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends libpq5 ca-certificates curl \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 10001 --home-dir /data --shell /usr/sbin/nologin spider \
    && mkdir -p /data && chown spider /data
COPY --from=build /src/target/release/spider /usr/local/bin/spider
USER spider
VOLUME ["/data"]
ENV DATABASE_URL=sqlite:///data/spider.db \
    BIND=0.0.0.0:8080 \
    LOG_LEVEL=info
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=3s CMD curl -fs http://127.0.0.1:8080/readyz || exit 1
CMD ["spider", "serve"]
