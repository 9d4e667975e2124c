/* The emitted segments' roles (SPEC section 3: roles describe the segments
 * as emitted), and the attributes and metadata that carry them; the
 * carried program-scope variables moved into the live state. */
#include "split_steps.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const virtual_arg_names[GS_VIRTUAL_ARGS] = {
    "gs_vgroups_x", "gs_vgroups_y", "gs_vgroups_z", "gs_vorder", "gs_vfirst", "gs_vend"};

/* OpenCL kernel argument metadata has one entry per argument: extend it for
 * the live-state, control and virtual-grid arguments. */
void attr_copy_kernel_metadata(split_ctx *c, LLVMValueRef fn, unsigned extra) {
  size_t n = 0;
  LLVMValueMetadataEntry *entries = LLVMGlobalCopyAllMetadata(c->kernel, &n);
  unsigned dbg = LLVMGetMDKindIDInContext(c->ctx, "dbg", 3);
  static const char *const kinds[] = {"kernel_arg_addr_space", "kernel_arg_access_qual",
                                      "kernel_arg_type",       "kernel_arg_base_type",
                                      "kernel_arg_type_qual",  "kernel_arg_name"};
  /* the extra arguments in order: name, type, address space */
  const char *names[2 + GS_VIRTUAL_ARGS], *types[2 + GS_VIRTUAL_ARGS];
  unsigned spaces[2 + GS_VIRTUAL_ARGS], ne = 0;
  if (c->has_state)
    names[ne] = GS_LIVE_STATE_NAME, types[ne] = "uchar*", spaces[ne++] = 1;
  if (c->dynamic)
    names[ne] = "gs_control", types[ne] = "int*", spaces[ne++] = 1;
  for (int d = 0; c->virtual_wg && d < GS_VIRTUAL_ARGS; d++)
    names[ne] = virtual_arg_names[d], types[ne] = "uint", spaces[ne++] = 0;
  for (size_t i = 0; i < n; i++) {
    unsigned kind = LLVMValueMetadataEntriesGetKind(entries, (unsigned)i);
    LLVMMetadataRef md = LLVMValueMetadataEntriesGetMetadata(entries, (unsigned)i);
    if (kind == dbg)
      continue;
    int which = -1;
    for (int k = 0; k < 6; k++)
      if (kind == LLVMGetMDKindIDInContext(c->ctx, kinds[k], (unsigned)strlen(kinds[k])))
        which = k;
    if (which < 0 || !extra) {
      LLVMGlobalSetMetadata(fn, kind, md);
      continue;
    }
    LLVMValueRef node = LLVMMetadataAsValue(c->ctx, md);
    unsigned nops = LLVMGetMDNodeNumOperands(node);
    LLVMValueRef *ops = gs_xcalloc(nops + extra, sizeof *ops);
    LLVMGetMDNodeOperands(node, ops);
    LLVMMetadataRef *mds = gs_xcalloc(nops + extra, sizeof *mds);
    for (unsigned k = 0; k < nops; k++)
      mds[k] = LLVMValueAsMetadata(ops[k]);
    for (unsigned k = 0; k < extra; k++) {
      const char *text = which == 1                 ? "none"
                         : which == 2 || which == 3 ? types[k]
                         : which == 4               ? ""
                                                    : names[k];
      mds[nops + k] =
          which == 0
              ? LLVMValueAsMetadata(LLVMConstInt(LLVMInt32TypeInContext(c->ctx), spaces[k], 0))
              : LLVMMDStringInContext2(c->ctx, text, strlen(text));
    }
    LLVMGlobalSetMetadata(fn, kind, LLVMMDNodeInContext2(c->ctx, mds, nops + extra));
    free(ops);
    free(mds);
  }
  LLVMDisposeValueMetadataEntries(entries);
}

