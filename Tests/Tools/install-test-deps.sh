#!/usr/bin/env bash
# Installs what `swift test` needs besides Swift, on Debian or Ubuntu, as root: Debian's packages
# with apt-get and Python packages from PyPI with pip. Run it as `make test-deps`. It installs
# only what is missing, says what it installs and why, and does nothing on a second run.
set -euo pipefail

apt_missing=()
apt_why=()
need_apt() { apt_missing+=("$1"); apt_why+=("$1: $2"); }

pip_missing=()
pip_why=()
need_pip() { pip_missing+=("$1"); pip_why+=("$1: $2"); }

have() { command -v "$1" >/dev/null 2>&1; }
pc() { have pkg-config && pkg-config --exists "$1" 2>/dev/null; }

# The build: the headers of the system libraries the package loads with dlopen (SQLite, zlib,
# OpenSSL's libcrypto, libcurl, libpq); it links none of them.
have pkg-config || need_apt pkg-config "finds the system libraries for the build"
pc sqlite3 || need_apt libsqlite3-dev "the data directory's SQLite"
pc libcrypto || need_apt libssl-dev "SHA-256, HMAC and PBKDF2 from OpenSSL's libcrypto"
pc zlib || need_apt zlib1g-dev "the PNG reader's inflate"
pc libcurl || need_apt libcurl4-openssl-dev "HTTP (its header for the build, the library for the tests)"
pc libpq || need_apt libpq-dev "PostgreSQL's client library (its header and libpq5)"
# The tests' own tools.
have python3 || need_apt python3 "the test API server, the schema checks, the Python client"
have jq || need_apt jq "the shell client's scripts and the README's shell examples"
have make || need_apt make "the README's install step"
have node || need_apt nodejs "the Node client's tests"
have npm || need_apt npm "the Node client's README installs it into a project"
have tsc || need_apt node-typescript "type checks of the Node client and the web page"
have qpdf || need_apt qpdf "the card export's PDF structure checks"
{ have pdftotext && have pdftoppm; } || need_apt poppler-utils "the card export's text and rendering checks"
{ have initdb && have pg_ctl; } || compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null \
  || need_apt postgresql "the shared store's tests start a throwaway server"
[ -x /usr/bin/setpriv ] || need_apt util-linux "runs the throwaway PostgreSQL as nobody when the tests run as root"
{ have nginx || [ -x /usr/sbin/nginx ]; } || need_apt nginx-light "the proxy in front of two bridges in the web deployment test (Docs/Deploy.md)"
have systemd-analyze || need_apt systemd "systemd-analyze verify of bbfan-web's systemd unit"
have ss || need_apt iproute2 "the deployment test finds which bridge holds a page's WebSocket"
have mandoc || need_apt mandoc "the man page's lint"
have zsh || need_apt zsh "the completion scripts, loaded in zsh"
have fish || need_apt fish "the completion scripts, loaded in fish"
have man || need_apt man-db "the man page, shown as a user reads it"
have lintian || need_apt lintian "the Debian package's checks"
have dpkg-shlibdeps || need_apt dpkg-dev "the Debian package's dependencies"
{ have readelf && have strip; } || need_apt binutils "the release archive's checks"
have chromium || need_apt chromium "the web frontend's browser tests (Playwright drives Debian's chromium)"
[ -e /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || need_apt fonts-dejavu-core "text in the browser tests' pages and screenshots"
have pip3 || python3 -m pip --version >/dev/null 2>&1 || need_apt python3-pip "installs the Python packages below"

if [ ${#apt_missing[@]} -gt 0 ]; then
  echo "make test-deps: installing with apt-get:"
  printf '  %s\n' "${apt_why[@]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${apt_missing[@]}" >/dev/null
fi

py() { python3 -c "$1" 2>/dev/null; }
py 'import jsonschema' || need_pip jsonschema "the OpenRPC and reply-schema checks"
py 'import importlib.metadata as m; assert int(m.version("mcp").split(".")[0]) >= 2' \
  || need_pip 'mcp>=2,<3' "the official MCP Python SDK drives bbfan mcp"
py 'import setuptools, wheel; assert int(setuptools.__version__.split(".")[0]) >= 61' \
  || need_pip 'setuptools>=61 wheel' "the Python client's README installs it offline"
py 'import playwright, aiohttp' || need_pip 'playwright aiohttp' "the web frontend's bridge and browser tests"
py 'import axe_playwright_python' || need_pip axe-playwright-python "axe-core on every scene of the web page's tests"

if [ ${#pip_missing[@]} -gt 0 ]; then
  echo "make test-deps: installing with pip (from PyPI):"
  printf '  %s\n' "${pip_why[@]}"
  # shellcheck disable=SC2046 # 'setuptools>=61 wheel' is two packages
  python3 -m pip install --quiet $(printf '%s ' "${pip_missing[@]}")
fi

if [ ${#apt_missing[@]} -eq 0 ] && [ ${#pip_missing[@]} -eq 0 ]; then
  echo "make test-deps: everything swift test needs is installed"
fi
