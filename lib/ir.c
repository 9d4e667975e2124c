/* Small helpers over the LLVM C API shared by every step. */
#include "gs.h"

#include <llvm-c/Analysis.h>
#include <llvm-c/Transforms/PassBuilder.h>

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

char *ir_value_text(LLVMValueRef v) {
  char *raw = LLVMPrintValueToString(v);
  const char *p = raw;
  while (*p == ' ')
    p++;
  size_t n = strcspn(p, "\n");
  /* drop trailing metadata attachments: they name nodes, not the operation */
  const char *dbg = strstr(p, ", !dbg");
  if (dbg && (size_t)(dbg - p) < n)
    n = (size_t)(dbg - p);
  char *r = gs_strndup(p, n);
  LLVMDisposeMessage(raw);
  return r;
}

char *ir_location(LLVMValueRef inst) {
  if (!inst || !LLVMIsAInstruction(inst))
    return NULL;
  unsigned len = 0;
  const char *file = LLVMGetDebugLocFilename(inst, &len);
  unsigned line = LLVMGetDebugLocLine(inst);
  if (!file || !len || !line)
    return NULL;
  /* basename: the plan must not depend on where the file was compiled */
  const char *base = file;
  for (unsigned i = 0; i < len; i++)
    if (file[i] == '/')
      base = file + i + 1;
  gs_str s;
  str_init(&s);
  str_printf(&s, "%.*s:%u:%u", (int)(len - (unsigned)(base - file)), base, line,
             LLVMGetDebugLocColumn(inst));
  return str_take(&s);
}

static void diag_keep(LLVMDiagnosticInfoRef info, void *ctx) {
  diag_scope *d = ctx;
  if (LLVMGetDiagInfoSeverity(info) != LLVMDSError || d->error)
    return;
  char *text = LLVMGetDiagInfoDescription(info);
  d->error = gs_strdup(text);
  LLVMDisposeMessage(text);
}

void diag_scope_open(diag_scope *d, LLVMContextRef ctx) {
  d->ctx = ctx;
  d->old = LLVMContextGetDiagnosticHandler(ctx);
  d->old_ctx = LLVMContextGetDiagnosticContext(ctx);
  d->error = NULL;
  LLVMContextSetDiagnosticHandler(ctx, diag_keep, d);
}

char *diag_scope_close(diag_scope *d) {
  LLVMContextSetDiagnosticHandler(d->ctx, d->old, d->old_ctx);
  char *e = d->error;
  d->error = NULL;
  return e;
}

char *ir_describe(LLVMValueRef inst) {
  char *text = ir_value_text(inst);
  char *loc = ir_location(inst);
  gs_str s;
  str_init(&s);
  str_printf(&s, "'%s'", text);
  if (loc)
    str_printf(&s, " (%s)", loc);
  free(text);
  free(loc);
  return str_take(&s);
}

/* Lifetime and debug intrinsics: markers that read and write nothing. */
int ir_is_marker(LLVMValueRef inst) {
  const char *name = ir_is_call(inst) ? ir_callee_name(inst) : NULL;
  return name && (!strncmp(name, "llvm.lifetime.", 14) || !strncmp(name, "llvm.dbg.", 9));
}

gs_error *ir_verify(LLVMModuleRef m, const char *what) {
  char *msg = NULL;
  gs_error *e = NULL;
  if (LLVMVerifyModule(m, LLVMReturnStatusAction, &msg)) {
    size_t n = msg ? strcspn(msg, "\n") : 0;
    e = gs_errorf("internal error: the %s does not verify: %.*s", what, (int)n, msg ? msg : "");
  }
  LLVMDisposeMessage(msg);
  return e;
}

/* PASSES on module M, or where M is NULL on function F (LLVM 20 on) */
static gs_error *run_passes(LLVMModuleRef m, LLVMValueRef f, const char *passes, const char *what) {
  LLVMPassBuilderOptionsRef po = LLVMCreatePassBuilderOptions();
  diag_scope d;
  diag_scope_open(&d, LLVMGetModuleContext(m ? m : LLVMGetGlobalParent(f)));
#if GS_LLVM_MAJOR >= 20
  LLVMErrorRef perr =
      m ? LLVMRunPasses(m, passes, NULL, po) : LLVMRunPassesOnFunction(f, passes, NULL, po);
#else
  LLVMErrorRef perr = LLVMRunPasses(m, passes, NULL, po);
#endif
  char *diag = diag_scope_close(&d);
  LLVMDisposePassBuilderOptions(po);
  gs_error *e = NULL;
  char *msg = perr ? LLVMGetErrorMessage(perr) : NULL;
  if (msg || diag) {
    if (what)
      e = gs_errorf("%s failed: %s", what, msg ? msg : diag);
    else
      e = gs_errorf("running '%s' failed: %s", passes, msg ? msg : diag);
  }
  if (msg)
    LLVMDisposeErrorMessage(msg);
  free(diag);
  return e;
}

