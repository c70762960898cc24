/* test_markdown.c: whole Markdown pages, read back by a real GFM
 * implementation (Debian's cmark-gfm, `-e table --to xml`).
 *
 *  - For fixtures/mmcss-26200.9168 in all four languages, the value-handling
 *    table, the comparison table's header, point estimates and conclusions,
 *    and the mechanism table read as in the published article
 *    (../shared/wiki/LANG.txt: the cells below are its tables, backticks
 *    dropped; the CI bounds are left out since the example data are
 *    synthetic).  The English CI bounds are checked against the analysis
 *    instead, to the printed precision.
 *  - Every page (both example studies and tests/data/md-inject, four
 *    languages each) has regular tables: in the Markdown every line of a
 *    table has as many unescaped '|' as the header (cmark-gfm would pad or
 *    cut a row silently), cmark-gfm sees as many rows, and no raw HTML,
 *    link, image, emphasis or strikethrough appears anywhere.
 *  - tests/data/md-inject puts Markdown metacharacters and HTML into its
 *    title, build, platform, labels, notes, service name, unit,
 *    run id and exclusion reason: each must come out as the same text.
 *  - The conclusion of every verdict code and the rarer sentences (no
 *    interval, no pairs, a fragile endpoint, a BCa fallback, a flagged run
 *    order, a control boot that failed, no service name), by changing the
 *    example study's analysis in memory. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <glib.h>

#include "analyze/analysis.h"
#include "ingest/study.h"
#include "ingest/study_read.h"
#include "render/markdown.h"
#include "tests/lib/tap.h"

#define N_LANGS 4
/* German and Czech join a number and its unit with a NO-BREAK SPACE. */
#define NBSP "\xc2\xa0"
#define VALUE_ROWS 9
#define CMP_ROWS 4
#define MECH_ROWS 4

/* One article's tables. */
typedef struct article {
	const char *lang;
	const char *values[1 + VALUE_ROWS][3];
	const char *cmp_header[4];
	const char *cmp[CMP_ROWS][4];    /* state, series 1, series 2 (the
					    point estimate only), conclusion */
	const char *mech_header[5];
	const char *mech[MECH_ROWS][5];
} article;

static const article articles[N_LANGS] = {
	{ "en",
	  /* value handling: header, then rows */
	  {
		{ "Written",
		  "Observed state after boot",
		  "Result" },
		{ "missing",
		  "MMCSS stopped, registration not performed, API returned 100",
		  "separate observation for this build" },
		{ "0, 1, 9",
		  "API returned 20, MMCSS running",
		  "normalized to 20" },
		{ "10",
		  "API returned 10, MMCSS running",
		  "value is used" },
		{ "11, 19",
		  "API returned 10, MMCSS running",
		  "rounded down" },
		{ "20",
		  "API returned 20, MMCSS running",
		  "value is used" },
		{ "21",
		  "API returned 20, MMCSS running",
		  "rounded down" },
		{ "99",
		  "API returned 90, MMCSS running",
		  "rounded down" },
		{ "100",
		  "MMCSS stopped, registration not performed",
		  "documented disabling" },
		{ "101, 0xFFFFFFFF",
		  "API returned 20, MMCSS running",
		  "normalized to 20" },
	  },
	  /* comparison: header, then state, point estimates, conclusion */
	  { "Comparison with 20",
	    "Series 1, difference and 95% CI",
	    "Series 2, difference and 95% CI",
	    "Conclusion" },
	  {
		{ "10",
		  "+0.625 ms",
		  "+0.975 ms",
		  "advantage not established; equivalence not proven" },
		{ "0",
		  "+1.267 ms",
		  "-1.902 ms",
		  "advantage not established; equivalence not proven" },
		{ "100",
		  "+10.812 ms",
		  "+12.074 ms",
		  "practically significant harm in the synthetic proxy" },
		{ "missing",
		  "+11.640 ms",
		  "+12.494 ms",
		  "practically significant harm in the synthetic proxy" },
	  },
	  /* mechanism */
	  { "State",
	    "Registration",
	    "MMCSS state",
	    "Win32 priority of one thread",
	    "ETW priority of one thread" },
	  {
		{ "20",
		  "4/4",
		  "running",
		  "0 -> 10 -> 0",
		  "8 -> 18 -> 8" },
		{ "10",
		  "4/4",
		  "running",
		  "0 -> 10 -> 0",
		  "8 -> 18 -> 8" },
		{ "100",
		  "0/4",
		  "stopped",
		  "0 -> 0 -> 0",
		  "8 -> 8 -> 8" },
		{ "missing",
		  "0/4",
		  "stopped",
		  "0 -> 0 -> 0",
		  "8 -> 8 -> 8" },
	  } },
	{ "de",
	  /* value handling: header, then rows */
	  {
		{ "Eingetragen",
		  "Beobachteter Zustand nach dem Start",
		  "Ergebnis" },
		{ "fehlt",
		  "MMCSS gestoppt, Registrierung nicht durchgeführt, API gab 100 zurück",
		  "separate Beobachtung für diesen Build" },
		{ "0, 1, 9",
		  "API gab 20 zurück, MMCSS läuft",
		  "auf 20 normalisiert" },
		{ "10",
		  "API gab 10 zurück, MMCSS läuft",
		  "Wert wird verwendet" },
		{ "11, 19",
		  "API gab 10 zurück, MMCSS läuft",
		  "abgerundet" },
		{ "20",
		  "API gab 20 zurück, MMCSS läuft",
		  "Wert wird verwendet" },
		{ "21",
		  "API gab 20 zurück, MMCSS läuft",
		  "abgerundet" },
		{ "99",
		  "API gab 90 zurück, MMCSS läuft",
		  "abgerundet" },
		{ "100",
		  "MMCSS gestoppt, Registrierung nicht durchgeführt",
		  "dokumentierte Deaktivierung" },
		{ "101, 0xFFFFFFFF",
		  "API gab 20 zurück, MMCSS läuft",
		  "auf 20 normalisiert" },
	  },
	  /* comparison: header, then state, point estimates, conclusion */
	  { "Vergleich mit 20",
	    "Serie 1, Differenz und 95-%-KI",
	    "Serie 2, Differenz und 95-%-KI",
	    "Schlussfolgerung" },
	  {
		{ "10",
		  "+0.625" NBSP "ms",
		  "+0.975" NBSP "ms",
		  "Vorteil nicht festgestellt; Äquivalenz nicht bewiesen" },
		{ "0",
		  "+1.267" NBSP "ms",
		  "-1.902" NBSP "ms",
		  "Vorteil nicht festgestellt; Äquivalenz nicht bewiesen" },
		{ "100",
		  "+10.812" NBSP "ms",
		  "+12.074" NBSP "ms",
		  "praktisch bedeutsamer Schaden im synthetischen Proxy" },
		{ "fehlt",
		  "+11.640" NBSP "ms",
		  "+12.494" NBSP "ms",
		  "praktisch bedeutsamer Schaden im synthetischen Proxy" },
	  },
	  /* mechanism */
	  { "Zustand",
	    "Registrierung",
	    "MMCSS-Zustand",
	    "Win32 priority eines Threads",
	    "ETW priority eines Threads" },
	  {
		{ "20",
		  "4/4",
		  "läuft",
		  "0 -> 10 -> 0",
		  "8 -> 18 -> 8" },
		{ "10",
		  "4/4",
		  "läuft",
		  "0 -> 10 -> 0",
		  "8 -> 18 -> 8" },
		{ "100",
		  "0/4",
		  "gestoppt",
		  "0 -> 0 -> 0",
		  "8 -> 8 -> 8" },
		{ "fehlt",
		  "0/4",
		  "gestoppt",
		  "0 -> 0 -> 0",
		  "8 -> 8 -> 8" },
	  } },
	{ "cs",
	  /* value handling: header, then rows */
	  {
		{ "Zapsáno",
		  "Pozorovaný stav po načtení",
		  "Výsledek" },
		{ "chybí",
		  "MMCSS zastaven, registrace neprovedena, API vrátilo 100",
		  "samostatné pozorování pro tento build" },
		{ "0, 1, 9",
		  "API vrátilo 20, MMCSS běží",
		  "normalizováno na 20" },
		{ "10",
		  "API vrátilo 10, MMCSS běží",
		  "hodnota se používá" },
		{ "11, 19",
		  "API vrátilo 10, MMCSS běží",
		  "zaokrouhleno dolů" },
		{ "20",
		  "API vrátilo 20, MMCSS běží",
		  "hodnota se používá" },
		{ "21",
		  "API vrátilo 20, MMCSS běží",
		  "zaokrouhleno dolů" },
		{ "99",
		  "API vrátilo 90, MMCSS běží",
		  "zaokrouhleno dolů" },
		{ "100",
		  "MMCSS zastaven, registrace neprovedena",
		  "dokumentované vypnutí" },
		{ "101, 0xFFFFFFFF",
		  "API vrátilo 20, MMCSS běží",
		  "normalizováno na 20" },
	  },
	  /* comparison: header, then state, point estimates, conclusion; the
	     article writes "Srovnání s 20", the page says the preposition
	     as the number is read, "se dvaceti" (render/cs_prep.h) */
	  { "Srovnání se 20",
	    "Série 1, rozdíl a 95% CI",
	    "Série 2, rozdíl a 95% CI",
	    "Závěr" },
	  {
		{ "10",
		  "+0.625" NBSP "ms",
		  "+0.975" NBSP "ms",
		  "výhoda neprokázána; ekvivalence neprokázána" },
		{ "0",
		  "+1.267" NBSP "ms",
		  "-1.902" NBSP "ms",
		  "výhoda neprokázána; ekvivalence neprokázána" },
		{ "100",
		  "+10.812" NBSP "ms",
		  "+12.074" NBSP "ms",
		  "prakticky významná škoda v syntetickém proxy" },
		{ "chybí",
		  "+11.640" NBSP "ms",
		  "+12.494" NBSP "ms",
		  "prakticky významná škoda v syntetickém proxy" },
	  },
	  /* mechanism */
	  { "Stav",
	    "Registrace",
	    "Stav MMCSS",
	    "Win32 priority jednoho vlákna",
	    "ETW priority jednoho vlákna" },
	  {
		{ "20",
		  "4/4",
		  "běží",
		  "0 -> 10 -> 0",
		  "8 -> 18 -> 8" },
		{ "10",
		  "4/4",
		  "běží",
		  "0 -> 10 -> 0",
		  "8 -> 18 -> 8" },
		{ "100",
		  "0/4",
		  "zastaven",
		  "0 -> 0 -> 0",
		  "8 -> 8 -> 8" },
		{ "chybí",
		  "0/4",
		  "zastaven",
		  "0 -> 0 -> 0",
		  "8 -> 8 -> 8" },
	  } },
	{ "ko",
	  /* value handling: header, then rows */
	  {
		{ "기록된 값",
		  "부팅 후 관찰된 상태",
		  "결과" },
		{ "없음",
		  "MMCSS 중지됨, 등록 수행되지 않음, API가 100 반환",
		  "이 빌드에 대한 별도 관찰" },
		{ "0, 1, 9",
		  "API가 20 반환, MMCSS 작동",
		  "20으로 정규화됨" },
		{ "10",
		  "API가 10 반환, MMCSS 작동",
		  "값이 사용됨" },
		{ "11, 19",
		  "API가 10 반환, MMCSS 작동",
		  "내림 처리됨" },
		{ "20",
		  "API가 20 반환, MMCSS 작동",
		  "값이 사용됨" },
		{ "21",
		  "API가 20 반환, MMCSS 작동",
		  "내림 처리됨" },
		{ "99",
		  "API가 90 반환, MMCSS 작동",
		  "내림 처리됨" },
		{ "100",
		  "MMCSS 중지됨, 등록 수행되지 않음",
		  "문서화된 비활성화" },
		{ "101, 0xFFFFFFFF",
		  "API가 20 반환, MMCSS 작동",
		  "20으로 정규화됨" },
	  },
	  /* comparison: header, then state, point estimates, conclusion.
	     The article writes "20와의 비교", but the particle after a
	     state name depends on how the name is pronounced (20 takes
	     과), so the pages use the particle-free "20 대비"; verify still
	     reads the article's form. */
	  { "20 대비",
	    "시리즈 1, 차이 및 95% CI",
	    "시리즈 2, 차이 및 95% CI",
	    "결론" },
	  {
		{ "10",
		  "+0.625 ms",
		  "+0.975 ms",
		  "우위가 확인되지 않음; 동등성은 증명되지 않음" },
		{ "0",
		  "+1.267 ms",
		  "-1.902 ms",
		  "우위가 확인되지 않음; 동등성은 증명되지 않음" },
		{ "100",
		  "+10.812 ms",
		  "+12.074 ms",
		  "합성 proxy에서 실질적으로 유의미한 악화" },
		{ "없음",
		  "+11.640 ms",
		  "+12.494 ms",
		  "합성 proxy에서 실질적으로 유의미한 악화" },
	  },
	  /* mechanism */
	  { "상태",
	    "등록",
	    "MMCSS 상태",
	    "단일 스레드의 Win32 priority",
	    "단일 스레드의 ETW priority" },
	  {
		{ "20",
		  "4/4",
		  "작동",
		  "0 -> 10 -> 0",
		  "8 -> 18 -> 8" },
		{ "10",
		  "4/4",
		  "작동",
		  "0 -> 10 -> 0",
		  "8 -> 18 -> 8" },
		{ "100",
		  "0/4",
		  "중지됨",
		  "0 -> 0 -> 0",
		  "8 -> 8 -> 8" },
		{ "없음",
		  "0/4",
		  "중지됨",
		  "0 -> 0 -> 0",
		  "8 -> 8 -> 8" },
	  } },
};

