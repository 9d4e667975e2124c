; The OpenCL C work-item functions and the workgroup barrier for NVPTX, from
; the PTX special registers (PTX ISA, "Special Registers") and bar.sync: a
; minimal device library so that OpenCL C kernels compiled for
; nvptx64-nvidia-cuda (clang -x cl) can be split and run on an NVIDIA GPU.
; Link it with llvm-link and inline it (opt -passes=always-inline).
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.z()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.z()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.z()
declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.z()
declare void @llvm.nvvm.barrier0()

define internal i64 @sreg(i32 %which, i32 %d) alwaysinline {
entry:
  %k = mul i32 %which, 3
  %i = add i32 %k, %d
  switch i32 %i, label %z [ i32 0, label %tx  i32 1, label %ty  i32 2, label %tz
                            i32 3, label %nx  i32 4, label %ny  i32 5, label %nz
                            i32 6, label %cx  i32 7, label %cy  i32 8, label %cz
                            i32 9, label %gx  i32 10, label %gy i32 11, label %gz ]
tx: %a0 = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %done
ty: %a1 = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  br label %done
tz: %a2 = call i32 @llvm.nvvm.read.ptx.sreg.tid.z()
  br label %done
nx: %a3 = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  br label %done
ny: %a4 = call i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
  br label %done
nz: %a5 = call i32 @llvm.nvvm.read.ptx.sreg.ntid.z()
  br label %done
cx: %a6 = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  br label %done
cy: %a7 = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
  br label %done
cz: %a8 = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.z()
  br label %done
gx: %a9 = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  br label %done
gy: %a10 = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.y()
  br label %done
gz: %a11 = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.z()
  br label %done
z:
  br label %done
done:
  %r = phi i32 [ %a0, %tx ], [ %a1, %ty ], [ %a2, %tz ], [ %a3, %nx ], [ %a4, %ny ], [ %a5, %nz ],
               [ %a6, %cx ], [ %a7, %cy ], [ %a8, %cz ], [ %a9, %gx ], [ %a10, %gy ], [ %a11, %gz ],
               [ 1, %z ]
  %w = zext i32 %r to i64
  ret i64 %w
}

define i64 @_Z12get_local_idj(i32 %d) alwaysinline {
  %r = call i64 @sreg(i32 0, i32 %d)
  ret i64 %r
}
define i64 @_Z14get_local_sizej(i32 %d) alwaysinline {
  %r = call i64 @sreg(i32 1, i32 %d)
  ret i64 %r
}
define i64 @_Z12get_group_idj(i32 %d) alwaysinline {
  %r = call i64 @sreg(i32 2, i32 %d)
  ret i64 %r
}
define i64 @_Z14get_num_groupsj(i32 %d) alwaysinline {
  %r = call i64 @sreg(i32 3, i32 %d)
  ret i64 %r
}
define i64 @_Z13get_global_idj(i32 %d) alwaysinline {
  %g = call i64 @sreg(i32 2, i32 %d)
  %n = call i64 @sreg(i32 1, i32 %d)
  %l = call i64 @sreg(i32 0, i32 %d)
  %b = mul i64 %g, %n
  %r = add i64 %b, %l
  ret i64 %r
}
define i64 @_Z15get_global_sizej(i32 %d) alwaysinline {
  %g = call i64 @sreg(i32 3, i32 %d)
  %n = call i64 @sreg(i32 1, i32 %d)
  %r = mul i64 %g, %n
  ret i64 %r
}
define void @_Z7barrierj(i32 %flags) alwaysinline convergent {
  call void @llvm.nvvm.barrier0()
  ret void
}
define i32 @_Z10atomic_addPU3AS1Vii(ptr addrspace(1) %p, i32 %v) alwaysinline {
  %o = atomicrmw add ptr addrspace(1) %p, i32 %v seq_cst, align 4
  ret i32 %o
}
define i32 @_Z10atomic_addPU3AS3Vii(ptr addrspace(3) %p, i32 %v) alwaysinline {
  %o = atomicrmw add ptr addrspace(3) %p, i32 %v seq_cst, align 4
  ret i32 %o
}

