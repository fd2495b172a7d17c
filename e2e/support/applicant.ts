import { expect, type Page } from '@playwright/test';

/** A CPF with valid check digits, random enough for one test run. */
export function randomCpf(): string {
  const digits = Array.from({ length: 9 }, () => Math.floor(Math.random() * 10));
  if (digits.every((digit) => digit === digits[0])) digits[0] = (digits[0]! + 1) % 10;
  for (const length of [9, 10]) {
    const sum = digits
      .slice(0, length)
      .reduce((total, digit, index) => total + digit * (length + 1 - index), 0);
    const rest = (sum * 10) % 11;
    digits.push(rest === 10 ? 0 : rest);
  }
  return digits.join('');
}

export const uniqueEmail = (name: string) =>
  `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** A mobile number in São Paulo (11), national digits. */
export const randomMobile = () => `119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

/** The code of the latest SMS to a phone, read from the server's outbox (the log transport). */
export async function smsCode(page: Page, nationalDigits: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const { messages } = (await (await page.request.get('/api/dev/outbox')).json()) as {
        messages: { channel: string; recipient: string; text: string }[];
      };
      const sms = messages.find(
        (message) => message.channel === 'sms' && message.recipient === `+55${nationalDigits}`,
      );
      code = /é (\d{6})\./.exec(sms?.text ?? '')?.[1] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}
