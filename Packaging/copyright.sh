#!/usr/bin/env bash
# Writes the Debian copyright file (machine-readable format 1.0) from LICENSE and LICENSES/.
#   Packaging/copyright.sh REPOSITORY > copyright
set -euo pipefail
root=$1
# A licence text as a field's continuation lines: each line indented, a blank line as " .".
body() { sed -e 's/[[:space:]]*$//' -e 's/^$/./' -e 's/^/ /' "$1"; }
cat <<HEAD
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: bbfan
Comment: The licences below are also in the source's LICENSE and LICENSES/ folder, which says
 what each covers.

Files: *
Copyright: 2026 the bbfan developers
License: Expat

Files: Data/breaking-bad/*
Copyright: 2018, Timothy Biles
License: BSD-3-Clause-breakingbadapi
Comment: The Breaking Bad API's data, embedded in the binary. The licence covers the
 API's software; no separate data licence was found. The show's names, titles and quotes
 belong to their rights holders (AMC / Sony Pictures Television).

Files: Data/rick-and-morty/*
Copyright: 2018, Axel Fuhrmann
License: BSD-3-Clause-rick-and-morty-api
Comment: The Rick and Morty API's data, embedded in the binary. The licence covers the
 API's code; no data licence was found. Rick and Morty belongs to Adult Swim / Warner Bros.

Files: Data/quizzes/*
Copyright: 2019 Pursuit
License: Expat

Files: Tests/Tools/openrpc/*
Copyright: The OpenRPC and json-schema-tools authors
License: Apache-2.0
Comment: Used by the tests only; not in the binary.

License: Expat
HEAD
body "$root/LICENSE" | sed '1,4d'
echo
echo "License: BSD-3-Clause-breakingbadapi"
body "$root/LICENSES/BSD-3-Clause-breakingbadapi.txt"
echo
echo "License: BSD-3-Clause-rick-and-morty-api"
body "$root/LICENSES/BSD-3-Clause-rick-and-morty-api.txt"
echo
cat <<TAIL
License: Apache-2.0
 On Debian systems, the full text of the Apache License 2.0 is in
 /usr/share/common-licenses/Apache-2.0 (and in the source's LICENSES/Apache-2.0.txt).
TAIL
