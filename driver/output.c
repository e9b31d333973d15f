#include "output.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/file.h"
#include "base/memory.h"

void outputs_init(Outputs *outputs) {
    memset(outputs, 0, sizeof *outputs);
    strbuf_init(&outputs->stdout_text);
}

static bool file_has_content(const char *path, const char *text, size_t len) {
    const char *kind;
    FILE *stream = file_open_regular(path, &kind);
    if (!stream) return false;
    bool same = true;
    char chunk[8192];
    size_t pos = 0, got;
    while (same && (got = fread(chunk, 1, sizeof chunk, stream)) > 0) {
        if (pos + got > len || memcmp(chunk, text + pos, got) != 0) same = false;
        pos += got;
    }
    if (ferror(stream)) same = false;
    fclose(stream);
    return same && pos == len;
}

static char *copy_string(const char *text) {
    size_t len = strlen(text);
    char *copy = mem_alloc(len + 1);
    memcpy(copy, text, len + 1);
    return copy;
}

/* The mode a newly created file would get (0666 less the umask), or the existing file's. */
static mode_t final_mode(const char *path) {
    struct stat st;
    if (stat(path, &st) == 0) return st.st_mode & 07777;
    mode_t mask = umask(022);
    umask(mask);
    return 0666 & ~mask;
}

/* Writes text into a new temporary beside path; its name, or NULL after a report. */
static char *write_temporary(const char *path, const char *text, size_t len) {
    size_t path_len = strlen(path);
    char *temp = mem_alloc(path_len + sizeof ".tmpXXXXXX");
    memcpy(temp, path, path_len);
    memcpy(temp + path_len, ".tmpXXXXXX", sizeof ".tmpXXXXXX");
    int fd = mkstemp(temp);
    if (fd < 0) {
        fprintf(stderr, "yusec: error: 无法写文件 '%s'：%s\n", path, strerror(errno));
        mem_free(temp);
        return NULL;
    }
    FILE *stream = fdopen(fd, "wb");
    bool ok = stream && fchmod(fd, final_mode(path)) == 0 && fwrite(text, 1, len, stream) == len;
    int saved = errno;
    if (stream) ok = fclose(stream) == 0 && ok;
    else close(fd);
    if (!ok) {
        fprintf(stderr, "yusec: error: 写文件 '%s' 失败：%s\n", path, strerror(saved ? saved : errno));
        unlink(temp);
        mem_free(temp);
        return NULL;
    }
    return temp;
}

/* The directory part of path ("." when none) into `dir`, the rest returned. */
static const char *split_dir(const char *path, StrBuf *dir) {
    const char *slash = strrchr(path, '/');
    if (!slash) {
        strbuf_puts(dir, ".");
        return path;
    }
    if (slash == path) strbuf_puts(dir, "/");
    else strbuf_append(dir, path, (size_t)(slash - path));
    return slash + 1;
}

bool output_same_file(const char *a, const char *b) {
    if (strcmp(a, b) == 0) return true;
    struct stat sa, sb;
    if (stat(a, &sa) == 0 && stat(b, &sb) == 0) return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
    StrBuf dir_a, dir_b;
    strbuf_init(&dir_a);
    strbuf_init(&dir_b);
    const char *name_a = split_dir(a, &dir_a), *name_b = split_dir(b, &dir_b);
    bool same = strcmp(name_a, name_b) == 0 && stat(strbuf_cstr(&dir_a), &sa) == 0 &&
                stat(strbuf_cstr(&dir_b), &sb) == 0 && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
    strbuf_free(&dir_a);
    strbuf_free(&dir_b);
    return same;
}

