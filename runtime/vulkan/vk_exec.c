/* gs-vk-exec: runs the shaders of one --target vulkan module in order on a
 * Vulkan device, the first step of the Vulkan runner (issue 13). It knows
 * no plan: the command line gives the entry points, the buffers (bindings
 * 0.. of set 0, in order), the push constants and the workgroup counts.
 * Each buffer's file is read before and written back after the run. Every
 * dispatch is followed by a memory barrier, so each shader sees what the
 * earlier ones wrote.
 *
 *   gs-vk-exec MODULE.spv --groups X[,Y,Z] [--push HEX] [--device N]
 *              [--control B] --buffer FILE ... --entry NAME ...
 *
 * With --control B (a dynamic schedule: buffer B is the control word) the
 * entries are the segments in their order, and the host steps through the
 * schedule as include/gridsplit/control_word.h says, from segment 0, reading
 * the choice back after every launch; a divergent barrier is an error. A
 * module without the step shader gs.step steps in its segments: the control
 * word is then 4 + 1 + 6 words a segment, and the next segment is the one
 * each launch's last workgroup wrote to CURRENT.
 *
 * Exit 0 after a run, 1 on any error (named on stderr), 2 on bad usage. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <vulkan/vulkan.h>

#include "gridsplit/control_word.h"
#include "vk_device.h"

#define MAX 32

static int fail(const char *what, VkResult r) {
  fprintf(stderr, "gs-vk-exec: %s failed (VkResult %d)\n", what, (int)r);
  return 1;
}

static char *read_all(const char *path, size_t *size) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *d = malloc(n > 0 ? (size_t)n : 1);
  if (!d || (n > 0 && fread(d, 1, (size_t)n, f) != (size_t)n)) {
    fclose(f);
    free(d);
    return NULL;
  }
  fclose(f);
  *size = (size_t)n;
  return d;
}

static int parse_hex(const char *s, unsigned char *out, size_t *n) {
  size_t len = strlen(s);
  if (len % 2 || len / 2 > 128)
    return 0;
  for (size_t i = 0; i < len / 2; i++) {
    unsigned v;
    if (sscanf(s + 2 * i, "%2x", &v) != 1)
      return 0;
    out[i] = (unsigned char)v;
  }
  *n = len / 2;
  return 1;
}

static uint32_t memory_type(VkPhysicalDevice pd, uint32_t bits, VkMemoryPropertyFlags want) {
  VkPhysicalDeviceMemoryProperties mp;
  vkGetPhysicalDeviceMemoryProperties(pd, &mp);
  for (uint32_t i = 0; i < mp.memoryTypeCount; i++)
    if ((bits & (1u << i)) && (mp.memoryTypes[i].propertyFlags & want) == want)
      return i;
  return UINT32_MAX;
}

/* what a submission needs */
typedef struct {
  VkDevice dev;
  VkQueue queue;
  VkCommandBuffer cb;
  VkFence fence;
  VkPipelineLayout layout;
  VkDescriptorSet set;
  const VkPipeline *pipe;
  const uint32_t *groups;
  uint32_t push_size;
  const unsigned char *push;
} run_ctx;

/* Entries FIRST .. FIRST + N - 1 in order, each followed by a memory
 * barrier, in one submission that the host waits for. */
