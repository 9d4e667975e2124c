// REQUIRES: llvm15
// Collectives (docs/programs.md), lowered, split and run on POCL, equal the
// interpreter and the MPI/NCCL meaning, while 24 of the 64 invocations have
// returned before them: the live invocations take ranks from a counter
// between two grid barriers and share all the output elements among
// themselves (had the elements been dealt by global id, those of returned
// invocations would stay 0). all_reduce runs twice in a loop (the counter is
// reset for its next use). The f32 all_reduce folds strictly in rank order:
// (1e8 + 1) - 1e8 is 0 in f32, and so is (1 + 1e8) - 1e8.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/gs_data.py write %t/src.bin i32 -50 -13 24 -40 -3 34 -30 7 44 -20 17 -47 -10 27 -37 0 37 -27 10 47 -17 20 -44 -7 30 -34 3 40 -24 13 50 -14 23 -41 -4 33 -31 6 43 -21 16 -48 -11 26 -38 -1 36 -28 9 46 -18 19 -45 -8 29 -35 2 39 -25 12 49 -15 22 -42
// RUN: %python %S/Inputs/gs_data.py write %t/fs.bin f32 1e8 1 -3.5 0.1 1 1e8 0.25 0.2 -1e8 -1e8 3.5 0.3
// RUN: %gridsplit run --grid 64 --out %t/run %s src=@%t/src.bin sum=zeros:256 mx=zeros:256 bc=zeros:256 ga=zeros:1024 rs=zeros:64 fs=@%t/fs.bin fr=zeros:48
// RUN: %gridsplit interpret --grid 64 --out %t/ref %s src=@%t/src.bin sum=zeros:256 mx=zeros:256 bc=zeros:256 ga=zeros:1024 rs=zeros:64 fs=@%t/fs.bin fr=zeros:48
// RUN: cmp %t/run/sum.bin %t/ref/sum.bin
// RUN: cmp %t/run/mx.bin %t/ref/mx.bin
// RUN: cmp %t/run/bc.bin %t/ref/bc.bin
// RUN: cmp %t/run/ga.bin %t/ref/ga.bin
// RUN: cmp %t/run/rs.bin %t/ref/rs.bin
// RUN: cmp %t/run/fr.bin %t/ref/fr.bin
// RUN: %python %S/Inputs/gs_data.py dump i32 %t/run/sum.bin | FileCheck %s --check-prefix=SUM
// RUN: %python %S/Inputs/gs_data.py dump i32 %t/run/mx.bin | FileCheck %s --check-prefix=MAX
// RUN: %python %S/Inputs/gs_data.py dump i32 %t/run/bc.bin | FileCheck %s --check-prefix=BCAST
// RUN: %python %S/Inputs/gs_data.py dump i32 %t/run/ga.bin | FileCheck %s --check-prefix=GATHER
// RUN: %python %S/Inputs/gs_data.py dump i32 %t/run/rs.bin | FileCheck %s --check-prefix=SCATTER
// RUN: %python %S/Inputs/gs_data.py dump f32 %t/run/fr.bin | FileCheck %s --check-prefix=FLOAT
// RUN: %gridsplit --print-roles -o %t/split %s | FileCheck %s --check-prefix=ROLES

