#include "help.h"

#include <string.h>

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static const char *const GROUP_TITLES[HELP_GROUP_COUNT] = {
    [HELP_ACTIONS] = "动作（默认 -check）",
    [HELP_INPUT_OUTPUT] = "输入与输出",
    [HELP_DIAGNOSTICS] = "诊断",
    [HELP_PIPELINE] = "中间表示（YIR；输入也可以是 .yir 文件）",
    [HELP_PTX] = "千手（PTX）",
    [HELP_INFO] = "信息",
    [HELP_RUN] = ("yusec run 文件 [选项]：在 GPU（经 CUDA 驱动即时编译 PTX）或 CPU（执行 YIR）上运行一个计算入口，"
                  "打印读写缓冲的结果；千手的选项（-arch -ptx-version -O0…-O3 -fno-fma -lineinfo -I）、"
                  "诊断的选项（-fdiagnostics-format= 等）与 -q -v -### 也适用"),
};

static const HelpEntry ENTRIES[] = {
    {HELP_ACTIONS, "-dump-ast", "打印语法树"},
    {HELP_ACTIONS, "-check, 检查", "语法分析、类型检查、降级与一致性分析（WGSL 的遍流程，与各目标报同样的错），不生成代码"},
    {HELP_ACTIONS, "-emit-ir", "打印 YIR（中间表示）"},
    {HELP_ACTIONS, "-emit-wgsl, 译", "译成 WGSL，入口表打印到标准错误"},
    {HELP_ACTIONS, "-emit-msl, 金属", "译成 MSL，入口表打印到标准错误"},
    {HELP_ACTIONS, "-emit-ptx, 千手", "译成 PTX，入口表打印到标准错误"},
    {HELP_ACTIONS, "-emit-cubin", "译成 PTX 再经 CUDA 工具包的 ptxas 汇编成 cubin（-arch 定架构；须有 -o）"},
    {HELP_ACTIONS, "-emit-fatbin", "cubin 与 PTX 经 fatbinary 合成 fatbin（驱动可对更新的 GPU 即时编译其 PTX；须有 -o）"},
    {HELP_ACTIONS, "-emit-dot", "每个函数的结构化控制流画成 Graphviz：块与指令，值按一致性着色，非一致分支标红（-target= 选流程）"},
    {HELP_ACTIONS, "-emit-llvm", "打印千手交给 NVPTX 后端的 LLVM IR（已经 LLVM 优化；可交给 llc-19 对照）；-o 名.bc 写 LLVM 位码"},
    {HELP_ACTIONS, "-emit-gen, 生成", "打印高级代码导入时所得模块的源码"},
    {HELP_ACTIONS, "--entries=json", "打印入口与资源在三个目标里的位置（JSON）"},
    {HELP_ACTIONS, "-emit=wgsl,msl,ptx,gen,json,h,table,cubin,fatbin",
     ("一次前端，把所列的输出写进 -o-dir 目录：名.wgsl 名.metal 名.ptx 名。着色生成。豫 名.json 名.h（C 头文件）"
      " 名.table.h（所列文本、二进制与入口表的 C 常量，供 yusec_add_shaders 的总表）名.cubin 名.fatbin；-arch=sm_80,sm_90 时 PTX 每个架构一份（名.sm_80.ptx …）")},
    {HELP_ACTIONS, "run", "运行一个计算入口（见下面的 yusec run）"},

    {HELP_INPUT_OUTPUT, "文件", "输入：名。着色器。豫 或 .yir；写成 - 时从标准输入读"},
    {HELP_INPUT_OUTPUT, "--stdin-name 名字", "标准输入的源当作这个路径（包发现与报错用；默认 <stdin>）"},
    {HELP_INPUT_OUTPUT, "@文件", "从文件读更多参数（空白分隔，'…' \"…\" 引用，\\ 转义；可嵌套；展开后至多 1000000 个参数、64 MiB、读 10000 个文件）"},
    {HELP_INPUT_OUTPUT, "-o 文件", "输出写到文件（默认标准输出）"},
    {HELP_INPUT_OUTPUT, "-o-dir 目录", "-emit=列表 的输出写进这个目录（全成或全不写；目录不存在时连同上级创建）"},
    {HELP_INPUT_OUTPUT, "-I 目录", "在目录里找包（可多次）"},
    {HELP_INPUT_OUTPUT, "-MD", "另写 Make/Ninja 依赖文件（须有 -o 或 -o-dir；路径里不留 . 与 目录/..）"},
    {HELP_INPUT_OUTPUT, "-MMD", "同 -MD，但不列内建包「点染」的文件（如 gcc 不列系统头文件）"},
    {HELP_INPUT_OUTPUT, "-MF 文件", "依赖文件的路径（默认为 -o 的文件加 .d）"},
    {HELP_INPUT_OUTPUT, "-MT 目标", "依赖文件里规则的目标用这个名字，不用输出文件（可多次；须有 -MD、-MMD 或 -MF）"},
    {HELP_INPUT_OUTPUT, "-MP", "依赖文件里再给输入以外的每个依赖一条空规则（删了它 make 不报错）"},
    {HELP_INPUT_OUTPUT, "-q", "任何动作都可用：标准错误上只留诊断，不打印提示——入口表（-emit-wgsl、-emit-msl、-emit-ptx、-emit-llvm）、\n"
                               "run 改在 CPU 上执行的提示；工具词 译 金属 千手 照着七总打印入口表，不与 -q 同用"},
    {HELP_INPUT_OUTPUT, "-ffile-prefix-map=旧=新", "输出里写到的路径以 旧 开头时换成 新（可多次，后给的先试）"},

    {HELP_DIAGNOSTICS, "-fmax-errors=N", "最多报告 N 条错误（0 为不限，默认 20）"},
    {HELP_DIAGNOSTICS, "-fdiagnostics-format=F", "诊断的格式：text（默认）、json（每条一行 JSON）、sarif（SARIF 2.1.0，结束时写出）"},
    {HELP_DIAGNOSTICS, "-fdiagnostics-color=C", "彩色诊断：auto（默认：标准错误是终端且未设 NO_COLOR）、always、never；\n"
                                               "-fdiagnostics-color 即 always，-fno-diagnostics-color 即 never"},
    {HELP_DIAGNOSTICS, "-Werror", "警告当作错误（退出码 1）"},
    {HELP_DIAGNOSTICS, "-W名字, -Wno-名字", "打开、关掉一条警告（名字见 docs/diagnostics.md 或 yusec --explain；\n"
                                         "未知的名字与错误的名字是用法错误，退出码 2）"},
    {HELP_DIAGNOSTICS, "-Werror=名字, -Wno-error=名字", "这条警告当作错误；-Werror 之下仍只是警告"},
    {HELP_DIAGNOSTICS, "-Wall", "打开所有警告（警告默认都开；撤销前面的 -Wno-名字）"},
    {HELP_DIAGNOSTICS, "-w", "不报告警告"},

    {HELP_PIPELINE, "-target=T", "-emit-ir 与 -emit-dot 按哪个目标的默认流程（wgsl、msl、ptx；默认 wgsl）"},
    {HELP_PIPELINE, "-passes=a,b,c", "只运行这些遍（遍名见 docs/passes.md；未知的遍是用法错误）"},
    {HELP_PIPELINE, "-O0", "-emit-ir 时不运行任何遍（降级所得）；-emit-ptx 时为 LLVM 优化级别 -O0…-O3"},
    {HELP_PIPELINE, "-print-after-all", "每个遍之后打印 YIR（标准错误）"},
    {HELP_PIPELINE, "-print-after=遍", "在该遍之后打印 YIR（标准错误；与 -emit-dot 同用时打印 Graphviz）"},
    {HELP_PIPELINE, "-verify-each", "每个遍之后校验 YIR"},
    {HELP_PIPELINE, "-fno-uniformity-check", "一致性分析报错时仍然输出（用来与 Tint 对照）"},
    {HELP_PIPELINE, "-fbounds-check", "越界的下标夹到最后一个元素（三个目标一样；运行期数组的长度由宿主另传）"},
    {HELP_PIPELINE, "-fclassic-uniform-layout", "按经典的 16 字节均匀缓冲规则检查均匀缓冲（报出不合的字段）"},
    {HELP_PIPELINE, "-finline-budget=N", "千手内联预算：一个函数的额外副本超过 N 条指令就保留为函数（默认 4096）"},

    {HELP_PTX, "-arch=sm_XX, -arch sm_XX", "目标计算能力：sm_80（默认）、sm_86、sm_89、sm_90、sm_90a；-emit=列表 可列多个（逗号分隔）；用到张量片（着十三，wgmma）的模块总写成 sm_90a"},
    {HELP_PTX, "-ptx-version=8.X", "PTX 版本 8.0（默认）至 8.5"},
    {HELP_PTX, "-fno-fma", "不把乘加合成 fma"},
    {HELP_PTX, "-lineinfo, -g", ("PTX 里写 .file/.loc 行号信息，指令对应到豫言源的行与列（nvdisasm -g 与 Nsight Compute 可见；"
                                 "cubin、fatbin、生成的模块同）；-g 眼下与 -lineinfo 相同，不含变量的调试信息；\n"
                                 "-emit-ir 时每个函数与指令后注明「 ; 文件:行:列」；WGSL 与 MSL 不变")},

    {HELP_INFO, "-v", "在标准错误打印所运行的各个阶段（run：另打印 --verbose 的信息）"},
    {HELP_INFO, "-###", "只打印将运行的各个阶段，不运行（run：不编译、不碰设备、不运行内核、不写 --out）"},
    {HELP_INFO, "--help, -h", "显示本帮助"},
    {HELP_INFO, "--version", "显示版本、源码修订与 PTX 插件所用的 LLVM 版本"},
    {HELP_INFO, "--explain 代码", "说明一条诊断：代码（Y0303）或名字（undefined-name），见 docs/diagnostics.md；\n"
                                 "没有这条诊断时退出码 2"},

    {HELP_RUN, "--entry 入口", "入口项或其函数名；只有一个计算入口时可省"},
    {HELP_RUN, "--grid X[,Y,Z]", "工作组数（默认 1）"},
    {HELP_RUN, "--buffer 组:绑定=类型:值", "缓冲的初值（可多次）；类型 u32、i32、f32；\n"
                                        "值写成 1,2,3 或 个数*值（如 1024*0），或 @文件（小端原始数据）"},
    {HELP_RUN, "--out 组:绑定=文件", "把该缓冲的结果写进文件（原始数据），不打印"},
    {HELP_RUN, "--texture 组:绑定=格式:宽x高:值", "二维纹理（一个层级）；格式 r32float、rg32float、rgba32float、\n"
                                            "r32uint、rgba32uint、r32sint、rgba32sint、rgba8unorm、depth32float；\n"
                                            "值同 --buffer，每个通道一个字（rgba8unorm 每个纹素一个 u32，红在低字节）"},
    {HELP_RUN, "--sampler 组:绑定=过滤[:寻址[:比较]]", "采样器：nearest、linear；clamp-to-edge、repeat、mirror-repeat；\n"
                                                 "比较采样器另给 never、less、equal、less-equal、greater、\n"
                                                 "not-equal、greater-equal、always"},
    {HELP_RUN, "--shape 组:绑定=行数x列数", "张量映射绑定的张量形状（每个张量映射都要给）：它的 --buffer\n"
                                          "恰是 行数×列数 个元素，按行存放；GPU 上据此建 CUtensorMap"},
    {HELP_RUN, "--ptx 文件", "用这份 PTX，不再翻译（先与参数约定核对）"},
    {HELP_RUN, "--device 设备", "gpu（默认，第 0 块）、GPU 编号 N、cpu（CPU 执行 YIR）、\n"
                              "auto（有可用的 GPU 用 GPU，没有就用 CPU）"},
    {HELP_RUN, "--subgroup-size N", "CPU 上的子组大小（默认 32；4 至 128 的二的幂）"},
    {HELP_RUN, "--max-steps N", "CPU 执行的步数上限（整个派发共计；默认 1000000000）：\n"
                              "每执行一条 YIR 指令算一步，超过即停，报告当时的指令位置，退出码 1"},
    {HELP_RUN, "--dry-run", "只编译并打印参数安排，不需要 GPU"},
    {HELP_RUN, "--verbose", "在标准错误打印 GPU 与即时编译的信息"},
    {HELP_RUN, "--batch 文件", "批处理：文件每行是一次 run 的参数，依次运行，共用一个 GPU 上下文；\n"
                             "每行之后打印「== 第 N 行：退出码 S」（不与其他参数同用）"},
};

