// Buffers that each invocation writes and then reads back in the same
// segment (lit/Roles_own_writes.ll): PolyBench shapes (2mm's tmp, bicg's s
// and q, covariance's mean and symmat) and shapes whose reads can see other
// data, which stay reads.
void gridsplit_grid_sync(void);

kernel void mm2(global const float *A, global const float *B, global float *tmp,
                global const float *C, global float *D, int ni, int nj, int nk, int nl,
                float alpha, float beta) {
  int g = get_global_id(0);
  int i = g / nj, j = g % nj;
  if (i < ni) {
    tmp[i * nj + j] = 0;
    for (int k = 0; k < nk; k++)
      tmp[i * nj + j] += alpha * A[i * nk + k] * B[k * nj + j];
  }
  gridsplit_grid_sync();
  int l = g % nl;
  if (i < ni) {
    D[i * nl + l] *= beta; // reads the host's D first
    for (int k = 0; k < nj; k++)
      D[i * nl + l] += tmp[i * nj + k] * C[k * nl + l];
  }
}

kernel void bicg(global const float *A, global const float *r, global float *s,
                 global const float *p, global float *q, int nx, int ny) {
  int g = get_global_id(0);
  if (g < ny) {
    s[g] = 0.0f;
    for (int i = 0; i < nx; i++)
      s[g] = s[g] + r[i] * A[i * ny + g];
  }
  gridsplit_grid_sync();
  if (g < nx) {
    q[g] = 0.0f;
    for (int j = 0; j < ny; j++)
      q[g] = q[g] + A[g * ny + j] * p[j];
  }
}

kernel void covariance(global float *data, global float *mean, global float *symmat, int m,
                       int n, float float_n) {
  int j = get_global_id(0);
  if (j < m) {
    mean[j] = 0.0f;
    for (int i = 0; i < n; i++)
      mean[j] += data[i * m + j];
    mean[j] /= float_n;
  }
  gridsplit_grid_sync();
  if (j < m)
    for (int i = 0; i < n; i++)
      data[i * m + j] -= mean[j];
  gridsplit_grid_sync();
  if (j < m)
    for (int j2 = j; j2 < m; j2++) {
      symmat[j * m + j2] = 0.0f;
      for (int i = 0; i < n; i++)
        symmat[j * m + j2] += data[i * m + j] * data[i * m + j2];
      symmat[j2 * m + j] = symmat[j * m + j2];
    }
}

// Reads that can see data this invocation did not write in this segment
// stay reads; own is the control.
kernel void not_own(global int *neighbor, global int *cond, global int *wide,
                    global int *fenced, global int *synced, global int *first,
                    global int *own, global int *sink, volatile global int *count, int n) {
  int g = get_global_id(0);
  neighbor[g] = g;
  int x = neighbor[(g + 1) % n]; // another invocation's element
  if (g % 2)
    cond[g] = g;
  x += cond[g];                  // written on one path only
  global char *bytes = (global char *)wide;
  bytes[4 * g] = 1;
  x += wide[g];                  // four bytes read, one written
  fenced[g] = x;
  barrier(CLK_GLOBAL_MEM_FENCE);
  x += fenced[g];                // a workgroup barrier in between
  synced[g] = x;
  atomic_inc(count);
  x += synced[g];                // an atomic in between
  for (int k = 0; k < n; k++)
    first[g] += k;               // read before any write
  own[g] = x;
  own[g] += 1;                   // the invocation's own write
  gridsplit_grid_sync();
  sink[g] = own[g];              // an earlier segment's write
}

// Workgroup memory that the segment after the barrier writes before it
// reads it back needs no saving across the barrier.
kernel void rewrite(global int *out) {
  local int tile[64];
  int l = get_local_id(0), g = get_global_id(0);
  tile[l] = g;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[g] = tile[get_local_size(0) - 1 - l];
  gridsplit_grid_sync();
  tile[l] = 2 * g;
  out[g] += tile[l];
}