/* ---- what cmark-gfm made of a page ------------------------------------ */

typedef struct xml_page {
	GPtrArray *tables;     /* of GPtrArray (rows) of GPtrArray (cells) of
				  gchar* */
	GString *text;         /* every text and code literal, in order,
				  with a space for each line break */
	GString *h1;           /* the text of the level-1 heading */
	size_t forbidden;      /* raw HTML, links, images, emphasis... */
	GString *forbidden_names;
	/* parser state */
	GPtrArray *row;
	GString *cell;
	int literal;           /* inside <text> or <code> */
	bool in_h1;
} xml_page;

static const char *const forbidden_elements[] = {
	"html_block", "html_inline", "link", "image", "emph", "strong",
	"strikethrough", "custom_inline", "custom_block", NULL
};

static void free_rows(gpointer rows)
{
	g_ptr_array_free(rows, TRUE);
}

static void free_cells(gpointer cells)
{
	g_ptr_array_free(cells, TRUE);
}

static void on_start(GMarkupParseContext *ctx, const gchar *name,
		     const gchar **attr_names, const gchar **attr_values,
		     gpointer data, GError **error)
{
	xml_page *x = data;
	(void)ctx;
	(void)error;

	for (size_t i = 0; forbidden_elements[i]; i++)
		if (strcmp(name, forbidden_elements[i]) == 0) {
			x->forbidden++;
			g_string_append_printf(x->forbidden_names, " %s", name);
		}
	if (strcmp(name, "table") == 0) {
		g_ptr_array_add(x->tables,
				g_ptr_array_new_with_free_func(free_cells));
	} else if (strcmp(name, "table_header") == 0
		   || strcmp(name, "table_row") == 0) {
		GPtrArray *t = g_ptr_array_index(x->tables,
						 x->tables->len - 1);
		x->row = g_ptr_array_new_with_free_func(g_free);
		g_ptr_array_add(t, x->row);
	} else if (strcmp(name, "table_cell") == 0) {
		x->cell = g_string_new(NULL);
	} else if (strcmp(name, "text") == 0 || strcmp(name, "code") == 0) {
		x->literal++;
	} else if (strcmp(name, "softbreak") == 0
		   || strcmp(name, "linebreak") == 0) {
		g_string_append_c(x->text, ' ');
	} else if (strcmp(name, "heading") == 0) {
		for (size_t i = 0; attr_names[i]; i++)
			if (strcmp(attr_names[i], "level") == 0
			    && strcmp(attr_values[i], "1") == 0)
				x->in_h1 = true;
	}
}

static void on_end(GMarkupParseContext *ctx, const gchar *name,
		   gpointer data, GError **error)
{
	xml_page *x = data;
	(void)ctx;
	(void)error;

	if (strcmp(name, "table_cell") == 0 && x->cell && x->row) {
		g_ptr_array_add(x->row, g_string_free(x->cell, FALSE));
		x->cell = NULL;
	} else if (strcmp(name, "text") == 0 || strcmp(name, "code") == 0) {
		x->literal--;
	} else if (strcmp(name, "heading") == 0) {
		x->in_h1 = false;
	} else if (strcmp(name, "paragraph") == 0
		   || strcmp(name, "table_cell") == 0) {
		g_string_append_c(x->text, ' ');
	}
}

static void on_text(GMarkupParseContext *ctx, const gchar *text, gsize len,
		    gpointer data, GError **error)
{
	xml_page *x = data;
	(void)ctx;
	(void)error;

	if (x->literal <= 0)
		return;
	g_string_append_len(x->text, text, (gssize)len);
	if (x->cell)
		g_string_append_len(x->cell, text, (gssize)len);
	if (x->in_h1)
		g_string_append_len(x->h1, text, (gssize)len);
}

