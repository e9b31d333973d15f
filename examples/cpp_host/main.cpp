// A C++ host of the headers yusec writes for examples/加倍。着色器。豫 (yusec_add_shaders in
// CMakeLists.txt): 加倍.h gives the buffer's element type, its binding and the PTX launch
// facts, kernels_shaders.h the shader's texts — what a WebGPU, Metal or CUDA host needs to
// launch the kernel, no layout or name written twice. Here the kernel's work (数据[序] * 2u)
// runs on the CPU in its workgroups, and the facts are printed for the test to compare with
// the manifest (test/gen/test_cpp_host.sh).
#include <cstdio>
#include <cstring>
#include <vector>

#include "kernels_shaders.h"

namespace {

// Each invocation of one workgroup, as the GPU would run them.
void run_workgroup(std::vector<加倍_数据_element> &data, unsigned group) {
    for (unsigned local = 0; local < 加倍_加倍入口_WORKGROUP_SIZE_X; local++) {
        const unsigned index = group * 加倍_加倍入口_WORKGROUP_SIZE_X + local;
        if (index < data.size()) data[index] = data[index] * 2u;
    }
}

}  // namespace

int main() {
    static_assert(sizeof(加倍_数据_element) == 加倍_数据_STRIDE, "the element is one stride");
    std::vector<加倍_数据_element> data(10);
    for (std::size_t i = 0; i < data.size(); i++) data[i] = static_cast<加倍_数据_element>(i);
    const unsigned groups = static_cast<unsigned>((data.size() + 加倍_加倍入口_WORKGROUP_SIZE_X - 1) /
                                                  加倍_加倍入口_WORKGROUP_SIZE_X);
    for (unsigned group = 0; group < groups; group++) run_workgroup(data, group);
    std::printf("entry %s workgroup %u %u %u groups %u\n", 加倍_加倍入口_FUNCTION, 加倍_加倍入口_WORKGROUP_SIZE_X,
                加倍_加倍入口_WORKGROUP_SIZE_Y, 加倍_加倍入口_WORKGROUP_SIZE_Z, groups);
    std::printf("ptx %s params %u 数据 %u\n", 加倍_加倍入口_PTX_NAME, 加倍_加倍入口_PTX_PARAM_COUNT,
                加倍_加倍入口_PTX_PARAM_数据);
    std::printf("数据 group %u binding %u msl %u stride %u\n", 加倍_数据_GROUP, 加倍_数据_BINDING,
                加倍_数据_MSL_INDEX, 加倍_数据_STRIDE);
    const kernels_shader &shader = kernels_shaders[0];
    std::printf("shader %s entries %u wgsl %s msl %s ptx %s\n", shader.name, shader.entry_count,
                std::strstr(shader.wgsl, "fn 加倍") ? "yes" : "no", std::strstr(shader.msl, "kernel void") ? "yes" : "no",
                std::strstr(shader.ptx, 加倍_加倍入口_PTX_NAME) ? "yes" : "no");
    std::printf("data");
    for (加倍_数据_element value : data) std::printf(" %u", static_cast<unsigned>(value));
    std::printf("\n");
    return 0;
}
