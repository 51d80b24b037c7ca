/*
 * scrolldrive.h — umbrella header of ScrollDrive's C core (module CScrollDrive).
 *
 * One header per surface under scrolldrive/. Link with libscrolldrive.a
 * (`make -C CCore`, then `pkg-config --cflags --libs scrolldrive`).
 */
#ifndef SCROLLDRIVE_H
#define SCROLLDRIVE_H

#include "scrolldrive/common.h"
#include "scrolldrive/bar_values.h"
#include "scrolldrive/bar.h"
#include "scrolldrive/bar_report.h"
#include "scrolldrive/pulldown.h"
#include "scrolldrive/motion.h"
#include "scrolldrive/simstep.h"
#include "scrolldrive/scrollview.h"
#include "scrolldrive/velocity.h"
#include "scrolldrive/simsurface.h"
#include "scrolldrive/simsweep.h"
#include "scrolldrive/sheet_values.h"
#include "scrolldrive/sheet.h"
#include "scrolldrive/refresh.h"

#endif /* SCROLLDRIVE_H */
