/* atomsim-abi.h — the numbers of atomsim's own system calls, shared by the
 * guest runtime and the simulator.  They lie above every Linux number. */
#ifndef ATOMSIM_ABI_H
#define ATOMSIM_ABI_H

#define SIM_SYS_CPU_ID     0xA7000  /* () -> this core's number */
#define SIM_SYS_NCPUS      0xA7001  /* () -> how many cores run */
#define SIM_SYS_BARRIER    0xA7002  /* () -> 0 once every running core arrived */
#define SIM_SYS_CHECK_FAIL 0xA7003  /* (message, pc, line) -> 0 */
#define SIM_SYS_ABORT 0xA7004  /* (message, pc, 0) -> does not return: a finding at pc, every core ends, exit code 134 */

#endif
