/* Unit tests: barriers, segment graphs and roles (SPEC sections 1 to 3). */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "unit.h"

#define R GS_ROLE_READ
#define W GS_ROLE_WRITE
#define RW GS_ROLE_READWRITE
#define ACC GS_ROLE_ACCUMULATE
#define NONE GS_ROLE_NONE
#define GLOBAL GS_SPACE_GLOBAL
#define CONSTANT GS_SPACE_CONSTANT
#define WORKGROUP GS_SPACE_WORKGROUP
#define STATIC GS_SCHEDULE_STATIC
#define DYNAMIC GS_SCHEDULE_DYNAMIC

/* Analyses TEXT with no options; the test body sees ctx, m, a. */
#define WITH_ANALYSIS(text)                                                        \
  LLVMContextRef ctx = LLVMContextCreate();                                        \
  LLVMModuleRef m = parse_ir(ctx, text);                                           \
  gs_analysis *a = analyze_ok(m, NULL)
#define END_ANALYSIS()                                                             \
  gs_analysis_dispose(a);                                                          \
  LLVMDisposeModule(m);                                                            \
  LLVMContextDispose(ctx)

START_TEST(straight_line_write_then_accumulate) {
  WITH_ANALYSIS(IR_BUMP);
  ck_assert_uint_eq(gs_analysis_kernel_count(a), 1);
  ck_assert_str_eq(gs_kernel_name(a, 0), "bump");
  ck_assert_str_eq(gs_analysis_target(a), "spir64-unknown-unknown");
  expect_kernel(a, 0, 1, STATIC);
  ck_assert_uint_eq(gs_kernel_buffer_count(a, 0), 2);
  expect_buffer(a, 0, "in", 0, GLOBAL, 1, 0);
  expect_buffer(a, 0, "out", 1, GLOBAL, 0, 1);
  ck_assert_str_eq(gs_kernel_buffer(a, 0, 0).name, "in");
  ck_assert_str_eq(gs_kernel_buffer(a, 0, 1).name, "out");
  expect_successors(a, 0, 0, "1");
  expect_successors(a, 0, 1, "-1");
  expect_access(a, 0, 0, "in", R, 1, 0, 0);
  expect_access(a, 0, 0, "out", W, 0, 1, 0);
  /* out was written by segment 0: its writer in segment 1 must merge. */
  expect_access(a, 0, 1, "in", NONE, 0, 0, 0);
  expect_access(a, 0, 1, "out", ACC, 1, 1, 0);
  ck_assert_ptr_null(gs_segment_location(a, 0, 0));
  ck_assert_ptr_null(gs_segment_location(a, 0, 1));
  ck_assert_uint_eq(gs_analysis_warning_count(a), 0);
  END_ANALYSIS();
}
END_TEST

/* Two-phase reduction: workgroup tile and a work-group barrier (not a grid
 * barrier), a divergent `if (lid == 0)` that rejoins before the grid barrier,
 * and a serial loop without barriers in the last segment. */
static const char *const IR_REDUCE = SPIR_PRELUDE
    "define spir_kernel void @reduce(ptr addrspace(1) %in, ptr addrspace(1) %partial,"
    " ptr addrspace(1) %out, ptr addrspace(3) %tile, i32 %n) {\n"
    "entry:\n"
    "  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)\n"
    "  %lid = call spir_func i64 @_Z12get_local_idj(i32 0)\n"
    "  %grp = call spir_func i64 @_Z12get_group_idj(i32 0)\n"
    "  %n64 = zext i32 %n to i64\n"
    "  %inb = icmp ult i64 %gid, %n64\n"
    "  %pin = getelementptr inbounds float, ptr addrspace(1) %in, i64 %gid\n"
    "  br i1 %inb, label %load, label %stage\n"
    "load:\n"
    "  %x0 = load float, ptr addrspace(1) %pin, align 4\n"
    "  br label %stage\n"
    "stage:\n"
    "  %x = phi float [ %x0, %load ], [ 0.0, %entry ]\n"
    "  %pt = getelementptr inbounds float, ptr addrspace(3) %tile, i64 %lid\n"
    "  store float %x, ptr addrspace(3) %pt, align 4\n"
    "  call spir_func void @_Z7barrierj(i32 1)\n"
    "  %lead = icmp eq i64 %lid, 0\n"
    "  br i1 %lead, label %sum, label %sync\n"
    "sum:\n"
    "  %t0 = load float, ptr addrspace(3) %tile, align 4\n"
    "  %p1 = getelementptr inbounds float, ptr addrspace(3) %tile, i64 1\n"
    "  %t1 = load float, ptr addrspace(3) %p1, align 4\n"
    "  %t = fadd float %t0, %t1\n"
    "  %pp = getelementptr inbounds float, ptr addrspace(1) %partial, i64 %grp\n"
    "  store float %t, ptr addrspace(1) %pp, align 4\n"
    "  br label %sync\n"
    "sync:\n"
    "  call void @gridsplit_grid_sync()\n"
    "  %ngrp = call spir_func i64 @_Z14get_num_groupsj(i32 0)\n"
    "  %first = icmp eq i64 %gid, 0\n"
    "  br i1 %first, label %loop, label %done\n"
    "loop:\n"
    "  %i = phi i64 [ 0, %sync ], [ %i1, %loop ]\n"
    "  %acc = phi float [ 0.0, %sync ], [ %acc1, %loop ]\n"
    "  %pq = getelementptr inbounds float, ptr addrspace(1) %partial, i64 %i\n"
    "  %q = load float, ptr addrspace(1) %pq, align 4\n"
    "  %acc1 = fadd float %acc, %q\n"
    "  %i1 = add nuw i64 %i, 1\n"
    "  %more = icmp ult i64 %i1, %ngrp\n"
    "  br i1 %more, label %loop, label %final\n"
    "final:\n"
    "  store float %acc1, ptr addrspace(1) %out, align 4\n"
    "  br label %done\n"
    "done:\n"
    "  ret void\n"
    "}\n";

START_TEST(reduction_with_workgroup_tile) {
  WITH_ANALYSIS(IR_REDUCE);
  size_t k = find_kernel(a, "reduce");
  expect_kernel(a, k, 1, STATIC);
  /* n is a scalar, not a buffer; tile keeps its argument index 3. */
  ck_assert_uint_eq(gs_kernel_buffer_count(a, k), 4);
  expect_buffer(a, k, "in", 0, GLOBAL, 1, 0);
  expect_buffer(a, k, "partial", 1, GLOBAL, 0, 1);
  expect_buffer(a, k, "out", 2, GLOBAL, 0, 1);
  expect_buffer(a, k, "tile", 3, WORKGROUP, 0, 0);
  expect_successors(a, k, 0, "1");
  expect_successors(a, k, 1, "-1");
  expect_access(a, k, 0, "in", R, 1, 0, 0);
  expect_access(a, k, 0, "partial", W, 0, 1, 0);
  expect_access(a, k, 0, "tile", RW, 1, 1, 0);
  expect_access(a, k, 0, "out", NONE, 0, 0, 0);
  expect_access(a, k, 1, "partial", R, 1, 0, 0);
  expect_access(a, k, 1, "out", W, 0, 1, 0);
  expect_untouched_except(a, k, 1, "partial,out");
  ck_assert_uint_eq(gs_analysis_warning_count(a), 0);
  END_ANALYSIS();
}
END_TEST

