"""How many launches each batch of gs-vk-run --verbose recorded (the log's
'segment N recorded' lines before each 'launches ran'): the first batch's
count, then the set of the others' (lit/Run_vulkan_runtime_dynamic.ll,
where every run is one batch)."""
import sys

runs = open(sys.argv[1]).read().split("launches ran")[:-1]
counts = [r.count(" recorded") for r in runs]
print("recorded per run:", counts[0], sorted(set(counts[1:])))
