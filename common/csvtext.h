/* csvtext.h: fields of the CSV files pairboot writes (schedule.csv and
 * run summaries), quoted as RFC 4180 asks: only a field holding ',', '"',
 * CR or LF is put in double quotes, with each '"' doubled.  The same
 * rule for both writers, whether the file is built in memory or streamed. */
#ifndef PAIRBOOT_CSVTEXT_H
#define PAIRBOOT_CSVTEXT_H

#include <stdio.h>

#include <glib.h>

/* Appends the field S to OUT. */
void csvtext_append(GString *out, const char *s);

/* Writes the field S to OUT. */
void csvtext_write(FILE *out, const char *s);

#endif