static const char USAGE[] = "用法：yusec [选项] 文件\n"
                            "      yusec 检查|译|金属|千手|生成 [选项] 文件\n"
                            "      yusec run 文件 [选项]\n"
                            "      yusec lsp [--stdio] [-I 目录]…（语言服务器，见 docs/editor.md）\n"
                            "      yusec fmt [-i | --check] 文件… | -（标准排版：按嵌套以全角空格缩进，"
                            "去行尾空白、并空行；一个文件时写到标准输出，-i 就地改写有变的文件，"
                            "--check 列出会变的文件；见 docs/format.md）\n"
                            "\n"
                            "把豫言着色源（名。着色器。豫）译成 WGSL、MSL 与 PTX。\n";

static const char EXIT_STATUS[] = "退出码：0 成功，1 报告了错误，2 用法、读写错误或内存不足。\n"
                                  "退出码（fmt）：0 成功（--check：没有会变的文件），1 源有错误、读写失败或（--check）有会变的文件，2 用法错误。\n";
static const char RUN_EXIT_STATUS[] =
    "退出码（run）：0 成功，1 编译错误或运行失败，2 用法、读写错误、内存不足或没有可用的 GPU。\n";

const HelpEntry *help_entries(size_t *count) {
    *count = COUNT(ENTRIES);
    return ENTRIES;
}

