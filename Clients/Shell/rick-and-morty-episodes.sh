#!/usr/bin/env bash
# Every Rick and Morty episode: code, air date as dd/mm/yyyy, name; then the end of the list.
# Usage: rick-and-morty-episodes.sh   (BBFAN=path/to/bbfan)
set -euo pipefail
bbfan=${BBFAN:-bbfan}
command -v jq >/dev/null || { echo "rick-and-morty-episodes: jq is needed" >&2; exit 2; }
[ $# -eq 0 ] || { echo "usage: rick-and-morty-episodes.sh" >&2; exit 2; }

if ! reply=$("$bbfan" call episodes.list '{"universe":"rick-and-morty"}' 2>&1); then
  echo "rick-and-morty-episodes: $(jq -r '.message // .' <<<"$reply" 2>/dev/null || echo "$reply")" >&2
  exit 1
fi
printf '%-7s %-10s %s\n' CODE AIRED NAME
jq -r '.seasons[].episodes[]
  | [.code, (.airDate | split("-") | "\(.[2])/\(.[1])/\(.[0])"), .title] | @tsv' <<<"$reply" \
  | while IFS=$'\t' read -r code aired title; do printf '%-7s %-10s %s\n' "$code" "$aired" "$title"; done
echo "End of the list: $(jq '[.seasons[].episodes[]] | length' <<<"$reply") episodes."
