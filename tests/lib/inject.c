/* inject.c: an LD_PRELOAD shim that makes one allocation or one write of a
 * program fail, for the fault-injection tests (tests/cli/test_inject.sh).
 *
 *   PAIRBOOT_FAIL_ALLOC=N   the Nth call to malloc, calloc or realloc
 *                           returns NULL with errno ENOMEM
 *   PAIRBOOT_FAIL_WRITE=N   the Nth call to write or fsync returns -1 with
 *                           errno ENOSPC
 *   PAIRBOOT_KILL_WRITE=N   the process kills itself (SIGKILL) at the Nth
 *                           call to write or fsync, before making it: a
 *                           run killed from outside at that moment
 *   PAIRBOOT_SIGNAL_WRITE=N the process sends itself the signal numbered
 *                           PAIRBOOT_SIGNAL (SIGTERM without it) at the
 *                           Nth call to write or fsync, before making it:
 *                           a run interrupted at that moment
 *   PAIRBOOT_STALL_CHILD=1  a child process of pairboot (common/forkpool.c)
 *                           sleeps 60 s before each write or fsync, so
 *                           that it is certainly at work when a test
 *                           kills its parent
 *   PAIRBOOT_ABORT_ALLOC=N  the Nth call to malloc, calloc or realloc calls
 *                           abort(), as GLib does where it cannot allocate
 *                           a lock it makes lazily (the counts are written
 *                           first: the writes tell whether the report had
 *                           begun to be written)
 *   PAIRBOOT_INJECT_SKIP=NAME[,NAME]...
 *                           allocations made while a library whose file
 *                           name contains one of the NAMEs (e.g.
 *                           libfontconfig) is on the call stack are
 *                           neither counted nor failed: for libraries
 *                           known to crash on a failed allocation, which
 *                           pairboot cannot change (docs/robustness.md)
 *   PAIRBOOT_INJECT_TRACE=1 prints the call stack of the failed call to
 *                           stderr, to find who did not cope with it
 *   PAIRBOOT_INJECT_COUNT=FILE
 *                           at exit, writes "alloc A\nwrite W\nfailed F\n"
 *                           to FILE: the calls counted and whether the
 *                           failure was injected (F is 0 or 1)
 *
 * Only calls made after main starts are counted (the shim wraps
 * __libc_start_main), so the numbers do not depend on how the dynamic
 * loader and library constructors allocate, and only in a program named
 * pairboot, so that timeout(1) or env(1) in front of it are left alone.  Exactly one call fails; later
 * ones succeed, so a program that ignores a failure goes on and shows it.
 * Calls libc makes to its own write (stdio) are not seen; pairboot writes
 * every report file with write(2) (render/outdir.c).  The shim is built
 * for tests only, never installed, and cannot be combined with ASan (which
 * has its own allocator). */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <execinfo.h>
#include <fcntl.h>
#include <link.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

/* glibc's allocator under its internal names, so the shim needs no dlsym
 * (which itself allocates) to reach it. */
extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t n, size_t size);
extern void *__libc_realloc(void *p, size_t size);

typedef int (*main_fn)(int, char **, char **);
typedef int (*start_fn)(main_fn, int, char **, void (*)(void),
			void (*)(void), void (*)(void), void *);

/* Address ranges of the libraries in PAIRBOOT_INJECT_SKIP. */
#define MAX_SKIP 32
static struct { uintptr_t lo, hi; } skip[MAX_SKIP];
static int n_skip;

static int armed;                      /* main has started */
static unsigned long fail_alloc;       /* 0: no failure */
static unsigned long fail_write;
static unsigned long abort_alloc;      /* 0: no abort */
static unsigned long kill_write;       /* 0: no kill */
static unsigned long signal_write;     /* 0: no signal */
static int signal_number;              /* the signal it sends */
static int stall_child;
static pid_t main_pid;                 /* the process main started in */
static unsigned long n_alloc, n_write;
static int failed;                     /* the failure was injected */
static main_fn real_main;

static unsigned long env_number(const char *name)
{
	const char *s = getenv(name);
	return s ? strtoul(s, NULL, 10) : 0;
}

static int in_skipped(uintptr_t addr)
{
	for (int i = 0; i < n_skip; i++)
		if (addr >= skip[i].lo && addr < skip[i].hi)
			return 1;
	return 0;
}

/* True when a skipped library is on the call stack.  A library often
 * allocates through libc (strdup) or GLib, so the immediate caller is not
 * enough.  backtrace() may allocate itself: the flag keeps that out. */
static __thread int unwinding;

static int skipped(void *caller)
{
	void *frames[16];
	int n;

	if (n_skip == 0)
		return 0;
	if (in_skipped((uintptr_t)caller))
		return 1;
	if (unwinding)
		return 1;
	unwinding = 1;
	n = backtrace(frames, 16);
	unwinding = 0;
	for (int i = 0; i < n; i++)
		if (in_skipped((uintptr_t)frames[i]))
			return 1;
	return 0;
}

/* The call stack of the failing call, on stderr, without allocating. */
static void trace(void)
{
	void *frames[32];
	int n;

	if (!getenv("PAIRBOOT_INJECT_TRACE"))
		return;
	unwinding = 1;
	n = backtrace(frames, 32);
	backtrace_symbols_fd(frames, n, 2);
	unwinding = 0;
}

static void report_counts(void);

/* True when this allocation, called from CALLER, is the one to fail (the
 * one of PAIRBOOT_ABORT_ALLOC aborts instead).  The count is atomic:
 * pairboot reads files on several threads.  The tests run it with -j 1,
 * so that N names nearly the same call each time; Pango's font-loading
 * thread still interleaves a little. */
