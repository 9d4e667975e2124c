// The split's scratch module (docs/split.md, step 'analysis'): the copy of the
// caller's module that the split works in. Copying the kernels' bodies is most
// of what that copy costs, and the split only reads them; so a kernel whose
// copy would be the original with the copy's globals in place of the
// caller's is moved instead. Its Function leaves the caller's module for the
// copy, where it takes the place of its declaration, with every operand that
// names a global pointed at the copy's; scratch_restore puts it back as it
// was before the copy is pruned or disposed.
//
// A kernel moves only where nothing can tell: nothing uses it or names it in
// metadata; it has no debug information, no distinct metadata and no
// function-local metadata (a copy would have its own); no comdat,
// personality, prefix or prologue; and nothing that the steps before the
// segments change in place (allocas, byval arguments: step 'prepare').
#include "llvm-c/Core.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

#include <cstdlib>
#include <cstring>
#include <vector>

using namespace llvm;

namespace {

// one operand that names a global of the caller's module
struct Fixup {
  Instruction *inst;
  unsigned operand;
  Value *original, *mapped;
};

struct Moved {
  Function *fn = nullptr;
  Function *next = nullptr; // its successor in the caller's module, or null: the last
  AttributeList attrs;
  unsigned instructions = 0;
  std::vector<Fixup> fixups;
};

// What a kernel's body refers to, judged once per constant and node.
class Judge {
  enum { LOCAL = 0, GLOBAL = 1, UNSAFE = -1 };
  DenseMap<const Constant *, int> constants;
  DenseMap<const Metadata *, bool> nodes;

public:
  // LOCAL: the copy would share it; GLOBAL: it names a global, which the
  // copy would map; UNSAFE: neither, or not worth the cases (block
  // addresses and the like)
  int constant(const Constant *c) {
    if (isa<ConstantData>(c))
      return LOCAL;
    if (isa<GlobalValue>(c))
      return GLOBAL;
    if (!isa<ConstantExpr>(c) && !isa<ConstantAggregate>(c))
      return UNSAFE;
    auto it = constants.find(c);
    if (it != constants.end())
      return it->second;
    int kind = LOCAL;
    for (const Use &u : c->operands()) {
      int k = constant(cast<Constant>(u.get()));
      if (k == UNSAFE) {
        kind = UNSAFE;
        break;
      }
      kind |= k;
    }
    constants[c] = kind;
    return kind;
  }

  // a node the copy would share: uniqued, naming no global and nothing local
  bool metadata(const Metadata *md) {
    if (!md || isa<MDString>(md))
      return true;
    if (auto *cm = dyn_cast<ConstantAsMetadata>(md))
      return constant(cm->getValue()) == LOCAL;
    auto *n = dyn_cast<MDNode>(md);
    if (!n || !n->isUniqued())
      return false;
    auto it = nodes.find(n);
    if (it != nodes.end())
      return it->second;
    nodes[n] = true; // uniqued nodes form no cycles; this only ends one
    bool ok = true;
    for (const MDOperand &op : n->operands())
      if (!(ok = metadata(op.get())))
        break;
    nodes[n] = ok;
    return ok;
  }

  bool attachments(SmallVectorImpl<std::pair<unsigned, MDNode *>> &mds) {
    for (auto &kv : mds)
      if (!metadata(kv.second))
        return false;
    return true;
  }

