// The real thing: the host-built firmware on a pseudo-terminal, read through serialport, with
// faults injected on the wire. After each: nothing invented, nothing lost once resynced, still alive.
import { expect, it } from 'vitest';
import { seededRandom, randomInt } from '../../src/rules/random.js';
import { cellsWith, describeLive, printed, useRigs } from './live-rig.js';

describeLive('the bridge reading the host-built firmware over a pseudo-terminal', () => {
  const rig = useRigs();

  it('reads chips as they are placed and taken off', async () => {
    const r = await rig();
    r.board.send('bounce 2 3 G', 'wait 20', 'chip 4 4 B', 'wait 20', 'chip 5 5 R', 'wait 20', 'chip 4 4 .');
    const truth = await r.settle();
    expect(truth.cells).toBe(cellsWith('2,3,G', '5,5,R'));
    expect(r.bridge.stats().gaps).toBe(0);
    await r.expectNothingInvented();
  });

  it('drops a frame with a bad CRC, asks for a snapshot and ends synced with the chip', async () => {
    const r = await rig();
    r.board.send('fault crc', 'chip 3 3 G', 'wait 20', 'chip 3 4 B');
    const truth = await r.settle();
    expect(truth.cells).toBe(cellsWith('3,3,G', '3,4,B'));
    expect(r.bridge.stats().badCrc).toBeGreaterThanOrEqual(1);
    expect(r.bridge.stats().gaps).toBeGreaterThanOrEqual(1);
    await r.expectNothingInvented();
  });

  it('never believes a mangled byte, even one that still looks like a frame', async () => {
    const r = await rig();
    r.board.send('fault flip 4', 'chip 1 1 G', 'wait 20', 'chip 1 2 G', 'wait 20', 'chip 1 3 B', 'wait 20', 'chip 1 4 R', 'wait 20', 'chip 8 8 B');
    const truth = await r.settle();
    expect(truth.cells).toBe(cellsWith('1,1,G', '1,2,G', '1,3,B', '1,4,R', '8,8,B'));
    expect(r.bridge.stats().badCrc).toBe(4);
    await r.expectNothingInvented();
  });

  it('drops garbage before a frame and still takes the frame', async () => {
    const r = await rig();
    r.board.send('fault garbage 300', 'chip 6 1 G', 'wait 20', 'fault garbage 300', 'chip 6 2 G');
    const truth = await r.settle();
    expect(truth.cells).toBe(cellsWith('6,1,G', '6,2,G'));
    const stats = r.bridge.stats();
    expect(stats.garbageBytes + stats.unterminated + stats.malformed).toBeGreaterThan(0);
    expect(stats.gaps).toBe(0);
    await r.expectNothingInvented();
  });

  it('drops an overlong line whole and takes the next frame', async () => {
    const r = await rig();
    r.board.send('fault overlong 5000', 'chip 7 2 B');
    const truth = await r.settle();
    expect(truth.cells).toBe(cellsWith('7,2,B'));
    expect(r.bridge.stats().overlong).toBe(1);
    expect(r.bridge.stats().gaps).toBe(0);
    await r.expectNothingInvented();
  });

  it('notices lost frames, shows synced false, and the snapshot it asks for brings it back', async () => {
    // The loss must come to light in the next change, not in the board's periodic snapshot, which
    // would resync in the same frame (the snapshot every 300 ms came between the two chips when
    // this process was slow to send them): snapshots only every 5 s, and silence well after that.
    const r = await rig({ snapshotMs: 5000 }, { silenceMs: 15_000 });
    const before = r.views.length;
    r.board.send('fault drop', 'chip 2 2 G', 'wait 20', 'chip 2 3 G');
    const truth = await r.settle();
    expect(truth.cells).toBe(cellsWith('2,2,G', '2,3,G'));
    expect(r.bridge.stats().gaps).toBe(1);
    expect(r.views.slice(before).some((view) => !view.synced)).toBe(true);
    await r.expectNothingInvented();
  });

  it('ignores duplicated frames', async () => {
    const r = await rig();
    r.board.send('fault dup 3', 'chip 3 6 R', 'wait 20', 'chip 3 7 R', 'wait 20', 'chip 3 6 .');
    const truth = await r.settle();
    expect(truth.cells).toBe(cellsWith('3,7,R'));
    expect(r.bridge.stats().duplicates).toBeGreaterThanOrEqual(3);
    expect(r.bridge.stats().gaps).toBe(0);
    await r.expectNothingInvented();
  });

  it('reassembles frames split across many small writes', async () => {
    const r = await rig();
    r.board.send('fault split 3 4', 'snapshot', 'chip 4 1 G', 'wait 20', 'chip 4 2 B', 'wait 20', 'chip 4 3 R');
    const truth = await r.settle();
    expect(truth.cells).toBe(cellsWith('4,1,G', '4,2,B', '4,3,R'));
    const stats = r.bridge.stats();
    expect(stats.badCrc + stats.malformed + stats.unterminated + stats.overlong + stats.gaps).toBe(0);
    await r.expectNothingInvented();
  });

  it('survives the board being unplugged and plugged back in, catching up on chips moved meanwhile', async () => {
    const r = await rig();
    r.board.send('chip 1 8 G', 'wait 30', 'unplug 300', 'wait 50', 'chip 6 6 R', 'wait 20', 'chip 1 8 .');
    await r.lines((lines) => printed(lines, 'unplugged') === 1);
    await r.until((view) => !view.synced);
    // The board may be back before this process noticed it was gone.
    await r.lines((lines) => printed(lines, 'plugged ') === 1);
    const truth = await r.settle();
    expect(truth.cells).toBe(cellsWith('6,6,R'));
    expect(r.bridge.stats().reconnects).toBe(1);
    await r.expectNothingInvented();
  });

  it("takes a power-cycled board's hello as a fresh start", async () => {
    const r = await rig();
    const before = r.views.length;
    r.board.send('chip 5 0 B', 'wait 30', 'powercycle 200', 'wait 50', 'chip 5 1 B');
    // Its second power-up: the first may still be unread though the bridge has long been reading it.
    await r.lines((lines) => printed(lines, 'powerup ') === 2);
    const truth = await r.settle();
    expect(truth.cells).toBe(cellsWith('5,0,B', '5,1,B'));
    expect(r.frames.filter((type) => type === 'H').length).toBeGreaterThanOrEqual(2);
    // Its new count is a fresh start, not frames lost; and it is not believed before its snapshot.
    expect(r.bridge.stats().gaps).toBe(0);
    expect(r.views.slice(before).some((view) => !view.synced)).toBe(true);
    await r.expectNothingInvented();
  });

  it('notices a board that stops talking and resyncs when it talks again', async () => {
    const r = await rig({}, { silenceMs: 800 });
    r.board.send('fault silence 1500', 'wait 100', 'chip 8 2 G');
    await r.until((view) => !view.synced);
    expect(r.bridge.stats().silences).toBe(1);
    const truth = await r.settle();
    expect(truth.cells).toBe(cellsWith('8,2,G'));
    await r.expectNothingInvented();
  });

  it('a seeded run of moves and mixed faults ends on the true board and never shows a false one', async () => {
    const r = await rig();
    const random = seededRandom(2024);
    const faults = ['fault crc', 'fault flip', 'fault garbage 80', 'fault overlong 600', 'fault drop 2', 'fault dup', 'fault split 1 2'];
    const colours = ['G', 'B', 'R', '.'];
    for (let move = 0; move < 40; move++) {
      if (random() < 0.4) r.board.send(faults[randomInt(random, faults.length)]!);
      if (move === 20) r.board.send('unplug 150');
      const space = 1 + randomInt(random, 98);
      if (space === 9 || space === 90) continue;
      r.board.send(`chip ${Math.floor(space / 10)} ${space % 10} ${colours[randomInt(random, 4)]}`, 'wait 15');
    }
    const truth = await r.settle();
    expect(r.bridge.view().cells).toBe(truth.cells);
    expect(r.bridge.stats().gaps).toBeGreaterThan(0);
    await r.expectNothingInvented();
  });
});