START_TEST(histogram_atomics) {
  WITH_ANALYSIS(IR_HISTOGRAM);
  size_t k = find_kernel(a, "histogram");
  expect_kernel(a, k, 1, STATIC);
  ck_assert_uint_eq(gs_kernel_buffer_count(a, k), 3);
  expect_buffer(a, k, "data", 0, GLOBAL, 1, 0);
  expect_buffer(a, k, "bins", 1, GLOBAL, 1, 1); /* A reads: host input */
  expect_buffer(a, k, "scaled", 2, GLOBAL, 0, 1);
  expect_successors(a, k, 0, "1");
  expect_successors(a, k, 1, "-1");
  expect_access(a, k, 0, "data", R, 1, 0, 0);
  expect_access(a, k, 0, "bins", ACC, 0, 0, 1);
  expect_access(a, k, 0, "scaled", NONE, 0, 0, 0);
  expect_access(a, k, 1, "data", NONE, 0, 0, 0);
  expect_access(a, k, 1, "bins", R, 1, 0, 0);
  expect_access(a, k, 1, "scaled", W, 0, 1, 0);
  ck_assert_uint_eq(gs_analysis_warning_count(a), 0);
  END_ANALYSIS();
}
END_TEST

/* Barriers in a loop: segment graph 0->1->2->{1,end}, so segments 1 and 2 lie
 * in a cycle and each is its own earlier writer. */
START_TEST(stencil_loop_is_dynamic) {
  WITH_ANALYSIS(IR_STENCIL);
  size_t k = find_kernel(a, "stencil");
  expect_kernel(a, k, 2, DYNAMIC);
  ck_assert_uint_eq(gs_kernel_buffer_count(a, k), 2);
  expect_buffer(a, k, "a", 0, GLOBAL, 1, 1);
  expect_buffer(a, k, "b", 1, GLOBAL, 0, 1);
  expect_successors(a, k, 0, "1");
  expect_successors(a, k, 1, "2");
  expect_successors(a, k, 2, "1,-1");
  expect_access(a, k, 0, "a", R, 1, 0, 0);
  expect_access(a, k, 0, "b", W, 0, 1, 0);
  expect_access(a, k, 1, "b", R, 1, 0, 0);
  expect_access(a, k, 1, "a", ACC, 0, 1, 0);
  expect_access(a, k, 2, "a", R, 1, 0, 0);
  expect_access(a, k, 2, "b", ACC, 0, 1, 0);
  ck_assert_uint_eq(gs_analysis_warning_count(a), 0);
  END_ANALYSIS();
}
END_TEST

/* A convergence loop: the loop condition is loaded from a grid-uniform
 * address, which the compiler cannot prove uniform; the runtime checks it
 * (SPEC section 1), so this is no compile-time error. */
static const char *const IR_RELAX = SPIR_PRELUDE
    "define spir_kernel void @relax(ptr addrspace(1) %dist, ptr addrspace(1) %changed) {\n"
    "entry:\n"
    "  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)\n"
    "  %pd = getelementptr inbounds i32, ptr addrspace(1) %dist, i64 %gid\n"
    "  br label %loop\n"
    "loop:\n"
    "  %it = phi i64 [ 0, %entry ], [ %it1, %wait ]\n"
    "  %v = load i32, ptr addrspace(1) %pd, align 4\n"
    "  %nv = add i32 %v, 1\n"
    "  store i32 %nv, ptr addrspace(1) %pd, align 4\n"
    "  %first = icmp eq i64 %gid, 0\n"
    "  br i1 %first, label %flag, label %wait\n"
    "flag:\n"
    "  %pc = getelementptr inbounds i32, ptr addrspace(1) %changed, i64 %it\n"
    "  %o = atomicrmw add ptr addrspace(1) %pc, i32 1 monotonic, align 4\n"
    "  br label %wait\n"
    "wait:\n"
    "  call void @gridsplit_grid_sync()\n"
    "  %pf = getelementptr inbounds i32, ptr addrspace(1) %changed, i64 %it\n"
    "  %f = load i32, ptr addrspace(1) %pf, align 4\n"
    "  %it1 = add i64 %it, 1\n"
    "  %more = icmp slt i32 %f, 8\n"
    "  br i1 %more, label %loop, label %exit\n"
    "exit:\n"
    "  ret void\n"
    "}\n";

START_TEST(convergence_loop_on_loaded_flag) {
  WITH_ANALYSIS(IR_RELAX);
  size_t k = find_kernel(a, "relax");
  expect_kernel(a, k, 1, DYNAMIC);
  expect_buffer(a, k, "dist", 0, GLOBAL, 1, 1);
  expect_buffer(a, k, "changed", 1, GLOBAL, 1, 1);
  expect_successors(a, k, 0, "1");
  expect_successors(a, k, 1, "1,-1");
  expect_access(a, k, 0, "dist", RW, 1, 1, 0);
  expect_access(a, k, 0, "changed", ACC, 0, 0, 1);
  expect_access(a, k, 1, "dist", ACC, 1, 1, 0); /* own earlier writer (cycle) */
  expect_access(a, k, 1, "changed", ACC, 1, 0, 1);
  END_ANALYSIS();
}
END_TEST

/* A barrier in a grid-uniform branch: graph 0->{1,2}, 1->2, 2->end. y is read
 * in segment 2, which the path 0->2 reaches without a writer of y. */
static const char *const IR_MAYBE = SPIR_PRELUDE
    "define spir_kernel void @maybe(ptr addrspace(1) %x, ptr addrspace(1) %y, i32 %mode) {\n"
    "entry:\n"
    "  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)\n"
    "  %px = getelementptr inbounds float, ptr addrspace(1) %x, i64 %gid\n"
    "  %py = getelementptr inbounds float, ptr addrspace(1) %y, i64 %gid\n"
    "  %m = icmp ne i32 %mode, 0\n"
    "  br i1 %m, label %then, label %join\n"
    "then:\n"
    "  store float 1.0, ptr addrspace(1) %px, align 4\n"
    "  call void @gridsplit_grid_sync()\n"
    "  %v = load float, ptr addrspace(1) %px, align 4\n"
    "  store float %v, ptr addrspace(1) %py, align 4\n"
    "  br label %join\n"
    "join:\n"
    "  call void @gridsplit_grid_sync()\n"
    "  %w = load float, ptr addrspace(1) %py, align 4\n"
    "  store float %w, ptr addrspace(1) %px, align 4\n"
    "  ret void\n"
    "}\n";

