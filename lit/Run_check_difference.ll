; REQUIRES: llvm15
; How gridsplit run --check reports a difference: the first differing buffer,
; the byte offset and element, both values as the element type the kernel
; declares, how many elements differ, and exit 1. A stand-in reference
; (utils/altered_reference.py) runs gs-reference and changes one byte of its
; outputs, as a split that computed something else would. Floats compare bit
; for bit unless --check-ulp N allows N units in the last place.
; The kernel is Inputs/check_mixed.cl.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %python %S/Inputs/gs_data.py write %t/a.bin f32 1.5 2.25 -3 8 0.125 5 7 9
;
; An int element: i[2] = 2 - 3 = -1 in the split, -2 in the "reference".
; RUN: not env GRIDSPLIT_REFERENCE=%S/utils/altered_reference.py GS_REAL_REFERENCE=%gs_reference GS_ALTER=i:8:0x01 %gridsplit run --check --grid 8 --workgroup 4 --out %t/int %S/Inputs/check_mixed.cl a=@%t/a.bin f=zeros:32 i=zeros:32 n=3 2>&1 | FileCheck %s --check-prefix=INT
; INT: check_mixed.cl: error: --check: buffer 'i' differs from the reference at byte offset 8 (element 2, int): split -1, reference -2; 1 of 8 elements differ
; The split's own outputs are still written.
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/int/i.bin | FileCheck %s --check-prefix=SPLIT
; SPLIT: {{^}}-3 -2 -1 0 1 2 3 4{{$}}
;
; Two buffers differ: the first in the plan's order (f) is reported.
; RUN: not env GRIDSPLIT_REFERENCE=%S/utils/altered_reference.py GS_REAL_REFERENCE=%gs_reference GS_ALTER=i:8:0x01,f:28:0x01,f:4:0x80 %gridsplit run --check --grid 8 --workgroup 4 --out %t/two %S/Inputs/check_mixed.cl a=@%t/a.bin f=zeros:32 i=zeros:32 n=3 2>&1 | FileCheck %s --check-prefix=TWO
; TWO: error: --check: buffer 'f' differs from the reference at byte offset 4 (element 1, float): split -1.875 (0xbff00000), reference -1.87501526 (0xbff00080); 2 of 8 elements differ
;
; One unit in the last place (f[7] = 6 with its lowest bit flipped): bit for
; bit it differs; --check-ulp 1 accepts it, --check-ulp 0 is bit for bit.
; RUN: not env GRIDSPLIT_REFERENCE=%S/utils/altered_reference.py GS_REAL_REFERENCE=%gs_reference GS_ALTER=f:28:0x01 %gridsplit run --check --grid 8 --workgroup 4 --out %t/ulp %S/Inputs/check_mixed.cl a=@%t/a.bin f=zeros:32 i=zeros:32 n=3 2>&1 | FileCheck %s --check-prefix=ULP
; ULP: error: --check: buffer 'f' differs from the reference at byte offset 28 (element 7, float): split 6 (0x40c00000), reference 6.00000048 (0x40c00001); 1 of 8 elements differ{{$}}
; RUN: env GRIDSPLIT_REFERENCE=%S/utils/altered_reference.py GS_REAL_REFERENCE=%gs_reference GS_ALTER=f:28:0x01 %gridsplit run --check-ulp 1 --grid 8 --workgroup 4 --out %t/ulp1 %S/Inputs/check_mixed.cl a=@%t/a.bin f=zeros:32 i=zeros:32 n=3 | FileCheck %s --check-prefix=PASS
; PASS: every host-output buffer matches the reference
; RUN: not env GRIDSPLIT_REFERENCE=%S/utils/altered_reference.py GS_REAL_REFERENCE=%gs_reference GS_ALTER=f:28:0x01 %gridsplit run --check-ulp 0 --grid 8 --workgroup 4 --out %t/ulp0 %S/Inputs/check_mixed.cl a=@%t/a.bin f=zeros:32 i=zeros:32 n=3 2>&1 | FileCheck %s --check-prefix=ULP
;
; Two units: --check-ulp 1 still reports it, and says so; ints never get a
; tolerance.
; RUN: not env GRIDSPLIT_REFERENCE=%S/utils/altered_reference.py GS_REAL_REFERENCE=%gs_reference GS_ALTER=f:28:0x02 %gridsplit run --check-ulp 1 --grid 8 --workgroup 4 --out %t/ulp2 %S/Inputs/check_mixed.cl a=@%t/a.bin f=zeros:32 i=zeros:32 n=3 2>&1 | FileCheck %s --check-prefix=ULP2
; ULP2: split 6 (0x40c00000), reference 6.00000095 (0x40c00002); 1 of 8 elements differ by more than the --check-ulp tolerance
; RUN: not env GRIDSPLIT_REFERENCE=%S/utils/altered_reference.py GS_REAL_REFERENCE=%gs_reference GS_ALTER=i:0:0x01 %gridsplit run --check-ulp 1000 --grid 8 --workgroup 4 --out %t/intulp %S/Inputs/check_mixed.cl a=@%t/a.bin f=zeros:32 i=zeros:32 n=3 2>&1 | FileCheck %s --check-prefix=INTULP
; INTULP: error: --check: buffer 'i' differs from the reference at byte offset 0 (element 0, int): split -3, reference -4; 1 of 8 elements differ{{$}}
