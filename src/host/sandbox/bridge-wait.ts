// On Linux the runtime starts the sandbox's proxy bridges (socat on 127.0.0.1:3128 for HTTP, :1080 for SOCKS, inside
// the sandbox's own network) in the background and runs the command at once, so a command that connects first thing
// could find nothing listening ("Failed to connect to localhost port 3128"). The command line given to the runtime
// therefore waits first, briefly, until both bridges listen. It connects to neither (no connection through the
// proxy): it counts the TCP sockets of the sandbox's network namespace in /proc/net/sockstat and sockstat6
// ("TCP: inuse N"). The namespace is new with each command and, until the command runs, nothing in it but the two
// bridges makes a socket; a socket counts there once it listens (bind alone does not count). So two in use means
// both listen. It does not read /proc/net/tcp: the kernel walks its whole connection table (shared by every
// namespace, 262,144 buckets on a 24 GiB machine) for each read of that file, 5–20 ms a scan measured here, while
// sockstat is a few counters (~0.4 ms). Plain POSIX sh with the shell's own `read` and `case` (the user's shell may
// be bash, dash or zsh); polls 2 ms apart (every poll's wait is added to the command's start-up, issue 30).
// Bounded: after about 2 s the command runs anyway.

/** How many 2 ms polls before the command runs regardless (about 2 s). */
const POLLS = 1000;

/** The TCP sockets the bridges make in the sandbox's fresh network namespace: one listener each. */
const BRIDGES = 2;

/** The shell line that returns once the proxy bridges inside the sandbox listen, or after about 2 s. */
export function bridgeWait(): string {
  // `TCP: inuse N …` (IPv4) and `TCP6: inuse N` (IPv6): socat listens on either, as SOCAT_DEFAULT_LISTEN_IP says.
  const count =
    `__relay_t=0; for __relay_f in /proc/net/sockstat /proc/net/sockstat6; do while read -r __relay_a __relay_b __relay_c __relay_x; do ` +
    `case "$__relay_a $__relay_b" in 'TCP: inuse'|'TCP6: inuse') __relay_t=$((__relay_t+__relay_c)) ;; esac; done <"$__relay_f"; done`;
  const listening = `{ ${count}; } 2>/dev/null; [ "$__relay_t" -ge ${BRIDGES} ]`;
  return `__relay_n=0; until ${listening} || [ "$__relay_n" -ge ${POLLS} ]; do __relay_n=$((__relay_n+1)); sleep 0.002; done; unset __relay_n __relay_t __relay_f __relay_a __relay_b __relay_c __relay_x`;
}

/** The command, run once the sandbox's proxy bridges accept connections (Linux, where the runtime starts them). */
export function afterBridges(command: string): string {
  return `${bridgeWait()}\n${command}`;
}