START_TEST(uniform_branch_is_dynamic) {
  WITH_ANALYSIS(IR_MAYBE);
  size_t k = find_kernel(a, "maybe");
  expect_kernel(a, k, 2, DYNAMIC);
  expect_successors(a, k, 0, "1,2");
  expect_successors(a, k, 1, "2");
  expect_successors(a, k, 2, "-1");
  expect_access(a, k, 0, "x", W, 0, 1, 0);
  expect_access(a, k, 0, "y", NONE, 0, 0, 0);
  expect_access(a, k, 1, "x", R, 1, 0, 0);
  expect_access(a, k, 1, "y", W, 0, 1, 0);
  expect_access(a, k, 2, "y", R, 1, 0, 0);
  expect_access(a, k, 2, "x", ACC, 0, 1, 0);
  expect_buffer(a, k, "x", 0, GLOBAL, 0, 1);
  expect_buffer(a, k, "y", 1, GLOBAL, 1, 1);
  END_ANALYSIS();
}
END_TEST

/* Barrier sites are numbered in reverse post-order. For `br %m, %left,
 * %right`, LLVM's post-order DFS visits left first, so the post-order is
 * join, left, right, entry and the RPO entry, right, left, join: the barrier
 * in %right is site 1. */
static const char *const IR_SIDES = SPIR_PRELUDE
    "define spir_kernel void @sides(ptr addrspace(1) %x, ptr addrspace(1) %y, i32 %mode) {\n"
    "entry:\n"
    "  %m = icmp ne i32 %mode, 0\n"
    "  br i1 %m, label %left, label %right\n"
    "left:\n"
    "  store i32 1, ptr addrspace(1) %x, align 4\n"
    "  call void @gridsplit_grid_sync()\n"
    "  %lx = load i32, ptr addrspace(1) %x, align 4\n"
    "  br label %join\n"
    "right:\n"
    "  store i32 2, ptr addrspace(1) %y, align 4\n"
    "  call void @gridsplit_grid_sync()\n"
    "  %ry = load i32, ptr addrspace(1) %y, align 4\n"
    "  br label %join\n"
    "join:\n"
    "  ret void\n"
    "}\n";

START_TEST(barrier_sites_in_llvm_rpo) {
  WITH_ANALYSIS(IR_SIDES);
  size_t k = find_kernel(a, "sides");
  expect_kernel(a, k, 2, DYNAMIC);
  expect_successors(a, k, 0, "1,2");
  expect_successors(a, k, 1, "-1");
  expect_successors(a, k, 2, "-1");
  expect_access(a, k, 0, "x", W, 0, 1, 0);
  expect_access(a, k, 0, "y", W, 0, 1, 0);
  expect_access(a, k, 1, "y", R, 1, 0, 0);
  expect_untouched_except(a, k, 1, "y");
  expect_access(a, k, 2, "x", R, 1, 0, 0);
  expect_untouched_except(a, k, 2, "x");
  expect_buffer(a, k, "x", 0, GLOBAL, 0, 1);
  expect_buffer(a, k, "y", 1, GLOBAL, 0, 1);
  END_ANALYSIS();
}
END_TEST

/* `if (i >= n) return;` before the barrier is fine (SPEC section 1); segment
 * 0 may end the invocation, and the schedule stays a static chain. */
static const char *const IR_EARLY_RETURN = SPIR_PRELUDE
    "define spir_kernel void @guarded(ptr addrspace(1) %x, i64 %n) {\n"
    "entry:\n"
    "  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)\n"
    "  %out = icmp uge i64 %gid, %n\n"
    "  br i1 %out, label %exit, label %body\n"
    "body:\n"
    "  %p = getelementptr inbounds i32, ptr addrspace(1) %x, i64 %gid\n"
    "  store i32 1, ptr addrspace(1) %p, align 4\n"
    "  call void @gridsplit_grid_sync()\n"
    "  %v = load i32, ptr addrspace(1) %p, align 4\n"
    "  br label %exit\n"
    "exit:\n"
    "  ret void\n"
    "}\n";

START_TEST(early_return_before_barrier) {
  WITH_ANALYSIS(IR_EARLY_RETURN);
  size_t k = find_kernel(a, "guarded");
  expect_kernel(a, k, 1, STATIC);
  expect_successors(a, k, 0, "1,-1");
  expect_successors(a, k, 1, "-1");
  expect_access(a, k, 0, "x", W, 0, 1, 0);
  expect_access(a, k, 1, "x", R, 1, 0, 0);
  expect_buffer(a, k, "x", 0, GLOBAL, 0, 1);
  END_ANALYSIS();
}
END_TEST

/* Segments that cannot reach each other are no earlier writers of each
 * other: both sides of a uniform diamond write z after their barrier, and
 * each is the first writer on its path. */
static const char *const IR_SIBLINGS = SPIR_PRELUDE
    "define spir_kernel void @siblings(ptr addrspace(1) %z, i32 %mode) {\n"
    "entry:\n"
    "  %m = icmp ne i32 %mode, 0\n"
    "  br i1 %m, label %left, label %right\n"
    "left:\n"
    "  call void @gridsplit_grid_sync()\n"
    "  store i32 1, ptr addrspace(1) %z, align 4\n"
    "  br label %join\n"
    "right:\n"
    "  call void @gridsplit_grid_sync()\n"
    "  store i32 2, ptr addrspace(1) %z, align 4\n"
    "  br label %join\n"
    "join:\n"
    "  ret void\n"
    "}\n";

START_TEST(siblings_are_not_earlier_writers) {
  WITH_ANALYSIS(IR_SIBLINGS);
  size_t k = find_kernel(a, "siblings");
  expect_kernel(a, k, 2, DYNAMIC);
  expect_successors(a, k, 0, "1,2");
  expect_untouched_except(a, k, 0, "");
  expect_access(a, k, 1, "z", W, 0, 1, 0);
  expect_access(a, k, 2, "z", W, 0, 1, 0);
  expect_buffer(a, k, "z", 0, GLOBAL, 0, 1);
  END_ANALYSIS();
}
END_TEST

/* An atomic writer is an earlier writer too: plain stores after it must
 * merge (SPEC section 3, "W with an earlier writer"). */