static void xml_page_free(xml_page *x)
{
	if (!x)
		return;
	g_ptr_array_free(x->tables, TRUE);
	g_string_free(x->text, TRUE);
	g_string_free(x->h1, TRUE);
	g_string_free(x->forbidden_names, TRUE);
	if (x->cell)
		g_string_free(x->cell, TRUE);
	g_free(x);
}

static bool have_cmark;

/* Runs cmark-gfm on MD and parses its XML; NULL (with a diagnostic) when
 * that fails. */
static xml_page *cmark_read(const char *md)
{
	static const GMarkupParser parser = { on_start, on_end, on_text,
					      NULL, NULL };
	gchar *path = NULL, *out = NULL, *err = NULL;
	gint fd, status = -1;
	GError *e = NULL;
	xml_page *x = NULL;
	GMarkupParseContext *ctx;

	fd = g_file_open_tmp("pairboot-md-XXXXXX.md", &path, &e);
	if (fd < 0 || !g_file_set_contents(path, md, -1, &e)) {
		tap_diag("cannot write a temporary file: %s",
			 e ? e->message : "?");
		goto done;
	}
	{
		gchar *argv[] = { "cmark-gfm", "-e", "table", "--to", "xml",
				  path, NULL };
		if (!g_spawn_sync(NULL, argv, NULL, G_SPAWN_SEARCH_PATH, NULL,
				  NULL, &out, &err, &status, &e)
		    || !g_spawn_check_wait_status(status, &e)) {
			tap_diag("cmark-gfm failed: %s", e ? e->message : "?");
			goto done;
		}
	}
	x = g_new0(xml_page, 1);
	x->tables = g_ptr_array_new_with_free_func(free_rows);
	x->text = g_string_new(NULL);
	x->h1 = g_string_new(NULL);
	x->forbidden_names = g_string_new(NULL);
	ctx = g_markup_parse_context_new(&parser, 0, x, NULL);
	if (!g_markup_parse_context_parse(ctx, out, -1, &e)
	    || !g_markup_parse_context_end_parse(ctx, &e)) {
		tap_diag("cmark-gfm's XML does not parse: %s", e->message);
		xml_page_free(x);
		x = NULL;
	}
	g_markup_parse_context_free(ctx);
done:
	if (fd >= 0)
		close(fd);
	if (path)
		unlink(path);
	g_clear_error(&e);
	g_free(path);
	g_free(out);
	g_free(err);
	return x;
}

/* ---- the Markdown itself ------------------------------------------------ */

/* The cells of a table line: its unescaped '|' minus one.  A '|' right
 * after a backslash is escaped (GFM), which is how pages write a pipe in
 * study text. */
static long raw_cells(const char *line, size_t len)
{
	long pipes = 0;
	for (size_t i = 0; i < len; i++)
		if (line[i] == '|' && (i == 0 || line[i - 1] != '\\'))
			pipes++;
	return pipes - 1;
}

/* Checks every table block of MD (lines starting with '|'): each line has
 * as many cells as the header and the second line is the delimiter row;
 * *GOOD says whether all did.  The number of body rows (after the
 * delimiter) of each block is stored in ROWS (up to 16 blocks).  Returns
 * the number of blocks. */
static long raw_tables(const char *md, const char *what, long rows[16],
		       bool *good)
{
	long blocks = 0, header = 0, line_no = 0, in_block = 0;
	const char *p = md;

	*good = true;

	while (*p) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);
		line_no++;
		if (len && p[0] == '|') {
			long cells = raw_cells(p, len);
			if (!in_block) {
				header = cells;
				if (blocks < 16)
					rows[blocks] = 0;
				blocks++;
			} else if (cells != header) {
				tap_diag("%s: line %ld has %ld cells, the "
					 "header %ld", what, line_no, cells,
					 header);
				*good = false;
			}
			if (in_block == 1 && strspn(p, "|-") != len) {
				tap_diag("%s: line %ld is no delimiter row",
					 what, line_no);
				*good = false;
			}
			if (in_block >= 2 && blocks <= 16)
				rows[blocks - 1]++;
			in_block++;
		} else {
			in_block = 0;
		}
		p += len + (nl ? 1 : 0);
	}
	return blocks;
}

/* ---- pages ------------------------------------------------------------ */

typedef struct loaded {
	study *s;
	analysis *a;
} loaded;

static const char *srcdir;

static bool load(const char *rel, loaded *l)
{
	gchar *dir = g_build_filename(srcdir, rel, NULL);
	diag *d = diag_new(stderr, 20);
	bool ok = d && study_read(dir, d, &l->s) == PB_OK
		  && analysis_run(l->s, d, &l->a) == PB_OK;
	diag_free(d);
	g_free(dir);
	return ok;
}

static gchar *render(const loaded *l, const char *lang)
{
	GString *g = g_string_new(NULL);
	if (markdown_render(l->s, l->a, lang, g) != PB_OK) {
		g_string_free(g, TRUE);
		return NULL;
	}
	return g_string_free(g, FALSE);
}

static GPtrArray *table_with_header(xml_page *x, const char *first)
{
	for (guint i = 0; i < x->tables->len; i++) {
		GPtrArray *t = g_ptr_array_index(x->tables, i);
		GPtrArray *h = t->len ? g_ptr_array_index(t, 0) : NULL;
		if (h && h->len && strcmp(g_ptr_array_index(h, 0), first) == 0)
			return t;
	}
	return NULL;
}

static GPtrArray *row_starting(GPtrArray *t, const char *first)
{
	for (guint i = 1; t && i < t->len; i++) {
		GPtrArray *r = g_ptr_array_index(t, i);
		if (r->len && strcmp(g_ptr_array_index(r, 0), first) == 0)
			return r;
	}
	return NULL;
}

static const char *cell(GPtrArray *r, guint i)
{
	return r && i < r->len ? g_ptr_array_index(r, i) : NULL;
}

/* Compares row R with the N expected cells WANT; on a difference shows
 * the first one. */
static bool cells_equal(GPtrArray *r, const char *const *want, guint n)
{
	if (!r || r->len != n) {
		tap_diag("row has %u cells, want %u", r ? r->len : 0, n);
		return false;
	}
	for (guint i = 0; i < n; i++)
		if (strcmp(cell(r, i), want[i]) != 0) {
			tap_diag("cell %u: got '%s', want '%s'", i, cell(r, i),
				 want[i]);
			return false;
		}
	return true;
}

/* The common checks of every page: regular tables seen as such by
 * cmark-gfm, nothing but text.  Returns the parsed page (or NULL). */
static xml_page *check_page(const char *md, const char *what)
{
	long rows[16] = { 0 };
	bool regular;
	long blocks = raw_tables(md, what, rows, &regular);
	xml_page *x;

	tap_ok(regular, "%s: every table line has the header's cells", what);
	if (!have_cmark)
		return NULL;
	x = cmark_read(md);
	tap_ok(x != NULL, "%s: cmark-gfm reads the page", what);
	if (!x)
		return NULL;
	tap_ok(x->tables->len == (guint)blocks,
	       "%s: cmark-gfm sees the %ld tables", what, blocks);
	{
		bool same = true;
		for (guint i = 0; i < x->tables->len && i < 16; i++) {
			GPtrArray *t = g_ptr_array_index(x->tables, i);
			/* cmark-gfm counts the header as a row; rows[]
			 * counts the body rows. */
			if ((long)t->len != rows[i] + 1) {
				tap_diag("%s: table %u: %u rows, %ld lines",
					 what, i, t->len, rows[i] + 1);
				same = false;
			}
			for (guint j = 0; j < t->len; j++) {
				GPtrArray *r = g_ptr_array_index(t, j);
				GPtrArray *h = g_ptr_array_index(t, 0);
				if (r->len != h->len)
					same = false;
			}
		}
		tap_ok(same, "%s: every table has its rows and columns", what);
	}
	if (x->forbidden)
		tap_diag("%s: found%s", what, x->forbidden_names->str);
	tap_ok(x->forbidden == 0,
	       "%s: no raw HTML, link, image, emphasis or strikethrough",
	       what);
	return x;
}

/* ---- the published tables ----------------------------------------------- */

/* "+0.625 ms [-0.919; +2.214]" starts with the point estimate WANT, then an
 * interval. */
static bool estimate_cell(const char *got, const char *want)
{
	size_t n = strlen(want);
	return got && strncmp(got, want, n) == 0 && strncmp(got + n, " [", 2)
	       == 0 && got[strlen(got) - 1] == ']';
}

/* GOT is EN with each NO-BREAK SPACE of GOT an English space: the numbers
 * of a German or Czech cell are the English page's, joined to their unit
 * as the language joins them. */
static bool same_but_nbsp(const char *got, const char *en)
{
	gchar **parts;
	gchar *plain;
	bool same;

	if (!got || !en)
		return got == en;
	parts = g_strsplit(got, NBSP, -1);
	plain = g_strjoinv(" ", parts);
	same = strcmp(plain, en) == 0;
	g_strfreev(parts);
	g_free(plain);
	return same;
}