void attr_copy_function(LLVMValueRef from, LLVMValueRef to, unsigned nparams) {
  for (int idx = -1; idx <= (int)nparams; idx++) {
    LLVMAttributeIndex ai =
        idx < 0 ? (LLVMAttributeIndex)LLVMAttributeFunctionIndex : (LLVMAttributeIndex)idx;
    unsigned n = LLVMGetAttributeCountAtIndex(from, ai);
    if (!n)
      continue;
    LLVMAttributeRef *attrs = gs_xcalloc(n, sizeof *attrs);
    LLVMGetAttributesAtIndex(from, ai, attrs);
    for (unsigned k = 0; k < n; k++)
      LLVMAddAttributeAtIndex(to, ai, attrs[k]);
    free(attrs);
  }
}

/* An attribute of parameter ARG of FN, with VALUE where it takes one */
void attr_add_param_value(LLVMValueRef fn, unsigned arg, const char *name, uint64_t value) {
  unsigned kind = LLVMGetEnumAttributeKindForName(name, strlen(name));
  LLVMAddAttributeAtIndex(
      fn, arg + 1,
      LLVMCreateEnumAttribute(LLVMGetModuleContext(LLVMGetGlobalParent(fn)), kind, value));
}

static void add_param_attr(LLVMValueRef fn, unsigned arg, const char *name) {
  attr_add_param_value(fn, arg, name, 0);
}

/* V in FN, with every use of the global G (directly or in a constant
 * expression) through REPLACEMENT, built at B. */
static LLVMValueRef relocated(LLVMBuilderRef b, LLVMValueRef v, LLVMValueRef g,
                              LLVMValueRef replacement) {
  if (v == g)
    return LLVMBuildPointerCast(b, replacement, LLVMTypeOf(g), "");
  if (!LLVMIsAConstantExpr(v))
    return NULL;
  LLVMOpcode op = LLVMGetConstOpcode(v);
  if (op != LLVMGetElementPtr && op != LLVMBitCast && op != LLVMAddrSpaceCast)
    return NULL;
  LLVMValueRef base = relocated(b, LLVMGetOperand(v, 0), g, replacement);
  if (!base)
    return NULL;
  if (op == LLVMBitCast)
    return LLVMBuildPointerCast(b, base, LLVMTypeOf(v), "");
  if (op == LLVMAddrSpaceCast)
    return LLVMBuildAddrSpaceCast(b, base, LLVMTypeOf(v), "");
  unsigned n = (unsigned)LLVMGetNumOperands(v) - 1;
  LLVMValueRef *idx = gs_xcalloc(n + 1, sizeof *idx);
  for (unsigned i = 0; i < n; i++)
    idx[i] = LLVMGetOperand(v, i + 1);
  LLVMValueRef r = LLVMBuildGEP2(b, LLVMGetGEPSourceElementType(v), base, idx, n, "");
  free(idx);
  return r;
}

/* The carried program-scope variables move into the live state: each
 * segment addresses them from its live-state argument. Done after the roles,
 * which describe them as the buffers they are. */
void attr_relocate_globals(LLVMModuleRef c, const kernel_result *kr) {
  LLVMContextRef ctx = LLVMGetModuleContext(c);
  LLVMTypeRef i8 = LLVMInt8TypeInContext(ctx), i64 = LLVMInt64TypeInContext(ctx);
  for (size_t s = 0; s < kr->nsegments && kr->globals.len; s++) {
    LLVMValueRef fn = segment_function(c, kr, s);
    LLVMValueRef state = LLVMGetParam(fn, (unsigned)kr->live_state_arg);
    LLVMBasicBlockRef entry = LLVMGetEntryBasicBlock(fn);
    LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
    LLVMPositionBuilder(b, entry, ir_first_after_allocas(entry));
    for (size_t i = 0; i < kr->globals.len; i++) {
      const carried_global *cg = &VEC_AT(&kr->globals, carried_global, i);
      LLVMValueRef g = LLVMGetNamedGlobal(c, cg->name);
      LLVMValueRef off = LLVMConstInt(i64, cg->offset, 0);
      LLVMValueRef place = LLVMBuildGEP2(b, i8, state, &off, 1, cg->name);
      /* the instructions of FN that use G, directly or through constants */
      gs_vec users;
      vec_init(&users, sizeof(LLVMValueRef));
      gs_vec work;
      vec_init(&work, sizeof(LLVMValueRef));
      VEC_PUSH(&work, LLVMValueRef, g);
      while (work.len) {
        LLVMValueRef v = VEC_AT(&work, LLVMValueRef, --work.len);
        for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
          LLVMValueRef user = LLVMGetUser(u);
          if (LLVMIsAConstantExpr(user))
            VEC_PUSH(&work, LLVMValueRef, user);
          else if (LLVMIsAInstruction(user) && ir_function_in(user, fn) && !in_vec(&users, user))
            VEC_PUSH(&users, LLVMValueRef, user);
        }
      }
      vec_free(&work);
      for (size_t k = 0; k < users.len; k++) {
        LLVMValueRef user = VEC_AT(&users, LLVMValueRef, k);
        int nops = LLVMGetNumOperands(user);
        for (int o = 0; o < nops; o++) {
          LLVMValueRef r = relocated(b, LLVMGetOperand(user, (unsigned)o), g, place);
          if (r)
            LLVMSetOperand(user, (unsigned)o, r);
        }
      }
      vec_free(&users);
    }
    LLVMDisposeBuilder(b);
  }
}

