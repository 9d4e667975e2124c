; REQUIRES: llvm15
; POCL 3.1 ran this kernel wrong (FINDINGS.md N6), even with its grid
; barriers made workgroup barriers so that gridsplit splits nothing: a block
; that two parallel regions reach is copied once per incoming edge, and a
; branch whose ways both reach it was then taken as work-item 0 takes it,
; for every work-item. gridsplit run joins each region's edges into such a
; block first (runtime/pocl/pocl_regions.c). Campaign seed 4757 with its inputs,
; in the campaign's four modes, and the kernel reduced, in four modes with
; its helper inlined and in four with it a call (noinline).
; RUN: rm -rf %t && mkdir -p %t
; RUN: %python %S/Inputs/gs_data.py write %t/in.bin u32 250194805 1045574498 1863063819 4171937444 1202651568 2176378096 1360481423 2342697208 3905612724 468857953 2672243029 2726413313 646283559 2067528050 2046467053 386567720 929206026 792425712 4147641793 1708847508 4085736779 560762770 1982148804 2523940854 3412659829 479271101 3014339856 3803190334 4169334926 1304044842 3454303534 1655822306 1730533369 3665221093 320654712 2574939493 2360086509 4128043425 2931101084 1519233328 140436122 3167664006 2617552715 2518143961 62313313 3815335230 3368727443 3776031748 3362975694 1769504705 466585764 1028987828 2924134617 1592618543 1479949591 3008689627 3061588027 3659435315 1626969680 1372656117 2127122876 3320153104 3229509435 1130368512 3434486498 743672774 2297234873 3599937871 1274653652 1662548757 471345510 2954015557 2229336229 1466087770 355246328 1599231890 1867688452 497626079 572395829 2963018352 2238408480 768351320 718363301 916445839 388508048 2155088327 3965044662 3279685304 2787862380 3782394546 185129304 4074117501 1559425109 295548844 1290414203 2288236278 2770215568 3489211345 735550030 3905943008 2529813082 909484158 2512746358 850951993 1637735954 2237910830 3611028244 263326737 1943155512 1351176361
; RUN: %python %S/Inputs/gs_data.py write %t/buf.bin u32 1531113880 1391097284 567577944 119439699 3306265298 509288149 2339571206 2323938152 1680614781 3060481335 1235088280 1098451701 3935140581 1890473591 3405921296 1213794970 117175146 1687968852 143719743 3592967768 3345725770 1565769523 2149892092 1353011282 3163513155 2814954935 3825814675 3231420191 3811524874 2067718638 210486844 4103299130 3592976074 643798479 3799253937 3616765899 3637604809 2572665815 1940055867 2050853682 3751440569 3207263335 3503708169 2976750813 193289288 3373516348 3496510328 1328098739 4041275075 250152985 3721527523 3756621546 1282912953 2503402070 3288475900 3288540277 109263605 388278238 1248695734 3032742507 357947949 1518698252 2670555269 1957250620 2457352106 3121790412 292313294 2736200367 2531669681 3126764868 1950855599 2459286473 4041789741 2825937493 313532449 674361277 2254273753 2427992479 196989217 135662022 1525063636 343150167 301538975 3508056444 266510116 2181999429 3155354773 257642337 2412320108 49849120 2809806586 4147790868 1224175896 2134766213 449249341 2825339795 1344109792 2003645076 3897917711 2473441360 2998711695 2769579733 370605738 136034563 3535154421 2296152401 1226085703 2416097337 835365197 1425884227
; RUN: %gridsplit run --check -O2 --grid 110 --workgroup 2 --out %t/p2 %S/Inputs/campaign_4757.cl in=@%t/in.bin buf=@%t/buf.bin out=zeros:5720 acc=zeros:16 fout=zeros:440 n=110 iters=4 | FileCheck %s
; RUN: %gridsplit run --check -O0 --grid 110 --workgroup 2 --out %t/p0 %S/Inputs/campaign_4757.cl in=@%t/in.bin buf=@%t/buf.bin out=zeros:5720 acc=zeros:16 fout=zeros:440 n=110 iters=4 | FileCheck %s
; RUN: %gridsplit run --check -O2 --virtual-workgroups --physical-groups 7 --grid 110 --workgroup 2 --out %t/v2 %S/Inputs/campaign_4757.cl in=@%t/in.bin buf=@%t/buf.bin out=zeros:5720 acc=zeros:16 fout=zeros:440 n=110 iters=4 | FileCheck %s
; RUN: %gridsplit run --check -O0 --virtual-workgroups --physical-groups 7 --grid 110 --workgroup 2 --out %t/v0 %S/Inputs/campaign_4757.cl in=@%t/in.bin buf=@%t/buf.bin out=zeros:5720 acc=zeros:16 fout=zeros:440 n=110 iters=4 | FileCheck %s
; Reduced: in = 2 0 2 0 on a grid of 4, workgroups of 2. By hand, invocation
; g takes mix four times where bit 1 of (in[g] + 18) ^ g is clear: 0 (20 ^ 0)
; and 3 (18 ^ 3 = 17), from 37 and 35; 1 keeps 35, 2 keeps 37. POCL gave
; 596632601 699866137 37 35: invocations 1 and 3 took their group's first
; work-item's way.
; RUN: %python %S/Inputs/gs_data.py write %t/in4.bin u32 2 0 2 0
; RUN: %gridsplit run --check --grid 4 --workgroup 2 --out %t/r %S/Inputs/pocl_loop_return_barrier.cl in=@%t/in4.bin out=zeros:16 n=110 iters=4 | FileCheck %s
; RUN: %python %S/Inputs/gs_data.py dump u32 %t/r/out.bin | FileCheck %s --check-prefix=OUT
; RUN: %gridsplit run --check -O0 --grid 4 --workgroup 2 --out %t/r0 %S/Inputs/pocl_loop_return_barrier.cl in=@%t/in4.bin out=zeros:16 n=110 iters=4 | FileCheck %s
; RUN: %python %S/Inputs/gs_data.py dump u32 %t/r0/out.bin | FileCheck %s --check-prefix=OUT
; RUN: %gridsplit run --check --virtual-workgroups --physical-groups 1 --grid 4 --workgroup 2 --out %t/rv %S/Inputs/pocl_loop_return_barrier.cl in=@%t/in4.bin out=zeros:16 n=110 iters=4 | FileCheck %s
; RUN: %python %S/Inputs/gs_data.py dump u32 %t/rv/out.bin | FileCheck %s --check-prefix=OUT
; RUN: %gridsplit run --check -O0 --virtual-workgroups --physical-groups 1 --grid 4 --workgroup 2 --out %t/rv0 %S/Inputs/pocl_loop_return_barrier.cl in=@%t/in4.bin out=zeros:16 n=110 iters=4 | FileCheck %s
; RUN: %python %S/Inputs/gs_data.py dump u32 %t/rv0/out.bin | FileCheck %s --check-prefix=OUT
; RUN: %gridsplit run --check --grid 4 --workgroup 2 --out %t/h2 %S/Inputs/pocl_loop_return_barrier_helpers.cl in=@%t/in4.bin out=zeros:16 n=110 iters=4 | FileCheck %s
; RUN: %python %S/Inputs/gs_data.py dump u32 %t/h2/out.bin | FileCheck %s --check-prefix=OUT
; RUN: %gridsplit run --check -O0 --grid 4 --workgroup 2 --out %t/h0 %S/Inputs/pocl_loop_return_barrier_helpers.cl in=@%t/in4.bin out=zeros:16 n=110 iters=4 | FileCheck %s
; RUN: %python %S/Inputs/gs_data.py dump u32 %t/h0/out.bin | FileCheck %s --check-prefix=OUT
; RUN: %gridsplit run --check --virtual-workgroups --physical-groups 1 --grid 4 --workgroup 2 --out %t/hv %S/Inputs/pocl_loop_return_barrier_helpers.cl in=@%t/in4.bin out=zeros:16 n=110 iters=4 | FileCheck %s
; RUN: %python %S/Inputs/gs_data.py dump u32 %t/hv/out.bin | FileCheck %s --check-prefix=OUT
; RUN: %gridsplit run --check -O0 --virtual-workgroups --physical-groups 1 --grid 4 --workgroup 2 --out %t/hv0 %S/Inputs/pocl_loop_return_barrier_helpers.cl in=@%t/in4.bin out=zeros:16 n=110 iters=4 | FileCheck %s
; RUN: %python %S/Inputs/gs_data.py dump u32 %t/hv0/out.bin | FileCheck %s --check-prefix=OUT

; CHECK: gridsplit run: --check: every host-output buffer matches the reference
; OUT: {{^}}596632601 35 37 699866137{{$}}
