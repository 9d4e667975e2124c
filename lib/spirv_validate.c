/* SPIR-V validation with the SPIRV-Tools library, the rules spirv-val
 * applies by default (universal SPIR-V 1.6): no module that spirv-val
 * rejects is written (lowering/emit.c). */
#include "gs.h"

#include <spirv-tools/libspirv.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

char *spirv_validate(const char *data, size_t size) { return spirv_validate_for(data, size, 0); }

/* VULKAN: the rules of spirv-val --target-env vulkan1.3 */
char *spirv_validate_for(const char *data, size_t size, int vulkan) {
  if (size % 4)
    return gs_strdup("the SPIR-V is not a whole number of words");
  uint32_t *words = gs_xmalloc(size ? size : 4);
  memcpy(words, data, size);
  spv_context ctx = spvContextCreate(vulkan ? SPV_ENV_VULKAN_1_3 : SPV_ENV_UNIVERSAL_1_6);
  spv_const_binary_t binary = {words, size / 4};
  spv_diagnostic diag = NULL;
  char *msg = NULL;
  if (spvValidate(ctx, &binary, &diag) != SPV_SUCCESS) {
    /* the validator's message, over one or more lines, and last, on a
     * line of its own, the offending instruction: one line, "MESSAGE (at
     * 'INSTRUCTION')" */
    char *text = gs_strdup(diag && diag->error ? diag->error : "invalid SPIR-V");
    size_t len = strlen(text);
    while (len && (text[len - 1] == '\n' || text[len - 1] == ' '))
      text[--len] = 0;
    char *last = strrchr(text, '\n'), *at = NULL;
    if (last) {
      at = last + 1 + strspn(last + 1, " ");
      if (*at == '%' || !strncmp(at, "Op", 2))
        *last = 0;
      else
        at = NULL;
    }
    for (char *q = text; *q; q++)
      if (*q == '\n')
        *q = ' ';
    gs_str s;
    str_init(&s);
    str_printf(&s, "spirv-val%s rejects it: %s", vulkan ? " --target-env vulkan1.3" : "", text);
    if (at)
      str_printf(&s, " (at '%s')", at);
    free(text);
    msg = s.s;
  }
  spvDiagnosticDestroy(diag);
  spvContextDestroy(ctx);
  free(words);
  return msg;
}
