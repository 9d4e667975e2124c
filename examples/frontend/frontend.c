/* A small frontend on gridsplit's C API, as a compiler for another language
 * would use it: it builds a program with the builder (no source text),
 * checks it, lowers it to an LLVM IR kernel with a grid barrier, splits
 * that kernel into segments and writes the module and the plan.
 *
 * The program (docs/programs.md), for a buffer `a` of any length:
 *
 *   workgroup 64
 *   buffer a: u32 read binding 0
 *   buffer twice: u32 readwrite binding 1
 *   buffer pairs: u32 write binding 2 output
 *   let i = global_id(0)
 *   if i < len(a) { twice[i] = a[i] * 2 }
 *   grid_barrier
 *   if i < len(a) { pairs[i] = twice[i] + twice[(i + 1) % len(a)] }
 *
 * The second half reads a neighbour's element of `twice`, which is why the
 * grid barrier is needed and why the split gives two segments.
 *
 * usage: frontend OUT.ll OUT.plan.json   (exit 1 with a message on error) */
#include <stdio.h>
#include <stdlib.h>

#include <llvm-c/Core.h>

#include <gridsplit/gridsplit.h>

/* `i < len(a)` */
static gs_expr *in_range(gs_program *p) {
  return gs_expr_binary(p, GS_BIN_LT, gs_expr_var(p, "i"), gs_expr_len(p, "a"));
}

static gs_program *build(void) {
  gs_program *p = gs_program_create("pairs");
  gs_program_set_file(p, "<frontend>");
  gs_program_set_workgroup_size(p, 64, 1, 1);
  gs_program_add_buffer(p, "a", 0, GS_TYPE_U32, 0, GS_ACCESS_READ, 0);
  gs_program_add_buffer(p, "twice", 1, GS_TYPE_U32, 0, GS_ACCESS_READWRITE, 0);
  gs_program_add_buffer(p, "pairs", 2, GS_TYPE_U32, 0, GS_ACCESS_WRITE, 1);

  gs_program_append(p, gs_stmt_let(p, "i", GS_TYPE_U32, gs_expr_id(p, GS_ID_GLOBAL_ID, 0)));

  gs_stmt *first = gs_stmt_block(p);
  gs_expr *doubled = gs_expr_binary(p, GS_BIN_MUL, gs_expr_load(p, "a", gs_expr_var(p, "i")),
                                    gs_expr_uint(p, GS_TYPE_U32, 2));
  gs_block_append(p, first, gs_stmt_store(p, "twice", gs_expr_var(p, "i"), doubled));
  gs_program_append(p, gs_stmt_if(p, in_range(p), first, NULL));

  gs_program_append(p, gs_stmt_grid_barrier(p));

  gs_stmt *second = gs_stmt_block(p);
  gs_expr *next = gs_expr_binary(
      p, GS_BIN_REM,
      gs_expr_binary(p, GS_BIN_ADD, gs_expr_var(p, "i"), gs_expr_uint(p, GS_TYPE_U32, 1)),
      gs_expr_len(p, "a"));
  gs_expr *sum = gs_expr_binary(p, GS_BIN_ADD, gs_expr_load(p, "twice", gs_expr_var(p, "i")),
                                gs_expr_load(p, "twice", next));
  gs_block_append(p, second, gs_stmt_store(p, "pairs", gs_expr_var(p, "i"), sum));
  gs_program_append(p, gs_stmt_if(p, in_range(p), second, NULL));
  return p;
}

/* Prints ERR as the tool does and releases it; returns 1. */
static int report(gs_error *err) {
  fprintf(stderr, "frontend: error: %s\n", gs_error_message(err));
  gs_error_dispose(err);
  return 1;
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: frontend OUT.ll OUT.plan.json\n");
    return 2;
  }
  gs_program *p = build();
  gs_error *err = gs_program_check(p);
  if (err) {
    gs_program_dispose(p);
    return report(err);
  }

  LLVMContextRef ctx = LLVMContextCreate();
  LLVMModuleRef m = NULL;
  err = gs_program_lower(p, ctx, GS_TARGET_IR, &m);
  gs_program_dispose(p);
  if (err) {
    LLVMContextDispose(ctx);
    return report(err);
  }

  gs_analysis *a = NULL;
  err = gs_split_module(m, NULL, &a);
  if (err) {
    LLVMDisposeModule(m);
    LLVMContextDispose(ctx);
    return report(err);
  }

  int rc = 0;
  char *msg = NULL;
  if (LLVMPrintModuleToFile(m, argv[1], &msg)) {
    fprintf(stderr, "frontend: error: %s: %s\n", argv[1], msg);
    rc = 1;
  }
  LLVMDisposeMessage(msg);
  char *plan = gs_plan_json(a, argv[1]);
  FILE *f = fopen(argv[2], "w");
  if (!f || fputs(plan, f) < 0 || fclose(f)) {
    fprintf(stderr, "frontend: error: cannot write %s\n", argv[2]);
    rc = 1;
  }
  for (size_t k = 0; k < gs_analysis_kernel_count(a); k++)
    printf("%s: %u grid barrier(s)\n", gs_kernel_name(a, k), gs_kernel_barrier_count(a, k));
  gs_dispose_string(plan);
  gs_analysis_dispose(a);
  LLVMDisposeModule(m);
  LLVMContextDispose(ctx);
  return rc;
}
