#!/usr/bin/env bash
# Renders the three example cards shown in the README, with the test server as the image host.
# Usage: Docs/cards/make-cards.sh   (from the repository; BBFAN=path/to/bbfan; needs pdftoppm)
set -euo pipefail
bbfan=${BBFAN:-bbfan}
cd "$(dirname "$0")/../.."
data=$(mktemp -d)
trap 'rm -rf "$data"' EXIT
coproc API { python3 Tests/Tools/fake_api.py Data/breaking-bad; }
read -r port <&"${API[0]}"
card() {  # card NAME SOURCE PARAMS
  local path
  "$bbfan" call catalog.refresh "$(jq -c '{universe}' <<<"$3")" --source "$2" --data-dir "$data/$1" >/dev/null
  path=$("$bbfan" call characters.export "$3" --source "$2" --data-dir "$data/$1" | jq -r .path)
  pdftoppm -png -r 144 -singlefile "$path" "Docs/cards/$1"
  echo "Docs/cards/$1.png"
}
card rick-sanchez "rick-and-morty=http://127.0.0.1:$port/avatars/rmapi" \
  '{"universe":"rick-and-morty","id":1,"format":"pdf"}'
card saul-goodman "http://127.0.0.1:$port/avatars/api" '{"universe":"breaking-bad","id":8,"format":"pdf"}'
card doofus-rick-placeholder "rick-and-morty=http://127.0.0.1:$port/noavatars/rmapi" \
  '{"universe":"rick-and-morty","id":103,"format":"pdf"}'
