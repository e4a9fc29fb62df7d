// Where the committed models live: models/ at the repository's root, found from src/ or dist/src/.
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The path of `name` in the repository's models/ folder. */
export function modelPath(name: string): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    if (existsSync(join(dir, 'package.json'))) return join(dir, 'models', name);
    dir = resolve(dir, '..');
  }
  return resolve('models', name);
}
