// The opt plugin: the smallest C++ that LLVM's new pass manager needs. All
// the work is in the C library; this file only registers passes, parses
// their options and turns errors into LLVM diagnostics.
#include "llvm/IR/Module.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Passes/PassBuilder.h"
#if GS_LLVM_MAJOR >= 22
#include "llvm/Plugins/PassPlugin.h"
#else
#include "llvm/Passes/PassPlugin.h"
#endif
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

extern "C" {
#include "gridsplit/gridsplit.h"
}

using namespace llvm;

namespace {

// Errors go through the context, so opt reports them as its own errors and
// fails; warnings are printed as opt prints its own.
void reportError(Module &M, const char *msg) {
  M.getContext().emitError(Twine("gridsplit: ") + msg);
}

void reportWarning(const char *msg) { WithColor::warning(errs(), "gridsplit") << msg << "\n"; }

// Runs ACTION (gs_analyze or gs_split_module) with the pass's options; on an
// error reports it and returns null, else reports the warnings. PLAN receives
// the plan=FILE option.
using Action = gs_error *(*)(LLVMModuleRef, const gs_options *, gs_analysis **);

gs_analysis *runLibrary(Module &M, const std::string &Options, Action action,
                        std::string *plan = nullptr) {
  gs_options *opts = gs_options_create();
  gs_analysis *a = nullptr;
  gs_error *err = gs_options_parse(opts, Options.c_str());
  if (!err)
    err = action(wrap(&M), opts, &a);
  if (plan && gs_options_plan_path(opts))
    *plan = gs_options_plan_path(opts);
  gs_options_dispose(opts);
  if (err) {
    std::string msg = gs_error_message(err);
    gs_error_dispose(err);
    reportError(M, msg.c_str());
    return nullptr;
  }
  for (size_t i = 0; i < gs_analysis_warning_count(a); i++)
    reportWarning(gs_analysis_warning(a, i));
  return a;
}

// print<gridsplit-roles>: prints the roles table, changes nothing.
struct RolesPrinter : PassInfoMixin<RolesPrinter> {
  std::string Options;
  explicit RolesPrinter(std::string O) : Options(std::move(O)) {}

  PreservedAnalyses run(Module &M, ModuleAnalysisManager &) {
    if (gs_analysis *a = runLibrary(M, Options, gs_analyze)) {
      char *table = gs_analysis_print_roles(a);
      outs() << table;
      gs_dispose_string(table);
      gs_analysis_dispose(a);
    }
    return PreservedAnalyses::all();
  }
  static bool isRequired() { return true; }
};

// print<gridsplit-STEP> for every step of the split but "roles" (the printer
// above): what the step computes, printed to stderr as the tool's
// --dump-after=STEP prints it; the module is unchanged.
struct StepPrinter : PassInfoMixin<StepPrinter> {
  std::string Step, Options;
  StepPrinter(std::string S, std::string O) : Step(std::move(S)), Options(std::move(O)) {}

  PreservedAnalyses run(Module &M, ModuleAnalysisManager &) {
    gs_options *opts = gs_options_create();
    gs_error *err = gs_options_parse(opts, Options.c_str());
    if (!err)
      err = gs_split_print_step(wrap(&M), opts, Step.c_str());
    gs_options_dispose(opts);
    if (err) {
      std::string msg = gs_error_message(err);
      gs_error_dispose(err);
      reportError(M, msg.c_str());
    }
    return PreservedAnalyses::all();
  }
  static bool isRequired() { return true; }
};

// gridsplit: splits every kernel with a grid barrier into segment kernels and
// writes the plan where plan=FILE says.
struct SplitPass : PassInfoMixin<SplitPass> {
  std::string Options;
  explicit SplitPass(std::string O) : Options(std::move(O)) {}

  PreservedAnalyses run(Module &M, ModuleAnalysisManager &) {
    std::string planPath;
    gs_analysis *a = runLibrary(M, Options, gs_split_module, &planPath);
    if (!a)
      return PreservedAnalyses::all();
    if (!planPath.empty()) {
      char *plan = gs_plan_json(a, M.getModuleIdentifier().c_str());
      std::error_code EC;
      raw_fd_ostream OS(planPath, EC);
      if (EC)
        reportError(M, ("cannot write the plan to '" + planPath + "': " + EC.message()).c_str());
      else
        OS << plan;
      gs_dispose_string(plan);
    }
    gs_analysis_dispose(a);
    return PreservedAnalyses::none();
  }
  static bool isRequired() { return true; }
};

// "gridsplit" or "gridsplit<barrier=NAME;keep-original=false;plan=FILE>"
bool parseSplit(StringRef Name, std::string &Options) {
  if (Name == "gridsplit") {
    Options.clear();
    return true;
  }
  if (Name.consume_front("gridsplit<") && Name.consume_back(">")) {
    Options = Name.str();
    return true;
  }
  return false;
}

// "print<gridsplit-roles>" or "print<gridsplit-roles<barrier=NAME;...>>"
bool parseRolesPrinter(StringRef Name, std::string &Options) {
  if (Name == "print<gridsplit-roles>") {
    Options.clear();
    return true;
  }
  if (Name.consume_front("print<gridsplit-roles<") && Name.consume_back(">>")) {
    Options = Name.str();
    return true;
  }
  return false;
}

// "print<gridsplit-STEP>" or "print<gridsplit-STEP<barrier=NAME;...>>"
bool parseStepPrinter(StringRef Name, std::string &Step, std::string &Options) {
  if (!Name.consume_front("print<gridsplit-") || !Name.consume_back(">"))
    return false;
  size_t open = Name.find('<');
  Step = Name.substr(0, open).str();
  Options.clear();
  if (open == StringRef::npos)
    return true;
  StringRef Rest = Name.substr(open);
  if (!Rest.consume_front("<") || !Rest.consume_back(">"))
    return false;
  Options = Rest.str();
  return true;
}

} // namespace

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "GridSplit", GS_VERSION, [](PassBuilder &PB) {
            PB.registerPipelineParsingCallback(
                [](StringRef Name, ModulePassManager &MPM,
                   ArrayRef<PassBuilder::PipelineElement>) {
                  std::string Options;
                  if (parseRolesPrinter(Name, Options)) {
                    MPM.addPass(RolesPrinter(Options));
                    return true;
                  }
                  std::string Step;
                  if (parseStepPrinter(Name, Step, Options)) {
                    MPM.addPass(StepPrinter(Step, Options));
                    return true;
                  }
                  if (parseSplit(Name, Options)) {
                    MPM.addPass(SplitPass(Options));
                    return true;
                  }
                  return false;
                });
          }};
}
