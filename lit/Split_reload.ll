; Reading a value again (docs/split.md): a live value loaded from a buffer
; that a segment writes, or stored by the invocation, is read again after
; the barrier instead of carried, where nothing can have changed it: the
; buffer cannot alias another (noalias, or --distinct-buffers), no segment
; in between writes it, and the last segment it lives into writes it only
; at the invocation's own address, before any barrier, atomic or call, on
; every way where the value was loaded (another invocation writing there
; would race with that store). A phi that a branch's two ways choose
; between is recomputed as that branch, so that the load runs only where
; the kernel ran it.
;
; load_again and stored are read again; each other kernel breaks one rule
; and carries its value: aliasing (no noalias), neighbor (the last segment
; writes p[i + 1]), between (segment 1 writes p[i] and the value lives on),
; ordered (a workgroup barrier before the last segment's store), one_way
; (the store runs on another condition than the load), stored_twice (the
; storing segment writes r[i + 1] too), wide (it read more bytes than the
; store writes), escapes (p's address escapes). private_pick's pointer into
; one of two places of a private array is recomputed, as the branch.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %gridsplit --dump-after=remat -o %t/d %s 2> %t/remat.txt
; RUN: FileCheck %s --check-prefix=REMAT < %t/remat.txt
; RUN: %gridsplit -o %t/s --plan %t/plan.json %s
; RUN: FileCheck %s --check-prefix=IR < %t/s/Split_reload.ll
; RUN: %opt -passes=verify -disable-output %t/s/Split_reload.ll
; RUN: %plan2lines %t/plan.json | FileCheck %s --check-prefix=PLAN
; The same without noalias but with --distinct-buffers: load_again's value
; is read again all the same.
; RUN: sed 's/ noalias / /g' %s > %t/plain.ll
; RUN: %gridsplit --distinct-buffers --kernel load_again --dump-after=remat -o %t/d2 %t/plain.ll 2>&1 | FileCheck %s --check-prefix=DISTINCT
; RUN: %gridsplit --kernel load_again --dump-after=remat -o %t/d3 %t/plain.ll 2>&1 | FileCheck %s --check-prefix=PLAIN

; REMAT-LABEL: kernel 'load_again'
; REMAT:       barrier 1:
; REMAT:         recomputed: %pv = phi float
; REMAT:       barrier 2:
; REMAT:         recomputed: %pv = phi float
; REMAT-LABEL: kernel 'aliasing'
; REMAT:         carried: %pv = phi float
; REMAT-LABEL: kernel 'neighbor'
; REMAT:         carried: %pv = phi float
; REMAT-LABEL: kernel 'between'
; REMAT:         carried: %pv = phi float
; REMAT-LABEL: kernel 'ordered'
; REMAT:         carried: %pv = phi float
; REMAT-LABEL: kernel 'one_way'
; REMAT:         carried: %pv = phi float
; REMAT-LABEL: kernel 'stored'
; REMAT:         recomputed: %rv = phi float
; REMAT-LABEL: kernel 'stored_twice'
; REMAT:         carried: %rv = phi float
; REMAT-LABEL: kernel 'private_pick'
; REMAT:         recomputed: %q = phi ptr
; REMAT-LABEL: kernel 'wide'
; REMAT:         carried: %v = load <2 x float>
; REMAT-LABEL: kernel 'escapes'
; REMAT:       barrier 2:
; REMAT-NEXT:    recomputed: %gid
; REMAT-NEXT:    carried: %v = load float

; DISTINCT: recomputed: %pv = phi float
; DISTINCT-NOT: carried
; PLAIN: carried: %pv = phi float

; load_again's last segment reads p[i] again under the kernel's condition,
; before its own store there.
; IR-LABEL: define spir_kernel void @load_again.seg2(
; IR:         br i1 %in, label %gs.remat.arm, label
; IR:       gs.remat.arm:
; IR-NEXT:    %pp = getelementptr inbounds float, ptr addrspace(1) %p, i64 %idx
; IR-NEXT:    %v = load float, ptr addrspace(1) %pp
; IR:         store float %d, ptr addrspace(1) %pp2
; stored's segment 1 reads r[i] back.
; IR-LABEL: define spir_kernel void @stored.seg1(
; IR:       gs.remat.arm:
; IR-NEXT:    %pr = getelementptr inbounds float, ptr addrspace(1) %r, i64 %idx
; IR-NEXT:    %s = load float, ptr addrspace(1) %pr
; private_pick's segment 1 picks the place in its own copy of the array.
; IR-LABEL: define spir_kernel void @private_pick.seg1(
; IR:         %arr = alloca [4 x i32]
; IR:         %q = select i1 %on, ptr %p0, ptr %arr

; Nothing carried for load_again and stored; private_pick carries the array.
; PLAN: kernels[0].live_state = null
; PLAN: kernels[0].name = "load_again"
; PLAN: kernels[6].live_state = null
; PLAN: kernels[6].name = "stored"
; PLAN: kernels[8].live_state.bytes_per_invocation = 16
; PLAN: kernels[8].name = "private_pick"
; PLAN: kernels[8].segments[0].live_out[0].name = "arr"
; PLAN-NOT: kernels[8].segments[0].live_out[1]

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

define spir_kernel void @load_again(ptr addrspace(1) noalias %p, ptr addrspace(1) noalias %out, i32 %n) {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %i = trunc i64 %gid to i32
  %in = icmp ult i32 %i, %n
  %idx = zext i32 %i to i64
  %pp = getelementptr inbounds float, ptr addrspace(1) %p, i64 %idx
  br i1 %in, label %then, label %join

then:
  %v = load float, ptr addrspace(1) %pp, align 4
  br label %join

join:
  %pv = phi float [ %v, %then ], [ 0.0, %entry ]
  call spir_func void @gridsplit_grid_sync()
  %po = getelementptr inbounds float, ptr addrspace(1) %out, i64 %idx
  br i1 %in, label %use, label %used

use:
  store float %pv, ptr addrspace(1) %po, align 4
  br label %used

used:
  call spir_func void @gridsplit_grid_sync()
  br i1 %in, label %w, label %done

w:
  %pp2 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %idx
  %d = fmul float %pv, 2.0
  store float %d, ptr addrspace(1) %pp2, align 4
  br label %done

done:
  ret void
}

define spir_kernel void @aliasing(ptr addrspace(1) %p, ptr addrspace(1) %out, i32 %n) {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %i = trunc i64 %gid to i32
  %in = icmp ult i32 %i, %n
  %idx = zext i32 %i to i64
  %pp = getelementptr inbounds float, ptr addrspace(1) %p, i64 %idx
  br i1 %in, label %then, label %join

then:
  %v = load float, ptr addrspace(1) %pp, align 4
  br label %join

join:
  %pv = phi float [ %v, %then ], [ 0.0, %entry ]
  call spir_func void @gridsplit_grid_sync()
  %po = getelementptr inbounds float, ptr addrspace(1) %out, i64 %idx
  br i1 %in, label %use, label %used

use:
  store float %pv, ptr addrspace(1) %po, align 4
  br label %used

used:
  call spir_func void @gridsplit_grid_sync()
  br i1 %in, label %w, label %done

w:
  %pp2 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %idx
  %d = fmul float %pv, 2.0
  store float %d, ptr addrspace(1) %pp2, align 4
  br label %done

done:
  ret void
}

define spir_kernel void @neighbor(ptr addrspace(1) noalias %p, ptr addrspace(1) noalias %out, i32 %n) {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %i = trunc i64 %gid to i32
  %in = icmp ult i32 %i, %n
  %idx = zext i32 %i to i64
  %pp = getelementptr inbounds float, ptr addrspace(1) %p, i64 %idx
  br i1 %in, label %then, label %join

then:
  %v = load float, ptr addrspace(1) %pp, align 4
  br label %join

join:
  %pv = phi float [ %v, %then ], [ 0.0, %entry ]
  call spir_func void @gridsplit_grid_sync()
  %po = getelementptr inbounds float, ptr addrspace(1) %out, i64 %idx
  br i1 %in, label %use, label %used

use:
  store float %pv, ptr addrspace(1) %po, align 4
  br label %used

used:
  call spir_func void @gridsplit_grid_sync()
  %idx1 = add i64 %idx, 1
  br i1 %in, label %w, label %done

w:
  %pp2 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %idx1
  %d = fmul float %pv, 2.0
  store float %d, ptr addrspace(1) %pp2, align 4
  br label %done

done:
  ret void
}

define spir_kernel void @between(ptr addrspace(1) noalias %p, ptr addrspace(1) noalias %out, i32 %n) {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %i = trunc i64 %gid to i32
  %in = icmp ult i32 %i, %n
  %idx = zext i32 %i to i64
  %pp = getelementptr inbounds float, ptr addrspace(1) %p, i64 %idx
  br i1 %in, label %then, label %join

then:
  %v = load float, ptr addrspace(1) %pp, align 4
  br label %join

join:
  %pv = phi float [ %v, %then ], [ 0.0, %entry ]
  call spir_func void @gridsplit_grid_sync()
  %po = getelementptr inbounds float, ptr addrspace(1) %out, i64 %idx
  br i1 %in, label %use, label %used

use:
  store float %pv, ptr addrspace(1) %po, align 4
  store float 1.0, ptr addrspace(1) %pp, align 4
  br label %used

used:
  call spir_func void @gridsplit_grid_sync()
  br i1 %in, label %w, label %done

w:
  %pp2 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %idx
  %d = fmul float %pv, 2.0
  store float %d, ptr addrspace(1) %pp2, align 4
  br label %done

done:
  ret void
}

define spir_kernel void @ordered(ptr addrspace(1) noalias %p, ptr addrspace(1) noalias %out, i32 %n) {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %i = trunc i64 %gid to i32
  %in = icmp ult i32 %i, %n
  %idx = zext i32 %i to i64
  %pp = getelementptr inbounds float, ptr addrspace(1) %p, i64 %idx
  br i1 %in, label %then, label %join

then:
  %v = load float, ptr addrspace(1) %pp, align 4
  br label %join

join:
  %pv = phi float [ %v, %then ], [ 0.0, %entry ]
  call spir_func void @gridsplit_grid_sync()
  %po = getelementptr inbounds float, ptr addrspace(1) %out, i64 %idx
  br i1 %in, label %use, label %used

use:
  store float %pv, ptr addrspace(1) %po, align 4
  br label %used

used:
  call spir_func void @gridsplit_grid_sync()
  call spir_func void @_Z7barrierj(i32 1)
  br i1 %in, label %w, label %done

w:
  %pp2 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %idx
  %d = fmul float %pv, 2.0
  store float %d, ptr addrspace(1) %pp2, align 4
  br label %done

done:
  ret void
}

define spir_kernel void @one_way(ptr addrspace(1) noalias %p, ptr addrspace(1) noalias %out, i32 %n) {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %i = trunc i64 %gid to i32
  %in = icmp ult i32 %i, %n
  %idx = zext i32 %i to i64
  %pp = getelementptr inbounds float, ptr addrspace(1) %p, i64 %idx
  br i1 %in, label %then, label %join

then:
  %v = load float, ptr addrspace(1) %pp, align 4
  br label %join

join:
  %pv = phi float [ %v, %then ], [ 0.0, %entry ]
  call spir_func void @gridsplit_grid_sync()
  %po = getelementptr inbounds float, ptr addrspace(1) %out, i64 %idx
  br i1 %in, label %use, label %used

use:
  store float %pv, ptr addrspace(1) %po, align 4
  br label %used

used:
  call spir_func void @gridsplit_grid_sync()
  %half = lshr i32 %n, 1
  %low = icmp ult i32 %i, %half
  br i1 %low, label %w, label %done

w:
  %pp2 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %idx
  %d = fmul float %pv, 2.0
  store float %d, ptr addrspace(1) %pp2, align 4
  br label %done

done:
  ret void
}

define spir_kernel void @stored(ptr addrspace(1) noalias %r, ptr addrspace(1) noalias %out, i32 %n, float %a) {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %i = trunc i64 %gid to i32
  %in = icmp ult i32 %i, %n
  %idx = zext i32 %i to i64
  %pr = getelementptr inbounds float, ptr addrspace(1) %r, i64 %idx
  br i1 %in, label %then, label %join

then:
  %old = load float, ptr addrspace(1) %pr, align 4
  %s = fmul float %old, %a
  store float %s, ptr addrspace(1) %pr, align 4
  br label %join

join:
  %rv = phi float [ %s, %then ], [ 0.0, %entry ]
  call spir_func void @gridsplit_grid_sync()
  br i1 %in, label %use, label %done

use:
  %po = getelementptr inbounds float, ptr addrspace(1) %out, i64 %idx
  store float %rv, ptr addrspace(1) %po, align 4
  br label %done

done:
  ret void
}

define spir_kernel void @stored_twice(ptr addrspace(1) noalias %r, ptr addrspace(1) noalias %out, i32 %n, float %a) {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %i = trunc i64 %gid to i32
  %in = icmp ult i32 %i, %n
  %idx = zext i32 %i to i64
  %pr = getelementptr inbounds float, ptr addrspace(1) %r, i64 %idx
  br i1 %in, label %then, label %join

then:
  %old = load float, ptr addrspace(1) %pr, align 4
  %s = fmul float %old, %a
  store float %s, ptr addrspace(1) %pr, align 4
  %idx1 = add i64 %idx, 1
  %pr1 = getelementptr inbounds float, ptr addrspace(1) %r, i64 %idx1
  store float 0.0, ptr addrspace(1) %pr1, align 4
  br label %join

join:
  %rv = phi float [ %s, %then ], [ 0.0, %entry ]
  call spir_func void @gridsplit_grid_sync()
  br i1 %in, label %use, label %done

use:
  %po = getelementptr inbounds float, ptr addrspace(1) %out, i64 %idx
  store float %rv, ptr addrspace(1) %po, align 4
  br label %done

done:
  ret void
}

define spir_kernel void @private_pick(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %mode) {
entry:
  %arr = alloca [4 x i32], align 4
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %k = and i64 %gid, 3
  %slot = getelementptr inbounds [4 x i32], ptr %arr, i64 0, i64 %k
  %pin = getelementptr inbounds i32, ptr addrspace(1) %in, i64 %gid
  %x = load i32, ptr addrspace(1) %pin, align 4
  store i32 %x, ptr %slot, align 4
  %on = icmp ne i32 %mode, 0
  br i1 %on, label %first, label %second

first:
  %p0 = getelementptr inbounds [4 x i32], ptr %arr, i64 0, i64 %k
  br label %join

second:
  %p1 = getelementptr inbounds [4 x i32], ptr %arr, i64 0, i64 0
  br label %join

join:
  %q = phi ptr [ %p0, %first ], [ %p1, %second ]
  call spir_func void @gridsplit_grid_sync()
  %v = load i32, ptr %q, align 4
  %po = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %gid
  store i32 %v, ptr addrspace(1) %po, align 4
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func void @_Z7barrierj(i32) #0
declare spir_func void @gridsplit_grid_sync() #0

attributes #0 = { convergent nounwind }

; wide reads two floats where the last segment's store writes one: the
; neighbour's store may change the other, so the value is carried.
define spir_kernel void @wide(ptr addrspace(1) noalias %p, ptr addrspace(1) noalias %out, i32 %n) {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %pp = getelementptr inbounds float, ptr addrspace(1) %p, i64 %gid
  %v = load <2 x float>, ptr addrspace(1) %pp, align 4
  call spir_func void @gridsplit_grid_sync()
  store float 1.0, ptr addrspace(1) %pp, align 4
  %a = extractelement <2 x float> %v, i32 1
  %po = getelementptr inbounds float, ptr addrspace(1) %out, i64 %gid
  store float %a, ptr addrspace(1) %po, align 4
  ret void
}

; escapes stores p's address: a write through it has no fact, so the value
; is carried.
define spir_kernel void @escapes(ptr addrspace(1) noalias %p, ptr addrspace(1) noalias %out, ptr addrspace(1) noalias %tab) {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %pi = ptrtoint ptr addrspace(1) %p to i64
  store i64 %pi, ptr addrspace(1) %tab, align 8
  call spir_func void @gridsplit_grid_sync()
  %pp = getelementptr inbounds float, ptr addrspace(1) %p, i64 %gid
  %v = load float, ptr addrspace(1) %pp, align 4
  call spir_func void @gridsplit_grid_sync()
  %po = getelementptr inbounds float, ptr addrspace(1) %out, i64 %gid
  store float %v, ptr addrspace(1) %po, align 4
  ret void
}
