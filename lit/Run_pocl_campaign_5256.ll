; REQUIRES: llvm15
; Campaign seed 5256 as generated, with its inputs (FINDINGS.md N7): at -O0
; POCL 3.1 rotated the loop after the barriers, and its guard's edge and the
; loop's exit both reached the block after the `if`, N6's shape, which the
; runner now sees by rotating loops first. Every mode must match the
; threaded reference (-O0 and -O0 with virtual workgroups failed on 7afee08).
; RUN: rm -rf %t && mkdir -p %t
; RUN: %python %S/Inputs/gs_data.py write %t/in.bin u32 1030679 1780599292 1068279190 2831650139 1755715431 3555989360 3518007810 3723325107 3231737012 2185948084 3099424286 3047021936 3101955640 3232833940 1786135512 1244707309 3853610294 4009961892 1352600531 1843122453 3682828809 946255369 1400401328 3998216960 3364651844 2484520319 1686425263 3325625538 352940328 3601258113 3487510050 188091582 3155583745 27910920 2101495890 2513938066
; RUN: %python %S/Inputs/gs_data.py write %t/buf.bin u32 594453423 1844955230 2886663482 444907599 2296188063 3108241033 2513050732 3890895266 915050848 1277591056 2042619289 2254977770 3222170251 402441809 3752365819 1270298153 3671564912 3098572122 3238694685 2320031471 2774137160 702487018 4150358302 1552587137 3437279830 4184117394 3160432192 1543774949 3695178173 2108167529 283330106 2657008349 3691369803 968677724 3239187052 1699700341
; RUN: %gridsplit run --check --kernel k -O2 --grid 2,3,6 --workgroup 1,1,3 --out %t/p2 %S/Inputs/campaign_5256.cl in=@%t/in.bin buf=@%t/buf.bin out=zeros:1872 acc=zeros:16 fout=zeros:144 n=36 iters=4 | FileCheck %s
; RUN: %gridsplit run --check --kernel k -O0 --grid 2,3,6 --workgroup 1,1,3 --out %t/p0 %S/Inputs/campaign_5256.cl in=@%t/in.bin buf=@%t/buf.bin out=zeros:1872 acc=zeros:16 fout=zeros:144 n=36 iters=4 | FileCheck %s
; RUN: %gridsplit run --check --kernel k -O2 --virtual-workgroups --physical-groups 3 --grid 2,3,6 --workgroup 1,1,3 --out %t/v2 %S/Inputs/campaign_5256.cl in=@%t/in.bin buf=@%t/buf.bin out=zeros:1872 acc=zeros:16 fout=zeros:144 n=36 iters=4 | FileCheck %s
; RUN: %gridsplit run --check --kernel k -O0 --virtual-workgroups --physical-groups 3 --grid 2,3,6 --workgroup 1,1,3 --out %t/v0 %S/Inputs/campaign_5256.cl in=@%t/in.bin buf=@%t/buf.bin out=zeros:1872 acc=zeros:16 fout=zeros:144 n=36 iters=4 | FileCheck %s

; CHECK: gridsplit run: --check: every host-output buffer matches the reference
