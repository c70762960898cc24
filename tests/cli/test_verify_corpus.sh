#!/bin/bash
# test_verify_corpus.sh: `pairboot verify` against a corpus of edited
# pages and results.json files, tests/data/verify-corpus/cases.tsv.  Each
# case takes a page (en.md, de.md) or the results.json of a report made
# here, applies its edits to a copy and checks what verify says about it:
#
#   fail        exit 1: something on it does not follow from the data
#               (forged lines, lines hidden in comments, rounded numbers,
#               claims in pairboot's own words that the data do not make);
#   pass        exit 0 and the summary ends "; every published item
#               follows from the data" (honest re-formatting: soft wraps,
#               tables without outer pipes, bold, numbered lists, NFD,
#               U+2212, no-break spaces, trailing spaces, CRLF);
#   unchecked   exit 0, the summary does not end in that clean closing,
#               and with --strict exit 1 (an author's own paragraphs);
#   unreadable  exit 2, and the report of what was read still ends in
#               its summary line (invalid UTF-8, a NUL byte).
#
# Besides, every untouched page and results.json must pass clean.
#
# The table: one line a case, TAB-separated, '#' starts a comment line:
#
#   id  study  file  expect  options  description  op  arg...
#
# study is mmcss (fixtures/mmcss-26200.9168), powerplan
# (fixtures/powerplan) or sched (a study planned with `pairboot plan new`,
# hence registered, filled in by genstudy and with one planned boot taken
# out of runs.csv, so that its schedule has a deviation); file is en.md,
# de.md or results.json of its report; options are verify's extra options
# (words separated by spaces), or "-" for none.  A line whose first field
# is "+" adds one more edit to the case above it ("+  op  arg...").  The
# edits apply in order; an edit that leaves the file as it was (its
# anchor or text not found, NTH beyond the count) fails the case.  In
# arguments, \n stands for a line break, \t for a TAB, \_ for a NO-BREAK
# SPACE (U+00A0, which German and Czech pages write between a number and
# its unit or '%') and \\ for a backslash; no field may be empty.
#
# An ANCHOR finds a line: the first line containing it as literal text.
# "A >> B" finds the first line containing B at or after the line of A
# (any number of steps), so that a key can be found inside one object of
# a results.json.  Edits (all literal text, never patterns):
#
#   replace OLD NEW [NTH]        every OLD, or only the NTH in the file
#   replace-after ANCHOR OLD NEW the first OLD at or after ANCHOR's line
#   json-set ANCHOR KEY VALUE    the first line at or after ANCHOR holding
#                                "KEY": gets VALUE (its comma is kept)
#   insert-after ANCHOR TEXT     TEXT as new lines after ANCHOR's line
#   insert-before ANCHOR TEXT    and before it
#   delete-line ANCHOR           ANCHOR's line removed
#   duplicate-line ANCHOR before|after [OLD NEW]
#                                a copy of ANCHOR's line before or after
#                                it, OLD replaced by NEW in the copy
#   duplicate-block FROM TO [OLD NEW]
#                                a copy of the lines FROM..TO after TO,
#                                a blank line between, OLD -> NEW in it
#   wrap-comment FROM TO         the lines FROM..TO inside a multi-line
#                                HTML comment ("<!--" and "-->" lines)
#   softwrap ANCHOR [WIDTH]      ANCHOR's line broken at spaces into lines
#                                of about WIDTH (40) bytes, one paragraph:
#                                not inside a code span, not before a word
#                                that could start a block, continuation
#                                lines indented under a list item's text
#   drop-outer-pipes             every table row without its outer pipes
#   bold ANCHOR TEXT             **TEXT** on ANCHOR's line
#   number-list SECTION          the "- " items of section "## SECTION"
#                                become "1. ", "2. ", ...
#   nfd                          ä ö ü Ä Ö Ü decomposed (base + U+0308)
#   minus-sign                   in table rows, '-' before a digit becomes
#                                U+2212
#   nbsp-unit UNIT               the space between a digit and UNIT
#                                becomes U+00A0, on every line
#   plain-unit UNIT              the U+00A0 between a digit and UNIT
#                                becomes a space, on every line
#   trailing-spaces N            N spaces after every non-blank line
#   crlf                         every line ends in CR LF
#   strip-indent                 leading spaces removed from every line
#   raw-bytes ANCHOR BYTES       BYTES (printf octal escapes, \377, \000)
#                                inserted right after the first ANCHOR in
#                                the file (bytes, not lines: use it last)
#
# With VERIFY_CORPUS_KEEP set to a folder, each edited copy is kept there
# (ID/FILE) with verify's output and exit status (ID/verify.out,
# ID/verify.status), to look at by hand.
#
# The log ends with a tally: per class (the id up to its first '-') and
# expectation, how many cases came out as expected and how many verify
# let through with exit 0; then how many of the cases expected to fail
# (or to be unreadable) exited 0, and how many honest ones did not pass
# clean.
#
# Copyright (C) 2026 the pairboot authors
# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck source=tests/lib/lib.sh
. "$top_srcdir/tests/lib/lib.sh"

