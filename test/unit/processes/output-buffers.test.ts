import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ProcessLifecycle } from '../../../src/core/processes/lifecycle';
import { OutputReader } from '../../../src/core/processes/output-reader';
import { OutputRing } from '../../../src/core/processes/output-ring';

describe('output ring', () => {
  it('keeps the newest characters and the head, with stream offsets', () => {
    const ring = new OutputRing(10, 4);
    ring.append('abcdef');
    ring.append('ghijkl');
    assert.equal(ring.end, 12);
    assert.equal(ring.start, 2);
    assert.equal(ring.head, 'abcd');
    assert.deepEqual(ring.since(0), { text: 'cdefghijkl', dropped: 2 });
    assert.deepEqual(ring.since(7), { text: 'hijkl', dropped: 0 });
    assert.equal(ring.tail(3), 'jkl');
  });

  it('stays within its limit over many chunks', () => {
    const ring = new OutputRing(1000);
    for (let i = 0; i < 10_000; i++) ring.append(`line ${i}\n`);
    assert.ok(ring.end - ring.start <= 1000);
    assert.match(ring.tail(20), /line 9999\n$/);
  });
});

describe('output reader', () => {
  it('a plain read returns what is new and moves on', () => {
    const ring = new OutputRing();
    const reader = new OutputReader(ring);
    ring.append('one\ntwo\n');
    assert.equal(reader.read().text, 'one\ntwo\n');
    assert.equal(reader.read().text, '');
    ring.append('three\n');
    assert.equal(reader.read().text, 'three\n');
  });

  it('a filtered read selects lines and never loses the unread rest', () => {
    const ring = new OutputRing();
    const reader = new OutputReader(ring);
    ring.append('compiling\nerror TS2322: a\nwatching\nerror TS2345: b\n');
    const errors = reader.read(/error/);
    assert.equal(errors.text, 'error TS2322: a\nerror TS2345: b');
    assert.equal(errors.matchedLines, 2);
    assert.equal(errors.unreadLines, 4);
    assert.equal(reader.read(/error/).text, '', 'the same filter returns only newer matches');
    ring.append('error TS1005: c\nok\n');
    assert.equal(reader.read(/error/).text, 'error TS1005: c');
    assert.equal(reader.read().text, 'compiling\nerror TS2322: a\nwatching\nerror TS2345: b\nerror TS1005: c\nok\n', 'a plain read still gets every line');
  });

  it('a filtered read tests whole lines: a line still being printed waits for its end (or for the process to end)', () => {
    const ring = new OutputRing();
    const reader = new OutputReader(ring);
    ring.append('File change detected.\na.ts(2,14): error TS23');
    assert.equal(reader.hasUnreadFor(/error TS/), true, 'a whole line came');
    const first = reader.read(/error TS/);
    assert.equal(first.text, '', 'the half-printed error is not matched yet');
    assert.equal(reader.hasUnreadFor(/error TS/), false, 'only the half line is left: nothing to wait for yet');
    ring.append('22: Type number is not assignable\n');
    assert.equal(reader.hasUnreadFor(/error TS/), true);
    assert.equal(reader.read(/error TS/).text, 'a.ts(2,14): error TS2322: Type number is not assignable');
    ring.append('exit: error TS9');
    assert.equal(reader.read(/error TS/).text, '');
    assert.equal(reader.hasUnreadFor(/error TS/, true), true, 'an ended process will not finish its last line');
    assert.equal(reader.read(/error TS/, true).text, 'exit: error TS9');
    assert.equal(reader.read().text, 'File change detected.\na.ts(2,14): error TS2322: Type number is not assignable\nexit: error TS9');
  });

  it('says how much fell out of memory before it was read, and keeps the start', () => {
    const ring = new OutputRing(10, 3);
    const reader = new OutputReader(ring);
    ring.append('0123456789abcdefghij');
    const read = reader.read();
    assert.deepEqual(read, { text: 'abcdefghij', dropped: 7, head: '012' });
  });
});

describe('process lifecycle', () => {
  it('starts, becomes ready, waits for input, goes on, and ends for good', () => {
    const life = new ProcessLifecycle();
    assert.equal(life.state, 'starting');
    assert.equal(life.waitingForInput('Continue? (y/N)'), true);
    assert.equal(life.prompt, 'Continue? (y/N)');
    assert.equal(life.resumed(), true);
    assert.equal(life.state, 'starting');
    assert.equal(life.ready(), true);
    assert.equal(life.ready(), false, 'no change the second time');
    life.waitingForInput('Password:');
    assert.equal(life.resumed(), true);
    assert.equal(life.state, 'ready', 'back to ready after an answer');
    assert.equal(life.ended('exit'), true);
    assert.equal(life.state, 'exited');
    assert.equal(life.ended('stop'), false, 'ended is final');
    assert.equal(life.waitingForInput('x?'), false);
    assert.equal(life.ready(), false);
  });
});
