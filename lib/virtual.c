/* Virtual workgroups (SPEC section 4, "virtual_workgroups"). A split
 * kernel's grid can be far larger than what a device holds at once; a
 * segment that loops over virtual workgroups runs at any physical grid:
 *
 *   for (v = physical group; v < virtual groups; v += physical groups)
 *     body(args..., v as (x, y, z))
 *
 * The body is the segment as built, moved into an always-inline callee in
 * which every grid query (group ids and counts, global ids and sizes) reads
 * the virtual workgroup; local ids and sizes are the physical ones, which are
 * the same. Workgroup barriers in the body stay legal: every invocation of a
 * physical workgroup runs the same virtual workgroups. Between two virtual
 * workgroups that use workgroup memory a workgroup barrier keeps one
 * workgroup's last reads apart from the next one's first writes. */
#include "gs.h"

#include <stdlib.h>
#include <string.h>

int virtual_workgroups_on(const gs_options *opts, const gs_target *t) {
  int mode = opts ? opts->virtual_mode : 0;
  return mode == 1 || (mode == 0 && t->virtual_by_default);
}

/* V[dim] for a constant or computed dimension; DEFAULT_ out of range (OpenCL
 * C 6.15.1: ids are 0 and sizes 1 for a dimension beyond the grid's) */
static LLVMValueRef pick_dim(LLVMBuilderRef b, LLVMValueRef dim, LLVMValueRef const v[3],
                             LLVMValueRef default_) {
  if (LLVMIsAConstantInt(dim)) {
    unsigned long long d = LLVMConstIntGetZExtValue(dim);
    return d < 3 ? v[d] : default_;
  }
  LLVMTypeRef dty = LLVMTypeOf(dim);
  LLVMValueRef r = default_;
  for (int d = 2; d >= 0; d--) {
    LLVMValueRef is = LLVMBuildICmp(b, LLVMIntEQ, dim, LLVMConstInt(dty, (unsigned)d, 0), "");
    r = LLVMBuildSelect(b, is, v[d], r, "");
  }
  return r;
}

static int uses_in(LLVMValueRef v, LLVMValueRef fn, int depth) {
  for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (LLVMIsAInstruction(user) ? ir_function_in(user, fn)
                                 : depth < 8 && LLVMIsAConstant(user) && uses_in(user, fn, depth + 1))
      return 1;
  }
  return 0;
}

/* whether FN touches workgroup memory: a workgroup variable or argument */
static int uses_workgroup_memory(LLVMModuleRef m, LLVMValueRef fn, const gs_target *t) {
  for (LLVMValueRef g = LLVMGetFirstGlobal(m); g; g = LLVMGetNextGlobal(g))
    if (t->global_space(LLVMGetPointerAddressSpace(LLVMTypeOf(g))) == SPACE_WORKGROUP &&
        uses_in(g, fn, 0))
      return 1;
  for (unsigned i = 0; i < LLVMCountParams(fn); i++) {
    LLVMTypeRef ty = LLVMTypeOf(LLVMGetParam(fn, i));
    if (LLVMGetTypeKind(ty) == LLVMPointerTypeKind &&
        t->arg_space(LLVMGetPointerAddressSpace(ty)) == SPACE_WORKGROUP)
      return 1;
  }
  return 0;
}

