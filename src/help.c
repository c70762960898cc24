/* help.c: the help of each command (help.h). */
#include "config.h"

#include "src/help.h"

#include <stdio.h>
#include <string.h>

/* What every command's help ends with: the options that are not its own. */
static const char global_note[] =
	"\n"
	"The options of every command (--jobs, --quiet, --timings, --no-wait)\n"
	"may also be given; see 'pairboot --help' for them and the exit "
	"statuses.\n";

static const struct {
	const char *name;
	const char *text;
} helps[] = {
	{ "check",
	  "Usage: pairboot check STUDY\n"
	  "Read the study strictly, report every problem found as\n"
	  "FILE:LINE:COL: what is wrong, and print a summary of what it holds.\n"
	  "\n"
	  "check has no options of its own.\n" },
	{ "report",
	  "Usage: pairboot report STUDY [-o DIR] [--lang LIST] [--format LIST]\n"
	  "         [--figure-base URL] [--figures paired[=STATES]]\n"
	  "Analyse the study and write its report: results.json, LANG.md "
	  "pages,\n"
	  "report.LANG.pdf and each figure as FIGURE.LANG.svg and .png.\n"
	  "\n"
	  "Options:\n"
	  "  -o, --output=DIR       write the report to DIR (default:\n"
	  "                         reports/<study folder name>)\n"
	  "      --lang=LIST        the languages, from en,de,cs,ko (default: "
	  "all)\n"
	  "      --format=LIST      the formats, from md,json,pdf,svg,png\n"
	  "                         (default: all)\n"
	  "      --figure-base=URL  the pages show their figures from URL, where\n"
	  "                         a wiki keeps its uploads (default: beside the\n"
	  "                         page)\n"
	  "      --figures=paired[=STATES]\n"
	  "                         also draw the paired figure of each state of\n"
	  "                         STATES (comma-separated, spelled as the page\n"
	  "                         writes them; default: every compared state) as\n"
	  "                         paired-STATE.LANG.svg and .png\n" },
	{ "compare",
	  "Usage: pairboot compare OLD NEW [-o DIR] [--fail-on worse|change]\n"
	  "         [--figure-base URL]\n"
	  "Compare two studies of the same design on an old and a new build:\n"
	  "value handling, mechanism, baseline and each state's effect, with a\n"
	  "verdict per state.\n"
	  "\n"
	  "Options:\n"
	  "  -o, --output=DIR       write the comparison to DIR (default:\n"
	  "                         reports/compare-<old name>-<new name>)\n"
	  "      --fail-on=worse|change\n"
	  "                         exit 1 when a state's effect or the baseline\n"
	  "                         changed for the worse, by the threshold or of\n"
	  "                         open size (worse), or when anything changed\n"
	  "                         (change); the comparison is written either way\n"
	  "      --figure-base=URL  the pages show their figure from URL, where a\n"
	  "                         wiki keeps its uploads (default: beside the\n"
	  "                         page)\n" },
	{ "verify",
	  "Usage: pairboot verify STUDY --against FILE [--tolerance X] "
	  "[--allow-omitted]\n"
	  "Recompute everything from the study and print each number, "
	  "verdict and\n"
	  "line of FILE beside the recomputed one; exit 1 when any item is "
	  "a\n"
	  "MISMATCH, not in data or OMITTED.\n"
	  "\n"
	  "Options:\n"
	  "  -a, --against=FILE     the results.json or published page "
	  "(Markdown\n"
	  "                         or plain text, in any language) to check\n"
	  "  -t, --tolerance=X      how far, in the study's unit, an interval "
	  "bound\n"
	  "                         drawn another way may lie and still match\n"
	  "      --allow-omitted    a result of the data that FILE does not "
	  "show\n"
	  "                         (OMITTED) does not make it fail\n" },
	{ "summarize",
	  "Usage: pairboot summarize STUDY -o FILE [--shard K/N]\n"
	  "Reduce each boot's latency CSV to one row (its statistic, periods "
	  "and\n"
	  "SHA-256) in FILE.  A study folder holding such a file as\n"
	  "pairboot-summary.csv is read from it.\n"
	  "\n"
	  "Options:\n"
	  "  -o, --output=FILE      the summary file to write (required)\n"
	  "      --shard=K/N        summarize only the K-th of N shares of the "
	  "runs\n" },
	{ "plan",
	  "Usage: pairboot plan STUDY [--assurance A] [--max-blocks N] "
	  "[--guarantee]\n"
	  "         [-o DIR] [--lang LIST]\n"
	  "  or:  pairboot plan new DIR OPTION...\n"
	  "Print the blocks per series a new study with the same plan would "
	  "need\n"
	  "for a correct decisive verdict, by simulating studies in worlds\n"
	  "drawn from the per-block differences.  'pairboot plan new --help'\n"
	  "tells how to plan a new study.\n"
	  "\n"
	  "Options:\n"
	  "      --assurance=A      the probability of a correct decisive "
	  "verdict\n"
	  "                         (default 0.8; 0.9 is shown too)\n"
	  "      --max-blocks=N     look up to N blocks per series (default "
	  "200)\n"
	  "      --guarantee        also the blocks whose power reaches A in "
	  "at\n"
	  "                         least a share A of pilots\n"
	  "  -o, --output=DIR       also write DIR/plan.json, and in each language\n"
	  "                         the table DIR/plan.LANG.txt and the assurance\n"
	  "                         curves DIR/plan.LANG.svg and DIR/plan.LANG.png\n"
	  "      --lang=LIST        the languages, from en,de,cs,ko (default: all\n"
	  "                         for -o); the table printed is in the first\n"
	  "                         (default en)\n" },
	{ "plan new",
	  "Usage: pairboot plan new DIR --title T --build B --column C --scale "
	  "F\n"
	  "         --unit U --better lower|higher --statistic S --reference R\n"
	  "         --threshold X --seed N --states LIST --series N --blocks B\n"
	  "         [OPTION]...\n"
	  "Write a new study's study.ini, its analysis plan registered by "
	  "digest,\n"
	  "and schedule.csv, the order of its boots (a Williams design, "
	  "balanced\n"
	  "for position and carry-over, randomized from the seed); print the\n"
	  "digest to publish before the first boot.  Each option but --series\n"
	  "and --blocks sets the study.ini key of its name.\n"
	  "\n"
	  "Options:\n"
	  "      --title=T          the study's title\n"
	  "      --build=B          the build the study was recorded on\n"
	  "      --platform=P       the machine it was recorded on (optional)\n"
	  "      --column=C         the latency CSVs' column, such as "
	  "latency_us\n"
	  "      --scale=F          column value times F gives the unit\n"
	  "      --unit=U           the unit, such as ms\n"
	  "      --better=lower|higher\n"
	  "                         which side of the reference is better\n"
	  "      --statistic=S      mean, median, max or pNN, such as p99\n"
	  "      --reference=R      the state every other one is compared "
	  "with\n"
	  "      --threshold=X      the smallest difference that matters, in "
	  "the unit\n"
	  "      --confidence=C     the confidence level (default 0.95)\n"
	  "      --resamples=N|exact\n"
	  "                         bootstrap resamples (default 10000)\n"
	  "      --seed=N           the seed of the schedule and the "
	  "bootstrap\n"
	  "      --interval=M       percentile, bca, expanded, studentized or "
	  "t\n"
	  "                         (default: the one whose simulated "
	  "coverage at\n"
	  "                         --blocks is nearest 95%)\n"
	  "      --states=LIST      the states, separated by ';'\n"
	  "      --state-type=name  the states are names (power plans, on and "
	  "off),\n"
	  "                         not registry numbers; the study is of "
	  "format 2\n"
	  "      --series=N         N latency series\n"
	  "      --blocks=B         B blocks in each series\n" },
};

bool help_print_command(const char *name)
{
	for (size_t i = 0; i < sizeof helps / sizeof helps[0]; i++) {
		if (strcmp(helps[i].name, name) == 0) {
			fputs(helps[i].text, stdout);
			fputs(global_note, stdout);
			return true;
		}
	}
	return false;
}
