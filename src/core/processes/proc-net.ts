// Linux's /proc/net/tcp and tcp6 list every TCP socket with its local address, state and inode. The sockets a
// process group listens on are those whose inode one of its processes holds open (/proc/<pid>/fd -> socket:[N]).

const LISTEN = '0A';

export interface ListeningSocket {
  inode: number;
  port: number;
  /** The bound address as text: 127.0.0.1, 0.0.0.0, ::1, ::. */
  address: string;
}

/** The listening sockets in the text of /proc/net/tcp or /proc/net/tcp6. */
export function parseProcNetTcp(text: string): ListeningSocket[] {
  const out: ListeningSocket[] = [];
  for (const line of text.split('\n').slice(1)) {
    const fields = line.trim().split(/\s+/);
    if (fields.length < 10 || fields[3] !== LISTEN) continue;
    const [addressHex, portHex] = fields[1]!.split(':');
    if (!addressHex || !portHex) continue;
    const inode = Number(fields[9]);
    if (!Number.isInteger(inode) || inode === 0) continue;
    out.push({ inode, port: parseInt(portHex, 16), address: addressText(addressHex) });
  }
  return out;
}

/** Whether a bound address answers on loopback: loopback itself or a wildcard. */
export function servesLoopback(address: string): boolean {
  return address === '0.0.0.0' || address === '::' || address === '::1' || address.startsWith('127.') || address === '::ffff:127.0.0.1' || address === '::ffff:0.0.0.0';
}

/** Socket inode from a /proc/<pid>/fd link target (`socket:[12345]`). */
export function socketInode(link: string): number | undefined {
  const match = /^socket:\[(\d+)\]$/.exec(link);
  return match ? Number(match[1]) : undefined;
}

/** The kernel writes addresses as host-order 32-bit words in hex (little-endian on the machines VS Code runs on). */
function addressText(hex: string): string {
  const words = hex.match(/.{8}/g) ?? [];
  const bytes = words.flatMap((w) => [w.slice(6, 8), w.slice(4, 6), w.slice(2, 4), w.slice(0, 2)].map((b) => parseInt(b, 16)));
  if (bytes.length === 4) return bytes.join('.');
  if (bytes.length !== 16) return hex;
  if (bytes.slice(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff) return `::ffff:${bytes.slice(12).join('.')}`;
  const groups: string[] = [];
  for (let i = 0; i < 16; i += 2) groups.push(((bytes[i]! << 8) | bytes[i + 1]!).toString(16));
  const joined = groups.join(':');
  if (joined === '0:0:0:0:0:0:0:0') return '::';
  if (joined === '0:0:0:0:0:0:0:1') return '::1';
  return joined;
}
