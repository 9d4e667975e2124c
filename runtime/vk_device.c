/* The Vulkan device the hosts share (vk_device.h). */
#include "vk_device.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_DEVICES = 32, MAX_FAMILIES = 32 };

int gs_vk_check(gs_vk_device *d, VkResult r, const char *what) {
  if (r >= 0)
    return 0;
  snprintf(d->err, d->err_size, "%s failed (VkResult %d)", what, (int)r);
  return 1;
}

static int failf(gs_vk_device *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int failf(gs_vk_device *d, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(d->err, d->err_size, fmt, ap);
  va_end(ap);
  return 1;
}

/* Whether device PD has extension NAME */
static int has_extension(VkPhysicalDevice pd, const char *name) {
  uint32_t n = 0;
  int has = 0;
  if (vkEnumerateDeviceExtensionProperties(pd, NULL, &n, NULL) != VK_SUCCESS || !n)
    return 0;
  VkExtensionProperties *ext = calloc(n, sizeof *ext);
  if (ext && vkEnumerateDeviceExtensionProperties(pd, NULL, &n, ext) == VK_SUCCESS)
    for (uint32_t i = 0; i < n && !has; i++)
      has = !strcmp(ext[i].extensionName, name);
  free(ext);
  return has;
}

int gs_vk_open(gs_vk_device *d, unsigned index, const char *name, char *err, size_t err_size) {
  memset(d, 0, sizeof *d);
  d->err = err;
  d->err_size = err_size;
  VkApplicationInfo app = {
      VK_STRUCTURE_TYPE_APPLICATION_INFO, NULL, name, 1, "gridsplit", 1, VK_API_VERSION_1_3};
  VkInstanceCreateInfo ici = {
      VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO, NULL, 0, &app, 0, NULL, 0, NULL};
  if (gs_vk_check(d, vkCreateInstance(&ici, NULL, &d->inst),
                  "creating a Vulkan instance (is a Vulkan driver installed?)"))
    return 1;
  uint32_t npd = MAX_DEVICES;
  VkPhysicalDevice pds[MAX_DEVICES];
  VkResult r = vkEnumeratePhysicalDevices(d->inst, &npd, pds);
  if (gs_vk_check(d, r, "listing the Vulkan devices"))
    return 1;
  if (index >= npd)
    return failf(d, "there is no Vulkan device %u: the loader found %u", index, npd);
  d->pd = pds[index];
  vkGetPhysicalDeviceProperties(d->pd, &d->props);
  VkPhysicalDeviceProperties2 p2;
  VkPhysicalDeviceShaderSMBuiltinsPropertiesNV sm;
  memset(&p2, 0, sizeof p2);
  memset(&sm, 0, sizeof sm);
  memset(&d->props12, 0, sizeof d->props12);
  p2.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2;
  d->props12.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_PROPERTIES;
  sm.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_SM_BUILTINS_PROPERTIES_NV;
  p2.pNext = &d->props12;
  /* the multiprocessors and their warps, where the device says (NVIDIA's):
   * the Vulkan host sizes its dispatches by them */
  int nv_sm = has_extension(d->pd, "VK_NV_shader_sm_builtins");
  if (nv_sm)
    d->props12.pNext = &sm;
  vkGetPhysicalDeviceProperties2(d->pd, &p2);
  d->sm_count = nv_sm ? sm.shaderSMCount : 0;
  d->warps_per_sm = nv_sm ? sm.shaderWarpsPerSM : 0;
  vkGetPhysicalDeviceMemoryProperties(d->pd, &d->mem);
  if (d->props.apiVersion < VK_API_VERSION_1_3)
    return failf(d, "Vulkan device %u (%s) has Vulkan %u.%u; the shaders need 1.3", index,
                 d->props.deviceName, VK_API_VERSION_MAJOR(d->props.apiVersion),
                 VK_API_VERSION_MINOR(d->props.apiVersion));
  uint32_t nq = MAX_FAMILIES;
  VkQueueFamilyProperties qf[MAX_FAMILIES];
  vkGetPhysicalDeviceQueueFamilyProperties(d->pd, &nq, qf);
  d->family = UINT32_MAX;
  for (uint32_t i = 0; i < nq && d->family == UINT32_MAX; i++)
    if (qf[i].queueFlags & VK_QUEUE_COMPUTE_BIT)
      d->family = i;
  if (d->family == UINT32_MAX)
    return failf(d, "Vulkan device %u (%s) has no compute queue", index, d->props.deviceName);
  /* every feature the device has */
  VkPhysicalDeviceVulkan11Features f11;
  VkPhysicalDeviceVulkan12Features f12;
  VkPhysicalDeviceVulkan13Features f13;
  VkPhysicalDeviceFeatures2 feats;
  memset(&f11, 0, sizeof f11);
  memset(&f12, 0, sizeof f12);
  memset(&f13, 0, sizeof f13);
  memset(&feats, 0, sizeof feats);
  f11.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES;
  f12.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES;
  f13.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES;
  feats.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2;
  f12.pNext = &f13;
  f11.pNext = &f12;
  feats.pNext = &f11;
  vkGetPhysicalDeviceFeatures2(d->pd, &feats);
  /* but robust access, which bounds-checks every buffer access: a shader
   * accesses what the program's kernel does, and an access out of bounds is
   * the program's undefined behaviour on every other target too */
  feats.features.robustBufferAccess = VK_FALSE;
  f13.robustImageAccess = VK_FALSE;
  /* the driver's statistics of each pipeline, where it reports them
   * (gs-vk-run --verbose prints them) */
  const char *stats_ext = "VK_KHR_pipeline_executable_properties";
  VkPhysicalDevicePipelineExecutablePropertiesFeaturesKHR fx;
  memset(&fx, 0, sizeof fx);
  fx.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PIPELINE_EXECUTABLE_PROPERTIES_FEATURES_KHR;
  d->stats = has_extension(d->pd, stats_ext);
  if (d->stats) {
    fx.pipelineExecutableInfo = VK_TRUE;
    f13.pNext = &fx;
  }
  float prio = 1.0f;
  VkDeviceQueueCreateInfo qci = {
      VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO, NULL, 0, d->family, 1, &prio};
  VkDeviceCreateInfo dci = {
      VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO, &feats, 0, 1, &qci, 0, NULL, d->stats ? 1u : 0u,
      d->stats ? &stats_ext : NULL, NULL};
  if (gs_vk_check(d, vkCreateDevice(d->pd, &dci, NULL, &d->dev), "creating the Vulkan device"))
    return 1;
  vkGetDeviceQueue(d->dev, d->family, 0, &d->queue);
  VkCommandPoolCreateInfo cpi = {VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO, NULL,
                                 VK_COMMAND_POOL_CREATE_TRANSIENT_BIT, d->family};
  VkFenceCreateInfo fci = {VK_STRUCTURE_TYPE_FENCE_CREATE_INFO, NULL, 0};
  return gs_vk_check(d, vkCreateCommandPool(d->dev, &cpi, NULL, &d->pool),
                     "creating a command pool") ||
         gs_vk_check(d, vkCreateFence(d->dev, &fci, NULL, &d->fence), "creating a fence");
}

void gs_vk_close(gs_vk_device *d) {
  if (d->dev) {
    vkDeviceWaitIdle(d->dev);
    if (d->fence)
      vkDestroyFence(d->dev, d->fence, NULL);
    if (d->pool)
      vkDestroyCommandPool(d->dev, d->pool, NULL);
    vkDestroyDevice(d->dev, NULL);
  }
  if (d->inst)
    vkDestroyInstance(d->inst, NULL);
  d->dev = NULL;
  d->inst = NULL;
}

static uint32_t memory_type(const gs_vk_device *d, uint32_t bits, VkMemoryPropertyFlags want) {
  for (uint32_t i = 0; i < d->mem.memoryTypeCount; i++)
    if ((bits & (1u << i)) && (d->mem.memoryTypes[i].propertyFlags & want) == want)
      return i;
  return UINT32_MAX;
}

int gs_vk_buffer_make(gs_vk_device *d, VkDeviceSize bytes, int host, gs_vk_buffer *b) {
  memset(b, 0, sizeof *b);
  b->size = bytes ? (bytes + 3) / 4 * 4 : 4;
  VkBufferCreateInfo bci = {VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
                            NULL,
                            0,
                            b->size,
                            VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                                VK_BUFFER_USAGE_TRANSFER_DST_BIT |
                                VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT,
                            VK_SHARING_MODE_EXCLUSIVE,
                            0,
                            NULL};
  if (gs_vk_check(d, vkCreateBuffer(d->dev, &bci, NULL, &b->buf), "creating a buffer"))
    return 1;
  VkMemoryRequirements req;
  vkGetBufferMemoryRequirements(d->dev, b->buf, &req);
  VkMemoryPropertyFlags want =
      host ? VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT
           : VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT;
  uint32_t type = memory_type(d, req.memoryTypeBits, want);
  if (type == UINT32_MAX && !host) /* no device-local memory for it: any */
    type = memory_type(d, req.memoryTypeBits, 0);
  if (type == UINT32_MAX)
    return failf(d, "Vulkan device %s has no %s memory for a buffer of %llu bytes",
                 d->props.deviceName, host ? "host-visible coherent" : "",
                 (unsigned long long)b->size);
  VkMemoryAllocateInfo mai = {VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO, NULL, req.size, type};
  char what[96];
  snprintf(what, sizeof what, "allocating %llu bytes of device memory",
           (unsigned long long)req.size);
  if (gs_vk_check(d, vkAllocateMemory(d->dev, &mai, NULL, &b->mem), what) ||
      gs_vk_check(d, vkBindBufferMemory(d->dev, b->buf, b->mem, 0), "binding buffer memory"))
    return 1;
  if (host && gs_vk_check(d, vkMapMemory(d->dev, b->mem, 0, VK_WHOLE_SIZE, 0, &b->map),
                          "mapping a staging buffer"))
    return 1;
  return 0;
}

void gs_vk_buffer_free(gs_vk_device *d, gs_vk_buffer *b) {
  if (b->buf)
    vkDestroyBuffer(d->dev, b->buf, NULL);
  if (b->mem)
    vkFreeMemory(d->dev, b->mem, NULL);
  memset(b, 0, sizeof *b);
}

int gs_vk_begin(gs_vk_device *d, VkCommandBuffer *cb) {
  VkCommandBufferAllocateInfo cbai = {VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO, NULL, d->pool,
                                      VK_COMMAND_BUFFER_LEVEL_PRIMARY, 1};
  VkCommandBufferBeginInfo cbbi = {VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO, NULL,
                                   VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT, NULL};
  return gs_vk_check(d, vkAllocateCommandBuffers(d->dev, &cbai, cb),
                     "allocating a command buffer") ||
         gs_vk_check(d, vkBeginCommandBuffer(*cb, &cbbi), "beginning a command buffer");
}

int gs_vk_submit(gs_vk_device *d, VkCommandBuffer cb) {
  VkSubmitInfo si = {VK_STRUCTURE_TYPE_SUBMIT_INFO, NULL, 0, NULL, NULL, 1, &cb, 0, NULL};
  int rc = gs_vk_check(d, vkEndCommandBuffer(cb), "recording commands") ||
           gs_vk_check(d, vkQueueSubmit(d->queue, 1, &si, d->fence), "submitting commands") ||
           gs_vk_check(d, vkWaitForFences(d->dev, 1, &d->fence, VK_TRUE, UINT64_MAX),
                       "running the commands") ||
           gs_vk_check(d, vkResetFences(d->dev, 1, &d->fence), "resetting a fence");
  vkFreeCommandBuffers(d->dev, d->pool, 1, &cb);
  return rc;
}

void gs_vk_copy(VkCommandBuffer cb, VkBuffer from, VkBuffer to, VkDeviceSize size) {
  VkBufferCopy region = {0, 0, size};
  vkCmdCopyBuffer(cb, from, to, 1, &region);
  VkMemoryBarrier mb = {VK_STRUCTURE_TYPE_MEMORY_BARRIER, NULL, VK_ACCESS_TRANSFER_WRITE_BIT,
                        VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT |
                            VK_ACCESS_HOST_READ_BIT | VK_ACCESS_INDIRECT_COMMAND_READ_BIT};
  vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_TRANSFER_BIT,
                       VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_HOST_BIT |
                           VK_PIPELINE_STAGE_DRAW_INDIRECT_BIT,
                       0, 1, &mb, 0, NULL, 0, NULL);
}