cases=$top_srcdir/tests/data/verify-corpus/cases.tsv
genstudy=$top_builddir/fixtures/genstudy
out=$tap_tmp/out
clean='; every published item follows from the data'
started=$(date +%s)

declare -A study_dir=([mmcss]=$top_srcdir/fixtures/mmcss-26200.9168
	[powerplan]=$top_srcdir/fixtures/powerplan [sched]=$tap_tmp/sched)

## The reports, once per study --------------------------------------------
"$PAIRBOOT" --quiet report "${study_dir[mmcss]}" -o "$out/mmcss" \
	--lang en,de --format md,json </dev/null
"$PAIRBOOT" --quiet report "${study_dir[powerplan]}" -o "$out/powerplan" \
	--lang en,de --format md,json </dev/null
# A registered study with a schedule: 4 states, 1 series of 8 blocks, 12
# periods a boot; the planned boot on line 5 of runs.csv is taken out.
"$PAIRBOOT" --quiet plan new "$tap_tmp/sched" --title "Timer resolution" \
	--build 22631 --column latency_us --scale 0.001 --unit ms \
	--better lower --statistic p99 --reference 20 --threshold 1.5 \
	--seed 20261201 --states '0;10;20;100' --series 1 --blocks 8 \
	</dev/null >/dev/null &&
	"$genstudy" fill "$tap_tmp/sched" --seed 7 --periods 12 &&
	sed -i 5d "$tap_tmp/sched/runs.csv" &&
	"$PAIRBOOT" --quiet report "$tap_tmp/sched" -o "$out/sched" \
		--lang en,de --format md,json </dev/null
for s in mmcss powerplan sched; do
	for f in en.md de.md results.json; do
		[ -f "$out/$s/$f" ] && continue
		echo "Bail out! the report of $s has no $f"
		exit 99
	done
done

