import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseProcNetTcp, servesLoopback, socketInode } from '../../../src/core/processes/proc-net';

const TCP = `  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode
   0: 0100007F:1435 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 41234 1 0000000000000000 100 0 0 10 0
   1: 00000000:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 41235 1 0000000000000000 100 0 0 10 0
   2: 0100007F:1435 0100007F:D2A4 01 00000000:00000000 00:00000000 00000000  1000        0 41236 1 0000000000000000 20 4 30 10 -1
   3: 1401A8C0:0016 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 999 1 0000000000000000 100 0 0 10 0
`;
const TCP6 = `  sl  local_address                         remote_address                        st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode
   0: 00000000000000000000000001000000:1435 00000000000000000000000000000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 51234 1 0000000000000000 100 0 0 10 0
   1: 00000000000000000000000000000000:0050 00000000000000000000000000000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 51235 1 0000000000000000 100 0 0 10 0
`;

describe('/proc/net/tcp', () => {
  it('lists listening sockets with port, address and inode, skipping connections', () => {
    assert.deepEqual(parseProcNetTcp(TCP), [
      { inode: 41234, port: 5173, address: '127.0.0.1' },
      { inode: 41235, port: 8080, address: '0.0.0.0' },
      { inode: 999, port: 22, address: '192.168.1.20' },
    ]);
    assert.deepEqual(parseProcNetTcp(TCP6), [
      { inode: 51234, port: 5173, address: '::1' },
      { inode: 51235, port: 80, address: '::' },
    ]);
  });

  it('counts loopback and wildcard binds as reachable on loopback, not a LAN address', () => {
    assert.deepEqual(['127.0.0.1', '0.0.0.0', '::1', '::', '192.168.1.20'].map(servesLoopback), [true, true, true, true, false]);
  });

  it('reads socket inodes from fd links', () => {
    assert.equal(socketInode('socket:[41234]'), 41234);
    assert.equal(socketInode('pipe:[41234]'), undefined);
  });
});
