// OpenCL C builtins for the host reference (gs-reference), compiled by clang
// for x86_64 and linked into the executable, whose exported symbols the
// dlopen'ed kernel objects bind to. Writing them in OpenCL C lets clang mangle
// every overload exactly as it mangles the kernel's calls, and pass vectors
// the way the kernel passes them.
//
// The work-item queries end in gs_rt_query (gs_reference.c, thread-local
// ids). barrier/work_group_barrier and gridsplit_grid_sync are defined in C
// there, because they must see their caller's return address.
//
// Every atomic is sequentially consistent: the reference runs invocations as
// threads, so an atomic must be a real atomic on the host.

// The kernel's own arithmetic follows the compile flags of the kernel object;
// the builtins compute exactly what their OpenCL C definition says, unfused.
#pragma OPENCL FP_CONTRACT OFF

#define OVL __attribute__((overloadable))

// --- work-item functions (OpenCL C 2.0 section 6.13.1) -----------------------

enum gs_query {
  GS_WORK_DIM, GS_GLOBAL_SIZE, GS_GLOBAL_ID, GS_LOCAL_SIZE,
  GS_ENQUEUED_LOCAL_SIZE, GS_LOCAL_ID, GS_NUM_GROUPS, GS_GROUP_ID,
  GS_GLOBAL_OFFSET, GS_GLOBAL_LINEAR_ID, GS_LOCAL_LINEAR_ID
};
size_t gs_rt_query(int what, uint dim);

uint OVL get_work_dim(void) { return (uint)gs_rt_query(GS_WORK_DIM, 0); }
size_t OVL get_global_size(uint d) { return gs_rt_query(GS_GLOBAL_SIZE, d); }
size_t OVL get_global_id(uint d) { return gs_rt_query(GS_GLOBAL_ID, d); }
size_t OVL get_local_size(uint d) { return gs_rt_query(GS_LOCAL_SIZE, d); }
size_t OVL get_enqueued_local_size(uint d) {
  return gs_rt_query(GS_ENQUEUED_LOCAL_SIZE, d);
}
size_t OVL get_local_id(uint d) { return gs_rt_query(GS_LOCAL_ID, d); }
size_t OVL get_num_groups(uint d) { return gs_rt_query(GS_NUM_GROUPS, d); }
size_t OVL get_group_id(uint d) { return gs_rt_query(GS_GROUP_ID, d); }
size_t OVL get_global_offset(uint d) { return gs_rt_query(GS_GLOBAL_OFFSET, d); }
size_t OVL get_global_linear_id(void) {
  return gs_rt_query(GS_GLOBAL_LINEAR_ID, 0);
}
size_t OVL get_local_linear_id(void) {
  return gs_rt_query(GS_LOCAL_LINEAR_ID, 0);
}

// --- fences -------------------------------------------------------------------