## The edits --------------------------------------------------------------
# The line edits, in awk (mawk, gawk and busybox awk read bytes alike
# under LC_ALL=C).  The arguments come in the environment: OP, A1..A4,
# NARGS, and ENDNL (1 when the file ends in a newline).
# shellcheck disable=SC2016 # an awk program: its $ are awk's
edit_awk='
function unesc(s,    r, c, i) {
	r = ""
	for (i = 1; i <= length(s); i++) {
		c = substr(s, i, 1)
		if (c == "\\" && i < length(s)) {
			c = substr(s, ++i, 1)
			if (c == "n") c = "\n"
			else if (c == "t") c = "\t"
			else if (c == "_") c = "\302\240"
		}
		r = r c
	}
	return r
}
# The line holding anchor chain A at or after line from, or 0.
function find(a, from,    parts, k, n, i) {
	n = split_chain(a, parts)
	i = from
	for (k = 1; k <= n; k++) {
		for (; i <= nl; i++)
			if (index(L[i], parts[k])) break
		if (i > nl) return 0
	}
	return i
}
function split_chain(a, parts,    n, p) {
	n = 0
	while ((p = index(a, " >> ")) > 0) {
		parts[++n] = substr(a, 1, p - 1)
		a = substr(a, p + 4)
	}
	parts[++n] = a
	return n
}
function need(a,    i) {
	i = find(a, 1)
	if (!i) fail("anchor not found: " a)
	return i
}
function fail(msg) {
	print msg > "/dev/stderr"
	failed = 1
	exit 3
}
# s with every old replaced by new (literal).
function subst(s, old, new,    r, p) {
	r = ""
	while ((p = index(s, old)) > 0) {
		r = r substr(s, 1, p - 1) new
		s = substr(s, p + length(old))
	}
	return r s
}
# s with its first old replaced by new.
function subst1(s, old, new,    p) {
	p = index(s, old)
	if (!p) return s
	return substr(s, 1, p - 1) new substr(s, p + length(old))
}
# Lines of text (split at newlines) inserted before line at.
function insert(at, text,    t, n, k) {
	n = split(text, t, "\n")
	for (k = nl; k >= at; k--) L[k + n] = L[k]
	for (k = 1; k <= n; k++) L[at + k - 1] = t[k]
	nl += n
}
function delete_lines(from, to,    k, n) {
	n = to - from + 1
	for (k = from; k + n <= nl; k++) L[k] = L[k + n]
	nl -= n
}
# A word that would start a block (or end a paragraph) at a line start.
function starts_block(w) {
	return w ~ /^([-+*#>|=<~`]|[0-9]+[.)]($|[^0-9]))/
}
function softwrap(i, width,    s, w, n, k, lead, ind, cur, ticks, out, m) {
	s = L[i]
	lead = ""
	if (match(s, /^([-+*] |[0-9]+[.)] )/)) {
		lead = substr(s, 1, RLENGTH)
		s = substr(s, RLENGTH + 1)
	}
	ind = sprintf("%" length(lead) "s", "")
	n = split(s, w, /[ ]/)
	cur = lead w[1]
	ticks = gsub(/`/, "`", w[1])
	out = ""
	m = 0
	for (k = 2; k <= n; k++) {
		if (length(cur) >= width && ticks % 2 == 0 && w[k - 1] != "" &&
		    w[k] != "" && !starts_block(w[k])) {
			out = out cur "\n"
			cur = ind w[k]
			m++
		} else
			cur = cur " " w[k]
		ticks += gsub(/`/, "`", w[k])
	}
	if (!m) fail("nowhere to break the line: " L[i])
	out = out cur
	delete_lines(i, i)
	insert(i, out)
}
{ L[++nl] = $0 }
END {
	if (failed) exit 3
	op = ENVIRON["OP"]
	a1 = unesc(ENVIRON["A1"]); a2 = unesc(ENVIRON["A2"])
	a3 = unesc(ENVIRON["A3"]); a4 = unesc(ENVIRON["A4"])
	nargs = ENVIRON["NARGS"] + 0
	eol = "\n"
	if (op == "replace") {
		seen = 0
		for (i = 1; i <= nl; i++) {
			if (nargs < 3) { L[i] = subst(L[i], a1, a2); continue }
			s = L[i]; r = ""
			while ((p = index(s, a1)) > 0) {
				r = r substr(s, 1, p - 1)
				r = r ((++seen == a3 + 0) ? a2 : a1)
				s = substr(s, p + length(a1))
			}
			L[i] = r s
		}
	} else if (op == "replace-after") {
		for (i = need(a1); i <= nl; i++)
			if (index(L[i], a2)) { L[i] = subst1(L[i], a2, a3); break }
	} else if (op == "json-set") {
		key = "\"" a2 "\": "
		for (i = need(a1); i <= nl; i++) {
			if (!(p = index(L[i], key))) continue
			comma = (L[i] ~ /,$/) ? "," : ""
			L[i] = substr(L[i], 1, p + length(key) - 1) a3 comma
			break
		}
	} else if (op == "insert-after") {
		insert(need(a1) + 1, a2)
	} else if (op == "insert-before") {
		insert(need(a1), a2)
	} else if (op == "delete-line") {
		i = need(a1)
		delete_lines(i, i)
	} else if (op == "duplicate-line") {
		i = need(a1)
		copy = L[i]
		if (nargs >= 4) {
			if (!index(copy, a3)) fail("not on the line: " a3)
			copy = subst(copy, a3, a4)
		}
		if (a2 == "before") insert(i, copy)
		else if (a2 == "after") insert(i + 1, copy)
		else fail("before or after, not " a2)
	} else if (op == "duplicate-block") {
		i = need(a1)
		j = find(a2, i)
		if (!j) fail("anchor not found after " a1 ": " a2)
		text = ""
		for (k = i; k <= j; k++) text = text "\n" L[k]
		if (nargs >= 4) {
			if (!index(text, a3)) fail("not in the lines: " a3)
			text = subst(text, a3, a4)
		}
		insert(j + 1, text)
	} else if (op == "wrap-comment") {
		i = need(a1)
		j = find(a2, i)
		if (!j) fail("anchor not found after " a1 ": " a2)
		insert(j + 1, "-->")
		insert(i, "<!--")
	} else if (op == "softwrap") {
		softwrap(need(a1), nargs >= 2 ? a2 + 0 : 40)
	} else if (op == "drop-outer-pipes") {
		for (i = 1; i <= nl; i++)
			if (L[i] ~ /^\|.*\|$/) {
				sub(/^\| ?/, "", L[i])
				sub(/ ?\|$/, "", L[i])
			}
	} else if (op == "bold") {
		i = need(a1)
		if (!index(L[i], a2)) fail("not on the line: " a2)
		L[i] = subst1(L[i], a2, "**" a2 "**")
	} else if (op == "number-list") {
		i = need("## " a1)
		if (L[i] != "## " a1) fail("not a section heading: " L[i])
		n = 0
		for (i++; i <= nl && L[i] !~ /^#/; i++)
			if (L[i] ~ /^- /) L[i] = (++n) ". " substr(L[i], 3)
	} else if (op == "nfd") {
		split("\303\244 a \303\266 o \303\274 u \303\204 A \303\226 O \303\234 U", t, " ")
		for (i = 1; i <= nl; i++)
			for (k = 1; k < 12; k += 2)
				L[i] = subst(L[i], t[k], t[k + 1] "\314\210")
	} else if (op == "minus-sign") {
		for (i = 1; i <= nl; i++) {
			if (L[i] !~ /^\|/ || L[i] ~ /^\|[-|: ]*$/) continue
			s = L[i]; r = ""
			while (match(s, /-[0-9]/)) {
				r = r substr(s, 1, RSTART - 1) "\342\210\222"
				s = substr(s, RSTART + 1)
			}
			L[i] = r s
		}
	} else if (op == "plain-unit") {
		for (i = 1; i <= nl; i++) {
			s = L[i]; r = ""
			while ((p = index(s, "\302\240" a1)) > 0) {
				after = substr(s, p + 2 + length(a1), 1)
				if (p > 1 && substr(s, p - 1, 1) ~ /[0-9]/ &&
				    after !~ /[A-Za-z]/)
					r = r substr(s, 1, p - 1) " " a1
				else
					r = r substr(s, 1, p + 1) a1
				s = substr(s, p + 2 + length(a1))
			}
			L[i] = r s
		}
	} else if (op == "nbsp-unit") {
		for (i = 1; i <= nl; i++) {
			s = L[i]; r = ""
			while ((p = index(s, " " a1)) > 0) {
				after = substr(s, p + 1 + length(a1), 1)
				if (p > 1 && substr(s, p - 1, 1) ~ /[0-9]/ &&
				    after !~ /[A-Za-z]/)
					r = r substr(s, 1, p - 1) "\302\240" a1
				else
					r = r substr(s, 1, p) a1
				s = substr(s, p + 1 + length(a1))
			}
			L[i] = r s
		}
	} else if (op == "trailing-spaces") {
		pad = sprintf("%" (a1 + 0) "s", "")
		for (i = 1; i <= nl; i++)
			if (L[i] != "") L[i] = L[i] pad
	} else if (op == "crlf") {
		eol = "\r\n"
	} else if (op == "strip-indent") {
		for (i = 1; i <= nl; i++) sub(/^ +/, "", L[i])
	} else
		fail("no such edit: " op)
	for (i = 1; i <= nl; i++)
		printf "%s%s", L[i], (i < nl || ENVIRON["ENDNL"] == 1) ? eol : ""
}'

# unesc_text TEXT: TEXT with \n, \t, \_ and \\ as the table writes them.
unesc_text() {
	local s=$1
	s=${s//\\\\/$'\001'}
	s=${s//\\n/$'\n'}
	s=${s//\\t/$'\t'}
	s=${s//\\_/$'\302\240'}
	printf '%s' "${s//$'\001'/\\}"
}

# edit FILE OP [ARG]...: applies one edit to FILE in place; fails (with
# a message on stderr) when the edit is unknown, its anchor is missing or
# the file comes out unchanged.
edit() {
	local file=$1 op=$2 endnl=0 off anchor
	shift 2
	[ -n "$(tail -c 1 "$file")" ] || endnl=1
	[ -s "$file" ] || endnl=0
	if [ "$op" = raw-bytes ]; then
		anchor=$(unesc_text "$1")
		off=$(LC_ALL=C grep -b -o -F -m 1 -- "$anchor" "$file" |
			head -n 1 | cut -d: -f1)
		if [ -z "$off" ]; then
			echo "anchor not found: $anchor" >&2
			return 1
		fi
		off=$((off + $(printf '%s' "$anchor" | wc -c)))
		{
			head -c "$off" "$file"
			# shellcheck disable=SC2059
			printf "$2"
			tail -c "+$((off + 1))" "$file"
		} >"$file.new"
	else
		OP=$op A1=${1-} A2=${2-} A3=${3-} A4=${4-} NARGS=$# ENDNL=$endnl \
			LC_ALL=C awk "$edit_awk" "$file" >"$file.new" || return 1
	fi
	if cmp -s "$file" "$file.new"; then
		echo "the edit '$op $*' leaves the file as it was" >&2
		return 1
	fi
	mv "$file.new" "$file"
}

## The edits themselves: one that changes nothing fails ------------------
self=$tap_tmp/self.md
# edit_fails OP [ARG]...: the edit, on a fresh copy of powerplan's en.md,
# fails.
# shellcheck disable=SC2317 # called through ok
edit_fails() {
	cp "$out/powerplan/en.md" "$self"
	! edit "$self" "$@" 2>/dev/null
}
ok "an edit whose text is not on the page fails" \
	edit_fails replace 'no such text' x
ok "an edit whose NTH is beyond the count fails" \
	edit_fails replace '`-0.020 ms`' '`0 ms`' 2
ok "an edit whose anchor is missing fails" \
	edit_fails insert-after 'no such anchor' x
ok "an anchor chain whose second step is missing fails" \
	edit_fails insert-after '# Windows >> no such anchor' x
ok "a line too short to soft-wrap fails" edit_fails softwrap '## Runs'
ok "NFD on a page without umlauts fails" edit_fails nfd
ok "an unknown edit fails" edit_fails frobnicate
ok "raw bytes after a missing anchor fail" \
	edit_fails raw-bytes 'no such anchor' '\377'
cp "$out/powerplan/en.md" "$self"
edit "$self" replace 'Series 1' 'Series 9' 3
is "$(grep -o 'Series [19]' "$self" | tr '\n' ' ')" \
	"$(grep -o 'Series 1' "$out/powerplan/en.md" |
		awk 'NR == 3 { $0 = "Series 9" } { printf "%s ", $0 }')" \
	"replace OLD NEW 3 changes the third OLD only"
cp "$out/powerplan/en.md" "$self"
edit "$self" insert-after '## Runs' 'a\nb'
is "$(sed -n '/^## Runs$/,+2p' "$self")" "## Runs
a
b" "insert-after: \\n makes two lines"
is "$(tail -c 1 "$self" | od -An -tx1)" \
	"$(tail -c 1 "$out/powerplan/en.md" | od -An -tx1)" \
	"an edit keeps the file's last byte (a newline or not)"
printf 'x' >"$self"
edit "$self" replace x y
is "$(od -An -c "$self" | tr -d ' ')" y \
	"a file without a final newline gets none"

# outcome STATUS FILE: what verify's run came to: clean (exit 0, the
# clean closing), open (exit 0 without it), or "exit N".
outcome() {
	local last
	last=$(tail -n 1 "$2")
	case $1:$last in
	0:"summary: "*"$clean") echo clean ;;
	0:"summary: "*) echo open ;;
	0:*) echo "exit 0, no summary line" ;;
	[12]:"summary: "*"$clean") echo "exit $1, yet a clean summary" ;;
	[12]:"summary: "*) echo "exit $1" ;;
	*) echo "exit $1, no summary line" ;;
	esac
}

declare -A tally_n tally_ok tally_zero
wrong_pass=0 n_dishonest=0 wrong_fail=0 n_honest=0

# judge ID EXPECT STUDY FILE OPTIONS NAME: verifies FILE against STUDY
# and passes when the outcome is EXPECT's.
judge() {
	local id=$1 expect=$2 study=$3 file=$4 opts=$5 name=$6 got want strict
	local class=${id%%-*} pass=1
	local -a extra=()
	[ "$opts" != - ] && read -r -a extra <<<"$opts"
	run_pb verify "$study" --against "$file" "${extra[@]}"
	got=$(outcome "$pb_status" "$pb_out_file")
	case $expect in
	fail) want="exit 1" ;;
	pass) want=clean ;;
	unchecked) want=open ;;
	unreadable) want="exit 2" ;;
	*) want="a known expectation, not '$expect'" ;;
	esac
	if [ "$got" = "$want" ] && [ "$expect" = unchecked ]; then
		run_pb verify "$study" --against "$file" "${extra[@]}" --strict
		strict=$pb_status
		if [ "$strict" != 1 ]; then
			got="open, but exit $strict with --strict"
			want="open, and exit 1 with --strict"
		fi
	fi
	[ "$got" = "$want" ] && pass=0
	tally_n[$class:$expect]=$((${tally_n[$class:$expect]:-0} + 1))
	[ "$pass" = 0 ] &&
		tally_ok[$class:$expect]=$((${tally_ok[$class:$expect]:-0} + 1))
	[ "$pb_status" = 0 ] &&
		tally_zero[$class:$expect]=$((${tally_zero[$class:$expect]:-0} + 1))
	case $expect in
	fail | unreadable)
		n_dishonest=$((n_dishonest + 1))
		[ "$pb_status" = 0 ] && wrong_pass=$((wrong_pass + 1)) ;;
	pass)
		n_honest=$((n_honest + 1))
		[ "$got" != clean ] && wrong_fail=$((wrong_fail + 1)) ;;
	esac
	tap_result "$pass" "$id: $name ($expect)"
	if [ "$pass" != 0 ]; then
		diag "got: $got; want: $want"
		diag "$(grep -v '^match ' "$pb_out_file" | head -n 8)"
		[ -s "$pb_err_file" ] && diag "$(head -n 3 "$pb_err_file")"
	fi
	return 0
}

