; REQUIRES: llvm22
; Each entry point of a --target vulkan module lists only the global
; variables its own functions use (lib/spirv_interface.c). LLVM 22's backend
; listed every variable of the module in every interface, and NVIDIA's
; driver gave each pipeline the workgroup memory of all of them (each of
; bench/gpu cg's pipelines 7264 bytes where its own arrays take 1036; the
; step shader, which has none, 7264 too): fewer workgroups fit on a
; multiprocessor. Here two segments, each with its workgroup array of its
; own (a helper that is not inlined uses the second), a dynamic schedule
; (its step shader uses neither), and the interfaces against the ones
; spirv-opt --remove-unused-interface-variables leaves (the same count of
; words). The split runs on lavapipe byte for byte as the reference runs it.
;
; RUN: rm -rf %t && split-file %s %t
; RUN: %gridsplit --target vulkan -O2 -o %t/o %t/two.cl
; RUN: spirv-val --target-env vulkan1.3 %t/o/two.spv
; RUN: spirv-dis %t/o/two.spv | grep '"two.seg0"' | FileCheck %s --check-prefix=SEG0 --implicit-check-not=two_seg1_
; RUN: spirv-dis %t/o/two.spv | grep '"two.seg1"' | FileCheck %s --check-prefix=SEG1 --implicit-check-not=two_seg0_
; RUN: spirv-dis %t/o/two.spv | grep '"gs.step"' | FileCheck %s --check-prefix=STEP --implicit-check-not=Workgroup
; RUN: spirv-opt --remove-unused-interface-variables %t/o/two.spv -o %t/opt.spv
; RUN: spirv-dis %t/o/two.spv | grep OpEntryPoint | awk '{print NF}' > %t/ours.txt
; RUN: spirv-dis %t/opt.spv | grep OpEntryPoint | awk '{print NF}' | diff - %t/ours.txt
; RUN: %gridsplit run --runtime vulkan -O2 --check --grid 200 --workgroup 40 --kernel two --out %t/r %t/two.cl buf=zeros:800 tmp=zeros:800 steps=3 2>&1 | FileCheck %s --check-prefix=RAN

; SEG0: OpEntryPoint GLCompute %two_seg0 "two.seg0" {{.*}}%two_seg0_a
; SEG1: OpEntryPoint GLCompute %two_seg1 "two.seg1" {{.*}}%two_seg1_b
; STEP: OpEntryPoint GLCompute %gs_step "gs.step"
; STEP-NOT: _a_
; STEP-NOT: _b_
; RAN: gridsplit run: --check: every host-output buffer matches the reference

;--- two.cl
void gridsplit_grid_sync(void);

__attribute__((noinline)) uint mix(local uint *b, uint l, uint v) {
  b[l] = v * 3u + 1u;
  barrier(CLK_LOCAL_MEM_FENCE);
  return b[(l + 1u) % get_local_size(0)];
}

kernel void two(global uint *buf, global uint *tmp, uint steps) {
  local uint a[40];
  local uint b[40];
  uint l = get_local_id(0), g = get_global_id(0);
  for (uint s = 0; s < steps; s++) {
    a[l] = buf[g] + s;
    barrier(CLK_LOCAL_MEM_FENCE);
    tmp[g] = a[39u - l] ^ g;
    gridsplit_grid_sync();
    buf[g] = tmp[g] + mix(b, l, tmp[(g + 7u) % get_global_size(0)]);
    gridsplit_grid_sync();
  }
}