static void check_article(const loaded *mm, const article *art,
			  GPtrArray *en_cmp)
{
	gchar *md = render(mm, art->lang);
	gchar *what = g_strdup_printf("mmcss %s", art->lang);
	xml_page *x;
	GPtrArray *t;

	tap_ok(md != NULL, "%s: the page renders", what);
	x = md ? check_page(md, what) : NULL;
	if (!x) {
		tap_ok(have_cmark == false, "%s: the published tables # SKIP "
		       "cmark-gfm not installed", what);
		goto done;
	}
	tap_ok(x->tables->len == 4, "%s: four tables (values, comparison, "
	       "levels, mechanism)", what);

	t = table_with_header(x, art->values[0][0]);
	tap_ok(t && cells_equal(g_ptr_array_index(t, 0), art->values[0], 3),
	       "%s: value-handling header as published", what);
	for (int i = 1; i <= VALUE_ROWS; i++)
		tap_ok(cells_equal(row_starting(t, art->values[i][0]),
				   art->values[i], 3),
		       "%s: value-handling row '%s' as published", what,
		       art->values[i][0]);
	tap_ok(t && t->len == 1 + VALUE_ROWS,
	       "%s: value-handling table has the published %d rows", what,
	       VALUE_ROWS);

	t = table_with_header(x, art->cmp_header[0]);
	tap_ok(t && cells_equal(g_ptr_array_index(t, 0), art->cmp_header, 4),
	       "%s: comparison header as published", what);
	for (int i = 0; i < CMP_ROWS; i++) {
		GPtrArray *r = row_starting(t, art->cmp[i][0]);
		if (!tap_ok(r && r->len == 4
			    && estimate_cell(cell(r, 1), art->cmp[i][1])
			    && estimate_cell(cell(r, 2), art->cmp[i][2]),
			    "%s: '%s' point estimates %s and %s as published",
			    what, art->cmp[i][0], art->cmp[i][1],
			    art->cmp[i][2]) && r && r->len == 4)
			tap_diag("got %s | %s", cell(r, 1), cell(r, 2));
		tap_streq(cell(r, 3), art->cmp[i][3],
			  "comparison conclusion as published");
	}
	tap_ok(t && t->len == 1 + CMP_ROWS,
	       "%s: comparison table has the published %d rows", what,
	       CMP_ROWS);
	if (en_cmp && t) {
		/* Numbers are the same in every language: row by row, the
		 * interval cells equal the English page's. */
		bool same = t->len == en_cmp->len;
		for (guint i = 1; same && i < t->len; i++)
			for (guint k = 1; k <= 2; k++)
				same = same && same_but_nbsp(cell(
					g_ptr_array_index(t, i), k),
					cell(g_ptr_array_index(en_cmp, i), k));
		tap_ok(same, "%s: the intervals read as on the English page",
		       what);
	}

	t = table_with_header(x, art->mech_header[0]);
	tap_ok(t && cells_equal(g_ptr_array_index(t, 0), art->mech_header, 5),
	       "%s: mechanism header as published", what);
	for (int i = 0; i < MECH_ROWS; i++)
		tap_ok(cells_equal(row_starting(t, art->mech[i][0]),
				   art->mech[i], 5),
		       "%s: mechanism row '%s' as published", what,
		       art->mech[i][0]);
	tap_ok(t && t->len == 1 + MECH_ROWS,
	       "%s: mechanism table has the published %d rows", what,
	       MECH_ROWS);
done:
	xml_page_free(x);
	g_free(md);
	g_free(what);
}

/* The English comparison table's numbers are the analysis' numbers:
 * each printed estimate and bound lies within half a unit of the last
 * printed decimal (0.0005 at 3 decimals) of the unrounded value. */
static GPtrArray *check_english_numbers(const loaded *mm)
{
	gchar *md = render(mm, "en");
	xml_page *x = md && have_cmark ? cmark_read(md) : NULL;
	GPtrArray *t = x ? table_with_header(x, "Comparison with 20") : NULL;
	const study_plan *p = &mm->s->plan;
	GPtrArray *copy = NULL;
	int checked = 0, good = 0;

	if (!t) {
		tap_ok(!have_cmark, "en: interval bounds equal the analysis' "
		       "# SKIP cmark-gfm not installed");
		goto done;
	}
	for (guint i = 1; i < t->len; i++) {
		GPtrArray *r = g_ptr_array_index(t, i);
		pb_state st;
		if (!pb_state_parse(cell(r, 0), strlen(cell(r, 0)), &st))
			continue;
		for (size_t k = 0; k < mm->a->n_cmp; k++) {
			const comparison *c = &mm->a->cmp[k];
			const boot_interval *ci = &c->boot.ci[p->interval];
			double e, lo, hi;
			if (!pb_state_equal(p->states[c->state], st))
				continue;
			/* Series 1 and 2 are the first two plan series,
			 * shown in columns 1 and 2. */
			checked++;
			if (sscanf(cell(r, 1 + c->series), "%lf ms [%lf; %lf]",
				   &e, &lo, &hi) == 3
			    && fabs(e - c->boot.estimate) <= 0.0005 + 1e-9
			    && fabs(lo - ci->lo) <= 0.0005 + 1e-9
			    && fabs(hi - ci->hi) <= 0.0005 + 1e-9)
				good++;
			else
				tap_diag("'%s' vs %.6f [%.6f; %.6f]",
					 cell(r, 1 + c->series),
					 c->boot.estimate, ci->lo, ci->hi);
		}
	}
	tap_ok(checked == 8 && good == 8,
	       "en: the 8 estimates and intervals equal the analysis' to the "
	       "printed precision");
	/* Keep the table's cells for the other languages. */
	copy = g_ptr_array_new_with_free_func(free_cells);
	for (guint i = 0; i < t->len; i++) {
		GPtrArray *r = g_ptr_array_index(t, i);
		GPtrArray *c = g_ptr_array_new_with_free_func(g_free);
		for (guint k = 0; k < r->len; k++)
			g_ptr_array_add(c, g_strdup(cell(r, k)));
		g_ptr_array_add(copy, c);
	}
done:
	xml_page_free(x);
	g_free(md);
	return copy;
}

/* ---- a study with a boundary series but no mechanism series ------------- */

static void check_netthrottle(const loaded *nt)
{
	for (int i = 0; i < N_LANGS; i++) {
		const char *lang = articles[i].lang;
		gchar *md = render(nt, lang);
		gchar *what = g_strdup_printf("netthrottle %s", lang);
		xml_page *x = md ? check_page(md, what) : NULL;

		tap_ok(md != NULL, "%s: the page renders", what);
		if (x) {
			tap_ok(x->tables->len == 3, "%s: the value-handling, "
			       "comparison and levels tables (no mechanism "
			       "series)", what);
		}
		if (x && i == 0) {
			/* The study's rule: 1..70 used, 0xFFFFFFFF disables,
			 * any other value normalized to 10; so 0, 71 and 100
			 * are normalized to 10, and 71 and 100 (same API value
			 * 10, same service) share a row. */
			GPtrArray *t = table_with_header(x, "Written");
			tap_streq(cell(row_starting(t, "0"), 2),
				  "normalized to 10",
				  "netthrottle en: 0 is normalized to 10");
			tap_streq(cell(row_starting(t, "71, 100"), 2),
				  "normalized to 10",
				  "netthrottle en: 71 and 100 are normalized to 10");
			tap_streq(cell(row_starting(t, "70"), 2),
				  "value is used", "netthrottle en: 70 is used");
			tap_streq(cell(row_starting(t, "0xFFFFFFFF"), 2),
				  "documented disabling",
				  "netthrottle en: 0xFFFFFFFF disables");
		}
		if (x && i == 0) {
			GPtrArray *t = table_with_header(x,
							 "Comparison with 10");
			static const char *const header[] = {
				"Comparison with 10",
				"Series 1, difference and 95% CI",
				"Conclusion"
			};
			tap_ok(t && cells_equal(g_ptr_array_index(t, 0),
						header, 3),
			       "%s: one column per latency series", what);
			/* Higher is better: far more throughput is a
			 * benefit (issue 3's acceptance case). */
			tap_streq(cell(row_starting(t, "0xFFFFFFFF"), 2),
				  "practically significant benefit",
				  "netthrottle en: 0xFFFFFFFF is a benefit");
		}
		xml_page_free(x);
		g_free(md);
		g_free(what);
	}
}

/* ---- study text full of markup ------------------------------------------ */

/* The study's text as its reader unescapes it (\\ into \; an escaped
 * newline is refused at ingest, tests/cli/test_printable.sh). */
