/* A Vulkan device for gridsplit's Vulkan hosts (runtime/vk_host.c): the
 * instance, device N of the loader's, a compute queue with every feature
 * the device has (the shaders use 64-, 16- and 8-bit integers), buffers and
 * one-shot submissions. Needs the Vulkan loader only, no LLVM. Every call
 * that fails writes "what failed (VkResult N)" to D->ERR and returns 1. */
#ifndef GS_VK_DEVICE_H
#define GS_VK_DEVICE_H

#include <stddef.h>
#include <vulkan/vulkan.h>

typedef struct {
  VkInstance inst;
  VkPhysicalDevice pd;
  VkPhysicalDeviceProperties props;
  VkPhysicalDeviceVulkan12Properties props12; /* float controls */
  VkPhysicalDeviceMemoryProperties mem;
  VkDevice dev;
  VkQueue queue;
  uint32_t family;
  VkCommandPool pool;
  VkFence fence;
  int stats; /* VK_KHR_pipeline_executable_properties enabled: the driver's
              * statistics of each pipeline (registers, memory) */
  unsigned sm_count, warps_per_sm; /* VK_NV_shader_sm_builtins' (NVIDIA), else 0 */
  char *err;
  size_t err_size;
} gs_vk_device;

typedef struct {
  VkBuffer buf;
  VkDeviceMemory mem;
  VkDeviceSize size; /* as created: at least 4, a multiple of 4 */
  void *map;         /* host-visible buffers: mapped */
} gs_vk_buffer;

/* Device INDEX of the loader's; NAME names the program to the driver */
int gs_vk_open(gs_vk_device *d, unsigned index, const char *name, char *err, size_t err_size);
void gs_vk_close(gs_vk_device *d);
/* A storage buffer of BYTES (rounded up to words, at least one), in
 * device-local memory (HOST 0: also a transfer source and destination), or
 * host-visible coherent memory, mapped (HOST 1: a staging buffer) */
int gs_vk_buffer_make(gs_vk_device *d, VkDeviceSize bytes, int host, gs_vk_buffer *b);
void gs_vk_buffer_free(gs_vk_device *d, gs_vk_buffer *b);
/* A primary command buffer, begun for one submission */
int gs_vk_begin(gs_vk_device *d, VkCommandBuffer *cb);
/* Ends CB, submits it and waits for it */
int gs_vk_submit(gs_vk_device *d, VkCommandBuffer cb);
/* Copies SIZE bytes between device buffers (whole words), and makes them
 * visible to what comes after in CB: shaders and the host */
void gs_vk_copy(VkCommandBuffer cb, VkBuffer from, VkBuffer to, VkDeviceSize size);
/* "WHAT failed (VkResult R)" into D->ERR; 1 when R is an error, else 0 */
int gs_vk_check(gs_vk_device *d, VkResult r, const char *what);

#endif
