/*
 * sweep: the command line.  Only main() exits; everything below returns
 * -errno or an exit code.  The commands are a table (cmd.c); sweep run
 * installs its own signal handlers once the target is about to be touched.
 */
#include "config.h"

#include "sweep.h"

int
main(int argc, char **argv)
{
	return cmd_main(argc, argv);
}
