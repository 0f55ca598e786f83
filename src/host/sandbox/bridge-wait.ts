// On Linux the runtime starts the sandbox's proxy bridges (socat on 127.0.0.1:3128 for HTTP, :1080 for SOCKS, inside
// the sandbox's own network) in the background and runs the command at once, so a command that connects first thing
// could find nothing listening ("Failed to connect to localhost port 3128"). The command line given to the runtime
// therefore waits first, briefly, until both ports listen. It reads the sandbox's own /proc/net/tcp (ports 3128 and
// 1080 are 0C38 and 0438 in hex, 0A is LISTEN) instead of connecting, so no connection is made through the proxy, and
// it is plain POSIX sh (the user's shell may be bash, dash or zsh). Bounded: after about 2 s the command runs anyway.

/** The bridges' ports inside the sandbox, as /proc/net/tcp writes them (hex). */
const BRIDGE_PORTS = ['0C38', '0438'];

/** How many 10 ms polls before the command runs regardless (about 2 s). */
const POLLS = 200;

/** The shell line that returns once the proxy bridges inside the sandbox listen, or after about 2 s. */
export function bridgeWait(): string {
  const listening = BRIDGE_PORTS.map((port) => `grep -q ':${port} 00000000:0000 0A' /proc/net/tcp 2>/dev/null`).join(' && ');
  return `__relay_n=0; until ${listening} || [ "$__relay_n" -ge ${POLLS} ]; do __relay_n=$((__relay_n+1)); sleep 0.01; done; unset __relay_n`;
}

/** The command, run once the sandbox's proxy bridges accept connections (Linux, where the runtime starts them). */
export function afterBridges(command: string): string {
  return `${bridgeWait()}\n${command}`;
}