bool outputs_stage(Outputs *outputs, const char *path, const char *text, size_t len) {
    if (!path || strcmp(path, "-") == 0) {
        strbuf_append(&outputs->stdout_text, text, len);
        outputs->has_stdout = true;
        return true;
    }
    for (int i = 0; i < outputs->file_count; i++)
        if (output_same_file(outputs->files[i].path, path)) {
            fprintf(stderr, "yusec: error: 两个输出都写到 '%s'（'%s' 与它是同一个文件；如 -MF 与 -o 相同），"
                            "后一个会替换前一个，拒绝\n", path, outputs->files[i].path);
            return false;
        }
    if (outputs->file_count == OUTPUTS_MAX_FILES) {
        fprintf(stderr, "yusec: error: 内部错误：输出文件过多（'%s'）\n", path);
        return false;
    }
    struct stat st;
    bool exists = stat(path, &st) == 0;
    if (exists && S_ISDIR(st.st_mode)) {
        fprintf(stderr, "yusec: error: 无法写文件 '%s'：它是目录\n", path);
        return false;
    }
    StagedFile *file = &outputs->files[outputs->file_count];
    memset(file, 0, sizeof *file);
    strbuf_init(&file->direct);
    struct stat link;
    bool is_link = lstat(path, &link) == 0 && S_ISLNK(link.st_mode);
    if ((exists && !S_ISREG(st.st_mode)) || is_link) {
        /* A device or FIFO cannot be renamed over, and a symbolic link (-o /dev/stdout, a
         * link into another tree) must stay one: they get the bytes at commit. */
        file->is_direct = true;
        strbuf_append(&file->direct, text, len);
    } else if (!file_has_content(path, text, len)) {
        file->temp = write_temporary(path, text, len);
        if (!file->temp) return false;
    }
    file->path = copy_string(path);
    outputs->file_count++;
    return true;
}

static void release(Outputs *outputs) {
    for (int i = 0; i < outputs->file_count; i++) {
        mem_free(outputs->files[i].path);
        mem_free(outputs->files[i].temp);
        strbuf_free(&outputs->files[i].direct);
    }
    outputs->file_count = 0;
    strbuf_free(&outputs->stdout_text);
    outputs->has_stdout = false;
}

static bool write_direct(StagedFile *file) {
    FILE *stream = fopen(file->path, "wb");
    bool ok = stream && fwrite(strbuf_cstr(&file->direct), 1, file->direct.len, stream) ==
                            file->direct.len;
    if (stream) ok = fclose(stream) == 0 && ok;
    if (!ok) fprintf(stderr, "yusec: error: 写文件 '%s' 失败：%s\n", file->path, strerror(errno));
    return ok;
}

bool outputs_commit(Outputs *outputs) {
    bool ok = true;
    for (int i = 0; i < outputs->file_count; i++) {
        StagedFile *file = &outputs->files[i];
        if (file->is_direct && ok) ok = write_direct(file);
        if (!file->temp) continue;
        if (ok && rename(file->temp, file->path) == 0) continue;
        if (ok) fprintf(stderr, "yusec: error: 无法写文件 '%s'：%s\n", file->path, strerror(errno));
        ok = false;
        unlink(file->temp);
    }
    if (ok && outputs->has_stdout) {
        size_t len = outputs->stdout_text.len;
        if (fwrite(strbuf_cstr(&outputs->stdout_text), 1, len, stdout) != len || fflush(stdout) != 0) {
            fprintf(stderr, "yusec: error: 写标准输出失败：%s\n", strerror(errno));
            ok = false;
        }
    }
    release(outputs);
    return ok;
}

void outputs_discard(Outputs *outputs) {
    for (int i = 0; i < outputs->file_count; i++)
        if (outputs->files[i].temp) unlink(outputs->files[i].temp);
    release(outputs);
}

bool output_is_input(const char *path, const char *const *inputs, size_t count) {
    struct stat out;
    if (!path || strcmp(path, "-") == 0 || stat(path, &out) != 0) return false;
    for (size_t i = 0; i < count; i++) {
        struct stat in;
        if (inputs[i] && stat(inputs[i], &in) == 0 && in.st_dev == out.st_dev &&
            in.st_ino == out.st_ino)
            return true;
    }
    return false;
}