const char *help_group_title(HelpGroup group) { return GROUP_TITLES[group]; }

/* Display width of UTF-8 text: CJK and full-width characters count two columns. */
static int display_width(const char *text) {
    int width = 0;
    for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
        if ((*p & 0xC0) == 0x80) continue;
        width += *p >= 0xE3 ? 2 : 1;  /* U+3000 and above: CJK, full-width punctuation */
    }
    return width;
}

enum { SPELLING_COLUMN = 28 };

static void print_entry(FILE *out, const HelpEntry *entry) {
    int width = display_width(entry->spelling);
    fprintf(out, "  %s", entry->spelling);
    int pad = width < SPELLING_COLUMN - 1 ? SPELLING_COLUMN - width : 1;
    if (width >= SPELLING_COLUMN - 1) {
        fprintf(out, "\n");
        pad = SPELLING_COLUMN + 2;
    }
    fprintf(out, "%*s", pad, "");
    for (const char *line = entry->text; *line;) {
        size_t len = strcspn(line, "\n");
        fprintf(out, "%.*s\n", (int)len, line);
        line += len;
        if (*line == '\n' && *++line) fprintf(out, "%*s", SPELLING_COLUMN + 2, "");
    }
}

static void print_group(FILE *out, HelpGroup group) {
    fprintf(out, "\n%s：\n", GROUP_TITLES[group]);
    for (size_t i = 0; i < COUNT(ENTRIES); i++)
        if (ENTRIES[i].group == group) print_entry(out, &ENTRIES[i]);
}

