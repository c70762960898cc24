/* test_mechlog.c: unit tests of ingest/mechlog: mechanism-check logs.
 *
 * A full valid log must give exactly its fields; each malformed line must
 * fail with PB_DATAERR and exactly the expected message, line and byte
 * column (counted by hand in the comments, 1-based). */
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/diag.h"
#include "ingest/mechlog.h"
#include "tests/lib/tap.h"
#include "tests/lib/testlib.h"

static const char full_log[] =
	"# mechanism check of boot m-20-1\n"                           /* 1 */
	"event=service status=running\n"                               /* 2 */
	"event=query value=20\n"                                       /* 3 */
	"event=priority phase=before win32=0 etw=8 class=NORMAL\n"     /* 4 */
	"event=register task=Games ok=true error=0x0\n"                /* 5 */
	"\n"                                                           /* 6 */
	"event=priority phase=after win32=10 etw=18 class=\"HIGH "
	"PRIORITY\"\n"                                                 /* 7 */
	"  event=priority\tphase=cleanup win32=-2 etw=8 "
	"class=\"say \\\"hi\\\" \\\\ ok\"\r\n"                         /* 8 */
	"event=etw lost_events=0 lost_buffers=3\n"                     /* 9 */
	"event=registry value=missing\n"                               /* 10 */
	"event=tracing active=0\n"                                     /* 11 */
	"event=processes leftover=2 extra=\"ignored key\"\n"           /* 12 */
	"event=reboot reason=\"an unknown event\"\n"                   /* 13 */
	"   # an indented comment\n";                                  /* 14 */

/* Reads TEXT (LEN bytes) and checks it fails with PB_DATAERR, no log, and
 * exactly the messages WANT (NULL-terminated) in order. */
static void expect_errors(const char *name, const char *text, size_t len,
			  const char *const *want)
{
	diag *d = diag_new(NULL, 0);
	mech_log *m = (mech_log *)1;
	pb_status st;
	bool ok;

	if (!d)
		abort();
	st = mechlog_read_buffer(text, len, "boot.log", d, &m);
	ok = testlib_messages_match(name, (int)st, d, want,
				    st == PB_DATAERR && m == NULL);
	tap_ok(ok, "%s", name);
	if (m != (mech_log *)1)
		mechlog_free(m);
	diag_free(d);
}

static void expect1(const char *name, const char *text, const char *want)
{
	const char *const list[] = { want, NULL };
	expect_errors(name, text, strlen(text), list);
}

/* Reads TEXT, which must be valid; returns the log or NULL. */
static mech_log *read_ok(const char *text, size_t len)
{
	diag *d = diag_new(NULL, 0);
	mech_log *m = NULL;
	pb_status st;

	if (!d)
		abort();
	st = mechlog_read_buffer(text, len, "boot.log", d, &m);
	for (size_t i = 0; i < diag_kept(d); i++)
		tap_diag("unexpected: %s", diag_message(d, i));
	diag_free(d);
	if (st != PB_OK) {
		mechlog_free(m);
		return NULL;
	}
	return m;
}

static mech_log *read_str(const char *text)
{
	return read_ok(text, strlen(text));
}

static bool streq(const char *a, const char *b)
{
	return a && strcmp(a, b) == 0;
}