static const char *const inject_text[] = {
	"Pipes | `ticks` *stars* _under_ <script>alert(1)</script> [x](y) "
	"# second line",
	"1.0 | <b>beta</b> ``x`` \\",
	"- list? 1. ordered? > quote &amp; ~strike~ $math$ ![img](z)",
	"Lat | `one` *x* <script>y</script> [x](y) next line",
	"Note | with `backticks`, ``double`` and <img src=x "
	"onerror=alert(1)> [l](u) - not a list",
	"Mech <b>|</b> `m`",
	"Bound [b](c) | ~~gone~~",
	"Ctl # | <i>c</i>",
	"restored? | *yes*",
	"pilot|*x*",
	"reason | `tick` *bold* <script>z</script> [a](b), then ~~more~~",
	"MM|CSS *svc*",
	NULL
};

static void check_inject(const loaded *in)
{
	/* The decimal mark is the language's: '.' or ','. */
	GRegex *num = g_regex_new("^[+-][0-9]+[.,][0-9](?: |\xc2\xa0)ms\\|`u` "
				  "\\[[+-][0-9]+[.,][0-9]; [+-][0-9]+[.,][0-9]\\]$",
				  0, 0, NULL);

	for (int i = 0; i < N_LANGS; i++) {
		const char *lang = articles[i].lang;
		gchar *md = render(in, lang);
		gchar *what = g_strdup_printf("md-inject %s", lang);
		xml_page *x = md ? check_page(md, what) : NULL;
		GPtrArray *t;
		bool all = true;

		tap_ok(md != NULL, "%s: the page renders", what);
		if (!x) {
			tap_ok(!have_cmark, "%s: study text # SKIP cmark-gfm "
			       "not installed", what);
			g_free(md);
			g_free(what);
			continue;
		}
		tap_ok(x->tables->len == 4, "%s: four tables", what);
		tap_ok(g_str_has_prefix(x->h1->str, inject_text[0])
		       && g_str_has_suffix(x->h1->str, inject_text[1]),
		       "%s: the heading holds the title and build as written",
		       what);
		for (int k = 0; inject_text[k]; k++) {
			if (!strstr(x->text->str, inject_text[k])) {
				tap_diag("%s: not found: %s", what,
					 inject_text[k]);
				all = false;
			}
		}
		tap_ok(all, "%s: every piece of study text reads as written",
		       what);
		/* The comparison table: its header starts with the label. */
		t = NULL;
		for (guint k = 0; k < x->tables->len; k++) {
			GPtrArray *c = g_ptr_array_index(x->tables, k);
			GPtrArray *h = g_ptr_array_index(c, 0);
			if (h->len == 3 && g_str_has_prefix(cell(h, 1),
							    inject_text[3]))
				t = c;
		}
		tap_ok(t != NULL, "%s: a comparison column headed by the "
		       "label", what);
		if (t) {
			bool cells_ok = t->len == 3;
			for (guint k = 1; k < t->len; k++) {
				const char *c = cell(g_ptr_array_index(t, k),
						     1);
				if (!c || !g_regex_match(num, c, 0, NULL)) {
					tap_diag("%s: cell '%s'", what,
						 c ? c : "(none)");
					cells_ok = false;
				}
			}
			tap_ok(cells_ok, "%s: estimate cells keep the unit "
			       "ms|`u` inside their code span", what);
		}
		g_free(md);
		g_free(what);
		xml_page_free(x);
	}
	g_regex_unref(num);
}

/* ---- the rarer sentences ------------------------------------------------ */

/* Renders the English page of L and says whether it contains WANT. */
static bool page_has_in(const loaded *l, const char *lang, const char *want)
{
	gchar *md = render(l, lang);
	bool found = md && strstr(md, want);
	if (!found)
		tap_diag("not on the page: %s", want);
	g_free(md);
	return found;
}

static bool page_has(const loaded *l, const char *want)
{
	return page_has_in(l, "en", want);
}

/* The sentence of a fragile endpoint on each side of each kind of
 * boundary, in every language, and the printed precision of estimates and
 * endpoints beside 0 and +-T (T = 1.784, 3 decimals, in the example). */
static void check_fragile_words(loaded *mm)
{
	static const struct {
		const char *lang, *text;
	} inside[N_LANGS] = {
		{ "en", "the upper endpoint lies 0.012 ms inside the boundary "
		  "+1.784 ms" },
		{ "de", "Die obere Intervallgrenze liegt 0.012" NBSP "ms innerhalb "
		  "der Schwelle +1.784" NBSP "ms" },
		{ "cs", "horní mez leží 0.012" NBSP "ms na vnitřní straně "
		  "prahu +1.784" NBSP "ms" },
		{ "ko", "상한이 임계값 +1.784 ms보다 0.012 ms 안쪽에 있습니다" },
	};
	const study_plan *p = &mm->s->plan;
	comparison *c = &mm->a->cmp[mm->a->states[0].comparisons[0]];
	boot_comparison old_boot = c->boot;

	c->boot.fragile = true;
	c->boot.fragile_basis = "monte-carlo error";
	c->boot.fragile_endpoint = "upper";
	c->boot.fragile_boundary = p->threshold;
	c->boot.fragile_distance = -0.0123;
	for (size_t i = 0; i < N_LANGS; i++)
		tap_ok(page_has_in(mm, inside[i].lang, inside[i].text),
		       "%s: an endpoint inside T", inside[i].lang);
	/* Korean: the note is two sentences, as the notes around it are,
	 * the basis in brackets close to the first. */
	tap_ok(page_has_in(mm, "ko", "- 시리즈 1, ‘없음’: 상한이 임계값 "
			   "+1.784 ms보다 0.012 ms 안쪽에 있습니다(Monte Carlo "
			   "오차로 판단). 다른 시드를 쓰면 결론이 바뀔 수 "
			   "있습니다.\n"), "ko: the fragile note in sentences");
	/* 0.0004 at 3 decimals would read 0.000: one more decimal. */
	c->boot.fragile_endpoint = "lower";
	c->boot.fragile_boundary = 0.0;
	c->boot.fragile_distance = 0.0004;
	tap_ok(page_has(mm, "the lower endpoint lies 0.0004 ms above 0.000 ms"),
	       "an endpoint 0.0004 above 0: a non-zero distance");
	c->boot.fragile_distance = -0.25;
	tap_ok(page_has(mm, "the lower endpoint lies 0.250 ms below 0.000 ms"),
	       "an endpoint below 0");
	c->boot.fragile_boundary = -p->threshold;
	c->boot.fragile_distance = -0.016;
	tap_ok(page_has(mm, "the lower endpoint lies 0.016 ms outside the "
			"boundary -1.784 ms"), "an endpoint beyond -T: outside");
	c->boot.fragile_distance = 0.016;
	tap_ok(page_has(mm, "the lower endpoint lies 0.016 ms inside the "
			"boundary -1.784 ms"), "an endpoint above -T: inside");
	c->boot.fragile_distance = 0.0;
	/* "Grenzwert", the word for the threshold and for 0 alike (not
	 * "Grenze", which the endpoint, the Intervallgrenze, already is). */
	tap_ok(page_has_in(mm, "de", "Die untere Intervallgrenze liegt genau "
			   "auf dem Grenzwert -1.784" NBSP "ms"),
	       "de: an endpoint exactly on -T");
	c->boot.fragile_boundary = 0.0;
	tap_ok(page_has_in(mm, "de", "Die untere Intervallgrenze liegt genau "
			   "auf dem Grenzwert 0.000" NBSP "ms"),
	       "de: an endpoint exactly on 0");
	c->boot.fragile_boundary = -p->threshold;
	/* A study without `decimal = point`: the note's numbers take the
	 * page's decimal comma, as every other number of the page does. */
	mm->s->plan.decimal_point = false;
	c->boot.fragile_endpoint = "upper";
	c->boot.fragile_boundary = p->threshold;
	c->boot.fragile_distance = -0.0123;
	tap_ok(page_has_in(mm, "de", "Die obere Intervallgrenze liegt 0,012"
			   NBSP "ms innerhalb der Schwelle +1,784" NBSP "ms")
	       && page_has_in(mm, "cs", "horní mez leží 0,012" NBSP "ms na "
			      "vnitřní straně prahu +1,784" NBSP "ms")
	       && page_has_in(mm, "en", "the upper endpoint lies 0.012 ms "
			      "inside the boundary +1.784 ms"),
	       "de, cs: the endpoint's distance and boundary with a comma");
	c->boot.fragile_endpoint = "lower";
	c->boot.fragile_boundary = 0.0;
	c->boot.fragile_distance = 0.0004;
	tap_ok(page_has_in(mm, "de", "Die untere Intervallgrenze liegt "
			   "0,0004" NBSP "ms über 0,000" NBSP "ms"),
	       "de: 0,0004 above 0, the decimals that show its side");
	mm->s->plan.decimal_point = true;
	c->boot = old_boot;

	/* -1.7838 rounds to -1.784 = -T, 0.0004 to +0.000 and -0.0001 to
	 * -0.000: each gets the decimals that show its side. */
	c->boot.estimate = -0.0001;
	c->boot.ci[p->interval].lo = -1.7838;
	c->boot.ci[p->interval].hi = 0.0004;
	tap_ok(page_has(mm, "| missing | `-0.0001 ms` `[-1.7838; +0.0004]` |"),
	       "endpoints beside -T and 0 and an estimate beside 0 show "
	       "their side");
	c->boot.ci[p->interval].lo = -1.785;
	c->boot.ci[p->interval].hi = 1.5;
	tap_ok(page_has(mm, "`[-1.785; +1.500]`"),
	       "endpoints clear of every boundary keep 3 decimals");
	c->boot = old_boot;
}

