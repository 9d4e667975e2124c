; REQUIRES: llvm15
; Campaign seed 3271 as generated, with its inputs: a canary for what gridsplit
; run gives POCL 3.1. Making the constants of integer phis opaque to POCL (a
; measure tried for FINDINGS N3) gave wrong bytes here at -O0, with and without
; virtual workgroups (16 of 264 words, exit 0); every mode must match the
; threaded reference.
; RUN: rm -rf %t && mkdir -p %t
; RUN: %python %S/Inputs/gs_data.py write %t/in.bin u32 3009248662 3868741264 804565298 2960120613 1636797642 248553153 3099148134 134711535 3774591091 3056000820 2416513731 3777629180 1690321881 1013283996 4140041551 2055998621 3203781364 539916680 4138597972 4216058376 1040647716 2120892833 897124292 2796716037
; RUN: %python %S/Inputs/gs_data.py write %t/buf.bin u32 2293112896 2110847750 1678386874 2029813199 2107842709 1051411332 3154397490 499114614 298675032 2886368319 4077402521 1550514755 4115165401 807959299 908983148 1243909773 2175367238 3235810760 3805480602 1319751809 1109868267 3936390663 3965764405 3807038912
; RUN: %gridsplit run --check -O0 --grid 6,1,4 --workgroup 2,1,2 --out %t/p0 %S/Inputs/campaign_3271.cl in=@%t/in.bin buf=@%t/buf.bin out=zeros:1056 acc=zeros:16 fout=zeros:96 n=24 iters=2 | FileCheck %s
; RUN: %gridsplit run --check -O0 --virtual-workgroups --physical-groups 3 --grid 6,1,4 --workgroup 2,1,2 --out %t/v0 %S/Inputs/campaign_3271.cl in=@%t/in.bin buf=@%t/buf.bin out=zeros:1056 acc=zeros:16 fout=zeros:96 n=24 iters=2 | FileCheck %s
; RUN: %gridsplit run --check -O2 --virtual-workgroups --physical-groups 3 --grid 6,1,4 --workgroup 2,1,2 --out %t/v2 %S/Inputs/campaign_3271.cl in=@%t/in.bin buf=@%t/buf.bin out=zeros:1056 acc=zeros:16 fout=zeros:96 n=24 iters=2 | FileCheck %s
; RUN: %gridsplit run --check -O2 --grid 6,1,4 --workgroup 2,1,2 --out %t/p2 %S/Inputs/campaign_3271.cl in=@%t/in.bin buf=@%t/buf.bin out=zeros:1056 acc=zeros:16 fout=zeros:96 n=24 iters=2 | FileCheck %s

; CHECK: gridsplit run: --check: every host-output buffer matches the reference
