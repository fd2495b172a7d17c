import { expect, type Page } from '@playwright/test';
import { codeFromMail } from './mail';

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

/** Confirms an e-mail through the code dialog, with the code from the SMTP sink. */
export async function verifyEmail(page: Page, email: string) {
  await page.getByRole('button', { name: 'Verificar e-mail' }).click();
  const dialog = page.getByRole('dialog', { name: 'Verificar e-mail' });
  await expect(dialog).toBeVisible();
  await dialog
    .getByRole('textbox', { name: 'Código de verificação' })
    .fill(await codeFromMail(email));
  await expect(dialog).toBeHidden();
}

/** Confirms a phone through the code dialog, with the SMS code from the server's outbox. */
export async function verifyPhone(page: Page, nationalDigits: string) {
  await page.getByRole('button', { name: 'Verificar telefone' }).click();
  const dialog = page.getByRole('dialog', { name: 'Verificar SMS/WhatsApp' });
  await expect(dialog).toBeVisible();
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
  await dialog.getByRole('textbox', { name: 'Código de verificação' }).fill(code);
  await expect(dialog).toBeHidden();
}