/* Roles of the emitted segments (SPEC section 3: roles describe the segments
 * as emitted), then the attributes and metadata that carry them. */
void attr_segment_roles(LLVMModuleRef c, kernel_result *kr, const gs_target *t,
                        summary_cache *cache, gs_vec *warnings) {
  size_t nb = kr->buffers.len;
  for (size_t s = 0; s < kr->nsegments; s++) {
    LLVMValueRef fn = segment_function(c, kr, s);
    kernel_access ka;
    access_analyze(&ka, c, fn, kr->live_state_arg, t, cache, warnings);
    for (size_t b = 0; b < nb; b++)
      kr->access[s * nb + b].flags = 0;
    for (size_t i = 0; i < ka.facts.len; i++) {
      const access_fact *f = &VEC_AT(&ka.facts, access_fact, i);
      const buffer_desc *d = &VEC_AT(&ka.buffers, buffer_desc, f->buffer);
      for (size_t b = 0; b < nb; b++) {
        const buffer_desc *kb = &VEC_AT(&kr->buffers, buffer_desc, b);
        int same = d->arg >= 0 ? kb->arg == d->arg : (kb->arg < 0 && !strcmp(kb->name, d->name));
        if (same)
          kr->access[s * nb + b].flags |= f->flags;
      }
    }
    access_free(&ka);
  }
  free(kr->host_input);
  free(kr->host_output);
  roles_compute(kr);
}

/* Whether instruction I may write memory or call what could: stores,
 * atomics, fences, volatile loads, and calls but the target's pure queries,
 * LLVM's markers and, with BARRIERS, workgroup barriers */
int attr_inst_has_effect(LLVMValueRef i, const gs_target *t, int barriers) {
  if (LLVMIsAStoreInst(i) || LLVMIsAAtomicRMWInst(i) || LLVMIsAAtomicCmpXchgInst(i) ||
      LLVMIsAFenceInst(i) || (LLVMIsALoadInst(i) && LLVMGetVolatile(i)))
    return 1;
  if (!ir_is_call(i) || ir_is_marker(i))
    return 0;
  const char *callee = ir_callee_name(i);
  return !callee ||
         !(t->is_pure_query(callee) || (barriers && t->is_workgroup_barrier(i, callee, 1)));
}

/* Whether FN has an effect (attr_inst_has_effect, workgroup barriers
 * apart). A segment without effects need not run (SPEC section 4). */
int attr_segment_has_effects(LLVMValueRef fn, const gs_target *t) {
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
      if (attr_inst_has_effect(i, t, 1))
        return 1;
  return 0;
}

static int has_param_attr(LLVMValueRef fn, unsigned arg, const char *name) {
  return LLVMGetEnumAttributeAtIndex(fn, arg + 1,
                                     LLVMGetEnumAttributeKindForName(name, strlen(name))) != NULL;
}

/* kernel_arg_type_qual: "const" for read-only buffers, "restrict" where
 * noalias holds (OpenCL C 6.7 qualifiers as the SPIR metadata spells them). */
