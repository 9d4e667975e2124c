/* Histogram then normalise: every invocation bins its elements, a grid
 * barrier waits for all bins, then the bins are turned into frequencies. */
void gridsplit_grid_sync(void);

kernel void histogram(global const uint *data, global uint *bins, global float *freq,
                      uint n, uint nbins) {
  size_t gid = get_global_id(0);
  size_t stride = get_global_size(0);
  for (size_t i = gid; i < n; i += stride)
    atomic_inc(&bins[data[i] % nbins]);

  gridsplit_grid_sync();

  for (size_t b = gid; b < nbins; b += stride)
    freq[b] = (float)bins[b] / (float)n;
}
