#define _GNU_SOURCE
#include "CSystem.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/mman.h>
#include <sys/sendfile.h>
#include <sys/uio.h>
#include <unistd.h>

int csystem_epoll_create(void) { return epoll_create1(EPOLL_CLOEXEC); }

int csystem_epoll_ctl(int epfd, int op, int fd, uint32_t events, uint64_t data) {
    struct epoll_event event;
    memset(&event, 0, sizeof event);
    event.events = events;
    event.data.u64 = data;
    return epoll_ctl(epfd, op, fd, &event);
}

int csystem_epoll_wait(int epfd, csystem_event *events, int max_events, int timeout_ms) {
    struct epoll_event raw[512];
    if (max_events > 512) max_events = 512;
    int count = epoll_wait(epfd, raw, max_events, timeout_ms);
    for (int i = 0; i < count; i++) {
        events[i].events = raw[i].events;
        events[i].data = raw[i].data.u64;
    }
    return count;
}

int csystem_stream_socket(int family) { return socket(family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0); }

int csystem_accept(int fd, struct sockaddr_storage *address, socklen_t *length) {
    *length = sizeof(struct sockaddr_storage);
    return accept4(fd, (struct sockaddr *)address, length, SOCK_NONBLOCK | SOCK_CLOEXEC);
}

int csystem_set_option(int fd, int option, int enabled) {
    int value = enabled ? 1 : 0;
    switch (option) {
    case CSYSTEM_OPTION_REUSEADDR:
        return setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &value, sizeof value);
    case CSYSTEM_OPTION_REUSEPORT:
        return setsockopt(fd, SOL_SOCKET, SO_REUSEPORT, &value, sizeof value);
    case CSYSTEM_OPTION_NODELAY:
        return setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &value, sizeof value);
    default:
        errno = EINVAL;
        return -1;
    }
}

int csystem_somaxconn(void) { return SOMAXCONN; }

ssize_t csystem_send_vector(int fd, const struct iovec *iov, int count) {
    struct msghdr message;
    memset(&message, 0, sizeof message);
    message.msg_iov = (struct iovec *)iov;
    message.msg_iovlen = (size_t)count;
    return sendmsg(fd, &message, MSG_NOSIGNAL | MSG_DONTWAIT);
}

ssize_t csystem_send(int fd, const void *bytes, size_t length) {
    return send(fd, bytes, length, MSG_NOSIGNAL | MSG_DONTWAIT);
}

int csystem_memfd(const char *name) { return memfd_create(name, MFD_CLOEXEC); }

ssize_t csystem_pwritev(int fd, const struct iovec *iov, int count, off_t offset) {
    return pwritev(fd, iov, count, offset);
}

ssize_t csystem_sendfile(int out_fd, int in_fd, off_t offset, size_t count) {
    off_t position = offset;
    return sendfile(out_fd, in_fd, &position, count);
}

int csystem_eventfd(void) { return eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC); }

int csystem_eventfd_signal(int fd) {
    uint64_t one = 1;
    return write(fd, &one, sizeof one) == sizeof one ? 0 : -1;
}

int csystem_eventfd_drain(int fd) {
    uint64_t value = 0;
    return read(fd, &value, sizeof value) == sizeof value ? 0 : -1;
}

int csystem_ignore_sigpipe(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = SIG_IGN;
    sigemptyset(&action.sa_mask);
    return sigaction(SIGPIPE, &action, NULL);
}

static int signal_pipe_write_end = -1;

static void signal_pipe_handler(int signal_number) {
    int saved = errno;
    unsigned char byte = (unsigned char)signal_number;
    ssize_t ignored = write(signal_pipe_write_end, &byte, 1);
    (void)ignored;
    errno = saved;
}

int csystem_signal_pipe(const int *signals, int count) {
    if (signal_pipe_write_end != -1) {
        errno = EBUSY;
        return -1;
    }
    int ends[2];
    if (pipe2(ends, O_CLOEXEC) != 0) return -1;
    int flags = fcntl(ends[1], F_GETFL);
    if (flags == -1 || fcntl(ends[1], F_SETFL, flags | O_NONBLOCK) != 0) {
        int saved = errno;
        close(ends[0]);
        close(ends[1]);
        errno = saved;
        return -1;
    }
    signal_pipe_write_end = ends[1];
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = signal_pipe_handler;
    action.sa_flags = SA_RESTART;
    sigemptyset(&action.sa_mask);
    for (int i = 0; i < count; i++) {
        if (sigaction(signals[i], &action, NULL) != 0) return -1;
    }
    return ends[0];
}

int csystem_format_address(const struct sockaddr_storage *address, char *buffer, size_t capacity) {
    char host[INET6_ADDRSTRLEN];
    if (address->ss_family == AF_INET) {
        const struct sockaddr_in *v4 = (const struct sockaddr_in *)address;
        if (inet_ntop(AF_INET, &v4->sin_addr, host, sizeof host) == NULL) return -1;
        int written = snprintf(buffer, capacity, "%s:%u", host, (unsigned)ntohs(v4->sin_port));
        return written > 0 && (size_t)written < capacity ? 0 : -1;
    }
    if (address->ss_family == AF_INET6) {
        const struct sockaddr_in6 *v6 = (const struct sockaddr_in6 *)address;
        if (inet_ntop(AF_INET6, &v6->sin6_addr, host, sizeof host) == NULL) return -1;
        int written = snprintf(buffer, capacity, "[%s]:%u", host, (unsigned)ntohs(v6->sin6_port));
        return written > 0 && (size_t)written < capacity ? 0 : -1;
    }
    errno = EAFNOSUPPORT;
    return -1;
}

int csystem_local_port(int fd) {
    struct sockaddr_storage address;
    socklen_t length = sizeof address;
    if (getsockname(fd, (struct sockaddr *)&address, &length) != 0) return -1;
    if (address.ss_family == AF_INET) return ntohs(((struct sockaddr_in *)&address)->sin_port);
    if (address.ss_family == AF_INET6) return ntohs(((struct sockaddr_in6 *)&address)->sin6_port);
    errno = EAFNOSUPPORT;
    return -1;
}
