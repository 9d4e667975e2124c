; Input of the Step_*.ll tests (the split step by step, --dump-after=STEP):
; @k carries one value (%sq) and recomputes the rest; its second barrier
; is under a uniform branch. @early returns the invocations past %n before
; its barrier (the status word) and carries a private array (its contents).

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

define spir_kernel void @k(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n) {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %pin = getelementptr inbounds float, ptr addrspace(1) %in, i64 %gid
  %x = load float, ptr addrspace(1) %pin, align 4
  %sq = fmul float %x, %x
  call spir_func void @gridsplit_grid_sync()
  %pout = getelementptr inbounds float, ptr addrspace(1) %out, i64 %gid
  store float %sq, ptr addrspace(1) %pout, align 4
  %few = icmp slt i32 %n, 4
  br i1 %few, label %again, label %done

again:
  call spir_func void @gridsplit_grid_sync()
  %y = load float, ptr addrspace(1) %pout, align 4
  %z = fadd float %y, %sq
  store float %z, ptr addrspace(1) %pin, align 4
  br label %done

done:
  ret void
}

define spir_kernel void @early(ptr addrspace(1) %out, i32 %n) {
entry:
  %priv = alloca [3 x i32], align 4
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %n64 = zext i32 %n to i64
  %past = icmp uge i64 %gid, %n64
  br i1 %past, label %exit, label %work

work:
  %p = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %gid
  %slot = getelementptr inbounds [3 x i32], ptr %priv, i64 0, i64 %gid
  store volatile i32 5, ptr %slot, align 4
  %twice = shl i32 %n, 1
  call spir_func void @gridsplit_grid_sync()
  %back = load volatile i32, ptr %slot, align 4
  %sum = add i32 %back, %twice
  store i32 %sum, ptr addrspace(1) %p, align 4
  br label %exit

exit:
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func void @gridsplit_grid_sync() #0

attributes #0 = { convergent nounwind }
