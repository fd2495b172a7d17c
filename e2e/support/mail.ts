import { expect } from '@playwright/test';

export const smtpSinkPort = 2526;
export const smtpSinkHttp = 'http://127.0.0.1:4175';

type Mail = { to: string[]; subject: string; text: string };

/** The code of the latest code e-mail that reached the SMTP sink for an address. */
export async function codeFromMail(address: string, after = 0): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const messages = (await (await fetch(`${smtpSinkHttp}/messages`)).json()) as Mail[];
        const mine = messages.filter((message) => message.to.includes(address));
        if (mine.length <= after) return undefined;
        code = /(\d{6}) é o seu código de verificação/.exec(mine[mine.length - 1]!.subject)?.[1];
        return code;
      },
      { timeout: 15_000 },
    )
    .toMatch(/^\d{6}$/);
  return code!;
}

/** How many e-mails reached the sink for an address. */
export async function mailCount(address: string): Promise<number> {
  const messages = (await (await fetch(`${smtpSinkHttp}/messages`)).json()) as Mail[];
  return messages.filter((message) => message.to.includes(address)).length;
}

/** Whether the confirmation e-mail of a protocol reached the sink for an address. */
export async function confirmationSent(address: string, protocolo: string): Promise<boolean> {
  const messages = (await (await fetch(`${smtpSinkHttp}/messages`)).json()) as Mail[];
  return messages.some(
    (message) => message.to.includes(address) && message.subject.includes(`protocolo ${protocolo}`),
  );
}

/** The subject and text of the latest e-mail to an address whose subject passes `match`. */
export async function mailTo(
  address: string,
  match: (subject: string) => boolean,
): Promise<string> {
  let found = '';
  await expect
    .poll(
      async () => {
        const messages = (await (await fetch(`${smtpSinkHttp}/messages`)).json()) as Mail[];
        const mine = messages.filter(
          (message) => message.to.includes(address) && match(message.subject),
        );
        const last = mine[mine.length - 1];
        found = last ? `${last.subject}\n${last.text}` : '';
        return found;
      },
      { timeout: 15_000 },
    )
    .not.toBe('');
  return found;
}
