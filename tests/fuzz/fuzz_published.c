/* fuzz_published.c: libFuzzer target for the reader of published results
 * (`pairboot verify`): a results.json or a published page (Markdown or the
 * article's plain text with tab-separated tables).
 *
 * The vocabulary is built once, as verify builds it, from the translation
 * catalogs.  A read that fails must say why; one that succeeds must have
 * found something to check. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "common/diag.h"
#include "ingest/published.h"
#include "src/verify_vocab.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

/* Built once; lives as long as the process. */
static pub_phrase *vocab;
static size_t n_vocab;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	const char *msgid = NULL, *lang = NULL;

	(void)argc;
	(void)argv;
	if (verify_vocab_build(&vocab, &n_vocab, &msgid, &lang) != PB_OK)
		abort();
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	diag *d = diag_new(NULL, 0);
	published *p = NULL;
	pb_status st;

	if (!d)
		abort();
	st = published_parse("fuzz.md", (const char *)data, size, NULL,
			     vocab, n_vocab, d, &p);
	if (st == PB_OK && !p)
		abort();
	if (st != PB_OK && p)
		abort();
	if (st == PB_DATAERR && diag_errors(d) == 0)
		abort();
	published_free(p);
	diag_free(d);
	return 0;
}