START_TEST(accumulate_after_atomic_writer) {
  static const char *const ir = SPIR_PRELUDE
      "define spir_kernel void @clear_after(ptr addrspace(1) %bins) {\n"
      "entry:\n"
      "  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)\n"
      "  %b = and i64 %gid, 15\n"
      "  %pb = getelementptr inbounds i32, ptr addrspace(1) %bins, i64 %b\n"
      "  %o = atomicrmw add ptr addrspace(1) %pb, i32 1 monotonic, align 4\n"
      "  call void @gridsplit_grid_sync()\n"
      "  %pg = getelementptr inbounds i32, ptr addrspace(1) %bins, i64 %gid\n"
      "  store i32 0, ptr addrspace(1) %pg, align 4\n"
      "  ret void\n"
      "}\n";
  WITH_ANALYSIS(ir);
  expect_access(a, 0, 0, "bins", ACC, 0, 0, 1);
  expect_access(a, 0, 1, "bins", ACC, 0, 1, 0);
  expect_buffer(a, 0, "bins", 0, GLOBAL, 1, 1);
  END_ANALYSIS();
}
END_TEST

/* Sizes are grid-uniform: a branch on get_global_size may hold barriers. */
START_TEST(branch_on_grid_size_is_uniform) {
  static const char *const ir = SPIR_PRELUDE
      "declare spir_func i64 @_Z15get_global_sizej(i32)\n"
      "declare spir_func i64 @_Z14get_local_sizej(i32)\n"
      "define spir_kernel void @by_size(ptr addrspace(1) %x) {\n"
      "entry:\n"
      "  %gs = call spir_func i64 @_Z15get_global_sizej(i32 0)\n"
      "  %ls = call spir_func i64 @_Z14get_local_sizej(i32 0)\n"
      "  %big = icmp ugt i64 %gs, %ls\n"
      "  br i1 %big, label %two, label %one\n"
      "two:\n"
      "  call void @gridsplit_grid_sync()\n"
      "  br label %one\n"
      "one:\n"
      "  call void @gridsplit_grid_sync()\n"
      "  store i32 1, ptr addrspace(1) %x, align 4\n"
      "  ret void\n"
      "}\n";
  WITH_ANALYSIS(ir);
  expect_kernel(a, 0, 2, DYNAMIC);
  expect_successors(a, 0, 0, "1,2");
  expect_successors(a, 0, 1, "2");
  expect_successors(a, 0, 2, "-1");
  expect_access(a, 0, 2, "x", W, 0, 1, 0);
  END_ANALYSIS();
}
END_TEST

/* Recursion that reaches no barrier is no error (SPEC section 1 forbids only
 * recursion through a barrier). */
START_TEST(recursion_without_barrier_is_fine) {
  static const char *const ir = SPIR_PRELUDE
      "define internal spir_func i32 @walk(ptr addrspace(1) %p, i32 %d) {\n"
      "entry:\n"
      "  %v = load i32, ptr addrspace(1) %p, align 4\n"
      "  %z = icmp eq i32 %d, 0\n"
      "  br i1 %z, label %done, label %more\n"
      "more:\n"
      "  %d1 = sub i32 %d, 1\n"
      "  %r = call spir_func i32 @walk(ptr addrspace(1) %p, i32 %d1)\n"
      "  %s = add i32 %v, %r\n"
      "  ret i32 %s\n"
      "done:\n"
      "  ret i32 %v\n"
      "}\n"
      "define spir_kernel void @walker(ptr addrspace(1) %tree, ptr addrspace(1) %out) {\n"
      "entry:\n"
      "  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)\n"
      "  %r = call spir_func i32 @walk(ptr addrspace(1) %tree, i32 4)\n"
      "  %po = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %gid\n"
      "  store i32 %r, ptr addrspace(1) %po, align 4\n"
      "  call void @gridsplit_grid_sync()\n"
      "  ret void\n"
      "}\n";
  WITH_ANALYSIS(ir);
  size_t k = find_kernel(a, "walker");
  expect_kernel(a, k, 1, STATIC);
  gs_segment_access t = gs_segment_buffer_access(a, k, 0, find_buffer(a, k, "tree"));
  ck_assert_msg(t.read, "the recursive callee's load of tree is not counted as a read");
  expect_access(a, k, 0, "out", W, 0, 1, 0);
  END_ANALYSIS();
}
END_TEST

/* Debug locations reach the segments (SPEC section 5, docs/formats.md). */
const char *const IR_DEBUG = SPIR_PRELUDE
    "define spir_kernel void @located(ptr addrspace(1) %x) !dbg !4 {\n"
    "entry:\n"
    "  store i32 1, ptr addrspace(1) %x, align 4, !dbg !8\n"
    "  call void @gridsplit_grid_sync(), !dbg !7\n"
    "  %v = load i32, ptr addrspace(1) %x, align 4, !dbg !9\n"
    "  call void @gridsplit_grid_sync()\n"
    "  ret void, !dbg !9\n"
    "}\n"
    "!llvm.dbg.cu = !{!0}\n"
    "!llvm.module.flags = !{!3}\n"
    "!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: \"unit\","
    " isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)\n"
    "!1 = !DIFile(filename: \"located.cl\", directory: \"\")\n"
    "!3 = !{i32 2, !\"Debug Info Version\", i32 3}\n"
    "!4 = distinct !DISubprogram(name: \"located\", scope: !1, file: !1, line: 10, type: !5,"
    " scopeLine: 10, spFlags: DISPFlagDefinition, unit: !0)\n"
    "!5 = !DISubroutineType(types: !6)\n"
    "!6 = !{null}\n"
    "!7 = !DILocation(line: 14, column: 5, scope: !4)\n"
    "!8 = !DILocation(line: 13, column: 3, scope: !4)\n"
    "!9 = !DILocation(line: 15, column: 3, scope: !4)\n";

START_TEST(debug_locations) {
  WITH_ANALYSIS(IR_DEBUG);
  expect_kernel(a, 0, 2, STATIC);
  ck_assert_ptr_null(gs_segment_location(a, 0, 0));
  ck_assert_ptr_nonnull(gs_segment_location(a, 0, 1));
  ck_assert_str_eq(gs_segment_location(a, 0, 1), "located.cl:14:5");
  /* The second barrier has no !dbg. */
  ck_assert_ptr_null(gs_segment_location(a, 0, 2));
  END_ANALYSIS();
}
END_TEST

