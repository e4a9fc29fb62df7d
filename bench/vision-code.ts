// `npm run bench -- vision-code`: src/vision's size against issue 48's figures.
import { codeSize } from './code-size.js';

export async function run(): Promise<void> {
  const size = codeSize('src/vision');
  console.log(`vision-code: src/vision ${size.lines} lines in ${size.files} files (goal <= 5,000)`);
  console.log(`vision-code: ${size.long.length} functions over 80 lines (goal none)`);
  for (const where of size.long) console.log(`  ${where}`);
}
