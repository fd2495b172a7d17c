import { describe, expect, it } from 'vitest';
import { formatLogLine, readableLogStream } from './log-lines';
import { startBanner } from './start-banner';

const at = new Date(2026, 10, 26, 14, 5, 9).getTime();

describe('readable log lines', () => {
  it('shows the time, the level, the message and the fields, without pid and hostname', () => {
    const json = JSON.stringify({
      level: 40,
      time: at,
      pid: 1234,
      hostname: 'box',
      reqId: 'req-1',
      msg: 'requests still running were cut',
      connections: 2,
      url: '/api/x y',
    });
    expect(formatLogLine(json)).toBe(
      '14:05:09  WARN   requests still running were cut  connections=2  url="/api/x y"\n',
    );
  });

  it("puts an error's stack under its line", () => {
    const json = JSON.stringify({
      level: 50,
      time: at,
      msg: 'could not start',
      err: { type: 'Error', message: 'boom', stack: 'Error: boom\n    at start' },
    });
    expect(formatLogLine(json)).toBe(
      '14:05:09  ERROR  could not start\nError: boom\n    at start\n',
    );
  });

  it('passes a line that is not JSON through, and splits a chunk into records', () => {
    expect(formatLogLine('plain text')).toBe('plain text');
    const written: string[] = [];
    const stream = readableLogStream({ write: (line: string) => written.push(line) > 0 });
    stream.write(
      `${JSON.stringify({ level: 30, time: at, msg: 'a' })}\n${JSON.stringify({ level: 20, time: at, msg: 'b' })}\n`,
    );
    expect(written).toEqual(['14:05:09  INFO   a\n', '14:05:09  DEBUG  b\n']);
  });
});

describe('start banner', () => {
  it.each([
    ['printed', 'senha no quadro acima (mostrada uma única vez)'],
    ['environment', 'senha definida por ADMIN_PASSWORD'],
    ['existing', 'criado em uma partida anterior'],
  ] as const)(
    'lists the portal, back office and outbox, and where the %s admin password is',
    (origin, text) => {
      const banner = startBanner({ publicUrl: 'http://localhost:3000/', firstAdmin: origin });
      expect(banner).toMatch(/ {2}Portal {10}http:\/\/localhost:3000\/\n/);
      expect(banner).toContain('Back office     http://localhost:3000/onboarding/admin/login');
      expect(banner).toContain('Caixa de saída  http://localhost:3000/dev/outbox');
      expect(banner).toContain(`Primeiro admin  ${text}`);
    },
  );
});