static VkResult run_entries(run_ctx *c, size_t first, size_t n) {
  VkCommandBufferBeginInfo cbbi = {VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO, NULL,
                                   VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT, NULL};
  VkResult r = vkResetCommandBuffer(c->cb, 0);
  if (r == VK_SUCCESS)
    r = vkBeginCommandBuffer(c->cb, &cbbi);
  if (r != VK_SUCCESS)
    return r;
  for (size_t e = first; e < first + n; e++) {
    vkCmdBindPipeline(c->cb, VK_PIPELINE_BIND_POINT_COMPUTE, c->pipe[e]);
    vkCmdBindDescriptorSets(c->cb, VK_PIPELINE_BIND_POINT_COMPUTE, c->layout, 0, 1, &c->set, 0,
                            NULL);
    if (c->push_size)
      vkCmdPushConstants(c->cb, c->layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, c->push_size, c->push);
    vkCmdDispatch(c->cb, c->groups[0], c->groups[1], c->groups[2]);
    VkMemoryBarrier mb = {VK_STRUCTURE_TYPE_MEMORY_BARRIER, NULL, VK_ACCESS_SHADER_WRITE_BIT,
                          VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT |
                              VK_ACCESS_HOST_READ_BIT};
    vkCmdPipelineBarrier(c->cb, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                         VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_HOST_BIT, 0, 1,
                         &mb, 0, NULL, 0, NULL);
  }
  if ((r = vkEndCommandBuffer(c->cb)) != VK_SUCCESS)
    return r;
  VkSubmitInfo si = {VK_STRUCTURE_TYPE_SUBMIT_INFO, NULL, 0, NULL, NULL, 1, &c->cb, 0, NULL};
  if ((r = vkQueueSubmit(c->queue, 1, &si, c->fence)) != VK_SUCCESS)
    return r;
  if ((r = vkWaitForFences(c->dev, 1, &c->fence, VK_TRUE, UINT64_MAX)) != VK_SUCCESS)
    return r;
  return vkResetFences(c->dev, 1, &c->fence);
}