static void check_caller(const char *ir) {
  WITH_ANALYSIS(ir);
  ck_assert_uint_eq(gs_analysis_kernel_count(a), 1);
  size_t k = find_kernel(a, "caller");
  expect_kernel(a, k, 2, STATIC);
  expect_successors(a, k, 0, "1");
  expect_successors(a, k, 1, "2");
  expect_successors(a, k, 2, "-1");
  expect_access(a, k, 0, "in", R, 1, 0, 0);
  expect_access(a, k, 0, "out", W, 0, 1, 0);
  expect_untouched_except(a, k, 0, "in,out");
  expect_access(a, k, 1, "out", R, 1, 0, 0);
  expect_access(a, k, 1, "in", W, 0, 1, 0);
  expect_access(a, k, 1, "tmp", W, 0, 1, 0);
  expect_untouched_except(a, k, 2, "");
  expect_buffer(a, k, "in", 0, GLOBAL, 1, 1);
  expect_buffer(a, k, "out", 1, GLOBAL, 0, 1);
  expect_buffer(a, k, "tmp", 2, GLOBAL, 0, 1);
  ck_assert_uint_eq(gs_analysis_warning_count(a), 0);
  END_ANALYSIS();
}

/* Internal callees (what clang emits for static functions): the inliner may
 * delete them once inlined. */
START_TEST(barriers_inlined_from_callees) { check_caller(IR_CALLER); }
END_TEST

/* The same callees with external linkage, which survive inlining. */
START_TEST(barriers_inlined_from_external_callees) {
  char *text = strdup(IR_CALLER);
  for (char *p; (p = strstr(text, "internal "));)
    memmove(p, p + 9, strlen(p + 9) + 1);
  check_caller(text);
  free(text);
}
END_TEST

START_TEST(every_barrier_spelling) {
  static const char *const ir = SPIR_PRELUDE
      "declare spir_func void @_Z22__spirv_ControlBarrieriii(i32, i32, i32)\n"
      "declare void @__spirv_ControlBarrier(i32, i32, i32)\n"
      "declare void @__ockl_grid_sync()\n"
      "define spir_kernel void @spellings(ptr addrspace(1) %x) {\n"
      "entry:\n"
      "  store i32 0, ptr addrspace(1) %x, align 4\n"
      "  call void @gridsplit_grid_sync()\n"
      /* Execution scope 2 (Workgroup) and OpenCL barrier(): not grid barriers. */
      "  call spir_func void @_Z22__spirv_ControlBarrieriii(i32 2, i32 2, i32 272)\n"
      "  call spir_func void @_Z7barrierj(i32 1)\n"
      "  call spir_func void @_Z22__spirv_ControlBarrieriii(i32 1, i32 1, i32 264)\n"
      "  call void @__spirv_ControlBarrier(i32 1, i32 1, i32 264)\n"
      "  call void @__ockl_grid_sync()\n"
      "  %v = load i32, ptr addrspace(1) %x, align 4\n"
      "  ret void\n"
      "}\n";
  WITH_ANALYSIS(ir);
  size_t k = find_kernel(a, "spellings");
  expect_kernel(a, k, 4, STATIC);
  expect_successors(a, k, 0, "1");
  expect_successors(a, k, 1, "2");
  expect_successors(a, k, 2, "3");
  expect_successors(a, k, 3, "4");
  expect_successors(a, k, 4, "-1");
  expect_access(a, k, 0, "x", W, 0, 1, 0);
  for (size_t s = 1; s < 4; s++)
    expect_untouched_except(a, k, s, "");
  expect_access(a, k, 4, "x", R, 1, 0, 0);
  END_ANALYSIS();
}
END_TEST

START_TEST(globals_constant_and_unnamed_args) {
  WITH_ANALYSIS(IR_GLOBALS);
  size_t k = find_kernel(a, "globals");
  expect_kernel(a, k, 1, STATIC);
  /* Arguments by index, then globals in module order; @lut is in the
   * constant space, which makes no module global a buffer (SPEC section 3). */
  ck_assert_uint_eq(gs_kernel_buffer_count(a, k), 6);
  const char *order[] = {"out", "coef", "arg2", "table", "scratch", "counter"};
  for (size_t b = 0; b < 6; b++)
    ck_assert_str_eq(gs_kernel_buffer(a, k, b).name, order[b]);
  expect_buffer(a, k, "out", 0, GLOBAL, 0, 1);
  expect_buffer(a, k, "coef", 1, CONSTANT, 1, 0);
  expect_buffer(a, k, "arg2", 2, GLOBAL, 0, 0);
  expect_buffer(a, k, "table", -1, GLOBAL, 1, 0);
  expect_buffer(a, k, "scratch", -1, WORKGROUP, 0, 0);
  expect_buffer(a, k, "counter", -1, GLOBAL, 1, 1);
  expect_access(a, k, 0, "table", R, 1, 0, 0);
  expect_access(a, k, 0, "scratch", W, 0, 1, 0);
  expect_access(a, k, 0, "counter", ACC, 0, 0, 1);
  expect_untouched_except(a, k, 0, "table,scratch,counter");
  expect_access(a, k, 1, "counter", R, 1, 0, 0);
  expect_access(a, k, 1, "coef", R, 1, 0, 0);
  expect_access(a, k, 1, "out", W, 0, 1, 0);
  expect_untouched_except(a, k, 1, "counter,coef,out");
  ck_assert_uint_eq(gs_analysis_warning_count(a), 0);
  END_ANALYSIS();
}
END_TEST

/* A constant-space argument is a host input even when nothing reads it. */
START_TEST(unused_constant_arg_is_host_input) {
  static const char *const ir = SPIR_PRELUDE
      "define spir_kernel void @consts(ptr addrspace(2) %c, ptr addrspace(1) %x) {\n"
      "entry:\n"
      "  store i32 1, ptr addrspace(1) %x, align 4\n"
      "  call void @gridsplit_grid_sync()\n"
      "  ret void\n"
      "}\n";
  WITH_ANALYSIS(ir);
  expect_buffer(a, 0, "c", 0, CONSTANT, 1, 0);
  expect_buffer(a, 0, "x", 1, GLOBAL, 0, 1);
  expect_untouched_except(a, 0, 0, "x");
  END_ANALYSIS();
}
END_TEST

/* Intrinsics, parameter attributes, a frontend atomic builtin and a defined
 * callee that only reads its parameter. */