void OVL mem_fence(cl_mem_fence_flags f) { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
void OVL read_mem_fence(cl_mem_fence_flags f) { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
void OVL write_mem_fence(cl_mem_fence_flags f) { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
void OVL atomic_work_item_fence(cl_mem_fence_flags f, memory_order o, memory_scope s) {
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
}

// --- OpenCL 1.x atomics: atomic_* and atom_* (sections 6.13.11, 9.5) ---------

#define SC __ATOMIC_SEQ_CST

#define RMW1(PFX, AS, T)                                                        \
  T OVL PFX##add(volatile AS T *p, T v) { return __atomic_fetch_add(p, v, SC); } \
  T OVL PFX##sub(volatile AS T *p, T v) { return __atomic_fetch_sub(p, v, SC); } \
  T OVL PFX##xchg(volatile AS T *p, T v) { return __atomic_exchange_n(p, v, SC); } \
  T OVL PFX##min(volatile AS T *p, T v) { return __atomic_fetch_min(p, v, SC); } \
  T OVL PFX##max(volatile AS T *p, T v) { return __atomic_fetch_max(p, v, SC); } \
  T OVL PFX##and(volatile AS T *p, T v) { return __atomic_fetch_and(p, v, SC); } \
  T OVL PFX##or(volatile AS T *p, T v) { return __atomic_fetch_or(p, v, SC); }   \
  T OVL PFX##xor(volatile AS T *p, T v) { return __atomic_fetch_xor(p, v, SC); } \
  T OVL PFX##inc(volatile AS T *p) { return __atomic_fetch_add(p, (T)1, SC); }   \
  T OVL PFX##dec(volatile AS T *p) { return __atomic_fetch_sub(p, (T)1, SC); }   \
  T OVL PFX##cmpxchg(volatile AS T *p, T cmp, T val) {                          \
    __atomic_compare_exchange_n(p, &cmp, val, false, SC, SC);                   \
    return cmp;                                                                 \
  }

#define RMW1_SPACES(PFX, T) RMW1(PFX, global, T) RMW1(PFX, local, T)

RMW1_SPACES(atomic_, int)
RMW1_SPACES(atomic_, uint)
RMW1_SPACES(atom_, int)
RMW1_SPACES(atom_, uint)
RMW1_SPACES(atom_, long)
RMW1_SPACES(atom_, ulong)

// atomic_xchg also takes float (OpenCL 1.1 section 6.11.11).
float OVL atomic_xchg(volatile global float *p, float v) {
  return as_float(__atomic_exchange_n((volatile global uint *)p, as_uint(v), SC));
}
float OVL atomic_xchg(volatile local float *p, float v) {
  return as_float(__atomic_exchange_n((volatile local uint *)p, as_uint(v), SC));
}

// --- OpenCL 2.0 C11-style atomics on the generic space (section 6.13.11) -----
// The memory order and scope arguments are accepted and ignored: every
// operation is sequentially consistent on the host.

#define C11_COMMON(A, C)                                                        \
  void OVL atomic_init(volatile generic A *p, C v) { __c11_atomic_init(p, v); } \
  void OVL atomic_store(volatile generic A *p, C v) {                           \
    __c11_atomic_store(p, v, SC);                                               \
  }                                                                             \
  void OVL atomic_store_explicit(volatile generic A *p, C v, memory_order o) {  \
    __c11_atomic_store(p, v, SC);                                               \
  }                                                                             \
  void OVL atomic_store_explicit(volatile generic A *p, C v, memory_order o,    \
                                 memory_scope s) {                              \
    __c11_atomic_store(p, v, SC);                                               \
  }                                                                             \
  C OVL atomic_load(volatile generic A *p) { return __c11_atomic_load(p, SC); } \
  C OVL atomic_load_explicit(volatile generic A *p, memory_order o) {           \
    return __c11_atomic_load(p, SC);                                            \
  }                                                                             \
  C OVL atomic_load_explicit(volatile generic A *p, memory_order o,             \
                             memory_scope s) {                                  \
    return __c11_atomic_load(p, SC);                                            \
  }                                                                             \
  C OVL atomic_exchange(volatile generic A *p, C v) {                           \
    return __c11_atomic_exchange(p, v, SC);                                     \
  }                                                                             \
  C OVL atomic_exchange_explicit(volatile generic A *p, C v, memory_order o) {  \
    return __c11_atomic_exchange(p, v, SC);                                     \
  }                                                                             \
  C OVL atomic_exchange_explicit(volatile generic A *p, C v, memory_order o,    \
                                 memory_scope s) {                              \
    return __c11_atomic_exchange(p, v, SC);                                     \
  }                                                                             \
  bool OVL atomic_compare_exchange_strong(volatile generic A *p,                \
                                          generic C *expected, C desired) {     \
    return __c11_atomic_compare_exchange_strong(p, expected, desired, SC, SC);  \
  }                                                                             \
  bool OVL atomic_compare_exchange_strong_explicit(                             \
      volatile generic A *p, generic C *expected, C desired, memory_order s,    \
      memory_order f) {                                                         \
    return __c11_atomic_compare_exchange_strong(p, expected, desired, SC, SC);  \
  }                                                                             \
  bool OVL atomic_compare_exchange_strong_explicit(                             \
      volatile generic A *p, generic C *expected, C desired, memory_order s,    \
      memory_order f, memory_scope sc) {                                        \
    return __c11_atomic_compare_exchange_strong(p, expected, desired, SC, SC);  \
  }                                                                             \
  bool OVL atomic_compare_exchange_weak(volatile generic A *p,                  \
                                        generic C *expected, C desired) {       \
    return __c11_atomic_compare_exchange_strong(p, expected, desired, SC, SC);  \
  }                                                                             \
  bool OVL atomic_compare_exchange_weak_explicit(                               \
      volatile generic A *p, generic C *expected, C desired, memory_order s,    \
      memory_order f) {                                                         \
    return __c11_atomic_compare_exchange_strong(p, expected, desired, SC, SC);  \
  }                                                                             \
  bool OVL atomic_compare_exchange_weak_explicit(                               \
      volatile generic A *p, generic C *expected, C desired, memory_order s,    \
      memory_order f, memory_scope sc) {                                        \
    return __c11_atomic_compare_exchange_strong(p, expected, desired, SC, SC);  \
  }

#define C11_FETCH(A, C, OP, BUILTIN)                                            \
  C OVL atomic_fetch_##OP(volatile generic A *p, C v) {                         \
    return BUILTIN(p, v, SC);                                                   \
  }                                                                             \
  C OVL atomic_fetch_##OP##_explicit(volatile generic A *p, C v,                \
                                     memory_order o) {                          \
    return BUILTIN(p, v, SC);                                                   \
  }                                                                             \
  C OVL atomic_fetch_##OP##_explicit(volatile generic A *p, C v,                \
                                     memory_order o, memory_scope s) {          \
    return BUILTIN(p, v, SC);                                                   \
  }