/* Checks every field of the log read from full_log. */
static void check_full(const mech_log *m, const char *how)
{
	tap_ok(m != NULL, "%s: the full log reads", how);
	if (!m)
		return;
	tap_ok(m->service == 1, "%s: service running", how);
	tap_ok(m->query_seen && m->query_ok && m->query_value == 20,
	       "%s: query value 20", how);
	tap_ok(m->prio_seen[PHASE_BEFORE] && m->win32[PHASE_BEFORE] == 0
	       && m->etw[PHASE_BEFORE] == 8
	       && streq(m->prio_class[PHASE_BEFORE], "NORMAL"),
	       "%s: priority before 0 / 8 NORMAL", how);
	tap_ok(m->prio_seen[PHASE_AFTER] && m->win32[PHASE_AFTER] == 10
	       && m->etw[PHASE_AFTER] == 18
	       && streq(m->prio_class[PHASE_AFTER], "HIGH PRIORITY"),
	       "%s: priority after 10 / 18, quoted class", how);
	/* The value "say \"hi\" \\ ok" decodes to: say "hi" \ ok */
	tap_ok(m->prio_seen[PHASE_CLEANUP] && m->win32[PHASE_CLEANUP] == -2
	       && m->etw[PHASE_CLEANUP] == 8
	       && streq(m->prio_class[PHASE_CLEANUP], "say \"hi\" \\ ok"),
	       "%s: cleanup with negative win32, escapes decoded, CRLF", how);
	tap_ok(m->register_seen && m->register_ok
	       && streq(m->register_task, "Games")
	       && streq(m->register_error, "0x0"),
	       "%s: register Games ok", how);
	tap_ok(m->etw_seen && m->lost_events == 0 && m->lost_buffers == 3,
	       "%s: etw lost 0 events, 3 buffers", how);
	tap_ok(m->registry_seen && m->registry.missing,
	       "%s: registry value missing", how);
	tap_ok(m->tracing_active == 0 && m->leftover == 2,
	       "%s: tracing 0, leftover 2", how);
}

static void test_valid(void)
{
	mech_log *m = read_ok(full_log, sizeof full_log - 1);
	check_full(m, "buffer");
	mechlog_free(m);

	m = read_str("# only\n\n   \n\t# comments\nevent=service "
		     "status=stopped");
	tap_ok(m && m->service == 0 && !m->query_seen && !m->etw_seen
	       && m->tracing_active == -1 && m->leftover == -1,
	       "comments and blank lines ignored, no final newline");
	mechlog_free(m);

	m = read_str("event=reboot when=now\nevent=future x=\"y z\"\n");
	tap_ok(m && m->service == -1 && !m->query_seen && !m->register_seen
	       && !m->prio_seen[0] && !m->registry_seen
	       && m->tracing_active == -1 && m->leftover == -1,
	       "unknown events are ignored; unreported fields keep defaults");
	mechlog_free(m);

	m = read_str("event=query\n");
	tap_ok(m && m->query_seen && !m->query_ok,
	       "query without value: seen, failed");
	mechlog_free(m);

	m = read_str("event=query value=4294967295\nevent=registry "
		     "value=0x14\n");
	tap_ok(m && m->query_ok && m->query_value == 4294967295LL
	       && m->registry_seen && !m->registry.missing
	       && m->registry.value == 20,
	       "largest query value; registry value in hex");
	mechlog_free(m);

	m = read_ok("", 0);
	tap_ok(m && m->service == -1, "an empty log is valid");
	mechlog_free(m);

	m = read_str("\xEF\xBB\xBF# saved on Windows\r\nevent=service "
		     "status=running\r\n");
	tap_ok(m && m->service == 1, "a byte order mark and CRLF are accepted");
	mechlog_free(m);

	m = read_str("\xEF\xBB\xBF" "event=service status=stopped\n");
	tap_ok(m && m->service == 0, "an event right after the byte order "
	       "mark is read");
	mechlog_free(m);

	m = read_str("event=register ok=false error=\"\" task=Games\n");
	tap_ok(m && m->register_seen && !m->register_ok
	       && streq(m->register_error, "")
	       && streq(m->register_task, "Games"),
	       "register ok=false with an empty quoted error");
	mechlog_free(m);
}

