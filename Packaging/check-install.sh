#!/usr/bin/env bash
# The package as a user installs it: .ci/run's step after `swift test` (never inside it, where
# other tests spawn `bbfan` from PATH). Builds the Debian package and the release archive, checks
# the package with lintian and its binary with readelf, installs it with the README's own
# commands, runs the installed bbfan and the README's quick start, purges it and checks that
# nothing it installed is left; then runs the archive's bbfan with the Swift toolchain hidden.
set -euo pipefail
cd "$(dirname "$0")/.."
step() { printf '\n-- %s\n' "$*"; }
fail() { echo "check-install: $*" >&2; exit 1; }

# The README's blocks marked for this step, in order: `<!-- not run: ... package step ... -->`.
readme_blocks() {
  python3 - "$1" <<'PY'
import re, sys
text = open("README.md", encoding="utf-8").read()
pattern = r"<!-- not run: [^>]*package step: " + re.escape(sys.argv[1]) + r"[^>]*-->\n```sh\n(.*?)```"
blocks = re.findall(pattern, text, re.S)
if not blocks:
    sys.exit(f"README has no block for the package step '{sys.argv[1]}'")
print("".join(blocks), end="")
PY
}

if dpkg -s bbfan >/dev/null 2>&1; then fail "a bbfan package is installed already; purge it first"; fi

step "build and install the package with the README's commands"
install=$(readme_blocks install)
printf '%s' "$install"
bash -euo pipefail -c "$install" </dev/null
deb=$(ls dist/bbfan_*_"$(dpkg --print-architecture)".deb)

step "lintian (errors fail; Docs/Install.md lists the warnings left)"
lintian --fail-on error --tag-display-limit 0 "$deb"

step "the installed files"
dpkg -L bbfan | tee /tmp/bbfan-installed.txt
for path in /usr/bin/bbfan /usr/share/man/man1/bbfan.1.gz \
  /usr/share/bash-completion/completions/bbfan /usr/share/zsh/vendor-completions/_bbfan \
  /usr/share/fish/vendor_completions.d/bbfan.fish /usr/share/doc/bbfan/copyright \
  /usr/share/doc/bbfan/changelog.gz /usr/share/doc/bbfan/README.md; do
  grep -qx "$path" /tmp/bbfan-installed.txt || fail "the package does not install $path"
done
[ "$(command -v bbfan)" = /usr/bin/bbfan ] || fail "bbfan on PATH is $(command -v bbfan), not /usr/bin/bbfan"
dynamic=$(readelf -d /usr/bin/bbfan)
if grep -E 'R(UN)?PATH' <<<"$dynamic"; then fail "the binary has a run path"; fi
if grep -E 'NEEDED.*libswift|NEEDED.*libFoundation|NEEDED.*libdispatch' <<<"$dynamic"; then
  fail "the binary needs the Swift runtime"
fi
# libsqlite3 and zlib are loaded with dlopen when first needed (LibSQLite3.swift, LibZ.swift), as
# libcrypto, libcurl and libpq are: linked, every start of every bbfan process would load them
# (about 0.27 ms of a one-shot call, issue 38), and dpkg-shlibdeps would no longer see what the
# Depends line lists by hand.
if ldd /usr/bin/bbfan | grep -E 'libsqlite3|libz\.so|libcurl|libpq|libcrypto'; then
  fail "the binary links a library it must load with dlopen when first needed (above): a link \
flag or module map brought it back; every process would pay to load it"
fi
dpkg-deb -f "$deb" Depends Suggests

step "run the installed bbfan"
home=$(mktemp -d)
HOME=$home bbfan --version
HOME=$home bbfan call service.info | python3 -c 'import json, sys; info = json.load(sys.stdin); assert info["name"] == "bbfan", info; print(info["version"], info["universes"][0]["counts"])'
HOME=$home bash -c 'echo "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"service.info\"}" | bbfan' | grep -q '"result":{"name":"bbfan"'
man -w bbfan >/dev/null || fail "man cannot find bbfan(1)"
bash -c 'source /usr/share/bash-completion/completions/bbfan; COMP_WORDS=(bbfan call quotes.r); COMP_CWORD=2; _bbfan; [ "${COMPREPLY[*]}" = quotes.random ]' \
  || fail "the installed bash completion does not complete quotes.random after call"
rm -rf "$home"

step "purge it with the README's command; nothing it installed is left"
purge=$(readme_blocks purge)
printf '%s' "$purge"
bash -euo pipefail -c "$purge" </dev/null
left=0
while read -r path; do
  if [ -f "$path" ] || [ -L "$path" ]; then echo "left: $path"; left=1; fi
done </tmp/bbfan-installed.txt
[ $left = 0 ] || fail "files of the package are left after the purge"
! dpkg -s bbfan >/dev/null 2>&1 || fail "dpkg still knows bbfan after the purge"

step "the release archive, unpacked, with the Swift toolchain hidden"
archive=$(ls dist/bbfan-*-linux-"$(uname -m)".tar.gz)
unpacked=$(mktemp -d)
tar -xzf "$archive" -C "$unpacked"
folder=$(ls -d "$unpacked"/bbfan-*)
(cd "$folder" && sha256sum --quiet -c SHA256SUMS)
toolchain=$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")
unshare --mount bash -c "mount -t tmpfs none '$toolchain' && ! command -v swiftc >/dev/null \
  && [ -z \"\$(ls -A '$toolchain')\" ] && HOME=$unpacked '$folder/bbfan' call service.info >/dev/null \
  && echo 'the archive runs with $toolchain hidden'"
rm -rf "$unpacked"
echo "check-install: the package and the archive install, run and go cleanly"