static const char *const IR_MEMOPS = SPIR_PRELUDE
    "declare void @llvm.memcpy.p1.p1.i64(ptr addrspace(1) noalias nocapture writeonly,"
    " ptr addrspace(1) noalias nocapture readonly, i64, i1 immarg)\n"
    "declare void @llvm.memmove.p1.p1.i64(ptr addrspace(1) nocapture writeonly,"
    " ptr addrspace(1) nocapture readonly, i64, i1 immarg)\n"
    "declare void @llvm.memset.p1.i64(ptr addrspace(1) nocapture writeonly, i8, i64, i1 immarg)\n"
    "declare spir_func void @ext_read(ptr addrspace(1) nocapture readonly)\n"
    "declare spir_func void @ext_write(ptr addrspace(1) nocapture writeonly)\n"
    "declare spir_func i32 @_Z10atomic_addPU3AS1Vii(ptr addrspace(1), i32)\n"
    "define internal spir_func i32 @sum2(ptr addrspace(1) %p) {\n"
    "entry:\n"
    "  %a = load i32, ptr addrspace(1) %p, align 4\n"
    "  %q = getelementptr inbounds i32, ptr addrspace(1) %p, i64 1\n"
    "  %b = load i32, ptr addrspace(1) %q, align 4\n"
    "  %s = add i32 %a, %b\n"
    "  ret i32 %s\n"
    "}\n"
    "define spir_kernel void @memops(ptr addrspace(1) %src, ptr addrspace(1) %dst,"
    " ptr addrspace(1) %z, ptr addrspace(1) %ms, ptr addrspace(1) %md,"
    " ptr addrspace(1) %ro, ptr addrspace(1) %wo, ptr addrspace(1) %cnt,"
    " ptr addrspace(1) %viaf, ptr addrspace(1) %cas) {\n"
    "entry:\n"
    "  call void @llvm.memcpy.p1.p1.i64(ptr addrspace(1) %dst, ptr addrspace(1) %src,"
    " i64 64, i1 false)\n"
    "  call void @llvm.memset.p1.i64(ptr addrspace(1) %z, i8 0, i64 64, i1 false)\n"
    "  call void @llvm.memmove.p1.p1.i64(ptr addrspace(1) %md, ptr addrspace(1) %ms,"
    " i64 64, i1 false)\n"
    "  call spir_func void @ext_read(ptr addrspace(1) %ro)\n"
    "  call spir_func void @ext_write(ptr addrspace(1) %wo)\n"
    "  %o = call spir_func i32 @_Z10atomic_addPU3AS1Vii(ptr addrspace(1) %cnt, i32 1)\n"
    "  %s = call spir_func i32 @sum2(ptr addrspace(1) %viaf)\n"
    "  %x = cmpxchg ptr addrspace(1) %cas, i32 0, i32 %s seq_cst seq_cst, align 4\n"
    "  call void @gridsplit_grid_sync()\n"
    "  ret void\n"
    "}\n";

/* A buffer each invocation writes and then reads back (PolyBench's 2mm tmp:
 * tmp[i] = 0; loop: tmp[i] += ...): every reload follows, on every path,
 * this invocation's store to the same address (a recomputed GEP of the same
 * values), so it reads no data the invocation did not write in this segment:
 * no R, role write, no host input. A read of a neighbour, a read after a
 * workgroup barrier, a two-byte read of a one-byte store and a read after a
 * store on one path only stay R. */
static const char *const IR_OWN = SPIR_PRELUDE
    "define spir_kernel void @own(ptr addrspace(1) %tmp, ptr addrspace(1) %nb,"
    " ptr addrspace(1) %fenced, ptr addrspace(1) %narrow, ptr addrspace(1) %cond,"
    " ptr addrspace(1) %out, i32 %n) {\n"
    "entry:\n"
    "  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)\n"
    "  %p = getelementptr inbounds float, ptr addrspace(1) %tmp, i64 %gid\n"
    "  store float 0.0, ptr addrspace(1) %p, align 4\n"
    "  br label %loop\n"
    "loop:\n"
    "  %k = phi i32 [ 0, %entry ], [ %k1, %loop ]\n"
    "  %g2 = call spir_func i64 @_Z13get_global_idj(i32 0)\n"
    "  %q = getelementptr inbounds float, ptr addrspace(1) %tmp, i64 %g2\n"
    "  %v = load float, ptr addrspace(1) %q, align 4\n"
    "  %v1 = fadd float %v, 1.0\n"
    "  store float %v1, ptr addrspace(1) %q, align 4\n"
    "  %k1 = add i32 %k, 1\n"
    "  %c = icmp slt i32 %k1, %n\n"
    "  br i1 %c, label %loop, label %rest\n"
    "rest:\n"
    "  %pn = getelementptr inbounds i32, ptr addrspace(1) %nb, i64 %gid\n"
    "  store i32 1, ptr addrspace(1) %pn, align 4\n"
    "  %g1 = add i64 %gid, 1\n"
    "  %pn1 = getelementptr inbounds i32, ptr addrspace(1) %nb, i64 %g1\n"
    "  %x0 = load i32, ptr addrspace(1) %pn1, align 4\n"
    "  %pf = getelementptr inbounds i32, ptr addrspace(1) %fenced, i64 %gid\n"
    "  store i32 %x0, ptr addrspace(1) %pf, align 4\n"
    "  call spir_func void @_Z7barrierj(i32 2)\n"
    "  %x1 = load i32, ptr addrspace(1) %pf, align 4\n"
    "  %pb = getelementptr inbounds i16, ptr addrspace(1) %narrow, i64 %gid\n"
    "  store i8 7, ptr addrspace(1) %pb, align 2\n"
    "  %x2 = load i16, ptr addrspace(1) %pb, align 2\n"
    "  %odd = trunc i64 %gid to i1\n"
    "  %pc = getelementptr inbounds i32, ptr addrspace(1) %cond, i64 %gid\n"
    "  br i1 %odd, label %set, label %join\n"
    "set:\n"
    "  store i32 5, ptr addrspace(1) %pc, align 4\n"
    "  br label %join\n"
    "join:\n"
    "  %x3 = load i32, ptr addrspace(1) %pc, align 4\n"
    "  call void @gridsplit_grid_sync()\n"
    "  %y = load float, ptr addrspace(1) %p, align 4\n"
    "  %x2w = sext i16 %x2 to i32\n"
    "  %s0 = add i32 %x1, %x2w\n"
    "  %s1 = add i32 %s0, %x3\n"
    "  %yi = fptosi float %y to i32\n"
    "  %s2 = add i32 %s1, %yi\n"
    "  %po = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %gid\n"
    "  store i32 %s2, ptr addrspace(1) %po, align 4\n"
    "  ret void\n"
    "}\n";

START_TEST(own_writes_are_not_reads) {
  WITH_ANALYSIS(IR_OWN);
  expect_kernel(a, 0, 1, STATIC);
  expect_access(a, 0, 0, "tmp", W, 0, 1, 0);
  expect_buffer(a, 0, "tmp", 0, GLOBAL, 0, 1);
  expect_access(a, 0, 0, "nb", RW, 1, 1, 0);
  expect_access(a, 0, 0, "fenced", RW, 1, 1, 0);
  expect_access(a, 0, 0, "narrow", RW, 1, 1, 0);
  expect_access(a, 0, 0, "cond", RW, 1, 1, 0);
  expect_buffer(a, 0, "cond", 4, GLOBAL, 1, 1);
  /* the next segment reads what segment 0 wrote: R again */
  expect_access(a, 0, 1, "tmp", R, 1, 0, 0);
  expect_access(a, 0, 1, "out", W, 0, 1, 0);
  END_ANALYSIS();
}
END_TEST

