import { describe, expect, it } from 'vitest';
import { safeForTerminal } from './terminal-text.js';

describe('safeForTerminal', () => {
  it('should show escape sequences, carriage returns and NUL as visible escapes', () => {
    expect(safeForTerminal('hi\u001b[2J\u001b]0;pwned\u0007\rX\u0000')).toBe('hi\\x1b[2J\\x1b]0;pwned\\x07\\x0dX\\x00');
  });

  it('should keep ordinary text, tabs and newlines', () => {
    expect(safeForTerminal('Ada\tLovelace\nnäive ✓')).toBe('Ada\tLovelace\nnäive ✓');
  });
});