/* The plan digest in every language, registered and not.  The digest is
 * the SHA-256 of the example's canonical plan, written out by hand from
 * its study.ini and hashed with sha256sum:
 *   pairboot-plan=1, statistic=quantile 0.99, column=latency_us,
 *   scale=0.001, unit=ms, better=lower, reference=20, threshold=1.784,
 *   confidence=0.95, resamples=10000, seed=20260825, interval=percentile,
 *   states=missing;0;10;20;100, series=1 latency;2 latency;mechanism
 *   mechanism;boundary boundary;control control (one line each). */
static void check_plan_digest(loaded *mm)
{
#define PLAN_SHA "`16e7869ffb50493a2f436372f99d6a9273c04ed91f33b8a6dfb5b" \
		 "72828c25878`"
	static const struct {
		const char *lang, *no, *yes;
	} lines[N_LANGS] = {
		{ "en", "- Analysis plan digest (SHA-256 of the canonical plan, "
		  "docs/study-format.md): " PLAN_SHA ", not registered.\n",
		  "- Analysis plan digest (SHA-256 of the canonical plan, "
		  "docs/study-format.md): " PLAN_SHA ", registered before the "
		  "data.\n" },
		{ "de", "- Digest des Analyseplans (SHA-256 des kanonischen "
		  "Plans, docs/study-format.md): " PLAN_SHA ", nicht "
		  "registriert.\n",
		  "- Digest des Analyseplans (SHA-256 des kanonischen Plans, "
		  "docs/study-format.md): " PLAN_SHA ", vor der Datenerhebung "
		  "registriert.\n" },
		{ "cs", "- Otisk plánu analýzy (SHA-256 kanonického tvaru "
		  "plánu, docs/study-format.md): " PLAN_SHA ", "
		  "neregistrován.\n",
		  "- Otisk plánu analýzy (SHA-256 kanonického tvaru plánu, "
		  "docs/study-format.md): " PLAN_SHA ", registrován před "
		  "sběrem dat.\n" },
		{ "ko", "- 분석 계획 다이제스트(정규화된 계획의 SHA-256, "
		  "docs/study-format.md): " PLAN_SHA ", 등록되지 않음.\n",
		  "- 분석 계획 다이제스트(정규화된 계획의 SHA-256, "
		  "docs/study-format.md): " PLAN_SHA ", 데이터 수집 전에 "
		  "등록됨.\n" },
	};
	bool old = mm->s->plan.registered;

	for (size_t i = 0; i < N_LANGS; i++) {
		mm->s->plan.registered = false;
		tap_ok(page_has_in(mm, lines[i].lang, lines[i].no),
		       "%s: the plan digest, not registered", lines[i].lang);
		mm->s->plan.registered = true;
		tap_ok(page_has_in(mm, lines[i].lang, lines[i].yes),
		       "%s: the plan digest, registered", lines[i].lang);
	}
	mm->s->plan.registered = old;
#undef PLAN_SHA
}

/* T = 0.5 written with 1 decimal: `-0.2 [-0.5; +0.2]` would look
 * equivalent-but-touching; the true lower bound -0.456 lies inside -0.5. */
static void check_precision_half(loaded *mm)
{
	study_plan *p = &mm->s->plan;
	comparison *c = &mm->a->cmp[mm->a->states[0].comparisons[0]];
	boot_comparison old_boot = c->boot;
	double old_t = p->threshold;
	int old_dec = p->threshold_decimals;

	p->threshold = 0.5;
	p->threshold_decimals = 1;
	c->boot.estimate = -0.2;
	c->boot.ci[p->interval].lo = -0.456;
	c->boot.ci[p->interval].hi = 0.2;
	tap_ok(page_has(mm, "| missing | `-0.2 ms` `[-0.46; +0.2]` |"),
	       "-0.456 with T = 0.5 prints -0.46, visibly inside -0.5");
	p->threshold = old_t;
	p->threshold_decimals = old_dec;
	c->boot = old_boot;
}

/* The conclusion cell of the first state (missing) when its two series'
 * verdicts are set in memory, in every language: a disagreement or a
 * missing claim names each series' verdict, and the reason for no claim
 * is on the page.  The words are those of the catalogs' conclusions and
 * the articles' series names.  One list of cases, each setting the two
 * verdicts and putting them back, as in check_variants. */
static void check_conclusion_cells(loaded *mm)
{
	static const struct {
		verdict across, s1, s2;
		bool s2_negative;            /* series 2's estimate below 0 */
		const char *cell[N_LANGS];   /* en, de, cs, ko */
	} cases[] = {
		{ VERDICT_SERIES_DISAGREE, VERDICT_HARM, VERDICT_DETECTED,
		  false, {
		  "| the series' verdicts differ; no pooled conclusion: Series "
		  "1 (practically significant harm in the synthetic proxy); "
		  "Series 2 (higher `p99` than at the reference, which is worse "
		  "here; whether the difference reaches the practical threshold "
		  "is not established) |",
		  "| die Urteile der Serien unterscheiden sich; keine "
		  "zusammengefasste Schlussfolgerung: Serie 1 (praktisch "
		  "bedeutsamer Schaden im synthetischen Proxy); Serie 2 "
		  "(höherer `p99`-Wert als beim Referenzzustand, hier also "
		  "schlechter; ob die Differenz die praktisch bedeutsame "
		  "Schwelle erreicht, ist nicht belegt) |",
		  "| verdikty sérií se liší; bez spojeného závěru: "
		  "série 1 (prakticky významná škoda v syntetickém proxy); "
		  "série 2 (vyšší hodnota `p99` než při referenčním "
		  "stavu, což je zde horší; zda rozdíl dosahuje prakticky "
		  "významného prahu, není prokázáno) |",
		  "| 시리즈별 판정이 다름; 통합 결론 없음: "
		  "시리즈 1 (합성 proxy에서 실질적으로 유의미한 "
		  "악화); 시리즈 2 (`p99` 값이 기준 상태보다 "
		  "높음, 즉 여기서는 더 나쁨; 실질적으로 유의미한 임계값에 "
		  "도달하는지는 확인되지 않음) |" } },
		/* Series 2's estimate is turned below 0, as opposite
		 * directions have it. */
		{ VERDICT_OPPOSITE_DIRECTIONS, VERDICT_DETECTED,
		  VERDICT_DETECTED, true, {
		  "| series differ in direction; no pooled conclusion: Series 1 "
		  "(higher `p99` than at the reference, which is worse here; "
		  "whether the difference reaches the practical threshold is "
		  "not established); Series 2 (lower `p99` than at the "
		  "reference, which is better here; whether the difference "
		  "reaches the practical threshold is not established) |",
		  "| die Serien unterscheiden sich in der Richtung; keine "
		  "zusammengefasste Schlussfolgerung: Serie 1 (höherer "
		  "`p99`-Wert als beim Referenzzustand, hier also schlechter; "
		  "ob die Differenz die praktisch bedeutsame Schwelle erreicht, "
		  "ist nicht belegt); Serie 2 (niedrigerer `p99`-Wert als beim "
		  "Referenzzustand, hier also besser; ob die Differenz die "
		  "praktisch bedeutsame Schwelle erreicht, ist nicht belegt) |",
		  "| série se liší směrem; bez spojeného závěru: série "
		  "1 (vyšší hodnota `p99` než při referenčním stavu, "
		  "což je zde horší; zda rozdíl dosahuje prakticky "
		  "významného prahu, není prokázáno); série 2 (nižší "
		  "hodnota `p99` než při referenčním stavu, což je zde "
		  "lepší; zda rozdíl dosahuje prakticky významného prahu, "
		  "není prokázáno) |",
		  "| 시리즈 간 방향이 다름; 통합 결론 없음: "
		  "시리즈 1 (`p99` 값이 기준 상태보다 "
		  "높음, 즉 여기서는 더 나쁨; 실질적으로 유의미한 임계값에 "
		  "도달하는지는 확인되지 않음); 시리즈 2 (`p99` "
		  "값이 기준 상태보다 낮음, 즉 여기서는 더 좋음; "
		  "실질적으로 유의미한 임계값에 도달하는지는 확인되지 "
		  "않음) |" } },
		{ VERDICT_TOO_FEW_PAIRS, VERDICT_TOO_FEW_PAIRS,
		  VERDICT_TOO_FEW_PAIRS, false, {
		  "| too few pairs for a claim, which needs at least 5 pairs |",
		  "| zu wenige Paare für eine Aussage, die mindestens 5 Paare "
		  "erfordert |",
		  "| příliš málo párů pro závěr, který vyžaduje alespoň 5 párů "
		  "|",
		  "| 쌍이 너무 적어 결론을 내릴 수 없음(최소 5쌍 필요) |" } },
		{ VERDICT_NO_SPREAD, VERDICT_HARM, VERDICT_NO_SPREAD, false, {
		  "| no spread between blocks, so no claim: Series 1 "
		  "(practically significant harm in the synthetic proxy); "
		  "Series 2 (no spread between blocks, so no claim) |",
		  "| keine Streuung zwischen den Blöcken, daher keine Aussage: "
		  "Serie 1 (praktisch bedeutsamer Schaden im synthetischen "
		  "Proxy); Serie 2 (keine Streuung zwischen den Blöcken, daher "
		  "keine Aussage) |",
		  "| žádný rozptyl mezi bloky, proto bez závěru: série 1 "
		  "(prakticky významná škoda v syntetickém proxy); série 2 "
		  "(žádný rozptyl mezi bloky, proto bez závěru) |",
		  "| 블록 간 산포가 없어 결론을 내릴 수 없음: 시리즈 1 (합성 "
		  "proxy에서 실질적으로 유의미한 악화); 시리즈 2 (블록 간 "
		  "산포가 없어 결론을 내릴 수 없음) |" } },
	};
	state_result *r = &mm->a->states[0];
	comparison *c1 = &mm->a->cmp[r->comparisons[0]];
	comparison *c2 = &mm->a->cmp[r->comparisons[1]];
	verdict old[3] = { r->verdict, c1->verdict, c2->verdict };
	double old_estimate = c2->boot.estimate;

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		r->verdict = cases[i].across;
		c1->verdict = cases[i].s1;
		c2->verdict = cases[i].s2;
		c2->boot.estimate = cases[i].s2_negative ? -fabs(old_estimate)
							 : old_estimate;
		for (size_t l = 0; l < N_LANGS; l++)
			tap_ok(page_has_in(mm, articles[l].lang,
					   cases[i].cell[l]),
			       "%s page: conclusion %s (%s, %s)",
			       articles[l].lang, verdict_code(cases[i].across),
			       verdict_code(cases[i].s1),
			       verdict_code(cases[i].s2));
	}
	r->verdict = old[0];
	c1->verdict = old[1];
	c2->verdict = old[2];
	c2->boot.estimate = old_estimate;
}

