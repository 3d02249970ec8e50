#include "CICU.h"

#include <unicode/utrans.h>

void *folio_transliterator_open(const uint16_t *id, int32_t length) {
    UErrorCode status = U_ZERO_ERROR;
    UTransliterator *transliterator = utrans_openU((const UChar *)id, length, UTRANS_FORWARD, NULL, 0, NULL, &status);
    if (U_FAILURE(status)) {
        if (transliterator != NULL) utrans_close(transliterator);
        return NULL;
    }
    return transliterator;
}

void folio_transliterator_close(void *transliterator) {
    utrans_close((UTransliterator *)transliterator);
}

int32_t folio_transliterator_apply(void *transliterator, uint16_t *text, int32_t *length, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t limit = *length;
    utrans_transUChars((const UTransliterator *)transliterator, (UChar *)text, length, capacity, 0, &limit, &status);
    if (status == U_BUFFER_OVERFLOW_ERROR) return 1;
    return U_FAILURE(status) ? -1 : 0;
}
