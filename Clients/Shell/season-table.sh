#!/usr/bin/env bash
# The episodes of one season as a table.
# Usage: season-table.sh SEASON [breaking-bad|better-call-saul]   (BBFAN=path/to/bbfan)
set -euo pipefail
bbfan=${BBFAN:-bbfan}
command -v jq >/dev/null || { echo "season-table: jq is needed" >&2; exit 2; }
[ $# -ge 1 ] || { echo "usage: season-table.sh SEASON [breaking-bad|better-call-saul]" >&2; exit 2; }

params=$(jq -nc --arg season "$1" --arg series "${2:-breaking-bad}" \
  '{season: ($season | tonumber? // $season), series: $series}')
if ! reply=$("$bbfan" call episodes.filter "$params" 2>&1); then
  echo "season-table: $(jq -r '.message // .' <<<"$reply" 2>/dev/null || echo "$reply")" >&2
  exit 1
fi
if [ "$(jq '.episodes | length' <<<"$reply")" -eq 0 ]; then
  # The filter answers an empty list for a season that does not exist: say which ones do.
  series=$(jq -r .series <<<"$params")
  seasons=$("$bbfan" call episodes.list "$(jq -nc --arg series "$series" '{series: $series}')" \
    | jq -r '[.seasons[].season] | map(tostring) | join(", ")')
  echo "season-table: $series has no season $1; its seasons are $seasons." >&2
  exit 1
fi
printf '%-8s %-10s %s\n' EPISODE AIRED TITLE
jq -r '.episodes[] | [("S\(.season | tostring | if length < 2 then "0" + . else . end)E\(.episode | tostring | if length < 2 then "0" + . else . end)"), .airDate, .title] | @tsv' <<<"$reply" \
  | while IFS=$'\t' read -r code aired title; do printf '%-8s %-10s %s\n' "$code" "$aired" "$title"; done
