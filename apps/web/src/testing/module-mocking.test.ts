import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { moduleMockingTests } from '../../module-mocking-tests';

const root = join(import.meta.dirname, '../..');

function testFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return /\.test\.tsx?$/.test(entry.name) ? [relative(root, path)] : [];
  });
}

describe('the test files that mock a module', () => {
  it('are the ones given a module graph of their own', () => {
    const mocking = testFiles(join(root, 'src')).filter((file) =>
      /\bvi\.mock\(/.test(readFileSync(join(root, file), 'utf8')),
    );
    expect(mocking.sort()).toEqual([...moduleMockingTests].sort());
  });
});
