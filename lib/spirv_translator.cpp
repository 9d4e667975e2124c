// SPIR-V through SPIRV-LLVM-Translator used as a library (LLVM 15, whose
// translator needs typed-pointer IR). The smallest C++ the library's
// interface needs.
#include "llvm/IR/Module.h"
#include "llvm-c/Core.h"
#include "llvm/IR/LLVMContext.h"

#include <LLVMSPIRVLib/LLVMSPIRVLib.h>

#include <cstdlib>
#include <cstring>
#include <sstream>
#include <string>

static char *copy(const std::string &s) {
  char *r = static_cast<char *>(std::malloc(s.size() + 1));
  std::memcpy(r, s.data(), s.size());
  r[s.size()] = 0;
  return r;
}

extern "C" int gs_spirv_translate(LLVMModuleRef m, char **data, size_t *size, char **error) {
  std::ostringstream os;
  std::string err;
  if (!llvm::writeSpirv(llvm::unwrap(m), os, err)) {
    *error = copy(err.empty() ? "the translator failed" : err);
    return 0;
  }
  std::string bytes = os.str();
  *size = bytes.size();
  *data = copy(bytes);
  return 1;
}