int main(int argc, char **argv) {
  const char *module = NULL, *buffers[MAX], *entries[MAX];
  size_t nbuf = 0, nent = 0, npush = 0;
  unsigned char push[128];
  uint32_t groups[3] = {1, 1, 1};
  unsigned device = 0;
  int control = -1;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
    if (!strcmp(a, "--groups") && v) {
      int n = sscanf(v, "%u,%u,%u", &groups[0], &groups[1], &groups[2]);
      if (n < 1 || !groups[0] || !groups[1] || !groups[2]) {
        fprintf(stderr, "gs-vk-exec: --groups '%s': give X[,Y,Z], each at least 1\n", v);
        return 2;
      }
      i++;
    } else if (!strcmp(a, "--push") && v) {
      if (!parse_hex(v, push, &npush)) {
        fprintf(stderr, "gs-vk-exec: --push '%s': give an even number of hex digits, at most 256\n",
                v);
        return 2;
      }
      i++;
    } else if (!strcmp(a, "--control") && v) {
      control = atoi(v);
      i++;
    } else if (!strcmp(a, "--device") && v) {
      device = (unsigned)atoi(v);
      i++;
    } else if (!strcmp(a, "--buffer") && v && nbuf < MAX) {
      buffers[nbuf++] = v;
      i++;
    } else if (!strcmp(a, "--entry") && v && nent < MAX) {
      entries[nent++] = v;
      i++;
    } else if (!module && a[0] != '-') {
      module = a;
    } else {
      fprintf(stderr, "gs-vk-exec: unknown or incomplete argument '%s'\n", a);
      return 2;
    }
  }
  if (!module || !nent) {
    fprintf(stderr, "usage: gs-vk-exec MODULE.spv --groups X[,Y,Z] [--push HEX] [--device N] "
                    "--buffer FILE ... --entry NAME ...\n");
    return 2;
  }
  size_t code_size = 0;
  char *code = read_all(module, &code_size);
  if (!code || !code_size || code_size % 4) {
    fprintf(stderr, "gs-vk-exec: cannot read SPIR-V from '%s'\n", module);
    return 1;
  }

  /* every binding the module decorates must have its buffer: a shader that
   * reads a binding the layout lacks reads nothing defined, and drivers do
   * not say so (OpDecorate = 71, Binding = 33) */
  const uint32_t *words = (const uint32_t *)code;
  uint32_t bindings = 0;
  int step_shader = 0; /* an OpEntryPoint (15) "gs.step": segments that do not step */
  for (size_t i = 5; i < code_size / 4;) {
    uint32_t count = words[i] >> 16, op = words[i] & 0xffff;
    if (!count || i + count > code_size / 4)
      break;
    if (op == 71 && count >= 4 && words[i + 2] == 33 && words[i + 3] + 1 > bindings)
      bindings = words[i + 3] + 1;
    if (op == 15 && count >= 4 && !memcmp(&words[i + 3], "gs.step", 8))
      step_shader = 1;
    i += count;
  }
  if (bindings > nbuf) {
    fprintf(stderr, "gs-vk-exec: '%s' binds %u buffers (0 to %u), but %zu were given\n", module,
            bindings, bindings - 1, nbuf);
    return 2;
  }

  gs_vk_device vd;
  char why[512];
  if (gs_vk_open(&vd, device, "gs-vk-exec", why, sizeof why)) {
    fprintf(stderr, "gs-vk-exec: %s\n", why);
    return 1;
  }
  VkPhysicalDevice pd = vd.pd;
  VkDevice dev = vd.dev;
  VkQueue queue = vd.queue;
  uint32_t family = vd.family;
  VkResult r;

  /* the buffers, host-visible: this tool checks bytes, not speed */
  VkBuffer buf[MAX];
  VkDeviceMemory mem[MAX];
  size_t size[MAX];
  char *data[MAX];
  for (size_t b = 0; b < nbuf; b++) {
    data[b] = read_all(buffers[b], &size[b]);
    if (!data[b]) {
      fprintf(stderr, "gs-vk-exec: cannot read buffer file '%s'\n", buffers[b]);
      return 1;
    }
    VkBufferCreateInfo bci = {VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
                              NULL,
                              0,
                              size[b] ? ((size[b] + 3) & ~(size_t)3) : 4,
                              VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
                              VK_SHARING_MODE_EXCLUSIVE,
                              0,
                              NULL};
    if ((r = vkCreateBuffer(dev, &bci, NULL, &buf[b])) != VK_SUCCESS)
      return fail("vkCreateBuffer", r);
    VkMemoryRequirements req;
    vkGetBufferMemoryRequirements(dev, buf[b], &req);
    uint32_t type =
        memory_type(pd, req.memoryTypeBits,
                    VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT);
    if (type == UINT32_MAX) {
      fprintf(stderr, "gs-vk-exec: no host-visible coherent memory\n");
      return 1;
    }
    VkMemoryAllocateInfo mai = {VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO, NULL, req.size, type};
    if ((r = vkAllocateMemory(dev, &mai, NULL, &mem[b])) != VK_SUCCESS)
      return fail("vkAllocateMemory", r);
    vkBindBufferMemory(dev, buf[b], mem[b], 0);
    void *p;
    if ((r = vkMapMemory(dev, mem[b], 0, VK_WHOLE_SIZE, 0, &p)) != VK_SUCCESS)
      return fail("vkMapMemory", r);
    memset(p, 0, bci.size);
    memcpy(p, data[b], size[b]);
    vkUnmapMemory(dev, mem[b]);
  }

  VkDescriptorSetLayoutBinding lb[MAX];
  for (size_t b = 0; b < nbuf; b++) {
    VkDescriptorSetLayoutBinding x = {(uint32_t)b, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1,
                                      VK_SHADER_STAGE_COMPUTE_BIT, NULL};
    lb[b] = x;
  }
  VkDescriptorSetLayoutCreateInfo dlci = {VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO, NULL,
                                          0, (uint32_t)nbuf, lb};
  VkDescriptorSetLayout dsl;
  if ((r = vkCreateDescriptorSetLayout(dev, &dlci, NULL, &dsl)) != VK_SUCCESS)
    return fail("vkCreateDescriptorSetLayout", r);
  VkPushConstantRange pcr = {VK_SHADER_STAGE_COMPUTE_BIT, 0, (uint32_t)((npush + 3) & ~3u)};
  VkPipelineLayoutCreateInfo plci = {VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
                                     NULL,
                                     0,
                                     1,
                                     &dsl,
                                     npush ? 1u : 0u,
                                     npush ? &pcr : NULL};
  VkPipelineLayout pl;
  if ((r = vkCreatePipelineLayout(dev, &plci, NULL, &pl)) != VK_SUCCESS)
    return fail("vkCreatePipelineLayout", r);
  VkShaderModuleCreateInfo smci = {VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO, NULL, 0, code_size,
                                   (const uint32_t *)code};
  VkShaderModule sm;
  if ((r = vkCreateShaderModule(dev, &smci, NULL, &sm)) != VK_SUCCESS)
    return fail("vkCreateShaderModule", r);
  VkPipeline pipe[MAX];
  for (size_t e = 0; e < nent; e++) {
    VkComputePipelineCreateInfo cpci = {VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
                                        NULL,
                                        0,
                                        {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, NULL,
                                         0, VK_SHADER_STAGE_COMPUTE_BIT, sm, entries[e], NULL},
                                        pl,
                                        VK_NULL_HANDLE,
                                        0};
    if ((r = vkCreateComputePipelines(dev, VK_NULL_HANDLE, 1, &cpci, NULL, &pipe[e])) !=
        VK_SUCCESS) {
      fprintf(stderr, "gs-vk-exec: entry point '%s': ", entries[e]);
      return fail("vkCreateComputePipelines", r);
    }
  }
  VkDescriptorPoolSize ps = {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, nbuf ? (uint32_t)nbuf : 1};
  VkDescriptorPoolCreateInfo dpci = {
      VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO, NULL, 0, 1, 1, &ps};
  VkDescriptorPool pool;
  if ((r = vkCreateDescriptorPool(dev, &dpci, NULL, &pool)) != VK_SUCCESS)
    return fail("vkCreateDescriptorPool", r);
  VkDescriptorSetAllocateInfo dsai = {VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO, NULL, pool, 1,
                                      &dsl};
  VkDescriptorSet set;
  if ((r = vkAllocateDescriptorSets(dev, &dsai, &set)) != VK_SUCCESS)
    return fail("vkAllocateDescriptorSets", r);
  VkDescriptorBufferInfo dbi[MAX];
  VkWriteDescriptorSet w[MAX];
  for (size_t b = 0; b < nbuf; b++) {
    VkDescriptorBufferInfo i = {buf[b], 0, VK_WHOLE_SIZE};
    dbi[b] = i;
    VkWriteDescriptorSet x = {
        VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, NULL, set,     (uint32_t)b, 0, 1,
        VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,      NULL, &dbi[b], NULL};
    w[b] = x;
  }
  vkUpdateDescriptorSets(dev, (uint32_t)nbuf, w, 0, NULL);

  VkCommandPoolCreateInfo cpi = {VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO, NULL,
                                 VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT, family};
  VkCommandPool cpool;
  if ((r = vkCreateCommandPool(dev, &cpi, NULL, &cpool)) != VK_SUCCESS)
    return fail("vkCreateCommandPool", r);
  VkCommandBufferAllocateInfo cbai = {VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO, NULL, cpool,
                                      VK_COMMAND_BUFFER_LEVEL_PRIMARY, 1};
  VkCommandBuffer cb;
  if ((r = vkAllocateCommandBuffers(dev, &cbai, &cb)) != VK_SUCCESS)
    return fail("vkAllocateCommandBuffers", r);
  VkFenceCreateInfo fci = {VK_STRUCTURE_TYPE_FENCE_CREATE_INFO, NULL, 0};
  VkFence fence;
  vkCreateFence(dev, &fci, NULL, &fence);
  run_ctx rc = {dev, queue, cb, fence, pl, set, pipe, groups, npush ? pcr.size : 0, push};
  if (control < 0) {
    /* static: every entry in order, in one submission */
    if ((r = run_entries(&rc, 0, nent)) != VK_SUCCESS)
      return fail("running the shaders", r);
  } else {
    /* dynamic (include/gridsplit/control_word.h): the host steps, writing
     * {UNSET, 0, L, s} before the L-th launch (of segment s), and reads the
     * choice back */
    /* a module without the step shader steps in its segments (docs/split.md,
     * "the step in the segments"): its control word has the extended
     * words, and after a launch CURRENT holds the next segment */
    size_t need = step_shader ? GS_CONTROL_BYTES : 4 * (size_t)GS_CONTROL_FOLDED_WORDS(nent);
    if ((size_t)control >= nbuf || size[control] < need) {
      fprintf(stderr, "gs-vk-exec: --control %d: no buffer of %zu bytes there%s\n", control, need,
              step_shader ? ""
                          : " (the segments step themselves, no gs.step: 4 + 1 + 6 words a "
                            "segment, gridsplit/control_word.h)");
      return 2;
    }
    int32_t *word;
    if ((r = vkMapMemory(dev, mem[control], 0, VK_WHOLE_SIZE, 0, (void **)&word)) != VK_SUCCESS)
      return fail("vkMapMemory", r);
    int32_t seg = 0;
    for (int32_t launch = 0;; launch++) {
      if ((size_t)seg >= nent || launch > 1000000) {
        fprintf(stderr, "gs-vk-exec: the schedule chose segment %d, of %zu, at launch %d\n", seg,
                nent, launch);
        return 1;
      }
      int32_t start[GS_CONTROL_WORDS + 1] = {GS_CONTROL_UNSET, 0, launch, seg, 0};
      memcpy(word, start, step_shader ? GS_CONTROL_BYTES : sizeof start);
      if ((r = run_entries(&rc, (size_t)seg, 1)) != VK_SUCCESS)
        return fail("running a segment", r);
      if (word[GS_CONTROL_FLAGS] & GS_CONTROL_DIVERGED) {
        fprintf(stderr,
                "gs-vk-exec: segment %d: a divergent grid barrier (invocations chose "
                "different barriers)\n",
                seg);
        return 1;
      }
      int32_t next = word[GS_CONTROL_NEXT];
      if (!step_shader) {
        /* stepped by the last workgroup: the launch counted, CURRENT the
         * choice (unset at the end), or the schedule stopped */
        next = word[GS_CONTROL_CURRENT];
        if (word[GS_CONTROL_LAUNCH] != launch + 1 || next <= GS_CONTROL_STOPPED(0)) {
          fprintf(stderr,
                  "gs-vk-exec: segment %d did not step the control word (launch %d, current "
                  "%d, next %d)\n",
                  seg, word[GS_CONTROL_LAUNCH], next, word[GS_CONTROL_NEXT]);
          return 1;
        }
      }
      if (next == GS_CONTROL_UNSET)
        break;
      seg = next;
    }
    vkUnmapMemory(dev, mem[control]);
  }

  int status = 0;
  for (size_t b = 0; b < nbuf; b++) {
    void *p;
    if ((r = vkMapMemory(dev, mem[b], 0, VK_WHOLE_SIZE, 0, &p)) != VK_SUCCESS)
      return fail("vkMapMemory", r);
    FILE *f = fopen(buffers[b], "wb");
    if (!f || fwrite(p, 1, size[b], f) != size[b]) {
      fprintf(stderr, "gs-vk-exec: cannot write buffer file '%s'\n", buffers[b]);
      status = 1;
    }
    if (f)
      fclose(f);
    vkUnmapMemory(dev, mem[b]);
  }
  vkDestroyFence(dev, fence, NULL);
  vkDestroyCommandPool(dev, cpool, NULL);
  vkDestroyDescriptorPool(dev, pool, NULL);
  for (size_t e = 0; e < nent; e++)
    vkDestroyPipeline(dev, pipe[e], NULL);
  vkDestroyShaderModule(dev, sm, NULL);
  vkDestroyPipelineLayout(dev, pl, NULL);
  vkDestroyDescriptorSetLayout(dev, dsl, NULL);
  for (size_t b = 0; b < nbuf; b++) {
    vkDestroyBuffer(dev, buf[b], NULL);
    vkFreeMemory(dev, mem[b], NULL);
    free(data[b]);
  }
  gs_vk_close(&vd);
  free(code);
  return status;
}