static int alloc_fails(void *caller)
{
	unsigned long k;

	if (!armed || skipped(caller))
		return 0;
	k = __atomic_add_fetch(&n_alloc, 1, __ATOMIC_RELAXED);
	if (k == abort_alloc) {
		trace();
		report_counts();    /* abort() skips atexit */
		abort();
	}
	if (k != fail_alloc)
		return 0;
	trace();
	failed = 1;
	errno = ENOMEM;
	return 1;
}

static int write_fails(void)
{
	unsigned long k;

	if (!armed)
		return 0;
	if (stall_child && getpid() != main_pid) {
		struct timespec t = { 60, 0 };
		nanosleep(&t, NULL);
	}
	k = __atomic_add_fetch(&n_write, 1, __ATOMIC_RELAXED);
	if (k == kill_write)
		syscall(SYS_kill, (long)getpid(), (long)SIGKILL);
	if (k == signal_write)
		syscall(SYS_kill, (long)getpid(), (long)signal_number);
	if (k != fail_write)
		return 0;
	failed = 1;
	errno = ENOSPC;
	return 1;
}

void *malloc(size_t size)
{
	return alloc_fails(__builtin_return_address(0)) ? NULL
						       : __libc_malloc(size);
}

void *calloc(size_t n, size_t size)
{
	return alloc_fails(__builtin_return_address(0)) ? NULL
						       : __libc_calloc(n, size);
}

void *realloc(void *p, size_t size)
{
	return alloc_fails(__builtin_return_address(0)) ? NULL
						       : __libc_realloc(p, size);
}

ssize_t write(int fd, const void *buf, size_t len)
{
	if (write_fails())
		return -1;
	return syscall(SYS_write, fd, buf, len);
}

int fsync(int fd)
{
	if (write_fails())
		return -1;
	return (int)syscall(SYS_fsync, fd);
}

/* Writes the counts to the file named by PAIRBOOT_INJECT_COUNT, without
 * allocating (the counters must not count themselves). */
static void report_counts(void)
{
	const char *path = getenv("PAIRBOOT_INJECT_COUNT");
	char text[96];
	int fd, len;

	armed = 0;
	if (!path)
		return;
	len = snprintf(text, sizeof text, "alloc %lu\nwrite %lu\nfailed %d\n",
		       n_alloc, n_write, failed);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0)
		return;
	if (syscall(SYS_write, fd, text, (size_t)len) != len)
		fputs("inject: cannot write the counts\n", stderr);
	close(fd);
}

/* dl_iterate_phdr callback: records the loaded segments of a library
 * whose name holds one of the comma-separated names in DATA. */
static int note_skipped(struct dl_phdr_info *info, size_t size, void *data)
{
	const char *names = data;

	(void)size;
	while (*names) {
		const char *comma = strchr(names, ',');
		size_t len = comma ? (size_t)(comma - names) : strlen(names);
		char name[64];

		if (len > 0 && len < sizeof name) {
			memcpy(name, names, len);
			name[len] = '\0';
			if (info->dlpi_name && strstr(info->dlpi_name, name)) {
				for (int i = 0; i < info->dlpi_phnum
				     && n_skip < MAX_SKIP; i++) {
					const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
					if (ph->p_type != PT_LOAD)
						continue;
					skip[n_skip].lo = info->dlpi_addr
							  + ph->p_vaddr;
					skip[n_skip].hi = skip[n_skip].lo
							  + ph->p_memsz;
					n_skip++;
				}
				break;
			}
		}
		names += len + (comma != NULL);
	}
	return 0;
}

static int wrapped_main(int argc, char **argv, char **envp)
{
	const char *skip_names = getenv("PAIRBOOT_INJECT_SKIP");

	const char *base = argc > 0 ? strrchr(argv[0], '/') : NULL;

	/* Only pairboot itself: not timeout(1), env(1) or a shell that the
	 * test starts it through and that inherit LD_PRELOAD. */
	base = base ? base + 1 : argc > 0 ? argv[0] : "";
	if (strcmp(base, "pairboot") != 0)
		return real_main(argc, argv, envp);
	fail_alloc = env_number("PAIRBOOT_FAIL_ALLOC");
	fail_write = env_number("PAIRBOOT_FAIL_WRITE");
	abort_alloc = env_number("PAIRBOOT_ABORT_ALLOC");
	kill_write = env_number("PAIRBOOT_KILL_WRITE");
	signal_write = env_number("PAIRBOOT_SIGNAL_WRITE");
	signal_number = (int)env_number("PAIRBOOT_SIGNAL");
	if (signal_number <= 0 || signal_number >= NSIG)
		signal_number = SIGTERM;
	stall_child = env_number("PAIRBOOT_STALL_CHILD") != 0;
	main_pid = getpid();
	if (skip_names) {
		void *frame[1];
		dl_iterate_phdr(note_skipped, (void *)skip_names);
		/* The first backtrace() loads the unwinder: do it now. */
		backtrace(frame, 1);
	}
	/* atexit may allocate: register before counting starts. */
	atexit(report_counts);
	armed = 1;
	return real_main(argc, argv, envp);
}

int __libc_start_main(main_fn main, int argc, char **argv,
		      void (*init)(void), void (*fini)(void),
		      void (*rtld_fini)(void), void *stack_end)
{
	start_fn real = (start_fn)dlsym(RTLD_NEXT, "__libc_start_main");

	real_main = main;
	return real(wrapped_main, argc, argv, init, fini, rtld_fini,
		    stack_end);
}