; OpenCL C 1.2 atomic functions (6.12.11) and their atom_ names (cl_khr_*_base_atomics)
define i32 @_Z10atomic_addPU3AS1Vjj(ptr addrspace(1) %p, i32 %v) alwaysinline {
  %o = atomicrmw add ptr addrspace(1) %p, i32 %v seq_cst, align 4
  ret i32 %o
}
define i32 @_Z10atomic_subPU3AS1Vii(ptr addrspace(1) %p, i32 %v) alwaysinline {
  %o = atomicrmw sub ptr addrspace(1) %p, i32 %v seq_cst, align 4
  ret i32 %o
}
define i32 @_Z10atomic_incPU3AS1Vi(ptr addrspace(1) %p) alwaysinline {
  %o = atomicrmw add ptr addrspace(1) %p, i32 1 seq_cst, align 4
  ret i32 %o
}
define i32 @_Z10atomic_incPU3AS1Vj(ptr addrspace(1) %p) alwaysinline {
  %o = atomicrmw add ptr addrspace(1) %p, i32 1 seq_cst, align 4
  ret i32 %o
}
define i32 @_Z8atom_incPU3AS1Vi(ptr addrspace(1) %p) alwaysinline {
  %o = atomicrmw add ptr addrspace(1) %p, i32 1 seq_cst, align 4
  ret i32 %o
}
define i32 @_Z10atomic_incPU3AS3Vi(ptr addrspace(3) %p) alwaysinline {
  %o = atomicrmw add ptr addrspace(3) %p, i32 1 seq_cst, align 4
  ret i32 %o
}
define i32 @_Z10atomic_incPU3AS3Vj(ptr addrspace(3) %p) alwaysinline {
  %o = atomicrmw add ptr addrspace(3) %p, i32 1 seq_cst, align 4
  ret i32 %o
}
define i32 @_Z10atomic_minPU3AS1Vii(ptr addrspace(1) %p, i32 %v) alwaysinline {
  %o = atomicrmw min ptr addrspace(1) %p, i32 %v seq_cst, align 4
  ret i32 %o
}
define i32 @_Z10atomic_maxPU3AS1Vii(ptr addrspace(1) %p, i32 %v) alwaysinline {
  %o = atomicrmw max ptr addrspace(1) %p, i32 %v seq_cst, align 4
  ret i32 %o
}
define i32 @_Z11atomic_xchgPU3AS1Vii(ptr addrspace(1) %p, i32 %v) alwaysinline {
  %o = atomicrmw xchg ptr addrspace(1) %p, i32 %v seq_cst, align 4
  ret i32 %o
}
define i32 @_Z14atomic_cmpxchgPU3AS1Viii(ptr addrspace(1) %p, i32 %cmp, i32 %v) alwaysinline {
  %r = cmpxchg ptr addrspace(1) %p, i32 %cmp, i32 %v seq_cst seq_cst, align 4
  %o = extractvalue { i32, i1 } %r, 0
  ret i32 %o
}

; integer and float functions (6.12.3, 6.12.2) whose results are exact
define i32 @_Z3minii(i32 %a, i32 %b) alwaysinline {
  %r = call i32 @llvm.smin.i32(i32 %a, i32 %b)
  ret i32 %r
}
define i32 @_Z3maxii(i32 %a, i32 %b) alwaysinline {
  %r = call i32 @llvm.smax.i32(i32 %a, i32 %b)
  ret i32 %r
}
define i32 @_Z5clampiii(i32 %x, i32 %lo, i32 %hi) alwaysinline {
  %a = call i32 @llvm.smax.i32(i32 %x, i32 %lo)
  %r = call i32 @llvm.smin.i32(i32 %a, i32 %hi)
  ret i32 %r
}
define float @_Z4fmaxff(float %a, float %b) alwaysinline {
  %r = call float @llvm.maxnum.f32(float %a, float %b)
  ret float %r
}
define float @_Z4fabsf(float %a) alwaysinline {
  %r = call float @llvm.fabs.f32(float %a)
  ret float %r
}
define float @_Z8copysignff(float %a, float %b) alwaysinline {
  %r = call float @llvm.copysign.f32(float %a, float %b)
  ret float %r
}
define float @_Z4sqrtf(float %a) alwaysinline {
  %r = call float @llvm.sqrt.f32(float %a)
  ret float %r
}
define float @_Z3fmafff(float %a, float %b, float %c) alwaysinline {
  %r = call float @llvm.fma.f32(float %a, float %b, float %c)
  ret float %r
}
declare i32 @llvm.smin.i32(i32, i32)
declare i32 @llvm.smax.i32(i32, i32)
declare float @llvm.maxnum.f32(float, float)
declare float @llvm.fabs.f32(float)
declare float @llvm.copysign.f32(float, float)
declare float @llvm.sqrt.f32(float)
declare float @llvm.fma.f32(float, float, float)

