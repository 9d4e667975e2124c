# -*- Python -*-
# lit rules for the gridsplit regression tests. The paths come from
# lit.site.cfg.py, which CMake writes into the build directory.

import os

import lit.formats

config.name = "gridsplit"
# lit's internal shell: tests run the same wherever lit runs.
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".ll", ".gsp"]
# Inputs/ holds files that tests read (OpenCL C sources); utils/ holds helpers.
config.excludes = ["Inputs", "utils", "CMakeLists.txt"]
config.test_source_root = os.path.dirname(os.path.abspath(__file__))

if not hasattr(config, "gridsplit_obj_root"):
    lit_config.fatal("run lit on the build directory (BUILD/lit), where "
                     "lit.site.cfg.py holds the paths")
config.test_exec_root = os.path.join(config.gridsplit_obj_root, "lit")
# A target the build lacks has a failing stub as its substitution; say so
# before the tests that run it fail.
for missing in getattr(config, "gridsplit_missing_targets", []):
    lit_config.warning("this build has no %s; the tests that run it will fail" % missing)

# FileCheck, not, count, llvm-as, opt and clang of the LLVM we were built with
# come first on PATH.
config.environment["PATH"] = os.pathsep.join(
    [config.llvm_tools_dir, config.environment.get("PATH", os.environ.get("PATH", ""))])
# Messages must not change with the user's locale.
config.environment["LC_ALL"] = "C"

def tool(name):
    return os.path.join(config.llvm_tools_dir, name)

# Substitutions are applied in order, before lit's own (%s, %p, %t ...), so
# no name here may be a prefix of a later one.
config.substitutions.append(("%gridsplit", config.gridsplit_tool))
config.substitutions.append(("%plugin", config.gridsplit_plugin))
config.substitutions.append(("%shlibdir", config.gridsplit_plugin_dir))
config.substitutions.append(("%shlibext", ".so"))
config.substitutions.append(("%plan2lines", "%s %s" % (
    config.python_executable,
    os.path.join(config.test_source_root, "utils", "plan2lines.py"))))
config.substitutions.append(("%python", config.python_executable))
config.substitutions.append(("%gs_reference", config.gridsplit_reference))
config.substitutions.append(("%gs_vk_exec", config.gridsplit_vk_exec))
config.substitutions.append(("%gs_vk_run", config.gridsplit_vk_run))
# e.g. --check-prefixes=CHECK,L%llvm_major for lines that differ by version
config.substitutions.append(("%llvm_major", str(config.llvm_version_major)))
config.substitutions.append(("%opt", tool("opt")))
config.substitutions.append(("%FileCheck", tool("FileCheck")))
config.substitutions.append(("%llvm-as", tool("llvm-as")))
config.substitutions.append(("%clang", tool("clang")))

# NVIDIA's PTX assembler, where CUDA is installed: tests that check the PTX
# gridsplit writes assembles say `REQUIRES: ptxas`.
import shutil
ptxas = shutil.which("ptxas") or (
    "/usr/local/cuda/bin/ptxas" if os.path.exists("/usr/local/cuda/bin/ptxas") else None)
if ptxas:
    config.available_features.add("ptxas")
    config.substitutions.append(("%ptxas", ptxas))

# Version-specific tests say `REQUIRES: llvm15` or `REQUIRES: llvm22`.
config.available_features.add("llvm%d" % config.llvm_version_major)
