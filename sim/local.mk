# sim/: the simulator, in layers.  Each folder uses only the folders above
# it in this list (tools/check-layers.sh checks the includes):
#   base    what every layer shares
#   sched   which core runs next
#   core    the machine and one run of it
#   detect  detectors: findings from events
#   report  views of a run
#   explore many runs
#   litmus  litmus files: parsed, built, run exhaustively, judged
#   cli     the atomsim command
include $(srcdir)/%D%/base/local.mk
include $(srcdir)/%D%/sched/local.mk
include $(srcdir)/%D%/core/local.mk
include $(srcdir)/%D%/detect/local.mk
include $(srcdir)/%D%/report/local.mk
include $(srcdir)/%D%/explore/local.mk
include $(srcdir)/%D%/litmus/local.mk
include $(srcdir)/%D%/cli/local.mk
libatomsim_a_SOURCES += programs/include/atomsim-abi.h