/* Replaces every grid query in BODY by its virtual value. */
static gs_error *remap_queries(LLVMModuleRef m, LLVMValueRef body, const gs_target *t,
                               LLVMValueRef const vg[3], LLVMValueRef const vn[3],
                               const char *kernel) {
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  LLVMTypeRef i64 = LLVMInt64TypeInContext(ctx);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
  gs_vec dead;
  vec_init(&dead, sizeof(LLVMValueRef));
  gs_error *err = NULL;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(body); bb && !err;
       bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i && !err; i = LLVMGetNextInstruction(i)) {
      if (LLVMIsALoadInst(i)) {
        LLVMValueRef p = LLVMGetOperand(i, 0);
        while (LLVMIsAConstantExpr(p) || LLVMIsAGetElementPtrInst(p))
          p = LLVMGetOperand(p, 0);
        size_t n = 0;
        const char *gname = LLVMIsAGlobalVariable(p) ? LLVMGetValueName2(p, &n) : NULL;
        /* a builtin variable (SPIR-V-friendly IR): only those that read no
         * grid coordinate */
        if (gname && t->is_invocation_id_global(gname) && !strstr(gname, "Local") &&
            !strstr(gname, "Subgroup"))
          err = gs_errorf("kernel '%s': virtual workgroups: '%s' reads the grid in a way a "
                            "segment cannot remap (use virtual-workgroups=false)",
                            kernel, gname);
        continue;
      }
      const char *callee = ir_is_call(i) ? ir_callee_name(i) : NULL;
      if (!callee)
        continue;
      gs_query q;
      LLVMValueRef dim = NULL;
      int r = t->grid_query(i, callee, &q, &dim);
      if (r < 0) {
        err = gs_errorf("kernel '%s': virtual workgroups: '%s' reads the grid in a way a segment "
                        "cannot remap (use virtual-workgroups=false)",
                        kernel, callee);
        break;
      }
      if (!r)
        continue;
      LLVMPositionBuilderBefore(b, i);
      LLVMValueRef one = LLVMConstInt(i64, 1, 0), zero = LLVMConstInt(i64, 0, 0), v;
      if (q == Q_GROUP_ID) {
        v = pick_dim(b, dim, vg, zero);
      } else if (q == Q_NUM_GROUPS) {
        v = pick_dim(b, dim, vn, one);
      } else {
        /* global id = virtual group * local size + local id; global size =
         * virtual groups * local size */
        LLVMValueRef prod[3] = {zero, zero, zero};
        int constant = LLVMIsAConstantInt(dim) != NULL;
        unsigned long long only = constant ? LLVMConstIntGetZExtValue(dim) : 3;
        for (unsigned d = 0; d < 3; d++) {
          if (constant && d != only)
            continue;
          LLVMValueRef lsize = t->build_query(b, m, Q_LOCAL_SIZE, d);
          prod[d] = q == Q_GLOBAL_ID
                        ? LLVMBuildAdd(b, LLVMBuildMul(b, vg[d], lsize, ""),
                                       t->build_query(b, m, Q_LOCAL_ID, d), "")
                        : LLVMBuildMul(b, vn[d], lsize, "");
        }
        v = pick_dim(b, dim, prod, q == Q_GLOBAL_ID ? zero : one);
      }
      LLVMTypeRef ty = LLVMTypeOf(i);
      if (LLVMGetIntTypeWidth(ty) < 64)
        v = LLVMBuildTrunc(b, v, ty, "");
      LLVMReplaceAllUsesWith(i, v);
      VEC_PUSH(&dead, LLVMValueRef, i);
    }
  for (size_t k = 0; k < dead.len; k++)
    LLVMInstructionEraseFromParent(VEC_AT(&dead, LLVMValueRef, k));
  vec_free(&dead);
  LLVMDisposeBuilder(b);
  return err;
}