#define C11_INTEGER(A, C)                                                       \
  C11_COMMON(A, C)                                                              \
  C11_FETCH(A, C, add, __c11_atomic_fetch_add)                                  \
  C11_FETCH(A, C, sub, __c11_atomic_fetch_sub)                                  \
  C11_FETCH(A, C, or, __c11_atomic_fetch_or)                                    \
  C11_FETCH(A, C, xor, __c11_atomic_fetch_xor)                                  \
  C11_FETCH(A, C, and, __c11_atomic_fetch_and)                                  \
  C11_FETCH(A, C, min, __c11_atomic_fetch_min)                                  \
  C11_FETCH(A, C, max, __c11_atomic_fetch_max)

C11_INTEGER(atomic_int, int)
C11_INTEGER(atomic_uint, uint)
C11_INTEGER(atomic_long, long)
C11_INTEGER(atomic_ulong, ulong)
C11_COMMON(atomic_float, float)
C11_COMMON(atomic_double, double)

bool OVL atomic_flag_test_and_set(volatile generic atomic_flag *f) {
  return __c11_atomic_exchange((volatile generic atomic_int *)f, 1, SC) != 0;
}
bool OVL atomic_flag_test_and_set_explicit(volatile generic atomic_flag *f,
                                           memory_order o) {
  return __c11_atomic_exchange((volatile generic atomic_int *)f, 1, SC) != 0;
}
bool OVL atomic_flag_test_and_set_explicit(volatile generic atomic_flag *f,
                                           memory_order o, memory_scope s) {
  return __c11_atomic_exchange((volatile generic atomic_int *)f, 1, SC) != 0;
}
void OVL atomic_flag_clear(volatile generic atomic_flag *f) {
  __c11_atomic_store((volatile generic atomic_int *)f, 0, SC);
}
void OVL atomic_flag_clear_explicit(volatile generic atomic_flag *f,
                                    memory_order o) {
  __c11_atomic_store((volatile generic atomic_int *)f, 0, SC);
}
void OVL atomic_flag_clear_explicit(volatile generic atomic_flag *f,
                                    memory_order o, memory_scope s) {
  __c11_atomic_store((volatile generic atomic_int *)f, 0, SC);
}

// --- integer functions (section 6.13.3) --------------------------------------

#define INTEGER_FNS(T, UT)                                                      \
  T OVL min(T a, T b) { return b < a ? b : a; }                                 \
  T OVL max(T a, T b) { return a < b ? b : a; }                                 \
  T OVL clamp(T x, T lo, T hi) { return min(max(x, lo), hi); }                  \
  UT OVL abs(T x) { return x < 0 ? (UT)0 - (UT)x : (UT)x; }

INTEGER_FNS(char, uchar)
INTEGER_FNS(short, ushort)
INTEGER_FNS(int, uint)
INTEGER_FNS(long, ulong)

#define UNSIGNED_FNS(T)                                                         \
  T OVL min(T a, T b) { return b < a ? b : a; }                                 \
  T OVL max(T a, T b) { return a < b ? b : a; }                                 \
  T OVL clamp(T x, T lo, T hi) { return min(max(x, lo), hi); }                  \
  T OVL abs(T x) { return x; }

UNSIGNED_FNS(uchar)
UNSIGNED_FNS(ushort)
UNSIGNED_FNS(uint)
UNSIGNED_FNS(ulong)

// --- math and common functions (sections 6.13.2, 6.13.4) ---------------------
// Correctly rounded where the hardware is (sqrt, fma, division); the
// transcendental ones come from the host libm and may differ from an OpenCL
// implementation's by the ulps that OpenCL allows.

