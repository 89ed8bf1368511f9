#!/usr/bin/env bash
# The quote of the day: the same quote all day, another tomorrow.
# Usage: quote-of-the-day.sh [AUTHOR]     (BBFAN=path/to/bbfan to pick the binary)
set -euo pipefail
bbfan=${BBFAN:-bbfan}
command -v jq >/dev/null || { echo "quote-of-the-day: jq is needed" >&2; exit 2; }

params=$(jq -nc --arg author "${1:-}" 'if $author == "" then {} else {author: $author} end')
# The day (YYYYMMDD) seeds the draw, so every call today gives the same quote.
if ! reply=$("$bbfan" --seed "$(date +%Y%m%d)" call quotes.random "$params" 2>&1); then
  echo "quote-of-the-day: $(jq -r '.message // .' <<<"$reply" 2>/dev/null || echo "$reply")" >&2
  exit 1
fi
jq -r '"“\(.text)” — \(.author)"' <<<"$reply"
