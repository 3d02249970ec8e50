#ifndef FOLIO_CICU_H
#define FOLIO_CICU_H

// A narrow C face on ICU's transliterators (libicu). ICU's own headers stay inside CICU.c: Foundation brings
// its private copy of ICU's types into every Swift module, and the system headers' definitions would clash
// with them, so nothing of ICU's is declared here.

#include <stdint.h>

/// Opens the ICU transform `id` (UTF-16, `length` units), such as "Latin-Hiragana"; NULL when ICU has none.
void *folio_transliterator_open(const uint16_t *id, int32_t length);

/// Closes a transliterator from folio_transliterator_open.
void folio_transliterator_close(void *transliterator);

/// Transforms text[0..<*length] in place; `capacity` units are available. Returns 0 on success, 1 when the
/// result needs more room (*length then holds the length needed), -1 on any other ICU error.
int32_t folio_transliterator_apply(void *transliterator, uint16_t *text, int32_t *length, int32_t capacity);

#endif
