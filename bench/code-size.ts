// The recogniser's size as issue 48 states it: lines of src/vision, and every function (however
// nested) longer than a reader can hold at once.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

export interface CodeSize {
  readonly files: number;
  readonly lines: number;
  /** Functions longer than `limit` lines, longest first: "path:line name (N lines)". */
  readonly long: string[];
}

export function codeSize(root: string, limit = 80): CodeSize {
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (path.endsWith('.ts')) files.push(path);
    }
  };
  walk(root);
  let lines = 0;
  const long: { length: number; where: string }[] = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    lines += text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (ts.isFunctionLike(node) && 'body' in node && node.body) {
        const first = source.getLineAndCharacterOfPosition(node.getStart()).line;
        const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
        const name = 'name' in node && node.name ? node.name.getText(source) : '(anonymous)';
        if (last - first + 1 > limit) long.push({ length: last - first + 1, where: `${file}:${first + 1} ${name}` });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  long.sort((a, b) => b.length - a.length);
  return { files: files.length, lines, long: long.map((l) => `${l.where} (${l.length} lines)`) };
}
