/* The control word of a dynamic schedule (docs/split.md, "Control word"):
 * four 32-bit ints that the segments of a kernel with a dynamic schedule
 * (SPEC section 2) take as their last pointer argument but the virtual
 * workgroups' counts (the plan's "control": {"arg": N, "words": 4}). The
 * split builds the segments' side (lib/control.c); every runner
 * (runtime/runner.c, runtime/cuda/gs_cuda_run.c) the host's. Plain C, no
 * LLVM: gs-cuda-run, shipped as source, builds with it where there is none.
 *
 *   word            written by                       meaning
 *   NEXT     [0]    the segment: cmpxchg(-1, j)      the segment chosen next;
 *                                                     GS_CONTROL_UNSET when every
 *                                                     invocation returned
 *   FLAGS    [1]    the segment: |= DIVERGED         nonzero after a run: an error
 *   LAUNCH   [2]    the host (or the step kernel)    the launches of the schedule
 *                                                     that ran before this one
 *   CURRENT  [3]    the host (or the step kernel)    the segment that runs now; a
 *                                                     launch of another returns at once
 *
 * Before the L-th launch (of segment s) a host that steps writes
 * {GS_CONTROL_UNSET, 0, L, s}. L counts exactly the launches of the run
 * that ran before (launch 0 is segment 0's, a launch that did nothing does
 * not count, and a new run starts at 0 again): the segments compute values
 * carried once from it (lib/once_launch.c), not only its parity. A host that steps on the device
 * (gs-cuda-run's step kernel) sets CURRENT to GS_CONTROL_STOPPED(s) when segment s diverged or
 * chose no successor of its own, and FLAGS's bit GS_CONTROL_NOT_SUCCESSOR for the latter. */
#ifndef GRIDSPLIT_CONTROL_WORD_H
#define GRIDSPLIT_CONTROL_WORD_H

enum {
  GS_CONTROL_NEXT,
  GS_CONTROL_FLAGS,
  GS_CONTROL_LAUNCH,
  GS_CONTROL_CURRENT,
  GS_CONTROL_WORDS /* the plan's "words" */
};
#define GS_CONTROL_BYTES (4 * GS_CONTROL_WORDS)

/* control[GS_CONTROL_NEXT] before any invocation chose, and after a run in
 * which every invocation returned; control[GS_CONTROL_CURRENT] once the
 * schedule ended */
#define GS_CONTROL_UNSET (-1)
/* bits of control[GS_CONTROL_FLAGS] */
#define GS_CONTROL_DIVERGED 1      /* two invocations chose different barriers */
#define GS_CONTROL_NOT_SUCCESSOR 2 /* the choice is no successor (the step kernel) */
/* control[GS_CONTROL_CURRENT] once segment S stopped the schedule (the step
 * kernel), and the segment from such a value */
#define GS_CONTROL_STOPPED(s) (-2 - (s))
#define GS_CONTROL_STOPPED_SEGMENT(word) (-2 - (word))

/* The step in the segments (the plan's "control": {"step": "segments",
 * "words": GS_CONTROL_FOLDED_WORDS(N)} for a kernel of N segments; docs/
 * split.md, "The step in the segments"). After the four words:
 *   ARRIVED        [4]              physical workgroups of this launch that
 *                                   finished; the last resets it to 0
 *   DISPATCH(s)    [5 + 3s ..]      segment s's workgroup counts X, Y, Z for
 *                                   an indirect dispatch: the last workgroup
 *                                   of a launch of s zeroes s's and gives the
 *                                   chosen segment t GIVEN(N, t)'s
 *   GIVEN(N, s)    [5 + 3N + 3s ..] the counts X, Y, Z segment s is given
 *                                   (the host's, written before the run)
 * and the last workgroup steps the control word as a step kernel does
 * (LAUNCH + 1, CURRENT the choice, NEXT unset; GS_CONTROL_STOPPED(s) and
 * GS_CONTROL_NOT_SUCCESSOR as above). */
#define GS_CONTROL_ARRIVED GS_CONTROL_WORDS
#define GS_CONTROL_DISPATCH(s) (GS_CONTROL_WORDS + 1 + 3 * (s))
#define GS_CONTROL_GIVEN(n, s) (GS_CONTROL_WORDS + 1 + 3 * (n) + 3 * (s))
#define GS_CONTROL_FOLDED_WORDS(n) (GS_CONTROL_WORDS + 1 + 6 * (n))

/* Segments with virtual workgroups take an order argument after the virtual
 * grid's counts (the plan's "virtual_groups": {"order_arg": N}), whose bits
 * are (docs/split.md, "Replaying a path"):
 *   GS_ORDER_REVERSE       the virtual workgroups run last to first;
 *   GS_ORDER_REPLAY        a dynamic schedule's launch that the runner vouches
 *                          is on the schedule's path: it runs whatever the
 *                          control word holds, and records no choice;
 *   GS_ORDER_LAUNCH(L)     with GS_ORDER_REPLAY: the launch's number L
 *                          (control[GS_CONTROL_LAUNCH] otherwise), below 2^30.
 * A runner replays only a path a run with the same scalar arguments and grid
 * took, and only where the plan's "path_from_arguments" holds. */
#define GS_ORDER_REVERSE 1u
#define GS_ORDER_REPLAY 2u
#define GS_ORDER_LAUNCH_SHIFT 2
#define GS_ORDER_LAUNCH(l) ((unsigned)(l) << GS_ORDER_LAUNCH_SHIFT)

/* The arguments of a segment with virtual workgroups, from the plan's
 * "virtual_groups" "arg" N on (u32 each): N + GS_VIRTUAL_COUNT + d the
 * virtual grid's workgroup count in dimension d, N + GS_VIRTUAL_ORDER the
 * order above, and N + GS_VIRTUAL_FIRST, N + GS_VIRTUAL_END the range of
 * linear virtual workgroups (x fastest) that the launch runs, [first, end),
 * end at most the grid's count. A runner that launches the whole grid at
 * once passes 0 and the count; one that spreads it over devices launches
 * every segment once a device, in ranges that cover the grid (docs/split.md,
 * "Ranges of virtual workgroups"). */
#define GS_VIRTUAL_COUNT 0
#define GS_VIRTUAL_ORDER 3
#define GS_VIRTUAL_FIRST 4
#define GS_VIRTUAL_END 5
#define GS_VIRTUAL_ARGS 6

#endif
