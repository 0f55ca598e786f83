// On Linux the runtime starts the sandbox's proxy bridges (socat on 127.0.0.1:3128 for HTTP, :1080 for SOCKS, inside
// the sandbox's own network) in the background and runs the command at once, so a command that connects first thing
// could find nothing listening ("Failed to connect to localhost port 3128"). The command line given to the runtime
// therefore waits first, briefly, until both ports listen. It reads the sandbox's own /proc/net/tcp (ports 3128 and
// 1080 are 0C38 and 0438 in hex, state 0A is LISTEN) instead of connecting, so no connection is made through the
// proxy, and it is plain POSIX sh (the user's shell may be bash, dash or zsh). The check uses only the shell's own
// `read` and `case` (no grep process per poll), and the polls are 2 ms apart: the bridges usually listen a few ms
// after the start, and every poll's wait is added to the command's start-up (issue 30). Bounded: after about 2 s
// the command runs anyway.

/** The bridges' ports inside the sandbox, as /proc/net/tcp writes them (hex). */
const HTTP_PORT = '0C38';
const SOCKS_PORT = '0438';

/** How many 2 ms polls before the command runs regardless (about 2 s). */
const POLLS = 1000;

/** The shell line that returns once the proxy bridges inside the sandbox listen, or after about 2 s. */
export function bridgeWait(): string {
  // Columns of /proc/net/tcp: sl, local address, remote address, state, …; `u` collects h and s for the ports seen.
  const scan =
    `__relay_u=; while read -r __relay_a __relay_l __relay_r __relay_s __relay_x; do case "$__relay_l $__relay_s" in ` +
    `*:${HTTP_PORT}' 0A') __relay_u="h$__relay_u" ;; *:${SOCKS_PORT}' 0A') __relay_u="$__relay_u"s ;; esac; done </proc/net/tcp`;
  const listening = `{ ${scan}; } 2>/dev/null; case "$__relay_u" in h*s) true ;; *) false ;; esac`;
  return `__relay_n=0; until ${listening} || [ "$__relay_n" -ge ${POLLS} ]; do __relay_n=$((__relay_n+1)); sleep 0.002; done; unset __relay_n __relay_u __relay_a __relay_l __relay_r __relay_s __relay_x`;
}

/** The command, run once the sandbox's proxy bridges accept connections (Linux, where the runtime starts them). */
export function afterBridges(command: string): string {
  return `${bridgeWait()}\n${command}`;
}
