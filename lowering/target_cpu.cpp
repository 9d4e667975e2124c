// The one question about a target that LLVM's C API cannot answer: is this
// processor name one the target knows (otherwise LLVM only prints a warning
// and carries on with a generic processor).
#include "llvm-c/TargetMachine.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/Target/TargetMachine.h"

extern "C" int gs_target_cpu_valid(LLVMTargetMachineRef tm, const char *cpu) {
  auto *TM = reinterpret_cast<llvm::TargetMachine *>(tm);
  return TM->getMCSubtargetInfo()->isCPUStringValid(cpu);
}
