#include "positions.h"

/* UTF-16 code units of the UTF-8 sequence starting with `lead`: 2 for a 4-byte sequence
 * (outside the BMP), 0 for a continuation byte, else 1. */
static uint32_t utf16_units(unsigned char lead) {
    if ((lead & 0xC0) == 0x80) return 0;
    return lead >= 0xF0 ? 2 : 1;
}

yusec_position lib_position_of(const SourceFile *file, uint32_t offset) {
    yusec_position at = {0, 0};
    if (!file || !file->line_count) return at;
    if (offset > file->len) offset = file->len;
    at.line = source_line_index(file, offset);
    for (uint32_t i = file->line_starts[at.line]; i < offset; i++)
        at.character += utf16_units((unsigned char)file->text[i]);
    return at;
}

yusec_range lib_range_of(const SourceFile *file, Span span) {
    yusec_range range = {lib_position_of(file, span.start), lib_position_of(file, span.end)};
    return range;
}

uint32_t lib_offset_of(const SourceFile *file, yusec_position position) {
    if (!file || !file->line_count) return 0;
    if (position.line >= file->line_count) return file->len;
    uint32_t offset = file->line_starts[position.line];
    uint32_t units = 0;
    while (offset < file->len && file->text[offset] != '\n' && units < position.character) {
        units += utf16_units((unsigned char)file->text[offset]);
        offset++;
        while (offset < file->len && utf16_units((unsigned char)file->text[offset]) == 0) offset++;
    }
    return offset;
}