static void test_syntax(void)
{
	/* "event=service " is 14 bytes: "running" starts at column 15. */
	expect1("token without '='", "event=service running\n",
		"boot.log:1:15: expected key=value ('running')");
	/* "event=service " is 14 bytes: the '=' is at column 15. */
	expect1("empty key", "event=service =x\n",
		"boot.log:1:15: empty key before '='");
	/* event=priority(14) space phase=after(11) space win32=1(7) space
	 * etw=2(5) space class=(6): 14+1+11+1+7+1+5+1+6 = 47 bytes before
	 * the quote, which is at column 48. */
	expect1("unterminated quote",
		"event=priority phase=after win32=1 etw=2 class=\"abc\n",
		"boot.log:1:48: unterminated quote");
	/* "event=register task=" is 20 bytes: the quote is at column 21. */
	expect1("quote left open by a final backslash",
		"event=register task=\"abc\\\n",
		"boot.log:1:21: unterminated quote");
	/* "event=register task=\"a" is 22 bytes: the backslash at 23. */
	expect1("bad escape", "event=register task=\"a\\nb\" ok=true\n",
		"boot.log:1:23: bad escape in quoted value (only \\\" and "
		"\\\\ are allowed)");
	/* "event=register task=\"a\"" is 23 bytes: 'b' at 24. */
	expect1("text right after the closing quote",
		"event=register task=\"a\"b ok=true\n",
		"boot.log:1:24: expected a blank after the closing quote");
	/* "event=register task=a" is 21 bytes: the quote at 22. */
	expect1("quote inside an unquoted value",
		"event=register task=a\"b ok=true\n",
		"boot.log:1:22: unexpected '\"' in an unquoted value");
	expect1("line without event=", "status=running\n",
		"boot.log:1:1: no event= on this line");
	/* "event=service " 14 + "status=running " 15: 29 bytes before the
	 * second status key, at column 30; the first is at column 15. */
	expect1("key twice on one line",
		"event=service status=running status=stopped\n",
		"boot.log:1:30: key 'status' given twice on this line (first "
		"at column 15)");
	/* "event=service status=run" is 24 bytes: the NUL at 25. */
	expect_errors("embedded NUL", "event=service status=run\0ning\n", 30,
		      (const char *const[]){ "boot.log:1:25: NUL byte", NULL });
	/* "event=register task=Gam" is 23 bytes: 0xFF at 24. */
	expect1("invalid UTF-8", "event=register task=Gam\xFF ok=true\n",
		"boot.log:1:24: invalid UTF-8 (byte 0xFF)");
	/* A byte order mark is taken only at the start of the file: on
	 * line 2 its 3 bytes begin the key, which is then no "event"
	 * (column 1).  On line 1 it counts 3 columns: "status" is at
	 * column 4. */
	expect1("byte order mark on line 2",
		"event=query\n\xEF\xBB\xBF" "event=service status=stopped\n",
		"boot.log:2:1: no event= on this line");
	expect1("columns after a byte order mark count its bytes",
		"\xEF\xBB\xBF" "status=running\n",
		"boot.log:1:4: no event= on this line");
	/* "event=" is 6 bytes: the empty value is at column 7. */
	expect1("empty event", "event= status=running\n",
		"boot.log:1:7: event= has an empty value");
}