void help_print(FILE *out) {
    fputs(USAGE, out);
    for (int group = 0; group < HELP_GROUP_COUNT; group++) print_group(out, (HelpGroup)group);
    fprintf(out, "\n%s%s", EXIT_STATUS, RUN_EXIT_STATUS);
}

void help_print_run(FILE *out) {
    fputs("用法：yusec run 文件 [选项]\n", out);
    print_group(out, HELP_RUN);
    fprintf(out, "\n%s", RUN_EXIT_STATUS);
}

/* Text for roff: a leading '.' or '\'' would start a request; '\' and '-' are escaped. */
static void roff_text(FILE *out, const char *text, size_t len) {
    for (size_t i = 0; i < len; i++) {
        char c = text[i];
        if (c == '\\') fputs("\\e", out);
        else if (c == '-') fputs("\\-", out);
        else if ((c == '.' || c == '\'') && (i == 0 || text[i - 1] == '\n')) fprintf(out, "\\&%c", c);
        else if (c == '\n' && i + 1 < len) fputs("\n.br\n", out);
        else if (c == '\n') continue;  /* the caller ends the line */
        else fputc(c, out);
    }
}

static void roff_line(FILE *out, const char *text) {
    roff_text(out, text, strlen(text));
    fputc('\n', out);
}

