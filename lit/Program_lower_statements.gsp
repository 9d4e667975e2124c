// Statements and expressions lowered for spir64 (docs/programs.md): every
// variable an alloca that mem2reg promotes (phis named after variables),
// integer division with the divisor replaced where LLVM would be undefined,
// constant shift amounts taken modulo the width (40 -> 8, 70 -> 6), a
// saturating float-to-u64 cast, a short-circuit `&&` in blocks when its
// right operand loads, the counted loop that never steps past its end
// (b - v <= K ends it), a region as a named block, a workgroup barrier that
// orders workgroup and global memory, signed atomic min, compare-exchange,
// and all_reduce as three grid barriers around an internal function whose
// src is readonly and dst writeonly (what the role analysis reads).
//
// RUN: %gridsplit --print-lowered %s | FileCheck %s --check-prefixes=CHECK,L%llvm_major
// RUN: %gridsplit --print-lowered --target amdgcn %s | FileCheck %s --check-prefixes=AMD,AMD%llvm_major
// RUN: %gridsplit --print-lowered --target nvptx %s | FileCheck %s --check-prefixes=PTX,PTX%llvm_major

program statements;
workgroup_size 16;

buffer a:    read i32[?] @0;
buffer f:    read f32[?] @1;
buffer out:  write i32[?] @2 output;
buffer wide: readwrite u64[?] @3 output;
buffer bins: readwrite i32[8] @4 output;
buffer red:  write f32[32] @5 output;
buffer tile: workgroup i32[16];

kernel {
  let i = global_id(0);
  if i >= len(out) {
    return;
  }
  let x = a[i];
  out[i] = x / 3 - x % 3;
  let s = x << 40 >> i32(i);
  wide[i] = u64(f[i]) + (wide[i] >> 70u64);
  var acc = 0i32;
  for k in 0..x step 4 {
    if k > 100 && a[k] > 0 {
      acc = acc + a[k];
    } else {
      acc = acc - 1;
    }
  }
  tile[local_id(0)] = acc + s;
  workgroup_barrier;
  region publish {
    atomic_min(bins, tile[15 - local_id(0)] & 7, x);
    out[i] = atomic_cmpxchg(bins, 0, 0, 1);
  }
  all_reduce(max, f, red, 8, 4);
}