/* The conclusion of every verdict code, and the other branches of the
 * page, by changing the analysis of the example study in memory (its
 * fields are plain data) and putting each field back.  The English words
 * are the published ones where the article has them.  Long on purpose:
 * each case sets one field and puts it back at once, so the cases read
 * as one list. */
static void check_variants(loaded *mm)
{
	static const struct {
		verdict v;
		bool synthetic;
		const char *text;
	} conclusions[] = {
		{ VERDICT_HARM, true, "practically significant harm in the "
		  "synthetic proxy" },
		{ VERDICT_HARM, false, "practically significant harm |" },
		{ VERDICT_BENEFIT, true, "practically significant benefit in "
		  "the synthetic proxy" },
		{ VERDICT_BENEFIT, false, "practically significant benefit |" },
		{ VERDICT_EQUIVALENT, true, "equivalent within the threshold" },
		{ VERDICT_DETECTED, true, "higher `p99` than at the reference, "
		  "which is worse here; whether the difference reaches the "
		  "practical threshold is not established" },
		{ VERDICT_INDETERMINATE, true, "advantage not established; "
		  "equivalence not proven" },
		{ VERDICT_NO_INTERVAL, true, "too few pairs for an interval" },
		{ VERDICT_SERIES_DISAGREE, true, "the series' verdicts differ; "
		  "no pooled conclusion: " },
		{ VERDICT_TOO_FEW_PAIRS, true, "too few pairs for a claim, "
		  "which needs at least 5 pairs |" },
		{ VERDICT_NO_SPREAD, true, "no spread between blocks, so no "
		  "claim |" },
		{ VERDICT_OPPOSITE_DIRECTIONS, true, "series differ in "
		  "direction; no pooled conclusion: " },
	};
	study_plan *p = &mm->s->plan;
	state_result *r = &mm->a->states[0];
	verdict old_v = r->verdict;
	comparison *c = &mm->a->cmp[r->comparisons[0]];
	boot_comparison old_boot = c->boot;
	balance_check old_bal = mm->a->summary->balance[0];
	control_check old_ctl = mm->a->summary->controls[0];
	char *old_service = p->service;
	size_t old_pairs = c->n_pairs;

	for (size_t i = 0; i < sizeof conclusions / sizeof conclusions[0];
	     i++) {
		gchar *cellend = g_strdup_printf("| %s", conclusions[i].text);
		r->verdict = conclusions[i].v;
		p->synthetic = conclusions[i].synthetic;
		tap_ok(page_has(mm, cellend), "verdict %s (%s): '%s'",
		       verdict_code(conclusions[i].v),
		       conclusions[i].synthetic ? "synthetic" : "real metric",
		       conclusions[i].text);
		g_free(cellend);
	}
	r->verdict = old_v;
	p->synthetic = true;

	/* The first state of the plan is missing (plan order), series 1. */
	c->boot.ci[p->interval].defined = false;
	tap_ok(page_has(mm, "| missing | `+11.640 ms` (no interval) |"),
	       "an undefined interval: the estimate and (no interval)");
	c->n_pairs = 0;
	tap_ok(page_has(mm, "| missing | no pairs |"),
	       "no pairs: said so, no number");
	c->n_pairs = old_pairs;
	c->boot = old_boot;

	c->boot.fragile = true;
	c->boot.fragile_endpoint = "upper";
	c->boot.fragile_boundary = p->threshold;
	c->boot.fragile_distance = -0.0123;
	c->boot.fragile_basis = "exact bootstrap";
	tap_ok(page_has(mm, "- Series 1, \"missing\": the upper endpoint lies "
			"0.012 ms inside the boundary +1.784 ms (judged "
			"against the exact bootstrap); another seed could "
			"change the conclusion."),
	       "a fragile endpoint is named with its distance");
	c->boot = old_boot;
	c->boot.ci[p->interval].fallback = true;
	c->boot.ci[p->interval].method = INTERVAL_BCA;
	c->boot.ci[p->interval].used = INTERVAL_PERCENTILE;
	tap_ok(page_has(mm, "- Series 1, \"missing\": the `bca` interval is "
			"undefined here; the `percentile` interval is shown "
			"instead."), "a BCa fallback is said");
	c->boot = old_boot;

	mm->a->summary->balance[0].flagged = true;
	mm->a->summary->balance[0].flagged_state = 1;
	mm->a->summary->balance[0].flagged_position = 1;
	tap_ok(page_has(mm, "- Run order of Series 1: `0` ran at position 1 "
			"clearly more often than the other states."),
	       "a flagged run order names the state and place");
	/* The state `missing` as the subject of the sentence: its word
	   quoted as a name in every language, never read as a verb
	   ("fehlt lief", "chybí běžel"). */
	for (size_t k = 0; k < mm->s->plan.n_states; k++)
		if (mm->s->plan.states[k].missing)
			mm->a->summary->balance[0].flagged_state = k;
	tap_ok(page_has(mm, "- Run order of Series 1: \"missing\" ran at "
			"position 1 clearly more often"),
	       "en: the missing state as a sentence's subject is quoted");
	tap_ok(page_has_in(mm, "de", "Der Zustand „fehlt“ lief an Position 1 "),
	       "de: „fehlt“ lief, not fehlt lief");
	tap_ok(page_has_in(mm, "cs", "stav „chybí“ běžel na pozici 1 "),
	       "cs: „chybí“ as the subject");
	tap_ok(page_has_in(mm, "ko", "‘없음’ 상태가 "), "ko: ‘없음’ as the subject");
	mm->a->summary->balance[0] = old_bal;

	mm->a->summary->controls[0].restored = false;
	mm->a->summary->controls[0].service_ok = false;
	mm->a->summary->controls[0].tracing_ok = false;
	tap_ok(page_has(mm, "- Control boot control-1: the machine was not "
			"restored (value `20` found, MMCSS not running, a "
			"trace session still active, no test process "
			"left)."), "a control boot that failed says what failed");
	mm->a->summary->controls[0] = old_ctl;

	/* The settings line keeps the study.ini code in backticks (verify
	 * reads it) and says what the method is. */
	tap_ok(page_has(mm, "method `percentile` (percentile bootstrap), "
			"confidence 95%."),
	       "the settings line names the percentile bootstrap");
	/* docs/statistics.md, Coverage: percentile at 10 pairs, 0.795. */
	tap_ok(page_has(mm, "- With 10 pairs, a nominal 95% interval of "
			"method `percentile` (percentile bootstrap) covered "
			"the true difference in only 79.5% of simulated "
			"studies"), "the coverage of the study's own n is quoted");
	p->interval = INTERVAL_T;
	tap_ok(page_has(mm, "- Interval: Student t interval of the paired "
			"differences, no resampling, method `t` (Student t), "
			"confidence 95%; the bootstrap methods of the "
			"sensitivity analysis use 10000 resamples"),
	       "the t method is called the Student t interval, not a "
	       "bootstrap");
	p->interval = INTERVAL_STUDENTIZED;
	tap_ok(page_has(mm, "method `studentized` (bootstrap-t), confidence "
			"95%."), "the studentized method is the bootstrap-t");
	{
		gchar *de = render(mm, "de");
		gchar *cs = render(mm, "cs");

		p->interval = INTERVAL_T;
		gchar *ko = render(mm, "ko");

		tap_ok(de && strstr(de, "Methode `studentized` (Bootstrap-t), "
				    "Konfidenzniveau 95" NBSP "%")
		       && cs && strstr(cs, "`studentized` (bootstrap-t)")
		       && ko && strstr(ko, "`t` (Student t)"),
		       "the method names in German, Czech and Korean");
		g_free(de);
		g_free(cs);
		g_free(ko);
	}
	p->interval = INTERVAL_PERCENTILE;
	/* A percentage on its own takes the language's space before the
	 * sign (German and Czech write "79.5 %"); one that qualifies a noun
	 * does not (German "95-%-Konfidenzintervall", Czech "95%"). */
	tap_ok(page_has_in(mm, "de", "nur in 79.5" NBSP "% der simulierten")
	       && page_has_in(mm, "de", "Konfidenzniveau 95" NBSP "%.")
	       && page_has_in(mm, "de", "ein nominales 95-%-Konfidenzintervall")
	       && page_has_in(mm, "cs", "rozdíly jen 79.5" NBSP "% (docs")
	       && page_has_in(mm, "cs", "hladina spolehlivosti 95" NBSP "%.")
	       && page_has_in(mm, "ko", "시뮬레이션 연구의 79.5%에서만")
	       && page_has_in(mm, "ko", "신뢰수준 95%."),
	       "a percentage on its own is spaced as each language writes it");
	/* One run is said as a language says one, not "the 1 run"; the
	 * series is named as the study names it in each language. */
	tap_ok(page_has(mm, "- Control boot: the one run was accepted.")
	       && page_has_in(mm, "de", "- Kontrollstart: Der einzige "
			      "Durchlauf wurde akzeptiert.")
	       && page_has_in(mm, "cs", "- Kontrolní načtení: jediný běh byl "
			      "přijat.")
	       && page_has_in(mm, "ko", "- 제어 부팅: 실행 1회가 채택됨."),
	       "a series of one accepted run says so in words");
	c->coverage_beyond = true;
	tap_ok(page_has(mm, "- Series 1, \"missing\": with 10 pairs, beyond the "
			"simulated coverage table (2 to 40 pairs, "
			"docs/statistics.md): no simulated coverage is quoted "
			"for it."), "a number of pairs beyond the table is said");
	c->coverage_beyond = false;

	p->service = NULL;
	tap_ok(page_has(mm, "| missing | service stopped, registration not "
			"performed, API returned 100 |")
	       && page_has(mm, "| State | Registration | Service state |"),
	       "a study naming no service says 'service'");
	p->service = old_service;
	tap_ok(page_has(mm, "| missing | MMCSS stopped, registration not "
			"performed, API returned 100 |"),
	       "everything put back: the page is as before");
}