gs_error *ir_run_passes(LLVMModuleRef m, const char *passes, const char *what) {
  return run_passes(m, NULL, passes, what);
}

#if GS_LLVM_MAJOR >= 20
gs_error *ir_run_function_passes(LLVMValueRef f, const char *passes, const char *what) {
  return run_passes(NULL, f, passes, what);
}
#endif

LLVMBasicBlockRef ir_begin_if(LLVMBuilderRef b, LLVMValueRef cond, const char *then,
                              const char *done) {
  LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(cond));
  LLVMValueRef fn = LLVMGetBasicBlockParent(LLVMGetInsertBlock(b));
  LLVMBasicBlockRef body = LLVMAppendBasicBlockInContext(ctx, fn, then);
  LLVMBasicBlockRef join = LLVMAppendBasicBlockInContext(ctx, fn, done);
  LLVMBuildCondBr(b, cond, body, join);
  LLVMPositionBuilderAtEnd(b, body);
  return join;
}

void ir_end_if(LLVMBuilderRef b, LLVMBasicBlockRef done) {
  LLVMBuildBr(b, done);
  LLVMPositionBuilderAtEnd(b, done);
}

LLVMValueRef ir_atomic_rmw(LLVMBuilderRef b, LLVMAtomicRMWBinOp op, LLVMValueRef p, LLVMValueRef v,
                           LLVMAtomicOrdering order, const char *scope) {
#if GS_LLVM_MAJOR >= 20
  LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(v));
  return LLVMBuildAtomicRMWSyncScope(b, op, p, v, order,
                                     LLVMGetSyncScopeID(ctx, scope, strlen(scope)));
#else
  (void)scope;
  return LLVMBuildAtomicRMW(b, op, p, v, order, 0);
#endif
}

int ir_is_integer_op(LLVMOpcode op) {
  switch (op) {
  case LLVMAdd:
  case LLVMSub:
  case LLVMMul:
  case LLVMUDiv:
  case LLVMSDiv:
  case LLVMURem:
  case LLVMSRem:
  case LLVMShl:
  case LLVMLShr:
  case LLVMAShr:
  case LLVMAnd:
  case LLVMOr:
  case LLVMXor:
  case LLVMTrunc:
  case LLVMZExt:
  case LLVMSExt:
    return 1;
  default:
    return 0;
  }
}

int ir_is_call(LLVMValueRef inst) {
  return inst && (LLVMIsACallInst(inst) || LLVMIsAInvokeInst(inst));
}

LLVMValueRef ir_called_function(LLVMValueRef call) {
  LLVMValueRef callee = LLVMGetCalledValue(call);
  /* look through a constant cast of a function (typed-pointer IR) */
  while (callee && LLVMIsAConstantExpr(callee) &&
         (LLVMGetConstOpcode(callee) == LLVMBitCast ||
          LLVMGetConstOpcode(callee) == LLVMAddrSpaceCast))
    callee = LLVMGetOperand(callee, 0);
  return callee && LLVMIsAFunction(callee) ? callee : NULL;
}

const char *ir_callee_name(LLVMValueRef call) {
  LLVMValueRef fn = ir_called_function(call);
  if (!fn)
    return NULL;
  size_t len;
  return LLVMGetValueName2(fn, &len);
}

char *ir_itanium_base(const char *name) {
  if (strncmp(name, "_Z", 2) != 0)
    return gs_strdup(name);
  const char *p = name + 2;
  if (*p == 'L') /* internal linkage marker */
    p++;
  if (!isdigit((unsigned char)*p))
    return gs_strdup(name);
  size_t n = 0;
  while (isdigit((unsigned char)*p))
    n = n * 10 + (size_t)(*p++ - '0');
  if (strlen(p) < n)
    return gs_strdup(name);
  return gs_strndup(p, n);
}

int ir_function_in(LLVMValueRef inst, LLVMValueRef fn) {
  LLVMBasicBlockRef bb = LLVMGetInstructionParent(inst);
  return bb && LLVMGetBasicBlockParent(bb) == fn;
}

/* The objects P is based on, through GEPs, casts (instructions or constant
 * expressions), freezes, phis and selects. */
