/* gridsplit: the whole public C API. */
#ifndef GRIDSPLIT_GRIDSPLIT_H
#define GRIDSPLIT_GRIDSPLIT_H

#include "gridsplit/analysis.h"
#include "gridsplit/emit.h"
#include "gridsplit/error.h"
#include "gridsplit/load.h"
#include "gridsplit/lower.h"
#include "gridsplit/options.h"
#include "gridsplit/plan.h"
#include "gridsplit/program.h"
#include "gridsplit/split.h"

#define GS_VERSION_STRING "0.1.0"

#endif
