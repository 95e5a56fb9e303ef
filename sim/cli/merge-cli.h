/* merge-cli.h — atomsim merge REPORT.json...: the --json reports of a
 * search's shards (--shard I/N) merged into the whole search's report
 * (report/report-merge.h). */
#ifndef ATOMSIM_MERGE_CLI_H
#define ATOMSIM_MERGE_CLI_H

/* argv[0] is "merge".  The exit status. */
int merge_main(int argc, char **argv);

#endif
