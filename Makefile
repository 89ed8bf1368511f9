# Builds the shipping binary and installs it (`make install PREFIX=~/.local`), or packs it:
# `make deb` writes dist/bbfan_VERSION_ARCH.deb, `make dist` dist/bbfan-VERSION-linux-MACHINE.tar.gz
# (see Packaging/make-package.sh).
#
# The shipping build is a release build with the Swift runtime linked in
# (`--static-swift-stdlib`): `bbfan` is then one self-contained file, the only one to install (it
# does its HTTP itself, a one-shot call as a running service).
# Prerequisites (Debian names): Swift 6.1 or later, libsqlite3-dev, zlib1g-dev, libssl-dev and
# libcurl4-openssl-dev (their headers: bbfan links none of these libraries but loads each with
# dlopen when first needed, SQLite when a database is opened, zlib for a PNG image on a card,
# libcurl for HTTP; $BBFAN_LIBSQLITE3, $BBFAN_LIBZ, $BBFAN_LIBCURL name other files).

# The build has a folder of its own, so it never waits for (or disturbs) a `swift build` or
# `swift test` running in `.build`.
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
SWIFT ?= swift
# Generic types' metadata is reached through their accessor functions, not looked up by mangled
# name: the runtime's look-up by name demangles, then scans every protocol conformance of the
# static binary to check each generic requirement, and it was 15% of a one-shot `bbfan call`
# (issue 38, Benchmarks/README.md).
# The binary exports no symbols of its own: the toolchain's static-stdlib link exports every public
# symbol of bbfan's modules (some 9,000), and at every start the runtime's look-up of its own
# path (`dladdr`) walked them all, and the loader searched them for each library's symbols: 5% of a
# one-shot call. Nothing looks bbfan's symbols up by name. (A backtrace names functions from the
# symbol table, which this build keeps; the package strips it, and with it now every name of
# bbfan's own, where the exported ones were left before.)
# (Packed relocations, DT_RELR, would save 2% more, but need glibc 2.36: not Ubuntu 22.04's.)
# Benchmarks/run.py builds its baseline "hello" with these flags too.
SPEED_FLAGS = -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors \
	-Xlinker --no-export-dynamic
RELEASE = -c release --static-swift-stdlib --disable-local-rpath --scratch-path .build-install \
	$(SPEED_FLAGS)

DIST ?= dist

.PHONY: all build install uninstall deb dist web-screenshots test-deps catalog-images

all: build

build:
	$(SWIFT) build $(RELEASE) --product bbfan

install: build
	install -d "$(DESTDIR)$(BINDIR)"
	install -m 0755 "$$($(SWIFT) build $(RELEASE) --show-bin-path)/bbfan" "$(DESTDIR)$(BINDIR)/bbfan"
	@echo "installed bbfan in $(DESTDIR)$(BINDIR)"

uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/bbfan"

deb: build
	Packaging/make-package.sh deb "$$($(SWIFT) build $(RELEASE) --show-bin-path)/bbfan" "$(DIST)"

dist: build
	Packaging/make-package.sh dist "$$($(SWIFT) build $(RELEASE) --show-bin-path)/bbfan" "$(DIST)"

# The catalog images bbfan opens its embedded catalogs from (Sources/FanCatalogImages): made
# again from Data/ after a change there or to the mapping (a test fails until they are; until
# then bbfan maps the embedded data as before, slower).
catalog-images:
	$(SWIFT) run CatalogImageGenerator Sources/FanCatalogImages/CatalogImageLiterals.swift

# The web frontend's screenshots in Docs/web/ (README and Docs/Web.md show them): the browser
# tests write theirs to .build/web-screenshots; this runs them and copies the ones shown.
WEB_SCREENSHOTS = home register episodes episodes-filter character quotes explorer \
	explorer-details quizzes quizzes-create-error quizzes-profiles quizzes-study rick-and-morty \
	rick-and-morty-character phone-episodes phone-quizzes phone-rick-and-morty \
	home-no-account quizzes-no-account signed-out-elsewhere service-unavailable quizzes-long-words-phone \
	bb-characters-sections quizzes-create-modal

web-screenshots:
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --filter WebFrontendTests
	install -d Docs/web
	for name in $(WEB_SCREENSHOTS); do cp ".build/web-screenshots/$$name.png" Docs/web/; done

# What `swift test` needs besides Swift, installed with apt-get and pip where it is missing (as
# root, on Debian or Ubuntu); it says what it installs, and a second run installs nothing.
test-deps:
	bash Tests/Tools/install-test-deps.sh
