#!/bin/sh
# command-help.sh PAIRBOOT: the COMMAND OPTIONS of the man page, as troff
# for help2man's include file: one subsection for each command that
# `PAIRBOOT --help` lists, made from `PAIRBOOT COMMAND --help`, the help
# src/help.c prints from the command's option table.  So the page says
# what --help says, and an option cannot be in one and not the other.
#
# Copyright (C) 2026 the pairboot authors
# SPDX-License-Identifier: GPL-3.0-or-later
set -e
pb=${1:?usage: command-help.sh PAIRBOOT}

# The commands: the headings under "Commands:", a name of lower-case words
# before the first operand ("plan new DIR ...").
commands=$(LC_ALL=C "$pb" --help | sed -n '/^Commands:$/,/^$/{
	s/^  \([a-z][a-z ]*[a-z]\) [A-Z].*/\1/p
	s/^  \([a-z][a-z]*\)$/\1/p
}')
[ -n "$commands" ] || { echo "command-help.sh: no commands in --help" >&2; exit 1; }

echo "$commands" | while IFS= read -r cmd; do
	# shellcheck disable=SC2086 # "plan new" is two words
	LC_ALL=C "$pb" $cmd --help
	# Each help ends after its own options; a line of its own ends it.
	echo '@END@'
done | LC_ALL=C awk '
	# esc(S): S as troff text: backslashes and minus signs escaped.
	function esc(s) {
		gsub(/\\/, "\\e", s)
		gsub(/-/, "\\-", s)
		return s
	}
	# text(S): a line of running text, kept from starting a request.
	function text(s) {
		s = esc(s)
		return s ~ /^[.\047]/ ? "\\&" s : s
	}
	# tag(S): an option as --help shows it ("-o, --output=DIR") in the
	# fonts of help2man: names bold, the value italic.
	function tag(s,    n, parts, i, out, name, eq) {
		n = split(s, parts, ", ")
		for (i = 1; i <= n; i++) {
			name = parts[i]
			eq = index(name, "=")
			out = out (i > 1 ? ", " : "") "\\fB" esc(eq ? substr(name, 1, eq - 1) : name) "\\fR"
			if (eq)
				out = out "=\\fI" esc(substr(name, eq + 1)) "\\fR"
		}
		return out
	}
	function flush() {
		if (para != "")
			print text(para)
		para = ""
	}
	/^@END@$/ { flush(); state = ""; next }
	/^Usage: pairboot / {
		usage = substr($0, 8); state = "usage"; next
	}
	state == "usage" && /^         / {
		sub(/^ +/, ""); usage = usage " " $0; next
	}
	# The subsection is named by the command and its operands; the
	# whole usage line follows it.
	state == "usage" {
		name = usage
		sub(/ [-[].*/, "", name)
		printf ".SS \"%s\"\n", esc(name)
		# Not hyphenated: an option name stays whole.
		if (name != usage)
			print ".nh\n" text(usage) "\n.hy\n.br"
		state = "summary"
	}
	state == "summary" && /^  or:  / {
		print text("or: " substr($0, 8)); print ".br"; next
	}
	state == "summary" && /^$/ { flush(); state = "options"; next }
	state == "summary" { para = para (para == "" ? "" : " ") $0; next }
	state == "options" && /^Options:$/ { next }
	state == "options" && /^$/ { flush(); state = "end"; next }
	# A line of an option'"'"'s text begins at column 26.
	state == "options" && match($0, /^ +/) && RLENGTH >= 25 {
		sub(/^ +/, ""); para = para (para == "" ? "" : " ") $0; next
	}
	state == "options" && /^  +-/ {
		flush()
		sub(/^ +/, "")
		head = $0; rest = ""
		if (match(head, /  +/)) {
			rest = substr(head, RSTART + RLENGTH)
			head = substr(head, 1, RSTART - 1)
		}
		print ".TP"
		print tag(head)
		para = rest
		next
	}
	state == "options" && para == "" { print ".PP"; para = $0; next }
	state == "options" { para = para " " $0; next }
'