gs_error *virtualize_segment(LLVMModuleRef m, LLVMValueRef seg, const gs_target *t,
                             unsigned first, const char *kernel) {
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  LLVMTypeRef i64 = LLVMInt64TypeInContext(ctx), void_ty = LLVMVoidTypeInContext(ctx);
  unsigned np = LLVMCountParams(seg);
  LLVMTypeRef *params = gs_xcalloc(np + 3, sizeof *params);
  LLVMGetParamTypes(LLVMGlobalGetValueType(seg), params);
  for (unsigned d = 0; d < 3; d++)
    params[np + d] = i64;
  LLVMTypeRef bty = LLVMFunctionType(void_ty, params, np + 3, 0);
  free(params);
  size_t nlen = 0;
  const char *sname = LLVMGetValueName2(seg, &nlen);
  char *bname = gs_xmalloc(nlen + 8);
  memcpy(bname, sname, nlen);
  memcpy(bname + nlen, ".vgroup", 8);
  LLVMValueRef body = LLVMAddFunction(m, bname, bty);
  free(bname);
  LLVMSetLinkage(body, LLVMInternalLinkage);
  unsigned body_cc = t->segment_cc == LLVMPTXKernelCallConv ? LLVMCCallConv
                     : LLVMGetFunctionCallConv(seg) == LLVMSPIRKERNELCallConv
                         ? LLVMSPIRFUNCCallConv
                         : LLVMCCallConv;
  LLVMSetFunctionCallConv(body, body_cc);
  const char *ai = "alwaysinline";
  LLVMAddAttributeAtIndex(body, LLVMAttributeFunctionIndex,
                          LLVMCreateEnumAttribute(ctx, LLVMGetEnumAttributeKindForName(ai, 12), 0));
  /* the segment's blocks move into the body, its parameters become the
   * body's */
  LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(seg);
  while (bb) {
    LLVMBasicBlockRef next = LLVMGetNextBasicBlock(bb);
    LLVMRemoveBasicBlockFromParent(bb);
    LLVMAppendExistingBasicBlock(body, bb);
    bb = next;
  }
  for (unsigned i = 0; i < np; i++) {
    size_t n = 0;
    const char *name = LLVMGetValueName2(LLVMGetParam(seg, i), &n);
    LLVMReplaceAllUsesWith(LLVMGetParam(seg, i), LLVMGetParam(body, i));
    LLVMSetValueName2(LLVMGetParam(body, i), name, n);
  }
  LLVMValueRef vg[3], vn[3];
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
  /* after the entry's allocas, which the inliner moves to the loop's entry
   * only while they lead the block (else it brackets them with stacksave) */
  LLVMBasicBlockRef body_entry = LLVMGetFirstBasicBlock(body);
  LLVMValueRef at = LLVMGetFirstInstruction(body_entry);
  while (at && LLVMIsAAllocaInst(at))
    at = LLVMGetNextInstruction(at);
  LLVMPositionBuilder(b, body_entry, at);
  for (unsigned d = 0; d < 3; d++) {
    vg[d] = LLVMGetParam(body, np + d);
    vn[d] = LLVMBuildZExt(b, LLVMGetParam(body, first + d), i64, "gs.vgroups");
  }
  gs_error *err = remap_queries(m, body, t, vg, vn, kernel);
  int wg = uses_workgroup_memory(m, body, t);

  /* the segment: the loop over virtual workgroups */
  LLVMBasicBlockRef entry = LLVMAppendBasicBlockInContext(ctx, seg, "gs.ventry");
  LLVMBasicBlockRef loop = LLVMAppendBasicBlockInContext(ctx, seg, "gs.vloop");
  LLVMBasicBlockRef run = LLVMAppendBasicBlockInContext(ctx, seg, "gs.vgroup");
  LLVMBasicBlockRef done = LLVMAppendBasicBlockInContext(ctx, seg, "gs.vdone");
  LLVMPositionBuilderAtEnd(b, entry);
  LLVMValueRef first_group = target_linear(b, m, t, Q_GROUP_ID, Q_NUM_GROUPS);
  LLVMValueRef stride = target_product(b, m, t, Q_NUM_GROUPS);
  LLVMValueRef n[3];
  for (unsigned d = 0; d < 3; d++)
    n[d] = LLVMBuildZExt(b, LLVMGetParam(seg, first + d), i64, "");
  LLVMValueRef total = LLVMBuildMul(b, LLVMBuildMul(b, n[0], n[1], ""), n[2], "gs.vtotal");
  LLVMBuildBr(b, loop);
  LLVMPositionBuilderAtEnd(b, loop);
  LLVMValueRef v = LLVMBuildPhi(b, i64, "gs.v");
  LLVMBuildCondBr(b, LLVMBuildICmp(b, LLVMIntULT, v, total, ""), run, done);
  LLVMPositionBuilderAtEnd(b, run);
  LLVMValueRef *args = gs_xcalloc(np + 3, sizeof *args);
  for (unsigned i = 0; i < np; i++)
    args[i] = LLVMGetParam(seg, i);
  LLVMValueRef yz = LLVMBuildUDiv(b, v, n[0], "");
  args[np] = LLVMBuildURem(b, v, n[0], "gs.vx");
  args[np + 1] = LLVMBuildURem(b, yz, n[1], "gs.vy");
  args[np + 2] = LLVMBuildUDiv(b, yz, n[1], "gs.vz");
  LLVMValueRef call = LLVMBuildCall2(b, bty, body, args, np + 3, "");
  LLVMSetInstructionCallConv(call, body_cc);
  free(args);
  if (wg)
    t->build_workgroup_barrier(b, m);
  LLVMValueRef next = LLVMBuildAdd(b, v, stride, "");
  LLVMBuildBr(b, loop);
  LLVMValueRef in_vals[2] = {first_group, next};
  LLVMBasicBlockRef in_bbs[2] = {entry, run};
  LLVMAddIncoming(v, in_vals, in_bbs, 2);
  LLVMPositionBuilderAtEnd(b, done);
  LLVMBuildRetVoid(b);
  LLVMDisposeBuilder(b);
  return err;
}