// SUM:     {{^}}19 -35 12 59 -96 52 -2 -56 92 -63 -16 31 -23 24 71 -84 19 -35 12 59 -96 52 -2 -56 92 -63 -16 31 -23 24 71 -84 19 -35 12 59 -96 52 -2 -56 92 -63 -16 31 -23 24 71 -84 19 -35 12 59 -96 52 -2 -56 92 -63 -16 31 -23 24 71 -84{{$}}
// MAX:     {{^}}37 46 24 47 -3 34 43 7 44 39 17 40 49 27 50 0 37 46 24 47 -3 34 43 7 44 39 17 40 49 27 50 0 37 46 24 47 -3 34 43 7 44 39 17 40 49 27 50 0 37 46 24 47 -3 34 43 7 44 39 17 40 49 27 50 0{{$}}
// BCAST:   {{^}}23 -41 -4 33 -31 6 43 -21 16 -48 -11 26 -38 -1 36 -28 23 -41 -4 33 -31 6 43 -21 16 -48 -11 26 -38 -1 36 -28 23 -41 -4 33 -31 6 43 -21 16 -48 -11 26 -38 -1 36 -28 23 -41 -4 33 -31 6 43 -21 16 -48 -11 26 -38 -1 36 -28{{$}}
// GATHER:  {{^}}-50 -13 24 -40 -3 34 -30 7 44 -20 17 -47 -10 27 -37 0 37 -27 10 47 -17 20 -44 -7 30 -34 3 40 -24 13 50 -14 23 -41 -4 33 -31 6 43 -21 16 -48 -11 26 -38 -1 36 -28 9 46 -18 19 -45 -8 29 -35 2 39 -25 12 49 -15 22 -42 -50 -13 24 -40 -3 34 -30 7 44 -20 17 -47 -10 27 -37 0 37 -27 10 47 -17 20 -44 -7 30 -34 3 40 -24 13 50 -14 23 -41 -4 33 -31 6 43 -21 16 -48 -11 26 -38 -1 36 -28 9 46 -18 19 -45 -8 29 -35 2 39 -25 12 49 -15 22 -42 -50 -13 24 -40 -3 34 -30 7 44 -20 17 -47 -10 27 -37 0 37 -27 10 47 -17 20 -44 -7 30 -34 3 40 -24 13 50 -14 23 -41 -4 33 -31 6 43 -21 16 -48 -11 26 -38 -1 36 -28 9 46 -18 19 -45 -8 29 -35 2 39 -25 12 49 -15 22 -42 -50 -13 24 -40 -3 34 -30 7 44 -20 17 -47 -10 27 -37 0 37 -27 10 47 -17 20 -44 -7 30 -34 3 40 -24 13 50 -14 23 -41 -4 33 -31 6 43 -21 16 -48 -11 26 -38 -1 36 -28 9 46 -18 19 -45 -8 29 -35 2 39 -25 12 49 -15 22 -42{{$}}
// SCATTER: {{^}}19 -35 12 59 -96 52 -2 -56 92 -63 -16 31 -23 24 71 -84{{$}}
// FLOAT:   {{^}}0 0 0.25 0.6 0 0 0.25 0.6 0 0 0.25 0.6{{$}}

// Each collective is three grid barriers: the rank is taken after the
// first, the source read and the destination written after the second, the
// counter reset after the third. In the loop, the destination is written by
// a segment in a cycle, so it accumulates (SPEC section 3).
// ROLES-LABEL: kernel 'collectives': barriers 18, schedule dynamic
// ROLES:       segment 1: begins at barrier 1 (Program_run_collectives.gsp:[[LOOP:[0-9]+]]:5), successors 2
// ROLES-NEXT:    gridsplit.collective.0  accumulate  read_write  atomic
// ROLES-NEXT:  segment 2: begins at barrier 2 (Program_run_collectives.gsp:[[LOOP]]:5), successors 3
// ROLES-NEXT:    src  read  read_only
// ROLES-NEXT:    sum  accumulate  read_write
// ROLES-NEXT:    gridsplit.collective.0  read  read_only
// ROLES-NEXT:  segment 3: begins at barrier 3 (Program_run_collectives.gsp:[[LOOP]]:5), successors 4
// ROLES-NEXT:    gridsplit.collective.0  accumulate  read_write
// ROLES:       segment 6: begins at barrier 6 ({{.*}}), successors 1 7
// ROLES:       segment 14: begins at barrier 14 ({{.*}}), successors 15
// ROLES-NEXT:    src  read  read_only
// ROLES-NEXT:    rs  write  write_only

program collectives;
workgroup_size 8;

buffer src: read i32[64] @0;
buffer sum: write i32[64] @1 output;
buffer mx:  write i32[64] @2 output;
buffer bc:  write i32[64] @3 output;
buffer ga:  write i32[256] @4 output;
buffer rs:  write i32[16] @5 output;
buffer fs:  read f32[12] @6;
buffer fr:  write f32[12] @7 output;

kernel {
  if global_id(0) >= 40 {
    return;
  }
  for round in 0..2 {
    all_reduce(add, src, sum, 16, 4);
    all_reduce(max, src, mx, 16, 4);
  }
  broadcast(src, bc, 16, 4, 2);
  all_gather(src, ga, 16, 4);
  reduce_scatter(add, src, rs, 4, 4);
  all_reduce(add, fs, fr, 4, 3);
}
