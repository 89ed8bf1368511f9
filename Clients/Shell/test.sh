#!/usr/bin/env bash
# Runs the shell clients against a built bbfan: BBFAN=.build/debug/bbfan Clients/Shell/test.sh
# Prints one line per check and "N passed, N failed".
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
export BBFAN=${BBFAN:?set BBFAN to the built bbfan}
data=$(mktemp -d)
trap 'rm -rf "$data"' EXIT
passed=0
failed=0
check() {
  if [ "$2" = "$3" ]; then passed=$((passed + 1)); echo "ok: $1"; else failed=$((failed + 1)); echo "FAILED: $1"; echo "  expected: $3"; echo "  got:      $2"; fi
}

# A wrapper so the scripts use this data directory.
wrapper="$data/bbfan"
printf '#!/usr/bin/env bash\nexec "%s" --data-dir "%s" --password-cost 1000 --log-level off "$@"\n' "$BBFAN" "$data" >"$wrapper"
chmod +x "$wrapper"
export BBFAN=$wrapper

first=$("$here/quote-of-the-day.sh" "Gus Fring")
second=$("$here/quote-of-the-day.sh" "Gus Fring")
check "the quote of the day is the same all day" "$first" "$second"
case "$first" in “*”\ —\ "Gus Fring") check "the quote is by Gus Fring" yes yes ;; *) check "the quote is by Gus Fring" "$first" "“…” — Gus Fring" ;; esac
"$here/quote-of-the-day.sh" "Heisenbreg" >/dev/null 2>"$data/err"
check "an unknown author fails with the service's message" "$(cat "$data/err")" 'quote-of-the-day: Invalid params: author "Heisenbreg" is not the name of any character; did you mean Walter White?'

table=$("$here/season-table.sh" 1)
check "season 1 has a header and 7 episodes" "$(wc -l <<<"$table" | tr -d ' ')" 8
check "the first row" "$(sed -n 2p <<<"$table")" "S01E01   2008-01-20 Pilot"
check "a Better Call Saul season" "$(sed -n 2p <<<"$("$here/season-table.sh" 3 better-call-saul)")" "S03E01   2017-04-10 Mabel"
"$here/season-table.sh" 0 >/dev/null 2>"$data/err"
check "a season below 1 fails with the service's message" "$(cat "$data/err")" "season-table: Invalid params: season must be 1 or more, not 0."

"$here/season-table.sh" 9 >/dev/null 2>"$data/err"
check "a season that does not exist fails, naming the seasons there are" "$? $(cat "$data/err")" \
  "1 season-table: breaking-bad has no season 9; its seasons are 1, 2, 3, 4, 5."

"$here/export-favorites.sh" >/dev/null 2>"$data/err"
check "exporting without a user says why" "$(cut -c1-41 "$data/err")" "export-favorites: Unauthorized: nobody is"
token=$("$BBFAN" call auth.register '{"username":"walt","password":"Heisenberg1!","passwordConfirmation":"Heisenberg1!"}' | jq -r .token)
"$BBFAN" call favorites.toggle '{"quoteId":84}' >/dev/null
"$BBFAN" call favorites.toggle '{"quoteId":1}' >/dev/null
csv=$("$here/export-favorites.sh")
check "the CSV header" "$(sed -n 1p <<<"$csv")" "id,author,series,text"
check "newest first, quoted as CSV" "$(sed -n 2p <<<"$csv")" '1,"Walter White","breaking-bad","I am not in danger, Skyler. I am the danger!"'
check "JSON with a token" "$("$here/export-favorites.sh" --json --token "$token" | jq -c 'map(.id)')" "[1,84]"

card=$("$here/export-card.sh" "walter white" 2>"$data/err")
check "a card's path" "${card##*/}" "breaking-bad-1-walter-white.pdf"
check "the card is a PDF" "$(head -c 5 "$card")" "%PDF-"
check "its image host is gone, so a placeholder, said on stderr" "$(grep -c 'placeholder' "$data/err")" 1
row=$("$here/export-card.sh" --universe rick-and-morty --csv "doofus rick" 2>/dev/null)
check "a CSV export of a Rick and Morty character" "$(sed -n 2p "$row" | cut -d, -f1-5)" "103,rick-and-morty,Doofus Rick,unknown,Human"
"$here/export-card.sh" --universe rick-and-morty "Rick Sanchez" >/dev/null 2>"$data/err"
check "an ambiguous name lists the candidates" "$? $(sed -n 1p "$data/err")" \
  '1 export-card: "Rick Sanchez" names 4 characters of rick-and-morty; give more of the name:'

study="$data/study"
"$here/study-quiz.sh" --data-dir "$study" >/dev/null 2>"$data/err"
check "studying without a user says why" "$? $(cut -c1-35 "$data/err")" "1 study-quiz: Unauthorized: nobody is"
out=$(BBFAN_PASSWORD='Flash-cards1' "$here/study-quiz.sh" --data-dir "$study" --user quizzer --add 48 --add 45)
check "a new account, two online quizzes added, both due as new" "$out" "signed in as quizzer (a new account)
added: Toddler Quiz #2
added: Toddler Quiz #1
2 due:
  #1 Toddler Quiz #2 (new)
  #2 Toddler Quiz #1 (new)"
# Tomorrow in UTC as the service saw it: read before and after, so a run across midnight passes.
tomorrow() { date -u -d tomorrow +%F 2>/dev/null || date -u -v+1d +%F; }
before=$(tomorrow)
out=$(BBFAN_PASSWORD='Flash-cards1' "$here/study-quiz.sh" --data-dir "$study" --user QUIZZER --add 48 --review good)
tomorrow=$(tomorrow)
case "$out" in *"($tomorrow)"*) ;; *) tomorrow=$before ;; esac
check "signed in again, a duplicate said so, the first due card shown and reviewed" "$out" "signed in as QUIZZER
already in your collection: Toddler Quiz #2
Toddler Quiz #2
  - Baa baa black sheep, have you any ____?
  - Mary had a little ____.
good: next review in 1 day ($tomorrow)
1 due:
  #2 Toddler Quiz #1 (new)"
check "the review is in the service" \
  "$("$BBFAN" --data-dir "$study" call quizzes.due | jq -c '[.quizzes[].quiz.id, .total]')" "[2,1]"
before=$(tomorrow)
out=$("$here/study-quiz.sh" --data-dir "$study" --review again | tail -2)
tomorrow=$(tomorrow)
case "$out" in *"($tomorrow)"*) ;; *) tomorrow=$before ;; esac
check "again: repeat today, and nothing is left due" "$out" "again: next review in 1 day ($tomorrow); go over it again today
0 due"
check "nothing to review" "$("$here/study-quiz.sh" --data-dir "$study" --review easy)" "nothing is due
0 due"
"$here/study-quiz.sh" --data-dir "$study" --add 99 >/dev/null 2>"$data/err"
check "an unknown online quiz fails with the service's message" "$? $(cat "$data/err")" \
  '1 study-quiz: Not found: the online catalogue has no quiz with id "99".'
"$here/study-quiz.sh" --review meh >/dev/null 2>"$data/err"
check "a grade that is none is a usage error" "$? $(cat "$data/err")" \
  '2 study-quiz: --review takes again, hard, good or easy, not "meh"'
BBFAN_PASSWORD='wrong' "$here/study-quiz.sh" --data-dir "$study" --user quizzer >/dev/null 2>"$data/err"
check "a wrong password fails with the service's message" "$? $(cut -c1-26 "$data/err")" "1 study-quiz: Wrong password"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
