#!/usr/bin/env bash
# A study session: sign in, add quizzes from the online catalogue, list what is due, review one.
# Usage: study-quiz.sh [--data-dir DIR] [--user NAME] [--add ONLINE_ID]... [--review GRADE]
#   --user NAME     sign in as NAME with the password in $BBFAN_PASSWORD (the account is made
#                   when there is none of that name); otherwise the data directory's signed-in user
#   --add ID        copy the online quiz ID into your collection (one already there is said so)
#   --review GRADE  show the first due quiz as a flash card and grade it: again, hard, good, easy
# Then it prints the quizzes due now. (BBFAN=path/to/bbfan to pick the binary.)
set -euo pipefail
command -v jq >/dev/null || { echo "study-quiz: jq is needed" >&2; exit 2; }
bbfan=("${BBFAN:-bbfan}")
usage() { echo "usage: study-quiz.sh [--data-dir DIR] [--user NAME] [--add ONLINE_ID]... [--review GRADE]" >&2; exit 2; }
user=
grade=
adds=()
while [ $# -gt 0 ]; do
  [ $# -ge 2 ] || usage
  case "$1" in
    --data-dir) bbfan+=(--data-dir "$2") ;;
    --user) user=$2 ;;
    --add) adds+=("$2") ;;
    --review)
      grade=$2
      case "$grade" in
        again | hard | good | easy) ;;
        *) echo "study-quiz: --review takes again, hard, good or easy, not \"$grade\"" >&2; exit 2 ;;
      esac ;;
    *) usage ;;
  esac
  shift 2
done

fail() {
  echo "study-quiz: $(jq -r '.message // .' <<<"$1" 2>/dev/null || echo "$1")" >&2
  exit 1
}
# call METHOD PARAMS: the result, or the service's error (with status 1), in $reply.
call() { reply=$("${bbfan[@]}" call "$1" "$2" 2>&1); }
reason() { jq -r '.data.reason // empty' <<<"$reply" 2>/dev/null || true; }

if [ -n "$user" ]; then
  [ -n "${BBFAN_PASSWORD:-}" ] || { echo "study-quiz: set BBFAN_PASSWORD to $user's password" >&2; exit 2; }
  credentials=$(jq -nc --arg u "$user" --arg p "$BBFAN_PASSWORD" '{username: $u, password: $p}')
  if call auth.login "$credentials"; then
    echo "signed in as $user"
  elif [ "$(reason)" = unknown-user ]; then
    call auth.register "$(jq -c '. + {passwordConfirmation: .password}' <<<"$credentials")" \
      || fail "$reply"
    echo "signed in as $user (a new account)"
  else
    fail "$reply"
  fi
fi

for id in ${adds[@]+"${adds[@]}"}; do
  if call quizzes.add "$(jq -nc --arg id "$id" '{onlineId: $id}')"; then
    jq -r '"added: \(.title)"' <<<"$reply"
  elif [ "$(reason)" = duplicate ]; then
    jq -r '"already in your collection: \(.data.title)"' <<<"$reply"
  else
    fail "$reply"
  fi
done

if [ -n "$grade" ]; then
  call quizzes.due '{"limit":1}' || fail "$reply"
  due=$reply
  if [ "$(jq '.quizzes | length' <<<"$due")" -eq 0 ]; then
    echo "nothing is due"
  else
    jq -r '.quizzes[0].quiz | .title, (.facts[] | "  - \(.)")' <<<"$due"
    params=$(jq -c --arg g "$grade" '{id: .quizzes[0].quiz.id, grade: $g}' <<<"$due")
    call quizzes.review "$params" || fail "$reply"
    jq -r '"\(.grade): next review in \(.review.intervalDays) day\(if .review.intervalDays == 1 then "" else "s" end) (\(.review.dueAt[:10]))"
      + (if .repeatToday then "; go over it again today" else "" end)' <<<"$reply"
  fi
fi

call quizzes.due '{}' || fail "$reply"
jq -r '"\(.total) due" + (if .total > 0 then ":" else "" end),
  (.quizzes[] | "  #\(.quiz.id) \(.quiz.title) (\(if .review == null then "new" else "due since \(.review.dueAt[:10])" end))")' \
  <<<"$reply"
