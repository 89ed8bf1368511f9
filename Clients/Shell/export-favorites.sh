#!/usr/bin/env bash
# Exports your favourite quotes (newest first) as CSV (id,author,series,text) or JSON.
# Usage: export-favorites.sh [--json] [--token TOKEN]   (BBFAN=path/to/bbfan; the signed-in user
# of the data directory unless a token is given)
set -euo pipefail
bbfan=${BBFAN:-bbfan}
command -v jq >/dev/null || { echo "export-favorites: jq is needed" >&2; exit 2; }
format=csv
token=
while [ $# -gt 0 ]; do
  case "$1" in
    --json) format=json ;;
    --token) token=${2:?--token needs a value}; shift ;;
    *) echo "usage: export-favorites.sh [--json] [--token TOKEN]" >&2; exit 2 ;;
  esac
  shift
done

params=$(jq -nc --arg token "$token" 'if $token == "" then {} else {token: $token} end')
if ! reply=$("$bbfan" call favorites.list "$params" 2>&1); then
  echo "export-favorites: $(jq -r '.message // .' <<<"$reply" 2>/dev/null || echo "$reply")" >&2
  exit 1
fi
if [ "$format" = json ]; then
  jq '.quotes | map({id, author, series, text})' <<<"$reply"
else
  echo "id,author,series,text"
  jq -r '.quotes[] | [.id, .author, .series, .text] | @csv' <<<"$reply"
fi