// CHECK-LABEL: define spir_kernel void @statements(
// CHECK-SAME:    %a, {{.*}} %f, {{.*}} %out, {{.*}} %wide, {{.*}} %bins, {{.*}} %red, i32 noundef %a_len, i32 noundef %f_len, i32 noundef %out_len, i32 noundef %wide_len)
// CHECK:       [[GID:%[0-9]+]] = call spir_func i64 @_Z13get_global_idj(i32 0)
// CHECK-NEXT:  [[I:%[0-9]+]] = trunc i64 [[GID]] to i32
// CHECK-NEXT:  [[OOB:%[0-9]+]] = icmp uge i32 [[I]], %out_len
// CHECK-NEXT:  br i1 [[OOB]], label %if.then, label %if.end
// CHECK:       if.then:
// CHECK-NEXT:    ret void
// CHECK:       [[X:%[0-9]+]] = load i32, {{.*}} align 4
//                x / 3: the divisor 1 where x == MIN and 3 == -1
// CHECK:       [[MIN:%[0-9]+]] = icmp eq i32 [[X]], -2147483648
// CHECK-NEXT:  [[OVF:%[0-9]+]] = and i1 [[MIN]], false
// CHECK-NEXT:  [[BAD:%[0-9]+]] = or i1 false, [[OVF]]
// CHECK-NEXT:  [[D:%[0-9]+]] = select i1 [[BAD]], i32 1, i32 3
// CHECK-NEXT:  [[Q:%[0-9]+]] = sdiv i32 [[X]], [[D]]
// CHECK-NEXT:  [[Q0:%[0-9]+]] = select i1 false, i32 0, i32 [[Q]]
// CHECK:       [[R:%[0-9]+]] = srem i32 [[X]], {{%[0-9]+}}
// CHECK-NEXT:  sub i32 [[Q0]], [[R]]
// CHECK:       [[SHL:%[0-9]+]] = shl i32 [[X]], 8
// CHECK-NEXT:  [[AMT:%[0-9]+]] = and i32 [[I]], 31
// CHECK-NEXT:  [[S:%[0-9]+]] = ashr i32 [[SHL]], [[AMT]]
//                u64(f[i]): NaN 0, >= 2^64 all ones, < 0 zero
// CHECK:       [[F:%[0-9]+]] = load float
// CHECK-NEXT:  [[NAN:%[0-9]+]] = fcmp uno float [[F]], [[F]]
// CHECK-NEXT:  [[HI:%[0-9]+]] = fcmp oge float [[F]], 0x43F0000000000000
// CHECK-NEXT:  [[LO:%[0-9]+]] = fcmp olt float [[F]], 0.000000e+00
// CHECK-NEXT:  [[OUT1:%[0-9]+]] = or i1 [[HI]], [[LO]]
// CHECK-NEXT:  [[OUT:%[0-9]+]] = or i1 [[NAN]], [[OUT1]]
// CHECK-NEXT:  [[SAFE:%[0-9]+]] = select i1 [[OUT]], float 0.000000e+00, float [[F]]
// CHECK-NEXT:  [[CONV:%[0-9]+]] = fptoui float [[SAFE]] to i64
// CHECK-NEXT:  [[C1:%[0-9]+]] = select i1 [[HI]], i64 -1, i64 [[CONV]]
// CHECK-NEXT:  [[C2:%[0-9]+]] = select i1 [[LO]], i64 0, i64 [[C1]]
// CHECK-NEXT:  select i1 [[NAN]], i64 0, i64 [[C2]]
// CHECK:       lshr i64 {{%[0-9]+}}, 6
// CHECK:       [[ENTER:%[0-9]+]] = icmp slt i32 0, [[X]]
// CHECK-NEXT:  br i1 [[ENTER]], label %for.k, label %for.k.end
// CHECK:       for.k:
// CHECK:         %k.0 = phi i32 [ 0, %if.end ], [ [[NEXT:%[0-9]+]], %for.step ]
// CHECK-NEXT:    [[BIG:%[0-9]+]] = icmp sgt i32 %k.0, 100
// CHECK-NEXT:    br i1 [[BIG]], label %and.rhs, label %and.end
// CHECK:       and.rhs:
// CHECK-NEXT:    sext i32 %k.0 to i64
// CHECK:       and.end:
// CHECK-NEXT:    [[AND:%[0-9]+]] = phi i1 [ false, %for.k ], [ {{%[0-9]+}}, %and.rhs ]
// CHECK-NEXT:    br i1 [[AND]], label %if.then{{[0-9]*}}, label %if.else
// CHECK:       for.k.next:
// CHECK-NEXT:    [[LEFT:%[0-9]+]] = sub i32 [[X]], %k.0
// CHECK-NEXT:    [[LAST:%[0-9]+]] = icmp ule i32 [[LEFT]], 4
// CHECK-NEXT:    br i1 [[LAST]], label %for.k.end, label %for.step
// CHECK:       for.step:
// CHECK-NEXT:    [[NEXT]] = add i32 %k.0, 4
// CHECK-NEXT:    br label %for.k
// CHECK:         call spir_func void @_Z7barrierj(i32 3)
// CHECK-NEXT:    br label %publish
// CHECK:       publish:
// CHECK:         atomicrmw min {{.*}} seq_cst, align 4
// CHECK:         [[CX:%[0-9]+]] = cmpxchg {{.*}}, i32 0, i32 1 {{(syncscope\("device"\) )?}}seq_cst seq_cst, align 4
// CHECK-NEXT:    extractvalue { i32, i1 } [[CX]], 0
// CHECK:       grid.barrier:
// CHECK-NEXT:    call spir_func void @gridsplit_grid_sync()
// CHECK-NEXT:    [[RANK:%[0-9]+]] = atomicrmw add {{.*}} @gridsplit.collective.0, i32 1 {{(syncscope\("device"\) )?}}seq_cst, align 4
// CHECK-NEXT:    br label %[[B2:grid.barrier[0-9]+]]
// CHECK:       [[B2]]:
// CHECK-NEXT:    call spir_func void @gridsplit_grid_sync()
// CHECK-NEXT:    %live = load i32, {{.*}} @gridsplit.collective.0, align 4
// CHECK-NEXT:    %rank = zext i32 [[RANK]] to i64
// CHECK-NEXT:    [[LIVE:%[0-9]+]] = zext i32 %live to i64
// CHECK-NEXT:    call spir_func void @gridsplit.all_reduce.f32.max({{.*}} %f, {{.*}} %red, i32 8, i32 4, i64 %rank, i64 [[LIVE]])
// CHECK-NEXT:    br label %[[B3:grid.barrier[0-9]+]]
// CHECK:       [[B3]]:
// CHECK-NEXT:    call spir_func void @gridsplit_grid_sync()
// CHECK-NEXT:    [[FIRST:%[0-9]+]] = icmp eq i32 [[RANK]], 0
// CHECK-NEXT:    br i1 [[FIRST]], label %collective.reset, label %collective.end
// CHECK:       collective.reset:
// CHECK-NEXT:    store i32 0, {{.*}} @gridsplit.collective.0, align 4
// L15-LABEL:   define internal spir_func void @gridsplit.all_reduce.f32.max(float addrspace(1)* nocapture noundef readonly align 4 %src, float addrspace(1)* nocapture noundef writeonly align 4 %dst, i32 %n, i32 %parts, i64 %rank, i64 %count)
// L22-LABEL:   define internal spir_func void @gridsplit.all_reduce.f32.max(ptr addrspace(1) noundef readonly align 4 captures(none) %src, ptr addrspace(1) noundef writeonly align 4 captures(none) %dst, i32 %n, i32 %parts, i64 %rank, i64 %count)
// CHECK:         %row = mul i64 %parts64, %n64
// CHECK:       element:
// CHECK-NEXT:    %e = phi i64 [ %rank, %entry ], [ [[E2:%[0-9]+]], %folded ]
// CHECK-NEXT:    %j = urem i64 %e, %n64
// CHECK:       fold:
// CHECK-NEXT:    %q = phi i64 [ 1, %element ], [ {{%[0-9]+}}, %fold ]
// CHECK-NEXT:    %acc = phi float [ {{%[0-9]+}}, %element ], [ [[M:%[0-9]+]], %fold ]
// CHECK:         [[GT:%[0-9]+]] = fcmp ogt float [[XQ:%[0-9]+]], %acc
// CHECK-NEXT:    [[M]] = select i1 [[GT]], float [[XQ]], float %acc
// CHECK:       folded:
// CHECK:         [[E2]] = add i64 %e, %count
// CHECK-NEXT:    [[MORE:%[0-9]+]] = icmp ult i64 [[E2]], %row
// CHECK-NEXT:    br i1 [[MORE]], label %element, label %done

// The workgroup barrier and the atomics' scopes on the other targets.
// AMD15:       fence release
// AMD22:       fence syncscope("workgroup") release
// AMD-NEXT:    call void @llvm.amdgcn.s.barrier()
// AMD15-NEXT:  fence acquire
// AMD22-NEXT:  fence syncscope("workgroup") acquire
// AMD15:       atomicrmw min {{.*}} seq_cst, align 4
// AMD22:       atomicrmw min {{.*}} syncscope("agent") seq_cst, align 4
// AMD:         define internal void @gridsplit.all_reduce.f32.max(
// PTX15:       call void @llvm.nvvm.barrier0()
// PTX22:       call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// PTX15:       atomicrmw min {{.*}} seq_cst, align 4
// PTX22:       atomicrmw min {{.*}} syncscope("device") seq_cst, align 4
// PTX:         define internal void @gridsplit.all_reduce.f32.max(