static void set_type_qual(LLVMValueRef fn, unsigned arg, int is_const, int is_restrict) {
  LLVMContextRef ctx = LLVMGetModuleContext(LLVMGetGlobalParent(fn));
  unsigned kind = LLVMGetMDKindIDInContext(ctx, "kernel_arg_type_qual", 20);
  size_t nentries = 0;
  LLVMValueMetadataEntry *entries = LLVMGlobalCopyAllMetadata(fn, &nentries);
  LLVMMetadataRef md = NULL;
  for (size_t i = 0; i < nentries; i++)
    if (LLVMValueMetadataEntriesGetKind(entries, (unsigned)i) == kind)
      md = LLVMValueMetadataEntriesGetMetadata(entries, (unsigned)i);
  if (entries)
    LLVMDisposeValueMetadataEntries(entries);
  if (!md)
    return;
  LLVMValueRef node = LLVMMetadataAsValue(ctx, md);
  unsigned n = LLVMGetMDNodeNumOperands(node);
  if (arg >= n)
    return;
  LLVMValueRef *ops = gs_xcalloc(n, sizeof *ops);
  LLVMGetMDNodeOperands(node, ops);
  LLVMMetadataRef *mds = gs_xcalloc(n, sizeof *mds);
  for (unsigned k = 0; k < n; k++)
    mds[k] = LLVMValueAsMetadata(ops[k]);
  unsigned len = 0;
  const char *old = LLVMGetMDString(ops[arg], &len);
  gs_str q;
  str_init(&q);
  int has_const = old && strstr(old, "const") != NULL;
  int has_restrict = old && strstr(old, "restrict") != NULL;
  if (is_const || has_const)
    str_printf(&q, "const");
  if (is_restrict || has_restrict)
    str_printf(&q, "%srestrict", q.len ? " " : "");
  if (old && strstr(old, "volatile"))
    str_printf(&q, "%svolatile", q.len ? " " : "");
  mds[arg] = LLVMMDStringInContext2(ctx, q.s ? q.s : "", q.len);
  LLVMGlobalSetMetadata(fn, kind, LLVMMDNodeInContext2(ctx, mds, n));
  str_free(&q);
  free(ops);
  free(mds);
}

int attr_mark_unwritten(LLVMModuleRef c, const kernel_result *kr) {
  size_t nb = kr->buffers.len;
  int any = 0;
  LLVMContextRef ctx = LLVMGetModuleContext(c);
  unsigned scope = LLVMGetMDKindIDInContext(ctx, "alias.scope", 11);
  unsigned noalias_md = LLVMGetMDKindIDInContext(ctx, "noalias", 7);
  unsigned noalias = LLVMGetEnumAttributeKindForName("noalias", 7);
  for (size_t s = 0; kr->distinct_buffers && s < kr->nsegments; s++) {
    LLVMValueRef fn = segment_function(c, kr, s);
    for (size_t b = 0; fn && b < nb; b++) {
      const buffer_desc *d = &VEC_AT(&kr->buffers, buffer_desc, b);
      gs_role role = kr->access[s * nb + b].role;
      if (d->arg < 0)
        continue;
      if (d->space == SPACE_WORKGROUP || (role != GS_ROLE_READ && role != GS_ROLE_NONE)) {
        /* a written buffer, or workgroup memory (which other invocations of
         * the workgroup write), the kernel declared restrict: noalias would
         * let a read of it after a barrier (which now returns) be made once
         * before the loop, and miss another invocation's write ordered by
         * that barrier. attr_apply_roles gives it back after to global
         * buffers; workgroup memory stays without. */
        LLVMRemoveEnumAttributeAtIndex(fn, (unsigned)d->arg + 1, noalias);
        continue;
      }
      for (int k = 0; k < 2; k++) {
        const char *name = k ? "readonly" : "noalias";
        if (!has_param_attr(fn, (unsigned)d->arg, name))
          add_param_attr(fn, (unsigned)d->arg, name);
      }
      any = 1;
    }
    /* and what inlining a restrict argument's function left: scopes that
     * tell LLVM a barrier call does not touch that buffer */
    for (LLVMBasicBlockRef bb = fn ? LLVMGetFirstBasicBlock(fn) : NULL; bb;
         bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in)) {
        LLVMSetMetadata(in, scope, NULL);
        LLVMSetMetadata(in, noalias_md, NULL);
      }
  }
  return any;
}