START_TEST(memory_intrinsics_and_calls) {
  WITH_ANALYSIS(IR_MEMOPS);
  size_t k = find_kernel(a, "memops");
  expect_kernel(a, k, 1, STATIC);
  expect_access(a, k, 0, "src", R, 1, 0, 0);
  expect_access(a, k, 0, "dst", W, 0, 1, 0);
  expect_access(a, k, 0, "z", W, 0, 1, 0);
  expect_access(a, k, 0, "ms", R, 1, 0, 0);
  expect_access(a, k, 0, "md", W, 0, 1, 0);
  expect_access(a, k, 0, "ro", R, 1, 0, 0);
  expect_access(a, k, 0, "wo", W, 0, 1, 0);
  expect_access(a, k, 0, "cnt", ACC, 0, 0, 1);
  expect_access(a, k, 0, "viaf", R, 1, 0, 0);
  expect_access(a, k, 0, "cas", ACC, 0, 0, 1);
  expect_untouched_except(a, k, 1, "");
  expect_buffer(a, k, "src", 0, GLOBAL, 1, 0);
  expect_buffer(a, k, "dst", 1, GLOBAL, 0, 1);
  expect_buffer(a, k, "z", 2, GLOBAL, 0, 1);
  expect_buffer(a, k, "ms", 3, GLOBAL, 1, 0);
  expect_buffer(a, k, "md", 4, GLOBAL, 0, 1);
  expect_buffer(a, k, "ro", 5, GLOBAL, 1, 0);
  expect_buffer(a, k, "wo", 6, GLOBAL, 0, 1);
  expect_buffer(a, k, "cnt", 7, GLOBAL, 1, 1);
  expect_buffer(a, k, "viaf", 8, GLOBAL, 1, 0);
  expect_buffer(a, k, "cas", 9, GLOBAL, 1, 1);
  ck_assert_uint_eq(gs_analysis_warning_count(a), 0);
  END_ANALYSIS();
}
END_TEST

/* Provenance through selects, phis and casts: each access lands on every
 * buffer the pointer may come from. */
START_TEST(provenance_through_select_phi_cast) {
  static const char *const ir = SPIR_PRELUDE
      "define spir_kernel void @prov(ptr addrspace(1) %p, ptr addrspace(1) %q,"
      " ptr addrspace(1) %r, ptr addrspace(1) %s, i32 %k) {\n"
      "entry:\n"
      "  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)\n"
      "  %c = icmp eq i32 %k, 0\n"
      "  %sel = select i1 %c, ptr addrspace(1) %p, ptr addrspace(1) %q\n"
      "  %e = getelementptr inbounds i32, ptr addrspace(1) %sel, i64 %gid\n"
      "  %v = load i32, ptr addrspace(1) %e, align 4\n"
      "  br i1 %c, label %a, label %b\n"
      "a:\n"
      "  br label %j\n"
      "b:\n"
      "  br label %j\n"
      "j:\n"
      "  %ph = phi ptr addrspace(1) [ %r, %a ], [ %s, %b ]\n"
      "  %g = addrspacecast ptr addrspace(1) %ph to ptr addrspace(4)\n"
      "  call void @gridsplit_grid_sync()\n"
      "  store i32 %k, ptr addrspace(4) %g, align 4\n"
      "  ret void\n"
      "}\n";
  WITH_ANALYSIS(ir);
  size_t k = find_kernel(a, "prov");
  expect_kernel(a, k, 1, STATIC);
  expect_access(a, k, 0, "p", R, 1, 0, 0);
  expect_access(a, k, 0, "q", R, 1, 0, 0);
  expect_untouched_except(a, k, 0, "p,q");
  expect_access(a, k, 1, "r", W, 0, 1, 0);
  expect_access(a, k, 1, "s", W, 0, 1, 0);
  expect_untouched_except(a, k, 1, "r,s");
  expect_buffer(a, k, "p", 0, GLOBAL, 1, 0);
  expect_buffer(a, k, "r", 2, GLOBAL, 0, 1);
  ck_assert_uint_eq(gs_analysis_warning_count(a), 0);
  END_ANALYSIS();
}
END_TEST

/* An unknown call and an escaping pointer: both count as R and W and warn,
 * naming the instruction. */
START_TEST(unknown_uses_warn) {
  static const char *const ir = SPIR_PRELUDE
      "declare spir_func void @mystery(ptr addrspace(1))\n"
      "define spir_kernel void @opaque(ptr addrspace(1) %buf, ptr addrspace(1) %slots,"
      " ptr addrspace(1) %clean) {\n"
      "entry:\n"
      "  call spir_func void @mystery(ptr addrspace(1) %buf)\n"
      "  store ptr addrspace(1) %clean, ptr addrspace(1) %slots, align 8\n"
      "  call void @gridsplit_grid_sync()\n"
      "  ret void\n"
      "}\n";
  WITH_ANALYSIS(ir);
  size_t k = find_kernel(a, "opaque");
  expect_access(a, k, 0, "buf", RW, 1, 1, 0);
  expect_access(a, k, 0, "slots", W, 0, 1, 0);
  expect_access(a, k, 0, "clean", RW, 1, 1, 0);
  expect_buffer(a, k, "buf", 0, GLOBAL, 1, 1);
  expect_buffer(a, k, "slots", 1, GLOBAL, 0, 1);
  expect_buffer(a, k, "clean", 2, GLOBAL, 1, 1);
  size_t n = gs_analysis_warning_count(a);
  ck_assert_msg(n == 2, "%zu warnings, expected 2", n);
  int saw_call = 0, saw_store = 0;
  for (size_t i = 0; i < n; i++) {
    const char *w = gs_analysis_warning(a, i);
    ck_assert_ptr_nonnull(w);
    if (strstr(w, "call spir_func void @mystery(ptr addrspace(1) %buf)"))
      saw_call = 1;
    if (strstr(w, "store ptr addrspace(1) %clean, ptr addrspace(1) %slots"))
      saw_store = 1;
  }
  ck_assert_msg(saw_call, "no warning names the call to @mystery: '%s'",
                n ? gs_analysis_warning(a, 0) : "");
  ck_assert_msg(saw_store, "no warning names the store of %%clean: '%s'",
                n > 1 ? gs_analysis_warning(a, 1) : "");
  END_ANALYSIS();
}
END_TEST

