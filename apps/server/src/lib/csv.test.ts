import { describe, expect, it } from 'vitest';
import { csvStream } from './csv.ts';

describe('csvStream', () => {
  it('writes the BOM, the header and each batch, pulled one batch at a time', async () => {
    let pulled = 0;
    async function* batches() {
      for (let b = 0; b < 3; b++) {
        pulled++;
        yield [{ name: `=cmd${b}`, n: b }];
      }
    }
    const stream = csvStream(['Nom', 'N'], batches(), (r) => [r.name, r.n], { quoteAll: true });
    const chunks: string[] = [];
    for await (const chunk of stream) {
      chunks.push(String(chunk));
      // Back-pressure: nothing is read far ahead of the consumer.
      expect(pulled).toBeLessThanOrEqual(chunks.length + 1);
    }
    expect(chunks.join('')).toBe('\uFEFF"Nom";"N"\r\n"\'=cmd0";"0"\r\n"\'=cmd1";"1"\r\n"\'=cmd2";"2"\r\n');
  });
});
