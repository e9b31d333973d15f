#include <metal_stdlib>
using namespace metal;

float2 f() {
  return as_type<float2>(uint2(1065353216u, 4290772992u));
}