#define FLOAT_FNS(T, S)                                                         \
  T OVL fabs(T x) { return __builtin_fabs##S(x); }                              \
  T OVL sqrt(T x) { return __builtin_sqrt##S(x); }                              \
  T OVL rsqrt(T x) { return (T)1 / __builtin_sqrt##S(x); }                      \
  T OVL fma(T a, T b, T c) { return __builtin_fma##S(a, b, c); }                \
  T OVL mad(T a, T b, T c) { return a * b + c; }                                \
  T OVL fmax(T a, T b) { return __builtin_fmax##S(a, b); }                      \
  T OVL fmin(T a, T b) { return __builtin_fmin##S(a, b); }                      \
  T OVL max(T a, T b) { return __builtin_fmax##S(a, b); }                       \
  T OVL min(T a, T b) { return __builtin_fmin##S(a, b); }                       \
  T OVL clamp(T x, T lo, T hi) { return fmin(fmax(x, lo), hi); }                \
  T OVL copysign(T a, T b) { return __builtin_copysign##S(a, b); }              \
  T OVL floor(T x) { return __builtin_floor##S(x); }                            \
  T OVL ceil(T x) { return __builtin_ceil##S(x); }                              \
  T OVL trunc(T x) { return __builtin_trunc##S(x); }                            \
  T OVL round(T x) { return __builtin_round##S(x); }                            \
  T OVL rint(T x) { return __builtin_rint##S(x); }                              \
  T OVL fmod(T a, T b) { return __builtin_fmod##S(a, b); }                      \
  T OVL exp(T x) { return __builtin_exp##S(x); }                                \
  T OVL exp2(T x) { return __builtin_exp2##S(x); }                              \
  T OVL log(T x) { return __builtin_log##S(x); }                                \
  T OVL log2(T x) { return __builtin_log2##S(x); }                              \
  T OVL pow(T a, T b) { return __builtin_pow##S(a, b); }                        \
  T OVL sin(T x) { return __builtin_sin##S(x); }                                \
  T OVL cos(T x) { return __builtin_cos##S(x); }                                \
  T OVL tanh(T x) { return __builtin_tanh##S(x); }                              \
  T OVL native_sqrt(T x) { return __builtin_sqrt##S(x); }                       \
  T OVL native_rsqrt(T x) { return (T)1 / __builtin_sqrt##S(x); }               \
  T OVL native_exp(T x) { return __builtin_exp##S(x); }                         \
  T OVL native_divide(T a, T b) { return a / b; }

FLOAT_FNS(float, f)
FLOAT_FNS(double, )

// --- geometric functions (section 6.13.5) ------------------------------------
// Summed left to right, products not fused.

float OVL dot(float a, float b) { return a * b; }
float OVL dot(float2 a, float2 b) { return a.x * b.x + a.y * b.y; }
float OVL dot(float3 a, float3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
float OVL dot(float4 a, float4 b) {
  return a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w;
}
float OVL length(float2 a) { return sqrt(dot(a, a)); }
float OVL length(float4 a) { return sqrt(dot(a, a)); }

// --- vector loads and stores (section 6.13.7) --------------------------------

#define VLOAD(T, AS)                                                            \
  T##2 OVL vload2(size_t i, const AS T *p) {                                    \
    return (T##2)(p[2 * i], p[2 * i + 1]);                                      \
  }                                                                             \
  T##4 OVL vload4(size_t i, const AS T *p) {                                    \
    return (T##4)(p[4 * i], p[4 * i + 1], p[4 * i + 2], p[4 * i + 3]);          \
  }
#define VSTORE(T)                                                               \
  void OVL vstore2(T##2 v, size_t i, generic T *p) {                            \
    p[2 * i] = v.x;                                                             \
    p[2 * i + 1] = v.y;                                                         \
  }                                                                             \
  void OVL vstore4(T##4 v, size_t i, generic T *p) {                            \
    p[4 * i] = v.x;                                                             \
    p[4 * i + 1] = v.y;                                                         \
    p[4 * i + 2] = v.z;                                                         \
    p[4 * i + 3] = v.w;                                                         \
  }

VLOAD(float, generic)
VLOAD(float, constant)
VLOAD(int, generic)
VLOAD(int, constant)
VLOAD(uint, generic)
VLOAD(uint, constant)
VSTORE(float)
VSTORE(int)
VSTORE(uint)