void ir_pointer_bases(LLVMValueRef p, gs_vec *bases) {
  gs_vec work;
  gs_map seen;
  vec_init(&work, sizeof(LLVMValueRef));
  map_init(&seen);
  VEC_PUSH(&work, LLVMValueRef, p);
  while (work.len) {
    LLVMValueRef v = VEC_AT(&work, LLVMValueRef, --work.len);
    if (map_get(&seen, v, NULL))
      continue;
    map_put(&seen, v, 1);
    LLVMOpcode op = LLVMIsAConstantExpr(v) ? LLVMGetConstOpcode(v) : (LLVMOpcode)0;
    if (LLVMIsAGetElementPtrInst(v) || LLVMIsABitCastInst(v) || LLVMIsAAddrSpaceCastInst(v) ||
        LLVMIsAFreezeInst(v) || op == LLVMGetElementPtr || op == LLVMBitCast ||
        op == LLVMAddrSpaceCast) {
      VEC_PUSH(&work, LLVMValueRef, LLVMGetOperand(v, 0));
    } else if (LLVMIsAPHINode(v)) {
      for (unsigned i = 0; i < LLVMCountIncoming(v); i++)
        VEC_PUSH(&work, LLVMValueRef, LLVMGetIncomingValue(v, i));
    } else if (LLVMIsASelectInst(v)) {
      VEC_PUSH(&work, LLVMValueRef, LLVMGetOperand(v, 1));
      VEC_PUSH(&work, LLVMValueRef, LLVMGetOperand(v, 2));
    } else {
      VEC_PUSH(bases, LLVMValueRef, v);
    }
  }
  vec_free(&work);
  map_free(&seen);
}

LLVMTypeRef ir_value_arg_type(LLVMValueRef fn, unsigned i) {
  LLVMTypeRef ty = LLVMTypeOf(LLVMGetParam(fn, i));
  LLVMTypeKind k = LLVMGetTypeKind(ty);
  if (k == LLVMStructTypeKind || k == LLVMArrayTypeKind || k == LLVMVectorTypeKind)
    return ty;
  if (k != LLVMPointerTypeKind)
    return NULL;
  static const char *const kinds[] = {"byval", "byref"};
  for (int j = 0; j < 2; j++) {
    LLVMAttributeRef a = LLVMGetEnumAttributeAtIndex(
        fn, i + 1, LLVMGetEnumAttributeKindForName(kinds[j], strlen(kinds[j])));
    if (a)
      return LLVMGetTypeAttributeValue(a);
  }
  return NULL;
}

LLVMValueRef ir_first_after_allocas(LLVMBasicBlockRef bb) {
  LLVMValueRef in = LLVMGetFirstInstruction(bb);
  while (in && LLVMIsAAllocaInst(in))
    in = LLVMGetNextInstruction(in);
  return in;
}

/* SPIR-V wants every variable in the first block and every block after its
 * dominators (SPIR-V 2.16.1): static allocas move to the entry, and the
 * blocks follow a reverse post-order. LLVM needs neither, so this changes
 * nothing the function computes. */
void ir_tidy_blocks(LLVMValueRef fn) {
  LLVMBasicBlockRef entry = LLVMGetEntryBasicBlock(fn);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(LLVMGetModuleContext(LLVMGetGlobalParent(fn)));
  /* the leading allocas of the entry stay; every other static one joins them */
  LLVMValueRef first = ir_first_after_allocas(entry);
  if (first)
    LLVMPositionBuilderBefore(b, first);
  for (LLVMBasicBlockRef bb = entry; bb && first; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef in = bb == entry ? first : LLVMGetFirstInstruction(bb), next; in;
         in = next) {
      next = LLVMGetNextInstruction(in);
      if (LLVMIsAAllocaInst(in) && LLVMIsAConstantInt(LLVMGetOperand(in, 0))) {
        LLVMInstructionRemoveFromParent(in);
        LLVMInsertIntoBuilder(b, in);
      }
    }
  LLVMDisposeBuilder(b);
  /* reverse post-order, visiting successors last to first so that a loop's
   * body comes before its exit, as a person would write it */
  unsigned n = LLVMCountBasicBlocks(fn);
  LLVMBasicBlockRef *post = gs_xcalloc(n + 1, sizeof *post);
  struct {
    LLVMBasicBlockRef bb;
    unsigned next;
  } *stack = gs_xcalloc(n + 1, sizeof *stack);
  gs_map seen;
  map_init(&seen);
  size_t sp = 0, count = 0;
  stack[sp].bb = entry;
  stack[sp++].next = 0;
  map_put(&seen, entry, 1);
  while (sp) {
    LLVMValueRef term = LLVMGetBasicBlockTerminator(stack[sp - 1].bb);
    unsigned ns = term ? LLVMGetNumSuccessors(term) : 0;
    if (stack[sp - 1].next < ns) {
      LLVMBasicBlockRef succ = LLVMGetSuccessor(term, ns - 1 - stack[sp - 1].next++);
      if (!map_get(&seen, succ, NULL)) {
        map_put(&seen, succ, 1);
        stack[sp].bb = succ;
        stack[sp++].next = 0;
      }
    } else {
      post[count++] = stack[--sp].bb;
    }
  }
  for (size_t i = count; i-- > 1;)
    LLVMMoveBasicBlockAfter(post[i - 1], post[i]);
  map_free(&seen);
  free(stack);
  free(post);
}

