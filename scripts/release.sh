#!/usr/bin/env bash
# The x86-64 Linux release archive: the `dama` binary, README.md, LICENSE, a sample dama.ini and
# SHA256SUMS of those four, packed the same way every time.
#
#   scripts/release.sh            # writes target/dist/dama-VERSION-x86_64-linux.tar.gz (+ .sha256)
#
# Reproducible: the build runs with --locked (Cargo.lock's versions), the source and cargo
# home paths remapped out of the binary, and the archive's entries sorted, owned by 0:0 and
# dated by the last commit (SOURCE_DATE_EPOCH), gzip without a name or time stamp. The same
# commit, toolchain and Cargo.lock give the same archive, byte for byte, in any checkout path.
# The binary needs the glibc whose version the script prints at the end (the pip wheel,
# linked by zig, needs only 2.17: docs/install.md).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

version=$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -1)
name="dama-$version-x86_64-linux"
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct)}
cargo_home=${CARGO_HOME:-$HOME/.cargo}
# RUSTFLAGS replaces .cargo/config.toml's flags, so the x86-64-v2 target is repeated here.
export RUSTFLAGS="-C target-cpu=x86-64-v2 --remap-path-prefix=$root=/dama --remap-path-prefix=$cargo_home=/cargo"
cargo build --release --locked -p dama-tools --bin dama --target-dir target/release-archive

stage="target/dist/$name"
rm -rf "$stage" && mkdir -p "$stage"
cp target/release-archive/release/dama "$stage/dama"
cp README.md LICENSE "$stage/"
cp docs/dama.ini "$stage/dama.ini"
chmod 755 "$stage/dama"
chmod 644 "$stage/README.md" "$stage/LICENSE" "$stage/dama.ini"
(cd "$stage" && sha256sum dama README.md LICENSE dama.ini > SHA256SUMS && chmod 644 SHA256SUMS)

archive="target/dist/$name.tar.gz"
tar --sort=name --mtime="@$SOURCE_DATE_EPOCH" --owner=0 --group=0 --numeric-owner \
    --format=gnu -C target/dist -cf - "$name" | gzip -n -9 > "$archive"
(cd target/dist && sha256sum "$name.tar.gz" > "$name.tar.gz.sha256")

glibc=$(objdump -T "$stage/dama" | grep -o 'GLIBC_[0-9.]*' | sort -uV | tail -1)
echo "$archive ($(cut -d' ' -f1 "$archive.sha256")); the binary needs $glibc or later"