  // Whether F may move; its operands that name globals into FIXUPS.
  bool movable(Function &f, std::vector<Fixup> &fixups) {
    if (f.isDeclaration() || !f.use_empty() || ValueAsMetadata::getIfExists(&f) || f.hasComdat() ||
        f.hasPersonalityFn() || f.hasPrefixData() || f.hasPrologueData() || f.getSubprogram())
      return false;
    for (unsigned i = 0; i < f.arg_size(); i++)
      if (f.hasParamAttribute(i, Attribute::ByVal))
        return false;
    SmallVector<std::pair<unsigned, MDNode *>, 4> mds;
    f.getAllMetadata(mds);
    if (!attachments(mds))
      return false;
    for (BasicBlock &bb : f)
      for (Instruction &in : bb) {
        if (isa<AllocaInst>(in))
          return false;
#if LLVM_VERSION_MAJOR >= 19
        if (in.hasDbgRecords())
          return false;
#endif
        if (in.hasMetadata()) {
          mds.clear();
          in.getAllMetadata(mds);
          if (!attachments(mds))
            return false;
        }
        for (Use &u : in.operands()) {
          Value *v = u.get();
          if (auto *c = dyn_cast<Constant>(v)) {
            int k = constant(c);
            if (k == UNSAFE)
              return false;
            if (k == GLOBAL)
              fixups.push_back({&in, u.getOperandNo(), v, nullptr});
          } else if (auto *mv = dyn_cast<MetadataAsValue>(v)) {
            if (!metadata(mv->getMetadata()))
              return false;
          }
        }
      }
    return true;
  }
};

char *message(const char *s) {
  char *r = static_cast<char *>(std::malloc(std::strlen(s) + 1));
  std::strcpy(r, s);
  return r;
}

} // namespace

struct gs_scratch {
  std::vector<Moved> moved; // in the caller's module's order
};

// The copy of M; the kernels among KERNELS that may move are moved into it,
// recorded in *SCRATCH (NULL where none moved).
extern "C" LLVMModuleRef scratch_copy(LLVMModuleRef mref, const LLVMValueRef *kernels, size_t n,
                                      gs_scratch **scratch) {
  *scratch = nullptr;
  Module &m = *unwrap(mref);
  Judge judge;
  std::vector<Moved> moved;
  for (size_t i = 0; i < n; i++) {
    Moved mv;
    mv.fn = unwrap<Function>(kernels[i]);
    if (judge.movable(*mv.fn, mv.fixups))
      moved.push_back(std::move(mv));
  }
  if (moved.empty())
    return wrap(CloneModule(m).release());
  DenseMap<const GlobalValue *, bool> keep;
  for (Moved &mv : moved)
    keep[mv.fn] = true;
  ValueToValueMapTy vmap;
  std::unique_ptr<Module> c =
      CloneModule(m, vmap, [&](const GlobalValue *g) { return !keep.count(g); });
  // everything is mapped before anything moves: a global the copy lacks
  // (there is none) leaves M as it was and copies it whole
  for (Moved &mv : moved)
    for (Fixup &f : mv.fixups)
      if (!(f.mapped = MapValue(f.original, vmap)))
        return wrap(CloneModule(m).release());
  for (Moved &mv : moved) {
    Function *f = mv.fn, *decl = cast<Function>(vmap[f]);
    for (Fixup &x : mv.fixups)
      x.inst->setOperand(x.operand, x.mapped);
    auto after = std::next(f->getIterator());
    mv.next = after == m.end() ? nullptr : &*after;
    mv.attrs = f->getAttributes();
    mv.instructions = f->getInstructionCount();
    auto at = std::next(decl->getIterator());
    decl->eraseFromParent(); // nothing uses it: nothing used F
    f->removeFromParent();
    c->getFunctionList().insert(at, f);
  }
  *scratch = new gs_scratch{std::move(moved)};
  return wrap(c.release());
}

// Puts the moved kernels back into M as they were; an internal error's
// message (malloc'd) when one of them changed in the copy.
extern "C" char *scratch_restore(LLVMModuleRef mref, gs_scratch *scratch) {
  if (!scratch)
    return nullptr;
  Module &m = *unwrap(mref);
  const char *error = nullptr;
  for (auto it = scratch->moved.rbegin(); it != scratch->moved.rend(); ++it) {
    Function *f = it->fn;
    f->removeFromParent();
    m.getFunctionList().insert(it->next ? it->next->getIterator() : m.end(), f);
    f->setAttributes(it->attrs);
    if (f->getInstructionCount() != it->instructions)
      error = "a kernel moved into the scratch module changed there";
    for (Fixup &x : it->fixups) {
      if (x.inst->getOperand(x.operand) != x.mapped)
        error = "a kernel moved into the scratch module changed there";
      x.inst->setOperand(x.operand, x.original);
    }
  }
  delete scratch;
  return error ? message(error) : nullptr;
}
