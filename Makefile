# Builds the shipping binaries and installs them: `make install PREFIX=~/.local`.
#
# The shipping build is a release build with the Swift runtime linked in
# (`--static-swift-stdlib`): `bbfan` is then one self-contained file, and `bbfan-fetch`, the HTTP
# helper a running service uses for `catalog.refresh` and `images.fetch`, must sit beside it.
# Prerequisites (Debian names): Swift 6.1 or later, libsqlite3-dev, libssl-dev and
# libcurl4-openssl-dev (its header; both load libcurl with dlopen, so it need only be installed
# where HTTP is done).

# The build has a folder of its own, so it never waits for (or disturbs) a `swift build` or
# `swift test` running in `.build`.
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
SWIFT ?= swift
RELEASE = -c release --static-swift-stdlib --scratch-path .build-install

.PHONY: all build install uninstall

all: build

build:
	$(SWIFT) build $(RELEASE) --product bbfan
	$(SWIFT) build $(RELEASE) --product bbfan-fetch

install: build
	install -d "$(DESTDIR)$(BINDIR)"
	install -m 0755 "$$($(SWIFT) build $(RELEASE) --show-bin-path)/bbfan" "$(DESTDIR)$(BINDIR)/bbfan"
	install -m 0755 "$$($(SWIFT) build $(RELEASE) --show-bin-path)/bbfan-fetch" "$(DESTDIR)$(BINDIR)/bbfan-fetch"
	@echo "installed bbfan and bbfan-fetch in $(DESTDIR)$(BINDIR)"

uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/bbfan" "$(DESTDIR)$(BINDIR)/bbfan-fetch"
