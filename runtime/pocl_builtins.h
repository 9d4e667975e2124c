/* Redirects OpenCL builtin calls that POCL's SPIR path lacks. */
#ifndef GS_POCL_BUILTINS_H
#define GS_POCL_BUILTINS_H

#include <llvm-c/Core.h>

void pocl_redirect_builtins(LLVMModuleRef m);

#endif