static void test_values(void)
{
	/* "event=priority " 15 + "phase=" 6: the value at column 22. */
	expect1("unknown priority phase",
		"event=priority phase=during win32=0 etw=8\n",
		"boot.log:1:22: unknown priority phase 'during' (expected "
		"before, after or cleanup)");
	/* The phase key follows "event=priority " (15 bytes): column 16. */
	expect1("priority phase given twice",
		"event=priority phase=after win32=10 etw=18\n"
		"event=priority phase=after win32=10 etw=18\n",
		"boot.log:2:16: phase 'after' given twice (first at line 1)");
	/* "event=service " 14 + "status=" 7: the value at column 22. */
	expect1("bad status", "event=service status=paused\n",
		"boot.log:1:22: status must be running or stopped ('paused')");
	/* "event=register " 15 + "task=Games " 11 + "ok=" 3 = 29: col 30. */
	expect1("bad ok", "event=register task=Games ok=maybe\n",
		"boot.log:1:30: ok must be true or false ('maybe')");
	/* "event=priority " 15 + "phase=before " 13 + "win32=" 6 = 34. */
	expect1("win32 not an integer",
		"event=priority phase=before win32=high etw=8\n",
		"boot.log:1:35: win32 is not an integer ('high')");
	expect1("win32 overflows a long",
		"event=priority phase=before win32=99999999999999999999 "
		"etw=8\n",
		"boot.log:1:35: win32 is out of range "
		"('99999999999999999999')");
	expect1("event given twice",
		"event=service status=running\n# between\n"
		"event=service status=running\n",
		"boot.log:3:1: event 'service' given twice (first at line 1)");
	expect1("query given twice", "event=query value=1\nevent=query\n",
		"boot.log:2:1: event 'query' given twice (first at line 1)");
	expect1("missing win32", "event=priority phase=before etw=8\n",
		"boot.log:1:1: event 'priority' has no field 'win32'");
	expect1("missing ok", "event=register task=Games\n",
		"boot.log:1:1: event 'register' has no field 'ok'");
	/* "event=query " 12 + "value=" 6: the value at column 19. */
	expect1("query value above 32 bits", "event=query value=4294967296\n",
		"boot.log:1:19: value must be an integer 0..4294967295 "
		"('4294967296')");
	/* "event=etw " 10 + "lost_events=" 12: the value at column 23. */
	expect1("negative lost events",
		"event=etw lost_events=-1 lost_buffers=0\n",
		"boot.log:1:23: lost_events must be an integer "
		"0..18446744073709551615 ('-1')");
	/* "event=tracing " 14 + "active=" 7: the value at column 22. */
	expect1("negative tracing count", "event=tracing active=-1\n",
		"boot.log:1:22: active must be an integer "
		"0..9223372036854775807 ('-1')");
	/* "event=registry " 15 + "value=" 6: the value at column 22. */
	expect1("bad registry value", "event=registry value=none\n",
		"boot.log:1:22: value must be missing, 0 to 4294967295 or 0x0 "
		"to 0xFFFFFFFF ('none')");
	expect_errors("every bad line is reported",
		      "event=service status=paused\nevent=register ok=maybe\n",
		      52, (const char *const[]){
			      "boot.log:1:22: status must be running or "
			      "stopped ('paused')",
			      "boot.log:2:19: ok must be true or false "
			      "('maybe')", NULL });
}

static void test_long_lines(void)
{
	size_t n = MECHLOG_LINE_MAX + 40;
	char *buf = malloc(n + 64);
	mech_log *m;

	if (!buf)
		abort();
	/* A comment of exactly MECHLOG_LINE_MAX bytes, then a CRLF. */
	buf[0] = '#';
	memset(buf + 1, 'x', MECHLOG_LINE_MAX - 1);
	memcpy(buf + MECHLOG_LINE_MAX, "\r\nevent=query value=7\n", 22);
	m = read_ok(buf, MECHLOG_LINE_MAX + 22);
	tap_ok(m && m->query_ok && m->query_value == 7,
	       "a line of exactly 65536 bytes is read");
	mechlog_free(m);

	/* One byte more is an error at column 65537; the next line is still
	 * read (a second error there proves it). */
	buf[0] = '#';
	memset(buf + 1, 'x', MECHLOG_LINE_MAX);
	memcpy(buf + MECHLOG_LINE_MAX + 1, "\nstatus=x\n", 10);
	expect_errors("a line longer than 65536 bytes", buf,
		      MECHLOG_LINE_MAX + 11, (const char *const[]){
			      "boot.log:1:65537: line longer than 65536 "
			      "bytes",
			      "boot.log:2:1: no event= on this line", NULL });
	free(buf);
}