/* The page as a document: the same text as markdown_render gives, and
 * each heading in the section of its own id, in every language; an
 * unknown language leaves the document as it was. */
static void check_pagedoc(const loaded *l)
{
	static const struct {
		const char *heading;
		page_section id;
	} want[] = {
		{ "Value handling", PAGE_VALUES },
		{ "Comparison with the reference", PAGE_COMPARISONS },
		{ "Mechanism check", PAGE_MECHANISM },
		{ "Runs", PAGE_RUNS },
		{ "Analysis settings", PAGE_SETTINGS },
		{ "Input data", PAGE_INPUT },
	};
	static const char *const langs[] = { "en", "de", "cs", "ko" };
	pagedoc *doc = pagedoc_new();
	size_t n, found = 0, len;
	page_section now = PAGE_TOP;
	bool all = true;

	for (size_t i = 0; i < sizeof langs / sizeof *langs; i++) {
		pagedoc *one = pagedoc_new();
		gchar *plain = render(l, langs[i]);
		bool same = markdown_render_doc(l->s, l->a, langs[i], one)
			    == PB_OK && plain
			    && strcmp(pagedoc_str(one), plain) == 0;
		tap_ok(same, "%s: the document's text is the page", langs[i]);
		g_free(plain);
		pagedoc_free(one);
	}
	tap_ok(markdown_render_doc(l->s, l->a, "en", doc) == PB_OK,
	       "the English page as a document");
	n = pagedoc_n_blocks(doc);
	tap_ok(n > 0 && pagedoc_block(doc, 0)->kind == PAGE_HEADING
	       && pagedoc_block(doc, 0)->level == 1
	       && pagedoc_block(doc, 0)->section == PAGE_TOP,
	       "the page's heading is before every section");
	/* Each section from its heading up to the next section's. */
	for (size_t i = 0; i < n; i++) {
		const page_block *b = pagedoc_block(doc, i);
		if (b->kind == PAGE_HEADING && b->level == 2) {
			/* Headings of other sections are not checked. */
			bool next = found < sizeof want / sizeof *want
				    && strcmp(b->text, want[found].heading)
				       == 0;
			now = next ? want[found++].id : b->section;
			all = all && b->section == now && now != PAGE_TOP;
		}
		if (b->section != now) {
			tap_diag("block %zu is not in the section of the "
				 "heading before it", i);
			all = false;
		}
	}
	tap_ok(all && found == sizeof want / sizeof *want,
	       "every section starts at its heading");
	tap_ok(n > 0 && pagedoc_block(doc, n - 1)->section == PAGE_INPUT
	       && pagedoc_block(doc, n - 1)->kind == PAGE_PARAGRAPH,
	       "the page ends in the input data");
	len = pagedoc_len(doc);
	tap_ok(markdown_render_doc(l->s, l->a, "fr", doc) == PB_SOFTWARE
	       && pagedoc_len(doc) == len && pagedoc_n_blocks(doc) == n,
	       "an unknown language leaves the document as it was");
	pagedoc_free(doc);
}

int main(void)
{
	loaded mm = { 0 }, nt = { 0 }, in = { 0 };
	GPtrArray *en_cmp;
	gchar *cmark;

	srcdir = getenv("top_srcdir");
	if (!srcdir)
		srcdir = ".";
	cmark = g_find_program_in_path("cmark-gfm");
	have_cmark = cmark != NULL;
	g_free(cmark);
	if (!have_cmark)
		tap_diag("cmark-gfm is not installed (Debian package "
			 "cmark-gfm): the GFM checks are skipped");

	tap_ok(load("fixtures/mmcss-26200.9168", &mm),
	       "fixtures/mmcss-26200.9168 reads and analyses");
	tap_ok(load("fixtures/netthrottle", &nt),
	       "fixtures/netthrottle reads and analyses");
	tap_ok(load("tests/data/md-inject", &in),
	       "tests/data/md-inject reads and analyses");
	if (!mm.a || !nt.a || !in.a)
		return tap_done();

	en_cmp = check_english_numbers(&mm);
	for (int i = 0; i < N_LANGS; i++)
		check_article(&mm, &articles[i], i ? en_cmp : NULL);
	check_netthrottle(&nt);
	check_inject(&in);
	check_variants(&mm);
	check_fragile_words(&mm);
	check_precision_half(&mm);
	check_plan_digest(&mm);
	check_conclusion_cells(&mm);
	check_pagedoc(&mm);
	{
		GString *g = g_string_new("keep");
		tap_ok(markdown_render(mm.s, mm.a, "fr", g) == PB_SOFTWARE
		       && strcmp(g->str, "keep") == 0,
		       "an unknown language is refused and OUT is untouched");
		g_string_free(g, TRUE);
	}

	if (en_cmp)
		g_ptr_array_free(en_cmp, TRUE);
	analysis_free(mm.a);
	analysis_free(nt.a);
	analysis_free(in.a);
	study_free(mm.s);
	study_free(nt.s);
	study_free(in.s);
	return tap_done();
}
