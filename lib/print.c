/* The roles table of docs/formats.md. */
#include "gs.h"

static void print_successors(gs_str *s, const gs_analysis *a, size_t k, size_t seg) {
  size_t n = gs_segment_successor_count(a, k, seg);
  if (!n)
    str_printf(s, " none");
  for (size_t i = 0; i < n; i++) {
    int t = gs_segment_successor(a, k, seg, i);
    if (t == GS_SEGMENT_END)
      str_printf(s, " end");
    else
      str_printf(s, " %d", t);
  }
}

char *gs_analysis_print_roles(const gs_analysis *a) {
  gs_str s;
  str_init(&s);
  for (size_t k = 0; k < gs_analysis_kernel_count(a); k++) {
    str_printf(&s, "kernel '%s': barriers %u, schedule %s\n", gs_kernel_name(a, k),
               gs_kernel_barrier_count(a, k),
               gs_kernel_schedule(a, k) == GS_SCHEDULE_STATIC ? "static" : "dynamic");
    size_t nb = gs_kernel_buffer_count(a, k);
    for (size_t b = 0; b < nb; b++) {
      gs_buffer_info bi = gs_kernel_buffer(a, k, b);
      str_printf(&s, "  buffer %s: ", bi.name);
      if (bi.arg >= 0)
        str_printf(&s, "arg %d", bi.arg);
      else
        str_printf(&s, "global variable");
      str_printf(&s, ", %s, host_input %s, host_output %s\n", gs_space_name(bi.space),
                 bi.host_input ? "yes" : "no", bi.host_output ? "yes" : "no");
    }
    for (size_t v = 0; v < gs_kernel_value_count(a, k); v++) {
      gs_value_info vi = gs_kernel_value(a, k, v);
      str_printf(&s, "  value %s: arg %d, %u bytes\n", vi.name, vi.arg, vi.bytes);
    }
    for (size_t seg = 0; seg < gs_kernel_segment_count(a, k); seg++) {
      str_printf(&s, "  segment %zu: begins at ", seg);
      if (seg == 0)
        str_printf(&s, "entry");
      else
        str_printf(&s, "barrier %zu", seg);
      const char *loc = gs_segment_location(a, k, seg);
      if (loc)
        str_printf(&s, " (%s)", loc);
      str_printf(&s, ", successors");
      print_successors(&s, a, k, seg);
      str_printf(&s, "\n");
      int any = 0;
      for (size_t b = 0; b < nb; b++) {
        gs_segment_access acc = gs_segment_buffer_access(a, k, seg, b);
        if (acc.role == GS_ROLE_NONE)
          continue;
        any = 1;
        str_printf(&s, "    %s  %s  %s%s\n", gs_kernel_buffer(a, k, b).name,
                   gs_role_name(acc.role), gs_role_access(acc.role),
                   acc.atomic ? "  atomic" : "");
      }
      if (!any)
        str_printf(&s, "    (no buffers)\n");
    }
  }
  return str_take(&s);
}
