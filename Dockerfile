# The service's image: a build stage with the pinned Rust toolchain, a runtime stage with only
# libpq beside the stripped binary. README.md ("Docker") shows how to run it; bench/image.sh
# builds it where no registry of images is reachable.
#
# The Rust version here is Cargo.toml's `rust-version`: a test (tests/container.rs) keeps
# them equal, and checks that the build stage copies every path the build reads.
ARG RUST_VERSION=1.95.0

FROM rust:${RUST_VERSION}-bookworm AS build
# DL3008 (pin apt package versions) is kept off on purpose: bookworm's packages take security
# fixes under the same suite, and the mirror drops the versions they replace, so pinned versions
# would break the build rather than make it repeatable. The base images are what is pinned.
# hadolint ignore=DL3008
RUN apt-get update && apt-get install -y --no-install-recommends libpq-dev pkg-config \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
# No debug line tables and no symbols in the binary the image ships (183 MB -> about 36 MB).
ENV CARGO_PROFILE_RELEASE_DEBUG=false \
    CARGO_PROFILE_RELEASE_STRIP=symbols
# The dependencies first, from the manifest alone with stand-in sources: this layer is reused
# until Cargo.toml, Cargo.lock, .cargo or benches/ change, so a change under src/
# rebuilds only this crate. The stand-ins' fingerprints are removed so the real sources below
# are always compiled, whatever their timestamps.
# The workspace's member crates (src/engine, src/domain, src/i18n, src/store, src/config,
# src/auth, src/play, src/jobs, src/http) come with their manifests (and build scripts) and
# stand-in roots too.
COPY Cargo.toml Cargo.lock ./
COPY .cargo .cargo
COPY benches benches
COPY src/engine/Cargo.toml src/engine/Cargo.toml
COPY src/domain/Cargo.toml src/domain/Cargo.toml
COPY src/i18n/Cargo.toml src/i18n/Cargo.toml
COPY src/store/Cargo.toml src/store/build.rs src/store/
COPY src/config/Cargo.toml src/config/Cargo.toml
COPY src/auth/Cargo.toml src/auth/Cargo.toml
COPY src/play/Cargo.toml src/play/Cargo.toml
COPY src/jobs/Cargo.toml src/jobs/Cargo.toml
COPY src/http/Cargo.toml src/http/build.rs src/http/
RUN echo 'fn main() {}' > src/main.rs \
    && touch src/lib.rs src/engine/mod.rs src/domain/mod.rs src/i18n/mod.rs src/store/mod.rs \
        src/config/mod.rs src/auth/mod.rs src/play/mod.rs src/jobs/mod.rs src/http/mod.rs \
    && cargo build --release --locked --bin spider \
    && rm -rf src target/release/spider* target/release/.fingerprint/spider-* \
        target/release/deps/spider-* target/release/deps/libspider-* target/release/build/spider-* \
        target/release/deps/spider_* target/release/deps/libspider_*
COPY migrations migrations
COPY web web
COPY src src
RUN cargo build --release --locked --bin spider

# Runtime stage: a small Debian with libpq, a non-root user, the database in a volume.
FROM debian:bookworm-slim
# DL3008: as above.
# hadolint ignore=DL3008
RUN apt-get update && apt-get install -y --no-install-recommends libpq5 ca-certificates \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 10001 --home-dir /data --shell /usr/sbin/nologin spider \
    && mkdir -p /data && chown spider /data
COPY --from=build /src/target/release/spider /usr/local/bin/spider
USER 10001
VOLUME ["/data"]
ENV DATABASE_URL=sqlite:///data/spider.db \
    BIND=0.0.0.0:8080 \
    LOG_LEVEL=info
EXPOSE 8080
# `spider healthcheck` asks GET /readyz over loopback: the image needs no HTTP client.
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s CMD ["spider", "healthcheck"]
CMD ["spider", "serve"]
