// Recorded serial sessions keep every byte exactly, garbage included.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { formatLogEntry, LOG_HEADER, parseSerialLog, readSerialLog, SerialLogWriter } from '../../src/bridge/serial-log.js';

describe('serial logs', () => {
  it('give back any bytes exactly', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(10_000_000), fc.constantFrom<'<' | '>' | '!'>('<', '>', '!'), fc.uint8Array({ maxLength: 64 }))), (entries) => {
        const text = LOG_HEADER + '\n' + entries.map(([tMs, direction, bytes]) => formatLogEntry({ tMs, direction, bytes: Buffer.from(bytes) })).join('');
        const back = parseSerialLog(text, 'x');
        expect(back.map((e) => [e.tMs, e.direction, [...e.bytes]])).toEqual(entries.map(([t, d, b]) => [t, d, [...b]]));
      }),
    );
  });

  it('are written as they happen and read back', () => {
    const dir = mkdtempSync(join(tmpdir(), 'seqref-log-'));
    const path = join(dir, 'a.log');
    const writer = new SerialLogWriter(path);
    writer.write({ tMs: 12.4, direction: '<', bytes: Buffer.from('$Q\x00\xff\r\n', 'latin1') });
    writer.close();
    expect(readFileSync(path, 'utf8')).toBe(`${LOG_HEADER}\n12 < "$Q\\u0000\\u00ff\\r\\n"\n`);
    expect(readSerialLog(path)[0]!.bytes).toEqual(Buffer.from([0x24, 0x51, 0, 0xff, 0x0d, 0x0a]));
    rmSync(dir, { recursive: true });
  });

  it('name the line they cannot read', () => {
    expect(() => parseSerialLog('nope\n', 'f.log')).toThrow(InputError);
    expect(() => parseSerialLog(`${LOG_HEADER}\n1 < "ok"\n2 ? "x"\n`, 'f.log')).toThrow('f.log line 3');
  });
});