## The untouched files pass clean -----------------------------------------
for s in mmcss powerplan sched; do
	for f in en.md de.md results.json; do
		judge "untouched-$s-${f%%.*}" pass "${study_dir[$s]}" \
			"$out/$s/$f" - "$s $f as pairboot wrote it"
	done
done

## The cases ---------------------------------------------------------------
c_id='' n_cases=0
declare -A seen_ids
declare -a c_ops

# run_case: applies the edits of the case read so far and judges it.
run_case() {
	[ -n "$c_id" ] || return 0
	local dir=$tap_tmp/case/$c_id copy k err
	local -a a
	n_cases=$((n_cases + 1))
	if [ -z "${study_dir[$c_study]:-}" ] || [ ! -f "$out/$c_study/$c_file" ]; then
		tap_result 1 "$c_id: $c_name"
		diag "no study '$c_study' or file '$c_file'"
		return 0
	fi
	mkdir -p "$dir"
	copy=$dir/$c_file
	cp "$out/$c_study/$c_file" "$copy"
	for k in "${!c_ops[@]}"; do
		IFS=$'\t' read -r -a a <<<"${c_ops[$k]}"
		if ! err=$(edit "$copy" "${a[@]}" 2>&1); then
			tap_result 1 "$c_id: $c_name ($c_expect)"
			diag "edit $((k + 1)) (${a[0]}) failed: $err"
			return 0
		fi
	done
	# Under the sanitizers (CI's distcheck) every third case runs: the
	# plain `make check` runs them all, and this run looks for memory
	# errors, which the cases share.
	if [ -n "${PAIRBOOT_SANITIZED:-}" ] && [ $((n_cases % 3)) -ne 0 ]; then
		skip "$c_id: $c_name ($c_expect)" "sampled under the sanitizers"
		rm -rf "$dir"
		return 0
	fi
	judge "$c_id" "$c_expect" "${study_dir[$c_study]}" "$copy" "$c_opts" \
		"$c_name"
	if [ -n "${VERIFY_CORPUS_KEEP:-}" ]; then
		mkdir -p "$VERIFY_CORPUS_KEEP/$c_id"
		cp "$copy" "$pb_out_file" "$VERIFY_CORPUS_KEEP/$c_id/"
		mv "$VERIFY_CORPUS_KEEP/$c_id/stdout" "$VERIFY_CORPUS_KEEP/$c_id/verify.out"
		echo "$pb_status" >"$VERIFY_CORPUS_KEEP/$c_id/verify.status"
	fi
	rm -rf "$dir"
}

