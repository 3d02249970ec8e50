// Thin C shims for the Linux system calls Glibc's Swift overlay does not expose (epoll, accept4, eventfd)
// and for the few macros and variadic or packed-struct APIs Swift cannot call directly.
// Every function returns -1 and leaves errno set on failure, exactly like the call it wraps; the Swift side
// retries EINTR and turns failures into HTTPError.
#ifndef CSYSTEM_H
#define CSYSTEM_H

#include <stdint.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <sys/uio.h>

/// One readiness event; epoll_event is packed on x86_64, which Swift cannot import faithfully.
typedef struct {
    uint32_t events;
    uint64_t data;
} csystem_event;

static const uint32_t CSYSTEM_EPOLLIN = EPOLLIN;
static const uint32_t CSYSTEM_EPOLLOUT = EPOLLOUT;
static const uint32_t CSYSTEM_EPOLLERR = EPOLLERR;
static const uint32_t CSYSTEM_EPOLLHUP = EPOLLHUP;
static const uint32_t CSYSTEM_EPOLLRDHUP = EPOLLRDHUP;
static const uint32_t CSYSTEM_EPOLLEXCLUSIVE = EPOLLEXCLUSIVE;
static const uint32_t CSYSTEM_EPOLLET = (uint32_t)EPOLLET;

static const int CSYSTEM_EPOLL_CTL_ADD = EPOLL_CTL_ADD;
static const int CSYSTEM_EPOLL_CTL_DEL = EPOLL_CTL_DEL;
static const int CSYSTEM_EPOLL_CTL_MOD = EPOLL_CTL_MOD;

/// epoll_create1(EPOLL_CLOEXEC).
int csystem_epoll_create(void);
/// epoll_ctl with the event built from `events` and `data`.
int csystem_epoll_ctl(int epfd, int op, int fd, uint32_t events, uint64_t data);
/// epoll_wait into an unpacked array; at most 512 events per call.
int csystem_epoll_wait(int epfd, csystem_event *events, int max_events, int timeout_ms);

/// socket(family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0).
int csystem_stream_socket(int family);
/// accept4(fd, address, length, SOCK_NONBLOCK | SOCK_CLOEXEC).
int csystem_accept(int fd, struct sockaddr_storage *address, socklen_t *length);
/// setsockopt with an int value of 1 or 0; level/name from the constants below.
int csystem_set_option(int fd, int option, int enabled);
static const int CSYSTEM_OPTION_REUSEADDR = 1;
static const int CSYSTEM_OPTION_REUSEPORT = 2;
static const int CSYSTEM_OPTION_NODELAY = 3;
/// The kernel's SOMAXCONN.
int csystem_somaxconn(void);

/// sendmsg(fd, iov, MSG_NOSIGNAL | MSG_DONTWAIT): one system call for head and body.
ssize_t csystem_send_vector(int fd, const struct iovec *iov, int count);
/// send(fd, bytes, length, MSG_NOSIGNAL | MSG_DONTWAIT).
ssize_t csystem_send(int fd, const void *bytes, size_t length);

/// memfd_create(name, MFD_CLOEXEC): an anonymous in-memory file.
int csystem_memfd(const char *name);
/// pwritev at `offset`: writes every vector or fails (short writes to a memfd only happen when out of memory).
ssize_t csystem_pwritev(int fd, const struct iovec *iov, int count, off_t offset);
/// sendfile(out, in, &offset, count) from a regular file to a socket; advances nothing on failure.
ssize_t csystem_sendfile(int out_fd, int in_fd, off_t offset, size_t count);

/// eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC).
int csystem_eventfd(void);
/// Adds one to an eventfd counter.
int csystem_eventfd_signal(int fd);
/// Reads and resets an eventfd counter.
int csystem_eventfd_drain(int fd);

/// Ignores SIGPIPE for the whole process (writes to closed sockets then fail with EPIPE).
int csystem_ignore_sigpipe(void);
/// Installs an async-signal-safe handler for each listed signal that writes the signal number (one byte)
/// to a close-on-exec self-pipe, and returns the pipe's read end (blocking). Call once per process.
int csystem_signal_pipe(const int *signals, int count);

/// Formats an address as "host:port" ("[v6]:port" for IPv6) into `buffer`; returns 0 or -1.
int csystem_format_address(const struct sockaddr_storage *address, char *buffer, size_t capacity);
/// The port of a bound socket (getsockname), or -1.
int csystem_local_port(int fd);

#endif