static void test_file(void)
{
	char path[] = "test_mechlog.XXXXXX";
	int fd = mkstemp(path);
	size_t pad = 20000;
	char *big = malloc(pad + sizeof full_log + 2);
	diag *d = diag_new(NULL, 0);
	mech_log *m = NULL;
	pb_status st;

	if (fd < 0 || !big || !d)
		abort();
	/* A long comment first, so that lines cross the reader's chunks. */
	big[0] = '#';
	memset(big + 1, 'y', pad - 1);
	big[pad] = '\n';
	memcpy(big + pad + 1, full_log, sizeof full_log);
	if (write(fd, big, pad + sizeof full_log)
	    != (ssize_t)(pad + sizeof full_log))
		abort();
	close(fd);
	st = mechlog_read_file(path, "boot.log", d, &m);
	tap_ok(st == PB_OK, "mechlog_read_file reads a file");
	check_full(m, "file");
	mechlog_free(m);
	unlink(path);

	m = (mech_log *)1;
	st = mechlog_read_file("no/such.log", "no/such.log", d, &m);
	tap_ok(st == PB_NOINPUT && m == NULL && diag_kept(d) == 1
	       && strcmp(diag_message(d, 0), "no/such.log: cannot open: No "
			 "such file or directory") == 0,
	       "a missing log is PB_NOINPUT");
	diag_free(d);
	free(big);
}

/* event=observe: a named observation with a value, either of them in
 * quotes when it holds blanks. */
static void test_observe(void)
{
	mech_log *m = read_str(
		"event=observe name=\"hardware scheduling\" value=enabled\n"
		"event=observe value=\"on \\\"battery\\\"\" name=power\n"
		"event=observe name=vbs value=\"off\" note=ignored\n");

	tap_ok(m && m->n_observations == 3 && m->service == -1
	       && !m->query_seen && !m->register_seen && !m->etw_seen,
	       "observe: three observations, nothing else reported");
	if (m && m->n_observations == 3) {
		tap_ok(streq(m->observations[0].name, "hardware scheduling")
		       && streq(m->observations[0].value, "enabled")
		       && m->observations[0].line == 1,
		       "observe: a quoted name with a blank, line 1");
		tap_ok(streq(m->observations[1].name, "power")
		       && streq(m->observations[1].value, "on \"battery\""),
		       "observe: keys in any order, escaped quotes decoded");
		tap_ok(streq(m->observations[2].value, "off")
		       && m->observations[2].line == 3,
		       "observe: a quoted plain word is the word");
	} else {
		tap_ok(false, "observe: quoted name");
		tap_ok(false, "observe: keys in any order");
		tap_ok(false, "observe: quoted plain word");
	}
	mechlog_free(m);

	/* "event=observe" is 13 bytes: the event key is at column 1. */
	expect1("observe without a value",
		"event=observe name=vbs\n",
		"boot.log:1:1: event 'observe' has no field 'value'");
	expect1("observe without a name",
		"event=observe value=on\n",
		"boot.log:1:1: event 'observe' has no field 'name'");
	/* "event=observe " 14 + "name=" 5: the value at column 20. */
	expect1("observe with an empty name",
		"event=observe name=\"\" value=on\n",
		"boot.log:1:20: observe name is empty");
	/* "event=observe name=vbs " 23 + "value=" 6: column 30. */
	expect1("observe with an empty value",
		"event=observe name=vbs value=\n",
		"boot.log:1:30: observe value is empty");
	/* "event=observe name=" is 19 bytes: the quote at column 20. */
	expect1("observe name with an unterminated quote",
		"event=observe name=\"hardware scheduling value=on\n",
		"boot.log:1:20: unterminated quote");
	/* "event=observe name=hardware " is 28 bytes: "scheduling" at 29. */
	expect1("observe name with a blank but no quotes",
		"event=observe name=hardware scheduling value=on\n",
		"boot.log:1:29: expected key=value ('scheduling')");
	/* Line 2: "event=observe name=" 19 bytes, the value at column 20. */
	expect1("observe of one name twice",
		"event=observe name=vbs value=on\n"
		"event=observe name=\"vbs\" value=off\n",
		"boot.log:2:20: observation 'vbs' given twice (first at line "
		"1)");
}

int main(void)
{
	test_valid();
	test_observe();
	test_syntax();
	test_values();
	test_long_lines();
	test_file();
	return tap_done();
}
