// The recogniser stays readable in stages: no function in src/vision longer than a screen or so.
import { describe, expect, it } from 'vitest';
import { codeSize } from '../../bench/code-size.js';

describe('src/vision', () => {
  it('has no function over 80 lines', () => {
    const size = codeSize('src/vision');
    expect(size.files).toBeGreaterThan(10);
    expect(size.long).toEqual([]);
  });

  it('counts a long function where there is one', () => {
    expect(codeSize('src/vision', 20).long.length).toBeGreaterThan(0);
  });
});
