#!/usr/bin/env bash
# Writes a character's collectible card (a one-page PDF) and prints the file's path.
# Usage: export-card.sh [--universe UNIVERSE] [--csv] NAME   (BBFAN=path/to/bbfan)
# NAME is a part of the name; it must pick one character (an exact name wins over parts).
# Warnings (such as a placeholder drawn for a missing image) go to stderr.
set -euo pipefail
bbfan=${BBFAN:-bbfan}
command -v jq >/dev/null || { echo "export-card: jq is needed" >&2; exit 2; }
universe=breaking-bad
format=pdf
usage() { echo "usage: export-card.sh [--universe UNIVERSE] [--csv] NAME" >&2; exit 2; }
while [ $# -gt 0 ]; do
  case "$1" in
    --universe) [ $# -ge 2 ] || usage; universe=$2; shift 2 ;;
    --csv) format=csv; shift ;;
    --) shift; break ;;
    -*) usage ;;
    *) break ;;
  esac
done
[ $# -eq 1 ] && [ -n "$1" ] || usage
name=$1

fail() {
  echo "export-card: $(jq -r '.message // .' <<<"$1" 2>/dev/null || echo "$1")" >&2
  exit 1
}
params=$(jq -nc --arg u "$universe" --arg n "$name" '{universe: $u, name: $n}')
found=$("$bbfan" call characters.filter "$params" 2>&1) || fail "$found"
id=$(jq -r --arg n "$name" '
  [.characters[] | select((.name | ascii_downcase) == ($n | ascii_downcase))] as $exact
  | if ($exact | length) == 1 then $exact[0].id
    elif (.characters | length) == 1 then .characters[0].id
    else empty end' <<<"$found")
if [ -z "$id" ]; then
  count=$(jq '.characters | length' <<<"$found")
  if [ "$count" -eq 0 ]; then
    echo "export-card: no character of $universe is named like \"$name\"" >&2
  else
    echo "export-card: \"$name\" names $count characters of $universe; give more of the name:" >&2
    jq -r '.characters[:10][] | "  \(.id)\t\(.name)"' <<<"$found" >&2
  fi
  exit 1
fi
params=$(jq -nc --arg u "$universe" --argjson id "$id" --arg f "$format" \
  '{universe: $u, id: $id, format: $f}')
exported=$("$bbfan" call characters.export "$params" 2>&1) || fail "$exported"
jq -r '.warnings // [] | .[] | "export-card: warning: \(.)"' <<<"$exported" >&2
jq -r .path <<<"$exported"
