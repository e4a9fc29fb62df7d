// Frames out of a byte stream: CRC-8, resync on garbage, bounded lines, any split of the bytes.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FrameParser, MAX_LINE } from '../../src/bridge/frame-parser.js';
import { type BoardFrame, crc8, decodeBoardLine, encodeBoardFrame, frameLine, hostCommand } from '../../src/bridge/protocol.js';

function parse(...chunks: Array<string | Uint8Array>): { frames: BoardFrame[]; parser: FrameParser } {
  const frames: BoardFrame[] = [];
  const parser = new FrameParser({ frame: (frame) => frames.push(frame) });
  for (const chunk of chunks) parser.push(typeof chunk === 'string' ? Buffer.from(chunk, 'latin1') : chunk);
  return { frames, parser };
}

const BOARD = `${'.'.repeat(23)}G${'.'.repeat(76)}`;

/** A bit-by-bit CRC-8 written straight from the contract, to check the table-driven one. */
function referenceCrc(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff;
  }
  return crc;
}

describe('CRC-8 (polynomial 0x07, initial 0x00, no reflection, no final XOR)', () => {
  it('gives 0xF4 for "123456789", the check value of CRC-8/SMBUS', () => {
    expect(crc8('123456789')).toBe(0xf4);
  });

  it('agrees with a bit-by-bit reading of the contract on any bytes', () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => crc8(bytes) === referenceCrc(bytes)));
  });

  it('writes host commands with the CRC in upper case', () => {
    expect(hostCommand.snapshot()).toBe('$Q*B0\r\n');
    expect(hostCommand.hello()).toBe('$V*A5\r\n');
    expect(hostCommand.led(3, 4, 'W')).toBe(frameLine('L,3,4,W'));
    expect(hostCommand.led(3, 4, 'W')).toMatch(/^\$L,3,4,W\*[0-9A-F]{2}\r\n$/);
  });
});

describe('decoding one line', () => {
  it('reads every board frame of the contract', () => {
    const frames: BoardFrame[] = [
      { type: 'H', seq: 0, product: 'SEQB', version: '1.0.0', size: '10x10' },
      { type: 'S', seq: 65535, board: BOARD },
      { type: 'D', seq: 17, row: 2, col: 3, state: 'G' },
      { type: 'K', seq: 18, button: 2 },
      { type: 'E', seq: 19, code: 'SENSOR', text: '3,4,sensor at a rail 1023' },
    ];
    for (const frame of frames) expect(parse(encodeBoardFrame(frame)).frames).toEqual([frame]);
  });

  it('accepts the CRC in lower case', () => {
    const line = frameLine('D,5,1,1,B').replace(/\*([0-9A-F]{2})/, (_, crc: string) => `*${crc.toLowerCase()}`);
    expect(parse(line).frames).toEqual([{ type: 'D', seq: 5, row: 1, col: 1, state: 'B' }]);
  });

  it('drops a frame with a bad CRC', () => {
    const good = frameLine('D,5,1,1,B');
    const bad = good.replace('B*', 'G*');
    const { frames, parser } = parse(bad);
    expect(frames).toEqual([]);
    expect(parser.stats.badCrc).toBe(1);
  });

  it('lets an E text hold commas', () => {
    expect(decodeBoardLine(frameLine('E,9,X1,a, b,,c').slice(1, -2))).toEqual({ type: 'E', seq: 9, code: 'X1', text: 'a, b,,c' });
  });

  it('takes more fields than the contract names (a newer board) and ignores them', () => {
    expect(parse(frameLine(`S,4,${BOARD},extra`)).frames).toEqual([{ type: 'S', seq: 4, board: BOARD }]);
  });

  it('keeps the seq of a frame type it does not know, so a newer board does not look like lost frames', () => {
    expect(parse(frameLine('T,8,whatever')).frames).toEqual([{ type: 'other', seq: 8, letter: 'T' }]);
  });

  it('rejects what the contract does not allow, each with a right CRC', () => {
    const bad = [
      'D,70000,1,1,G', 'D,5,10,1,G', 'D,5,1,1,X', 'D,5,0,0,G', 'D,5,9,9,B', `S,5,${BOARD.slice(1)}`,
      `S,5,G${BOARD.slice(1)}`, 'K,5,0', 'K,5', 'E,5', 'H,5,SEQB', 'D,x,1,1,G', 'd,5,1,1,G',
    ];
    for (const body of bad) {
      const { frames, parser } = parse(frameLine(body));
      expect(frames, body).toEqual([]);
      expect(parser.stats.malformed, body).toBe(1);
    }
  });
});

describe('reading a byte stream', () => {
  it('reads a line from its last $: garbage before it is dropped', () => {
    const { frames, parser } = parse(`noise$D,1,2,junk$$${frameLine('D,7,2,2,R').slice(1)}`);
    expect(frames).toEqual([{ type: 'D', seq: 7, row: 2, col: 2, state: 'R' }]);
    expect(parser.stats.unterminated).toBe(2);
    expect(parser.stats.garbageBytes).toBe(5);
  });

  it(`drops a line longer than ${MAX_LINE} bytes whole, keeps no more than that, and reads the next frame`, () => {
    const { frames, parser } = parse(`$${'A'.repeat(100_000)}\r\n`, frameLine('D,1,1,1,G'));
    expect(frames).toHaveLength(1);
    expect(parser.stats.overlong).toBe(1);
  });

  it('resyncs on the next $ after an overlong line with no line end', () => {
    const { frames, parser } = parse(`$${'A'.repeat(5000)}`, frameLine('D,1,1,1,G'));
    expect(frames).toHaveLength(1);
    expect(parser.stats.overlong).toBe(1);
  });

  it('gives the same frames however the bytes are split into reads', () => {
    const stream = [
      encodeBoardFrame({ type: 'H', seq: 3, product: 'SEQB', version: '1.0.0', size: '10x10' }),
      'garbage\r\n',
      encodeBoardFrame({ type: 'S', seq: 4, board: BOARD }),
      encodeBoardFrame({ type: 'D', seq: 5, row: 8, col: 1, state: 'B' }),
      `$${'Z'.repeat(400)}\n`,
      encodeBoardFrame({ type: 'E', seq: 6, code: 'UNSURE', text: '1,1,reading between bands 587' }),
    ].join('');
    const bytes = Buffer.from(stream, 'latin1');
    const whole = parse(bytes).frames;
    expect(whole).toHaveLength(4);
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: bytes.length - 1 }), { maxLength: 40 }), (cuts) => {
        const points = [0, ...cuts.sort((a, b) => a - b), bytes.length];
        const chunks = points.slice(1).map((end, i) => bytes.subarray(points[i]!, end));
        expect(parse(...chunks).frames).toEqual(whole);
      }),
    );
  });

  it('loses no frame to garbage that holds no $ (any bytes between frames)', () => {
    const noDollar = fc.uint8Array({ maxLength: 60 }).map((bytes) => bytes.map((b) => (b === 0x24 ? 0x23 : b)));
    fc.assert(
      fc.property(fc.array(fc.tuple(noDollar, fc.integer({ min: 0, max: 65535 })), { maxLength: 20 }), (pieces) => {
        const chunks = pieces.flatMap(([junk, seq]) => [junk, Buffer.from(encodeBoardFrame({ type: 'K', seq, button: 1 }), 'latin1')]);
        expect(parse(...chunks).frames.map((frame) => frame.seq)).toEqual(pieces.map(([, seq]) => seq));
      }),
    );
  });
});
