@group(0) @binding(0) var<storage, read> 甲: array<u32>;
@group(0) @binding(1) var<storage, read> 乙: array<u32>;
@group(0) @binding(2) var<storage, read_write> 无果: array<u32>;
@group(0) @binding(3) var<storage, read_write> 整果: array<i32>;

const 四无: u32 = 4u;
const 三无: u32 = 3u;
const 常向: vec2<i32> = vec2<i32>(2i, -3i);
const 常点: i32 = 13i;

fn 取甲(序: u32, 分: u32) -> u32 {
  return 甲[序 * 四无 + 分];
}

fn 取乙(序: u32, 分: u32) -> u32 {
  return 乙[序 * 四无 + 分];
}

fn 整(x: u32) -> i32 {
  return bitcast<i32>(x);
}

@compute @workgroup_size(8)
fn 算(@builtin(global_invocation_id) 号: vec3<u32>) {
  let 序 = 号.x;
  let 甲零 = 取甲(序, 0);
  let 甲一 = 取甲(序, 1);
  let 甲二 = 取甲(序, 2);
  let 甲三 = 取甲(序, 3);
  let 乙零 = 取乙(序, 0);
  let 乙一 = 取乙(序, 1);
  let 乙二 = 取乙(序, 2);
  let 乙三 = 取乙(序, 3);
  let 无二 = dot(vec2<u32>(甲零, 甲一), vec2<u32>(乙零, 乙一));
  let 无三 = dot(vec3<u32>(甲零, 甲一, 甲二), vec3<u32>(乙零, 乙一, 乙二));
  let 无四 = dot(vec4<u32>(甲零, 甲一, 甲二, 甲三), vec4<u32>(乙零, 乙一, 乙二, 乙三));
  let _1 = 整(甲零);
  let _2 = 整(甲一);
  let _3 = 整(甲二);
  let 整甲 = vec4<i32>(_1, _2, _3, 整(甲三));
  let _4 = 整(乙零);
  let _5 = 整(乙一);
  let _6 = 整(乙二);
  let 整乙 = vec4<i32>(_4, _5, _6, 整(乙三));
  let 整二 = dot(vec2<i32>(整甲.x, 整甲.y), vec2<i32>(整乙.x, 整乙.y));
  let 整三 = dot(vec3<i32>(整甲.x, 整甲.y, 整甲.z), vec3<i32>(整乙.x, 整乙.y, 整乙.z));
  let 整四 = dot(整甲, 整乙);
  无果[序 * 三无] = 无二;
  无果[序 * 三无 + 1] = 无三;
  无果[序 * 三无 + 2] = 无四;
  整果[序 * 三无] = 整二 + 常点;
  整果[序 * 三无 + 1] = 整三;
  整果[序 * 三无 + 2] = 整四;
}