while IFS= read -r line || [ -n "$line" ]; do
	case $line in '#'* | '') continue ;; esac
	IFS=$'\t' read -r -a f <<<"$line"
	if [ "${f[0]}" = + ]; then
		if [ -z "$c_id" ]; then
			tap_result 1 "a '+' line before any case"
			continue
		fi
		c_ops+=("${line#+$'\t'}")
		continue
	fi
	run_case
	if [ "${#f[@]}" -lt 7 ]; then
		tap_result 1 "case '${f[0]}': 7 fields or more"
		diag "$line"
		c_id=''
		continue
	fi
	c_id=${f[0]} c_study=${f[1]} c_file=${f[2]} c_expect=${f[3]}
	c_opts=${f[4]} c_name=${f[5]}
	c_ops=("${line#*$'\t'*$'\t'*$'\t'*$'\t'*$'\t'*$'\t'}")
	if [ -n "${seen_ids[$c_id]:-}" ]; then
		tap_result 1 "case id '$c_id' is used twice"
	fi
	seen_ids[$c_id]=1
done <"$cases"
run_case

## The tally ---------------------------------------------------------------
diag "$n_cases cases; as expected, by class and expectation:"
for k in $(printf '%s\n' "${!tally_n[@]}" | sort); do
	diag "  $k: ${tally_ok[$k]:-0} of ${tally_n[$k]} (exit 0: ${tally_zero[$k]:-0})"
done
diag "expected to fail or be unreadable, yet exit 0: $wrong_pass of $n_dishonest"
diag "honest, yet not passed clean: $wrong_fail of $n_honest"
diag "run time: $(($(date +%s) - started)) s"

done_testing
