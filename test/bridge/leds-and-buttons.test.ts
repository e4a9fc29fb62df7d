// LED commands reach the real firmware with right CRCs; buttons and board faults reach the host.
import { expect, it } from 'vitest';
import { describeLive, printedAfter, useRigs } from './live-rig.js';

describeLive('LEDs, buttons and board faults over a pseudo-terminal', () => {
  const rig = useRigs();

  it('lights a completed sequence in its colour on the board', async () => {
    const r = await rig({ leds: true });
    r.board.send('chip 2 1 G', 'chip 2 2 G', 'chip 2 3 G', 'chip 2 4 G', 'wait 30');
    await r.settle();
    expect(r.board.lines.filter((line) => line.startsWith('led ') && !line.endsWith(' .'))).toEqual([]);
    r.board.send('chip 2 5 G');
    await r.settle();
    const lit = () => r.board.lines.filter((line) => /^led 2 [1-5] G$/.test(line));
    await r.lines(() => lit().length >= 5);
    expect(lit().sort()).toEqual(['led 2 1 G', 'led 2 2 G', 'led 2 3 G', 'led 2 4 G', 'led 2 5 G']);
  });

  it('shows a space whose sensor fails in white, and clears it once the space reads a chip', async () => {
    const r = await rig({ leds: true, faultMs: 50 });
    const faults: string[] = [];
    r.bridge.on('fault', (code, text) => faults.push(`${code} ${text}`));
    r.board.send('raw 7 7 1023');
    await r.lines((lines) => lines.includes('led 7 7 W'));
    expect(faults).toHaveLength(1);
    expect(faults[0]).toMatch(/^SENSOR 7,7,sensor at a rail 10[0-2]\d$/);
    expect(r.bridge.view().cells[77]).toBe('.');
    r.board.send('chip 7 7 B');
    await r.lines((lines) => printedAfter(lines, 'led 7 7 W', 'led 7 7 .'));
    await r.settle();
  });

  it('shows spaces a referee marks as faulty in white, and turns them off when cleared', async () => {
    const r = await rig({ leds: true });
    r.bridge.setFaults([45, 46]);
    await r.lines((lines) => lines.includes('led 4 6 W'));
    expect(r.board.lines).toContain('led 4 5 W');
    r.bridge.setFaults([]);
    await r.lines((lines) => printedAfter(lines, 'led 4 6 W', 'led 4 6 .') && printedAfter(lines, 'led 4 5 W', 'led 4 5 .'));
  });

  it('reports a button press once', async () => {
    const r = await rig();
    const buttons: number[] = [];
    r.bridge.on('button', (button) => buttons.push(button));
    r.board.send('press 2 40', 'wait 100');
    await r.settle();
    expect(buttons).toEqual([2]);
  });
});
