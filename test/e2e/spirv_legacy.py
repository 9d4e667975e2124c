"""SPIR-V that LLVM 22's SPIR-V backend writes, made readable by the LLVM 15
SPIRV-LLVM-Translator (llvm-spirv-15 -r), so that e2e-llvm22 can run LLVM
22's splits on POCL 3.1, which reads LLVM 15 bitcode.

One rewrite, which changes no value: OpConstantNull of a scalar type. The
backend writes the null of an integer, float or bool as OpConstantNull, which
SPIR-V allows for every type; the translator 15 asserts that the type is a
composite, pointer or opaque one ("SPIRVConstantNull::validate ... Invalid
type"). The null of a scalar is its zero (+0.0 for a float, false for a
bool), so it becomes OpConstant 0 or OpConstantFalse with the same result id.
Nothing else is changed; a module the translator still cannot read fails the
case.
"""
import struct

OP_TYPE_BOOL, OP_TYPE_INT, OP_TYPE_FLOAT = 20, 21, 22
OP_CONSTANT_FALSE, OP_CONSTANT, OP_CONSTANT_NULL = 41, 43, 46
MAGIC = 0x07230203


def scalar_nulls_to_zeros(data):
    """Returns (module, rewritten): DATA with every OpConstantNull of a scalar
    type replaced by that type's zero, and how many were replaced. Raises
    ValueError on what is not a SPIR-V module."""
    if len(data) % 4 or len(data) < 20:
        raise ValueError("not a SPIR-V module: %d bytes" % len(data))
    words = list(struct.unpack("<%dI" % (len(data) // 4), data))
    if words[0] != MAGIC:
        raise ValueError("not a little-endian SPIR-V module (magic %#x)" % words[0])
    out, scalars, rewritten, i = words[:5], {}, 0, 5
    while i < len(words):
        count, opcode = words[i] >> 16, words[i] & 0xffff
        if count == 0 or i + count > len(words):
            raise ValueError("malformed instruction at word %d" % i)
        inst = words[i:i + count]
        if opcode == OP_TYPE_BOOL:
            scalars[inst[1]] = None
        elif opcode in (OP_TYPE_INT, OP_TYPE_FLOAT):
            scalars[inst[1]] = inst[2]  # the width in bits
        elif opcode == OP_CONSTANT_NULL and inst[1] in scalars:
            width = scalars[inst[1]]
            if width is None:
                inst = [(3 << 16) | OP_CONSTANT_FALSE, inst[1], inst[2]]
            else:
                zeros = [0] * ((width + 31) // 32)
                inst = [((3 + len(zeros)) << 16) | OP_CONSTANT, inst[1], inst[2]] + zeros
            rewritten += 1
        out += inst
        i += count
    return struct.pack("<%dI" % len(out), *out), rewritten