; OpenCL C 2.0 atomics (6.13.11) on generic pointers to atomic_int: every
; memory order and scope is served by seq_cst at system scope, which is at
; least as strong as any the kernel asks for. NVPTX in LLVM 15 selects no
; atomic load or store, so they are read-modify-writes that change nothing
; (or 0) and exchanges.
define void @_Z11atomic_initPVU7_Atomicii(ptr %p, i32 %v) alwaysinline {
  store i32 %v, ptr %p, align 4
  ret void
}
define i32 @_Z16atomic_fetch_addPVU7_Atomicii(ptr %p, i32 %v) alwaysinline {
  %o = atomicrmw add ptr %p, i32 %v seq_cst, align 4
  ret i32 %o
}
define i32 @_Z25atomic_fetch_add_explicitPVU7_Atomicii12memory_order(ptr %p, i32 %v, i32 %order) alwaysinline {
  %o = atomicrmw add ptr %p, i32 %v seq_cst, align 4
  ret i32 %o
}
define i32 @_Z25atomic_fetch_add_explicitPVU7_Atomicii12memory_order12memory_scope(ptr %p, i32 %v, i32 %order, i32 %scope) alwaysinline {
  %o = atomicrmw add ptr %p, i32 %v seq_cst, align 4
  ret i32 %o
}
define i32 @_Z20atomic_load_explicitPVU7_Atomici12memory_order(ptr %p, i32 %order) alwaysinline {
  %v = atomicrmw or ptr %p, i32 0 seq_cst, align 4
  ret i32 %v
}
define void @_Z21atomic_store_explicitPVU7_Atomicii12memory_order(ptr %p, i32 %v, i32 %order) alwaysinline {
  %o = atomicrmw xchg ptr %p, i32 %v seq_cst, align 4
  ret void
}
; true when *P held *EXPECTED (and now holds DESIRED); else *EXPECTED gets *P
define zeroext i1 @_Z30atomic_compare_exchange_strongPVU7_AtomiciPii(ptr %p, ptr %expected, i32 %desired) alwaysinline {
  %e = load i32, ptr %expected, align 4
  %r = cmpxchg ptr %p, i32 %e, i32 %desired seq_cst seq_cst, align 4
  %old = extractvalue { i32, i1 } %r, 0
  %ok = extractvalue { i32, i1 } %r, 1
  br i1 %ok, label %done, label %update
update:
  store i32 %old, ptr %expected, align 4
  br label %done
done:
  ret i1 %ok
}

; Vector loads and stores (6.13.7) and the geometric dot (6.13.5) on float2 and float4:
; the products summed in order, as the OpenCL reference computes them.
define <4 x float> @_Z6vload4mPKf(i64 %offset, ptr %p) alwaysinline {
  %i = mul i64 %offset, 4
  %q = getelementptr inbounds float, ptr %p, i64 %i
  %v = load <4 x float>, ptr %q, align 4
  ret <4 x float> %v
}
define void @_Z7vstore4Dv4_fmPf(<4 x float> %v, i64 %offset, ptr %p) alwaysinline {
  %i = mul i64 %offset, 4
  %q = getelementptr inbounds float, ptr %p, i64 %i
  store <4 x float> %v, ptr %q, align 4
  ret void
}
define float @_Z3dotDv2_fS_(<2 x float> %a, <2 x float> %b) alwaysinline {
  %m = fmul <2 x float> %a, %b
  %m0 = extractelement <2 x float> %m, i32 0
  %m1 = extractelement <2 x float> %m, i32 1
  %s = fadd float %m0, %m1
  ret float %s
}
define float @_Z3dotDv4_fS_(<4 x float> %a, <4 x float> %b) alwaysinline {
  %m = fmul <4 x float> %a, %b
  %m0 = extractelement <4 x float> %m, i32 0
  %m1 = extractelement <4 x float> %m, i32 1
  %m2 = extractelement <4 x float> %m, i32 2
  %m3 = extractelement <4 x float> %m, i32 3
  %s1 = fadd float %m0, %m1
  %s2 = fadd float %s1, %m2
  %s3 = fadd float %s2, %m3
  ret float %s3
}

; exp and rsqrt (6.13.2). exp(x) = 2^t (1 + r ln2) with t = x*log2(e)
; rounded and r its rounding error (fma) plus x times log2(e)'s low part,
; so that the argument's rounding does not grow with |x|; 2^t from PTX's
; ex2.approx (2 ulp). rsqrt is the correctly rounded 1/sqrt.
define float @_Z3expf(float %x) alwaysinline {
  %t = fmul float %x, 0x3FF7154760000000
  %nt = fneg float %t
  %err = call float @llvm.fma.f32(float %x, float 0x3FF7154760000000, float %nt)
  %lo = fmul float %x, 0x3E54AE0C00000000
  %r = fadd float %err, %lo
  %e = call float @llvm.nvvm.ex2.approx.f(float %t)
  %c = fmul float %r, 0x3FE62E4300000000
  %y = call float @llvm.fma.f32(float %e, float %c, float %e)
  %finite = fcmp one float %e, 0x7FF0000000000000
  %res = select i1 %finite, float %y, float %e
  ret float %res
}
define float @_Z5rsqrtf(float %x) alwaysinline {
  %s = call float @llvm.sqrt.f32(float %x)
  %r = fdiv float 1.0, %s
  ret float %r
}
declare float @llvm.nvvm.ex2.approx.f(float)
