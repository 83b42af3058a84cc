import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

type Generator = { afnorTypes(): Promise<{ path: string; text: string }[]> };

describe('AFNOR generated types', () => {
  it('match the vendored OpenAPI files (run `npm run afnor:types` after updating them)', async () => {
    const script = pathToFileURL(join(import.meta.dirname, '../../../../../../../scripts/afnor-types.mjs')).href;
    const { afnorTypes } = (await import(script)) as Generator;
    const files = await afnorTypes();
    expect(files).toHaveLength(2);
    for (const { path, text } of files) {
      expect(await readFile(path, 'utf8'), path).toBe(text);
    }
  });
});