START_TEST(amdgpu_kernel) {
  static const char *const ir =
      "target triple = \"amdgcn-amd-amdhsa\"\n"
      "declare void @__ockl_grid_sync()\n"
      "declare i32 @llvm.amdgcn.workitem.id.x()\n"
      "define amdgpu_kernel void @amd(ptr addrspace(1) %out, ptr addrspace(4) %coef) {\n"
      "entry:\n"
      "  %tid = call i32 @llvm.amdgcn.workitem.id.x()\n"
      "  %c = load i32, ptr addrspace(4) %coef, align 4\n"
      "  %p = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %tid\n"
      "  store i32 %c, ptr addrspace(1) %p, align 4\n"
      "  call void @__ockl_grid_sync()\n"
      "  %v = load i32, ptr addrspace(1) %p, align 4\n"
      "  %v1 = add i32 %v, 1\n"
      "  store i32 %v1, ptr addrspace(1) %p, align 4\n"
      "  ret void\n"
      "}\n";
  WITH_ANALYSIS(ir);
  ck_assert_str_eq(gs_analysis_target(a), "amdgcn-amd-amdhsa");
  size_t k = find_kernel(a, "amd");
  expect_kernel(a, k, 1, STATIC);
  expect_buffer(a, k, "out", 0, GLOBAL, 0, 1);
  expect_buffer(a, k, "coef", 1, CONSTANT, 1, 0);
  expect_access(a, k, 0, "coef", R, 1, 0, 0);
  expect_access(a, k, 0, "out", W, 0, 1, 0);
  expect_access(a, k, 1, "out", ACC, 1, 1, 0);
  expect_untouched_except(a, k, 1, "out");
  END_ANALYSIS();
}
END_TEST

/* Two kernels: both analysed in module order, or only the one asked for. */
START_TEST(kernel_selection) {
  /* Concatenate the two kernels under one prelude. */
  const char *h = strstr(IR_HISTOGRAM, "define spir_kernel");
  size_t len = strlen(IR_BUMP) + strlen(h) + 1;
  char *text = malloc(len);
  strcpy(text, IR_BUMP);
  strcat(text, h);
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMModuleRef m = parse_ir(ctx, text);
  gs_analysis *a = analyze_ok(m, NULL);
  ck_assert_uint_eq(gs_analysis_kernel_count(a), 2);
  ck_assert_str_eq(gs_kernel_name(a, 0), "bump");
  ck_assert_str_eq(gs_kernel_name(a, 1), "histogram");
  gs_analysis_dispose(a);

  gs_options *o = gs_options_create();
  ck_assert_ptr_null(gs_options_set_kernel(o, "histogram"));
  a = analyze_ok(m, o);
  ck_assert_uint_eq(gs_analysis_kernel_count(a), 1);
  ck_assert_str_eq(gs_kernel_name(a, 0), "histogram");
  expect_access(a, 0, 0, "bins", ACC, 0, 0, 1);
  gs_analysis_dispose(a);
  gs_options_dispose(o);
  LLVMDisposeModule(m);
  LLVMContextDispose(ctx);
  free(text);
}
END_TEST

/* barrier=NAME adds a spelling; without it the call is an ordinary call. */
START_TEST(extra_barrier_name) {
  static const char *const ir = SPIR_PRELUDE
      "declare spir_func void @my_sync()\n"
      "define spir_kernel void @custom(ptr addrspace(1) %x) {\n"
      "entry:\n"
      "  store i32 1, ptr addrspace(1) %x, align 4\n"
      "  call spir_func void @my_sync()\n"
      "  %v = load i32, ptr addrspace(1) %x, align 4\n"
      "  call void @gridsplit_grid_sync()\n"
      "  ret void\n"
      "}\n";
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMModuleRef m = parse_ir(ctx, ir);
  gs_analysis *a = analyze_ok(m, NULL);
  expect_kernel(a, 0, 1, STATIC);
  expect_access(a, 0, 0, "x", RW, 1, 1, 0);
  gs_analysis_dispose(a);

  gs_options *o = gs_options_create();
  ck_assert_ptr_null(gs_options_add_barrier(o, "my_sync"));
  a = analyze_ok(m, o);
  expect_kernel(a, 0, 2, STATIC);
  expect_access(a, 0, 0, "x", W, 0, 1, 0);
  expect_access(a, 0, 1, "x", R, 1, 0, 0);
  expect_untouched_except(a, 0, 2, "");
  gs_analysis_dispose(a);
  gs_options_dispose(o);

  /* The same through the option text. */
  o = gs_options_create();
  ck_assert_ptr_null(gs_options_parse(o, "barrier=my_sync;kernel=custom"));
  a = analyze_ok(m, o);
  ck_assert_uint_eq(gs_analysis_kernel_count(a), 1);
  expect_kernel(a, 0, 2, STATIC);
  gs_analysis_dispose(a);
  gs_options_dispose(o);
  LLVMDisposeModule(m);
  LLVMContextDispose(ctx);
}
END_TEST

Suite *suite_roles(void) {
  Suite *s = suite_create("roles");
  TCase *tc = tcase_create("roles");
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, straight_line_write_then_accumulate);
  tcase_add_test(tc, reduction_with_workgroup_tile);
  tcase_add_test(tc, histogram_atomics);
  tcase_add_test(tc, stencil_loop_is_dynamic);
  tcase_add_test(tc, convergence_loop_on_loaded_flag);
  tcase_add_test(tc, uniform_branch_is_dynamic);
  tcase_add_test(tc, barrier_sites_in_llvm_rpo);
  tcase_add_test(tc, early_return_before_barrier);
  tcase_add_test(tc, siblings_are_not_earlier_writers);
  tcase_add_test(tc, accumulate_after_atomic_writer);
  tcase_add_test(tc, branch_on_grid_size_is_uniform);
  tcase_add_test(tc, recursion_without_barrier_is_fine);
  tcase_add_test(tc, debug_locations);
  tcase_add_test(tc, barriers_inlined_from_callees);
  tcase_add_test(tc, barriers_inlined_from_external_callees);
  tcase_add_test(tc, every_barrier_spelling);
  tcase_add_test(tc, globals_constant_and_unnamed_args);
  tcase_add_test(tc, unused_constant_arg_is_host_input);
  tcase_add_test(tc, memory_intrinsics_and_calls);
  tcase_add_test(tc, own_writes_are_not_reads);
  tcase_add_test(tc, provenance_through_select_phi_cast);
  tcase_add_test(tc, unknown_uses_warn);
  tcase_add_test(tc, amdgpu_kernel);
  tcase_add_test(tc, kernel_selection);
  tcase_add_test(tc, extra_barrier_name);
  suite_add_tcase(s, tc);
  return s;
}
