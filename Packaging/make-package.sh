#!/usr/bin/env bash
# Lays out the installed files of bbfan and packs them: `deb` builds the Debian package, `dist`
# the release archive. Both take the release build of bbfan (Swift runtime linked in) and write
# into OUT. The man page and the completions come from the binary itself (`bbfan manual`,
# `bbfan completion SHELL`), made from the same table of options as `--help`.
#
#   Packaging/make-package.sh deb|dist BINARY OUT
set -euo pipefail
kind=$1 binary=$2 out=$3
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
version=$("$binary" --version | awk '{print $2}')
[ -n "$version" ] || { echo "make-package: $binary printed no version" >&2; exit 1; }
grep -q "^bbfan ($version)" "$here/changelog" \
  || { echo "make-package: Packaging/changelog has no entry for $version" >&2; exit 1; }
mkdir -p "$out"
stage=$(mktemp -d "${TMPDIR:-/tmp}/bbfan-package.XXXXXX")
trap 'rm -rf "$stage"' EXIT

# Writes the man page and the three completion scripts into folders under $1.
extras() {
  local base=$1 man=$2 bash=$3 zsh=$4 fish=$5
  install -d "$base/$man" "$base/$bash" "$base/$zsh" "$base/$fish"
  "$binary" manual >"$base/$man/bbfan.1"
  "$binary" completion bash >"$base/$bash/bbfan"
  "$binary" completion zsh >"$base/$zsh/_bbfan"
  "$binary" completion fish >"$base/$fish/bbfan.fish"
}

case $kind in
deb)
  arch=$(dpkg --print-architecture)
  pkg="$stage/bbfan_${version}_$arch"
  install -d "$pkg/DEBIAN" "$pkg/usr/bin" "$pkg/usr/share/doc/bbfan"
  install -m 0755 "$binary" "$pkg/usr/bin/bbfan"
  strip --strip-unneeded --remove-section=.comment --remove-section=.note "$pkg/usr/bin/bbfan"
  extras "$pkg" usr/share/man/man1 usr/share/bash-completion/completions \
    usr/share/zsh/vendor-completions usr/share/fish/vendor_completions.d
  gzip -9n "$pkg/usr/share/man/man1/bbfan.1"
  install -m 0644 "$root/README.md" "$pkg/usr/share/doc/bbfan/README.md"
  gzip -9nc "$here/changelog" >"$pkg/usr/share/doc/bbfan/changelog.gz"
  "$here/copyright.sh" "$root" >"$pkg/usr/share/doc/bbfan/copyright"
  chmod 0644 "$pkg/usr/share/doc/bbfan/"* "$pkg/usr/share/man/man1/bbfan.1.gz" \
    "$pkg/usr/share/bash-completion/completions/bbfan" "$pkg/usr/share/zsh/vendor-completions/_bbfan" \
    "$pkg/usr/share/fish/vendor_completions.d/bbfan.fish"
  # What the binary links, as dpkg-shlibdeps finds it; what it loads with dlopen, by hand.
  work="$stage/shlibs"
  install -d "$work/debian"
  printf 'Source: bbfan\n\nPackage: bbfan\nArchitecture: any\n' >"$work/debian/control"
  linked=$(cd "$work" && dpkg-shlibdeps -O "$pkg/usr/bin/bbfan" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
  [ -n "$linked" ] || { echo "make-package: dpkg-shlibdeps found nothing" >&2; exit 1; }
  size=$(du -sk --exclude=DEBIAN "$pkg" | cut -f1)
  cat >"$pkg/DEBIAN/control" <<CONTROL
Package: bbfan
Version: $version
Architecture: $arch
Maintainer: bbfan developers <dev@bbfan.invalid>
Installed-Size: $size
Depends: $linked, libssl3 | libssl1.1, libcurl4, libsqlite3-0 (>= 3.20), zlib1g
Suggests: libpq5
Section: net
Priority: optional
Description: JSON-RPC back end of the Breaking Bad and Rick and Morty fan apps
 bbfan is one executable that speaks JSON-RPC 2.0 over stdin and stdout and
 is the whole back end of a family of fan apps: episodes, characters, quotes
 and locations of Breaking Bad and Rick and Morty, accounts and favourites,
 quizzes with spaced-repetition study, profiles, CSV and PDF exports, and an
 image cache. Frontends spawn it as a child process, shell scripts drive it
 with jq, and AI assistants reach it over the Model Context Protocol.
 .
 libcrypto (libssl3), libcurl, SQLite (libsqlite3-0) and zlib are loaded
 when first needed; libpq is needed only for a PostgreSQL store shared by
 many machines (--database).
CONTROL
  (cd "$pkg" && find usr -type f -exec md5sum {} + | sort -k2) >"$pkg/DEBIAN/md5sums"
  chmod 0644 "$pkg/DEBIAN/control" "$pkg/DEBIAN/md5sums"
  dpkg-deb --root-owner-group -Zxz --build "$pkg" "$out/bbfan_${version}_$arch.deb" >/dev/null
  echo "$out/bbfan_${version}_$arch.deb"
  ;;
dist)
  name="bbfan-$version-linux-$(uname -m)"
  dir="$stage/$name"
  install -d "$dir"
  install -m 0755 "$binary" "$dir/bbfan"
  strip --strip-unneeded --remove-section=.comment --remove-section=.note "$dir/bbfan"
  extras "$dir" man completions completions completions
  install -m 0644 "$root/README.md" "$root/LICENSE" "$dir/"
  cp -R "$root/LICENSES" "$dir/LICENSES"
  (cd "$dir" && find . -type f ! -name SHA256SUMS -printf '%P\n' | LC_ALL=C sort \
    | xargs sha256sum >SHA256SUMS)
  tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="@${SOURCE_DATE_EPOCH:-0}" \
    -C "$stage" -czf "$out/$name.tar.gz" "$name"
  echo "$out/$name.tar.gz"
  ;;
*)
  echo "usage: make-package.sh deb|dist BINARY OUT" >&2
  exit 2
  ;;
esac