int ir_reqd_work_group_size(LLVMValueRef fn, unsigned wg[3]) {
  LLVMContextRef ctx = LLVMGetModuleContext(LLVMGetGlobalParent(fn));
  unsigned kind = LLVMGetMDKindIDInContext(ctx, "reqd_work_group_size", 20);
  size_t n;
  int found = 0;
  LLVMValueMetadataEntry *entries = LLVMGlobalCopyAllMetadata(fn, &n);
  for (size_t i = 0; i < n && !found; i++) {
    if (LLVMValueMetadataEntriesGetKind(entries, (unsigned)i) != kind)
      continue;
    LLVMValueRef md =
        LLVMMetadataAsValue(ctx, LLVMValueMetadataEntriesGetMetadata(entries, (unsigned)i));
    if (LLVMGetMDNodeNumOperands(md) != 3)
      continue;
    LLVMValueRef ops[3];
    LLVMGetMDNodeOperands(md, ops);
    for (int d = 0; d < 3; d++)
      wg[d] = ops[d] && LLVMIsAConstantInt(ops[d]) ? (unsigned)LLVMConstIntGetZExtValue(ops[d]) : 0;
    found = 1;
  }
  if (entries)
    LLVMDisposeValueMetadataEntries(entries);
  return found;
}

/* PTR as parameter + constant byte offset (GEPs and casts of either kind);
 * 0 when it is not */
int ir_param_offset(LLVMValueRef ptr, LLVMValueRef *param, unsigned long long *offset) {
  unsigned long long off = 0;
  for (int depth = 0; depth < 8; depth++) {
    if (LLVMIsAArgument(ptr)) {
      *param = ptr;
      *offset = off;
      return 1;
    }
    LLVMOpcode op = LLVMIsAInstruction(ptr)    ? LLVMGetInstructionOpcode(ptr)
                    : LLVMIsAConstantExpr(ptr) ? LLVMGetConstOpcode(ptr)
                                               : (LLVMOpcode)0;
    if (op == LLVMBitCast || op == LLVMAddrSpaceCast) {
      if (op == LLVMAddrSpaceCast)
        return 0;
      ptr = LLVMGetOperand(ptr, 0);
      continue;
    }
    if (op != LLVMGetElementPtr || LLVMGetNumOperands(ptr) != 2)
      return 0;
    LLVMValueRef idx = LLVMGetOperand(ptr, 1);
    LLVMTypeRef elem = LLVMGetGEPSourceElementType(ptr);
    if (!LLVMIsAConstantInt(idx) || LLVMGetTypeKind(elem) != LLVMIntegerTypeKind ||
        LLVMGetIntTypeWidth(elem) % 8)
      return 0;
    long long k = LLVMConstIntGetSExtValue(idx);
    if (k < 0)
      return 0;
    off += (unsigned long long)k * (LLVMGetIntTypeWidth(elem) / 8);
    ptr = LLVMGetOperand(ptr, 0);
  }
  return 0;
}

int ir_has_md(LLVMValueRef inst, const char *tag) {
  LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(inst));
  return LLVMGetMetadata(inst, LLVMGetMDKindIDInContext(ctx, tag, (unsigned)strlen(tag))) != NULL;
}

int ir_calls(LLVMValueRef inst, const char *name) {
  const char *callee = ir_is_call(inst) ? ir_callee_name(inst) : NULL;
  return callee && !strcmp(callee, name);
}

void ir_calls_of(LLVMValueRef fn, const char *name, gs_vec *calls) {
  vec_init(calls, sizeof(LLVMValueRef));
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
      if (ir_calls(i, name))
        VEC_PUSH(calls, LLVMValueRef, i);
}

void ir_mark(LLVMValueRef inst, const char *tag) {
  LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(inst));
  LLVMSetMetadata(inst, LLVMGetMDKindIDInContext(ctx, tag, (unsigned)strlen(tag)),
                  LLVMMetadataAsValue(ctx, LLVMMDNodeInContext2(ctx, NULL, 0)));
}