void help_print_man(FILE *out, const char *version, const char *doc_dir) {
    fprintf(out, ".\\\" Generated by man/make_manpage.c from driver/help.c; do not edit.\n");
    fprintf(out, ".TH YUSEC 1 \"\" \"yusec %s\" \"User Commands\"\n", version);
    fputs(".ad l\n", out);  /* CJK text: no justification gaps */
    fputs(".SH NAME\nyusec \\- 把豫言着色源译成 WGSL、MSL 与 PTX 的着色器编译器\n", out);
    fputs(".SH SYNOPSIS\n.B yusec\n[\\fI选项\\fR] \\fI文件\\fR\n.br\n.B yusec\n"
          "\\fB检查\\fR|\\fB译\\fR|\\fB金属\\fR|\\fB千手\\fR|\\fB生成\\fR [\\fI选项\\fR] \\fI文件\\fR\n"
          ".br\n.B yusec run\n\\fI文件\\fR [\\fI选项\\fR]\n", out);
    fputs(".SH DESCRIPTION\n", out);
    roff_line(out, "把豫言着色源（名。着色器。豫）译成 WGSL、MSL 与 PTX；也打印语法树、YIR、生成模块与入口表，"
                   "并能在 GPU 或 CPU 上运行计算入口。");
    for (int group = 0; group < HELP_GROUP_COUNT; group++) {
        fputs(".SH ", out);
        roff_line(out, GROUP_TITLES[group]);
        for (size_t i = 0; i < COUNT(ENTRIES); i++) {
            if (ENTRIES[i].group != (HelpGroup)group) continue;
            fputs(".TP\n.B ", out);
            roff_line(out, ENTRIES[i].spelling);
            roff_line(out, ENTRIES[i].text);
        }
    }
    fputs(".SH \"EXIT STATUS\"\n", out);
    roff_line(out, EXIT_STATUS);
    fputs(".br\n", out);
    roff_line(out, RUN_EXIT_STATUS);
    fputs(".SH \"SEE ALSO\"\n", out);
    char see_also[1024];
    snprintf(see_also, sizeof see_also,
             "%s 里的文档（源码树的 docs/）：language.md（语言）、builtins.md（点染）、targets.md（目标）、"
             "passes.md（遍）、yir.md（YIR）、diagnostics.md（诊断）、generated.md（生成的模块与 C 头文件）、"
             "runtime.md 与 exec.md（yusec run）、packages.md（包）、library.md（libyusec）、editor.md（编辑器与 yusec lsp）",
             doc_dir);
    roff_line(out, see_also);
}