void attr_apply_roles(LLVMModuleRef c, const kernel_result *kr) {
  size_t nb = kr->buffers.len;
  for (size_t s = 0; s < kr->nsegments; s++) {
    LLVMValueRef fn = segment_function(c, kr, s);
    for (size_t b = 0; b < nb; b++) {
      const buffer_desc *d = &VEC_AT(&kr->buffers, buffer_desc, b);
      if (d->arg < 0)
        continue;
      unsigned arg = (unsigned)d->arg;
      gs_role role = kr->access[s * nb + b].role;
      int noalias = has_param_attr(fn, arg, "noalias");
      if (kr->distinct_buffers && d->space != SPACE_WORKGROUP && !noalias) {
        add_param_attr(fn, arg, "noalias");
        noalias = 1;
      }
      /* a segment that reads back its own writes (ACC_OWN) is no writeonly
       * kernel to LLVM, whatever its role */
      int own = (kr->access[s * nb + b].flags & ACC_OWN) != 0;
      const char *want = role == GS_ROLE_NONE            ? "readnone"
                         : role == GS_ROLE_READ          ? "readonly"
                         : role == GS_ROLE_WRITE && !own ? "writeonly"
                                                         : NULL;
      if (own)
        LLVMRemoveEnumAttributeAtIndex(fn, arg + 1,
                                       LLVMGetEnumAttributeKindForName("writeonly", 9));
      if (want) {
        /* the kernel's own (inferred) access attribute may be wider */
        static const char *const access[] = {"readnone", "readonly", "writeonly"};
        for (int i = 0; i < 3; i++)
          if (strcmp(access[i], want))
            LLVMRemoveEnumAttributeAtIndex(
                fn, arg + 1, LLVMGetEnumAttributeKindForName(access[i], strlen(access[i])));
        if (!has_param_attr(fn, arg, want))
          add_param_attr(fn, arg, want);
      }
      if (d->space != SPACE_WORKGROUP)
        set_type_qual(fn, arg, role == GS_ROLE_READ || role == GS_ROLE_NONE, noalias);
    }
  }
}

gs_error *gs_set_workgroup_size(LLVMModuleRef m, const gs_analysis *a, const unsigned wg[3]) {
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  unsigned kind = LLVMGetMDKindIDInContext(ctx, "reqd_work_group_size", 20);
  if (!wg[0] || !wg[1] || !wg[2])
    return gs_errorf("a workgroup size of %u,%u,%u has an empty dimension", wg[0], wg[1], wg[2]);
  /* every segment checked before any changes */
  for (int set = 0; set < 2; set++)
    for (size_t k = 0; k < a->kernels.len; k++) {
      const kernel_result *kr = &VEC_AT(&a->kernels, kernel_result, k);
      for (size_t s = 0; s < kr->nsegments; s++) {
        LLVMValueRef fn = segment_function(m, kr, s);
        if (!fn)
          return gs_errorf("kernel '%s' has no segment %zu in the module: was it split?", kr->name,
                           s);
        unsigned have[3];
        if (!set && ir_reqd_work_group_size(fn, have) &&
            (have[0] != wg[0] || have[1] != wg[1] || have[2] != wg[2]))
          return gs_errorf("kernel '%s' requires a workgroup size of %u,%u,%u "
                           "(reqd_work_group_size), not %u,%u,%u",
                           kr->name, have[0], have[1], have[2], wg[0], wg[1], wg[2]);
        if (set) {
          LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx);
          LLVMMetadataRef ops[3];
          for (int d = 0; d < 3; d++)
            ops[d] = LLVMValueAsMetadata(LLVMConstInt(i32, wg[d], 0));
          LLVMGlobalSetMetadata(fn, kind, LLVMMDNodeInContext2(ctx, ops, 3));
        }
      }
    }
  return NULL;
}
